import { useEffect, useRef, useState } from 'react';

/** The width a chart is laid out at until its frame is measured (a desktop's), and drawn at on the server. */
export const SERVER_WIDTH = 800;

/**
 * The chart frame on a phone's screen (375 px less the page's margins). Until the frame is measured,
 * the chart is also laid out this wide, the drawing a frame narrower than `NARROW_FRAME_BELOW` shows:
 * a phone's first paint, and the page read there without JavaScript, is then the chart the browser
 * draws there once it has measured the frame (same ticks, labels and height).
 */
export const PHONE_FRAME_WIDTH = 351;

/**
 * A frame between a phone's and a desktop's (a landscape phone's, a growth chart beside its side
 * column in a 1000 px window): a page read without JavaScript shows the chart laid out this wide in
 * frames from `NARROW_FRAME_BELOW` to 734 px, where the phone's drawing would be far narrower than
 * the frame and the desktop's text under 11 px (styles.css). With scripts it is never shown.
 */
export const MEDIUM_FRAME_WIDTH = 600;

/**
 * Frames narrower than this show the phone's drawing until measured (styles.css says the same in
 * its container queries); a distribution chart lays out its category names for a phone below it too.
 */
export const NARROW_FRAME_BELOW = 560;

/**
 * Width of an element, following resizes, and whether it has been measured yet: until then (markup
 * drawn on the server, which cannot know the screen, and its hydration) the width is `initial`.
 */
export function useElementWidth<T extends HTMLElement>(initial = SERVER_WIDTH) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState<number>();
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth || initial);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.round(entry.contentRect.width) || initial);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [initial]);
  return [ref, width ?? initial, width !== undefined] as const;
}
