import { useSyncExternalStore } from 'react';

/**
 * Whether the page is drawing the markup the server sent: always on the server, and in the browser
 * from the start of hydration until the first page has hydrated. While it is, renders must give
 * exactly what the server gave (text measured by estimate, the data table built, the default colour
 * scheme); afterwards the browser's own measures and the visitor's stored settings take over.
 */
let hydrating = false;
const listeners = new Set<() => void>();

/** The id of the script element holding the query cache a server-rendered page was drawn from. */
export const SERVER_STATE_ID = 'ps-server-state';
export function isServerMarkup(): boolean {
  return typeof document === 'undefined' || hydrating;
}

/** Called before `hydrateRoot` of a page the server rendered. */
export function startHydration(): void {
  hydrating = true;
}

/**
 * Called once the first page has hydrated; components that drew server markup draw again. The
 * document says so (`data-hydrated` on <html>): until then controls the server drew in two places
 * (the stylesheet shows one) are both in the page, and a change made to them may not be heard.
 */
export function endHydration(): void {
  if (!hydrating) return;
  hydrating = false;
  for (const listener of listeners) listener();
  markHydrated();
}

/** Marks the document as driven by scripts: at once for a page drawn in the browser. */
export function markHydrated(): void {
  document.documentElement.dataset.hydrated = '';
}

/** Subscribes to the end of hydration (for `useSyncExternalStore`). */
export function onHydrationEnd(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Whether the component is drawing the server's markup (see `isServerMarkup`), read so that it
 * draws again once the page has hydrated.
 */
export function useServerMarkup(): boolean {
  return useSyncExternalStore(onHydrationEnd, isServerMarkup, () => true);
}
