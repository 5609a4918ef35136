import type { ChartMarkup } from './svg.ts';

/** Presentation properties the stylesheet sets on chart parts; a standalone file needs them inline. */
const STYLE_PROPERTIES = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-dasharray',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
  'text-anchor',
  'dominant-baseline',
  'visibility',
  'display',
] as const;

/** Values that are the initial ones anyway: left out to keep the file small. */
const DEFAULTS: Partial<Record<(typeof STYLE_PROPERTIES)[number], string[]>> = {
  'fill-opacity': ['1'],
  'stroke-opacity': ['1'],
  'stroke-dasharray': ['none'],
  opacity: ['1'],
  'dominant-baseline': ['auto'],
  visibility: ['visible'],
  display: ['inline', 'block'],
};

/** Properties a child takes from its parent: written only where they change. */
const INHERITED = new Set<string>(STYLE_PROPERTIES.filter((p) => p !== 'opacity' && p !== 'display'));

/** Elements that draw nothing themselves. */
const NON_RENDERING = new Set(['title', 'desc', 'metadata']);

/** Axis titles; the export draws its own (see composeChartSvg). */
const AXIS_TITLE_SELECTOR = '.ps-axis-label';

/**
 * The chart as drawn, as a standalone SVG element: computed styles inlined (no stylesheet travels
 * with the file), axis titles, focus and animation state left out.
 */
export function serializeChart(svg: SVGSVGElement): ChartMarkup {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  const originals = [svg, ...svg.querySelectorAll('*')];
  const copies = [clone, ...clone.querySelectorAll('*')];
  originals.forEach((element, i) => {
    const copy = copies[i];
    if (!copy || NON_RENDERING.has(element.localName)) return;
    const computed = getComputedStyle(element);
    const parent = element === svg || !element.parentElement ? null : getComputedStyle(element.parentElement);
    const declarations = STYLE_PROPERTIES.flatMap((property) => {
      const value = computed.getPropertyValue(property).trim();
      if (!value || DEFAULTS[property]?.includes(value)) return [];
      // Inherited and unchanged, and no presentation attribute of its own that the page's CSS overrode.
      const unchanged =
        parent && INHERITED.has(property) && parent.getPropertyValue(property).trim() === value;
      if (unchanged && !element.hasAttribute(property)) return [];
      return [`${property}:${value}`];
    });
    // Visx draws tick labels in nested <svg> elements at negative x: outside a page they would be
    // clipped (nested SVG viewports clip by default).
    if (element.localName === 'svg') declarations.push('overflow:visible');
    copy.setAttribute('style', declarations.join(';'));
    copy.removeAttribute('tabindex');
  });
  for (const label of clone.querySelectorAll(AXIS_TITLE_SELECTOR)) label.remove();
  // On the page a bar is a link to its search; an image keeps the bar alone.
  for (const link of clone.querySelectorAll('a')) link.replaceWith(...link.childNodes);

  // Cropped to what is drawn: the margins the page keeps for its axis titles would leave gaps.
  const box = drawnBox(svg);
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('viewBox', `${box.x} ${box.y} ${box.width} ${box.height}`);
  clone.setAttribute('width', String(box.width));
  clone.setAttribute('height', String(box.height));
  clone.removeAttribute('class');
  return { markup: new XMLSerializer().serializeToString(clone), width: box.width, height: box.height };
}

/** The box around the chart's marks, ticks and labels (not its axis titles), in its own px. */
function drawnBox(svg: SVGSVGElement): { x: number; y: number; width: number; height: number } {
  const origin = svg.getBoundingClientRect();
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const element of svg.querySelectorAll('text, rect, line, path, circle, polygon, polyline')) {
    if (element.closest(`${AXIS_TITLE_SELECTOR}, defs, pattern`)) continue;
    const r = element.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    left = Math.min(left, r.left);
    top = Math.min(top, r.top);
    right = Math.max(right, r.right);
    bottom = Math.max(bottom, r.bottom);
  }
  if (!Number.isFinite(left)) {
    return { x: 0, y: 0, width: Math.round(origin.width), height: Math.round(origin.height) };
  }
  const x = Math.floor(left - origin.left) - 2;
  const y = Math.floor(top - origin.top) - 2;
  return {
    x,
    y,
    width: Math.ceil(right - origin.left) + 2 - x,
    height: Math.ceil(bottom - origin.top) + 2 - y,
  };
}
