import { useSyncExternalStore } from 'react';

/**
 * Screens this narrow (phones) show the chart before its controls, and a tapped bar's value before
 * its search: a tap is often meant to read the bar, and the chart must come first on a small screen.
 */
const NARROW_SCREEN = '(max-width: 640px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(NARROW_SCREEN);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the window is as narrow as a phone's; follows resizes and rotations. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(NARROW_SCREEN).matches,
    () => false,
  );
}
