import { createElement, type FunctionComponent } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { useDataQuery } from './data/data-context.tsx';
import { ModalProvider, useModal } from './modals/modal-context.tsx';
import { MODAL_WIDTHS, MODAL_Z_INDEX } from './modals/modal-types.ts';
import { SettingsProvider, useSettings } from './settings/settings-context.tsx';

function probe(hook: () => unknown): FunctionComponent {
  return function Probe() {
    hook();
    return null;
  };
}

describe('context hooks', () => {
  it.each([
    ['useModal', useModal, 'useModal must be used within a ModalProvider'],
    ['useSettings', useSettings, 'useSettings must be used within a SettingsProvider'],
    ['useDataQuery', useDataQuery, 'useDataQuery must be used within a DataQueryProvider'],
  ])('%s throws outside its provider', (_name, hook, message) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderToString(createElement(probe(hook)))).toThrow(message);
  });

  it('work inside their providers', () => {
    let scheme = '';
    let modalOpen: boolean | undefined;
    const Probe = () => {
      scheme = useSettings().schemeName;
      modalOpen = useModal().isOpen;
      return null;
    };
    const sierra = { searchApiUrl: 'http://127.0.0.1:1', searchAdvancedUrl: 'http://127.0.0.1:1' };
    const modal = createElement(ModalProvider, { children: createElement(Probe) });
    renderToString(createElement(SettingsProvider, { sierra, children: modal }));
    expect(scheme).toBe('default');
    expect(modalOpen).toBe(false);
  });
});

describe('modal layer constants', () => {
  // The snapshot modal is wider than the existing app's 40 %, so that a year column and seven
  // series fit without scrolling sideways.
  it('has the widths and stacking level of the existing app, with a wider snapshot', () => {
    expect(MODAL_WIDTHS).toEqual({
      settings: '40%',
      information: '60%',
      fullscreen: '100%',
      snapshot: '60%',
      other: '50%',
    });
    expect(MODAL_Z_INDEX).toBe(1050);
  });
});
