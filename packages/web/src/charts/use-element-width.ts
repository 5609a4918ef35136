import { useEffect, useRef, useState } from 'react';

/**
 * Width of an element, following resizes, and whether it has been measured yet: until then (markup
 * drawn on the server, which cannot know the screen, and its hydration) the width is `initial`.
 */
export function useElementWidth<T extends HTMLElement>(initial = 800) {
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

/**
 * The size of a chart's SVG element. Until its frame has been measured the drawing, laid out
 * `width` wide, is stretched or squeezed to the frame's width, at its own height: it fits a phone's
 * screen as well as a desktop's, and the chart then drawn at the measured width takes exactly its
 * place (same box, same heights), so nothing on the page moves.
 */
export function chartSize(width: number, height: number, measured: boolean) {
  return measured
    ? { width, height }
    : {
        width: '100%',
        height,
        viewBox: `0 0 ${width} ${height}`,
        preserveAspectRatio: 'none',
        'data-scaled': 'width',
      };
}
