import type { ColorSchemeName } from './colors.ts';
import { useLayoutEffect } from 'react';
import { useLocation, useNavigate } from '../routing/navigation.tsx';
import { useSettings } from './settings-context.tsx';
import { readScheme, withScheme } from './url-state.ts';

/** Keeps the settings told which scheme the current URL names (back, forward, links). */
export function useSchemeFromUrl(): void {
  const { search } = useLocation();
  const { syncUrlScheme } = useSettings();
  const named = readScheme(new URLSearchParams(search));
  // Before paint, so that back and forward never show the previous scheme for a frame.
  useLayoutEffect(() => syncUrlScheme(named), [named, syncUrlScheme]);
}

/**
 * Chooses a scheme: stores it and adds a history entry whose URL names it, so the view can be
 * shared and Back returns to the previous scheme.
 */
export function useChooseScheme(): (schemeName: ColorSchemeName) => void {
  const { schemeName: current, setScheme } = useSettings();
  const location = useLocation();
  const navigate = useNavigate();
  return (schemeName) => {
    const params = new URLSearchParams(location.search);
    if (!readScheme(params)) {
      // The entry we leave did not name its scheme; name it, or Back would show the new choice.
      const here = `${window.location.pathname}?${withScheme(params, current)}${window.location.hash}`;
      window.history.replaceState(window.history.state, '', here);
    }
    setScheme(schemeName);
    navigate({
      pathname: location.pathname,
      search: `?${withScheme(params, schemeName)}`,
      hash: location.hash,
    });
  };
}
