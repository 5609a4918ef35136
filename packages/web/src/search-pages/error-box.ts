import { h } from './dom.ts';

/**
 * The message of a refused or failed request. A 400 names the faulty field (its JSON path in the
 * request), so the visitor knows what to fix.
 */
export function errorBox(title: string, message: string, field?: string): HTMLElement {
  return h(
    'div',
    { class: 'ps-sp-error', role: 'alert', 'data-testid': 'request-error' },
    h('strong', {}, title),
    h('p', {}, message),
    field && h('p', {}, 'Field: ', h('code', { 'data-testid': 'error-field' }, field)),
  );
}
