import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from './navigation.tsx';

/** How long Back or Forward waits for the page to grow tall enough for its place (a chunk, data). */
const RESTORE_WAIT_MS = 3000;

/** Where the places of this tab's history entries are kept across a reload. */
const STORAGE_KEY = 'pdb-stats-scroll';

function storedPlaces(): Map<string, number> {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    if (stored && typeof stored === 'object') {
      return new Map(
        Object.entries(stored).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
      );
    }
  } catch {
    // Storage refused or its content unreadable: the places of this visit only.
  }
  return new Map();
}

/**
 * Scrolls to `y` now and again on each frame while the page is too short for it, until it gets
 * there, the wait ends, or the visitor scrolls. Returns what stops it.
 */
function restore(y: number): () => void {
  const deadline = performance.now() + RESTORE_WAIT_MS;
  let frame = 0;
  const step = () => {
    window.scrollTo(0, y);
    if (Math.abs(window.scrollY - y) >= 1 && performance.now() < deadline) {
      frame = requestAnimationFrame(step);
    }
  };
  const stop = () => cancelAnimationFrame(frame);
  const byVisitor = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
  for (const type of byVisitor) window.addEventListener(type, stop, { passive: true });
  step();
  return () => {
    stop();
    for (const type of byVisitor) window.removeEventListener(type, stop);
  };
}

/**
 * Scrolling across in-app navigations, as a browser does across full loads: a new page (another
 * path) opens at its top, or at its #fragment; a change of the same page's query (a setting, a
 * view, a modal) keeps the place; Back and Forward return to where that history entry was left.
 */
export function usePageScroll() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const places = useRef<Map<string, number>>(null);
  const shown = useRef({ key: location.key, pathname: location.pathname });

  useEffect(() => {
    places.current ??= storedPlaces();
    const manual = () => {
      // The browser's own restoring on Back and Forward would scroll the old page before the new one renders.
      window.history.scrollRestoration = 'manual';
    };
    const save = () => places.current?.set(shown.current.key, window.scrollY);
    const leave = () => {
      // A reload, or a return from another site, is a full load: the browser restores it.
      window.history.scrollRestoration = 'auto';
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(places.current ?? [])));
      } catch {
        // Storage refused: places are not kept across a reload.
      }
    };
    manual();
    window.addEventListener('scroll', save, { passive: true });
    window.addEventListener('pagehide', leave);
    window.addEventListener('pageshow', manual);
    return () => {
      window.removeEventListener('scroll', save);
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('pageshow', manual);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  // Before paint, so that the new page is never drawn at the old page's place.
  useLayoutEffect(() => {
    const previous = shown.current;
    if (previous.key === location.key) return; // The first render: the browser placed the page.
    shown.current = { key: location.key, pathname: location.pathname };
    const place = places.current?.get(location.key);
    if (navigationType === 'POP' && place !== undefined) return restore(place);
    if (navigationType !== 'POP' && location.pathname !== previous.pathname) {
      const target = location.hash && document.getElementById(location.hash.slice(1));
      if (target) target.scrollIntoView();
      else window.scrollTo(0, 0);
    }
    // Kept here as well: the scroll events record only a place that moved.
    places.current?.set(location.key, window.scrollY);
  }, [location, navigationType]);
}
