import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { renderAsync, type ResvgRenderOptions } from '@resvg/resvg-js';
import { normalizedQuery, type PageOutcome } from '../rendering/page-renderer.ts';
import { PAGES, matchRoute, resolveChart, type ChartDefinition } from '@pdb-stats/charts';

/**
 * Link previews of chart pages: the `og:*` and `twitter:*` tags of every page's head, and the
 * picture they name, a 1200×630 PNG of the chart drawn by the server (`/preview/<kind>/<key>.png`
 * with the page's own parameters). The picture is the chart the page itself draws on the server (its
 * SVG, title, subtitle, legend and data date taken from the drawn page), turned into pixels by resvg.
 */

export const PREVIEW_PREFIX = '/preview';
export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;
const SITE = 'PDB Statistics';
const SITE_DESCRIPTION = 'Statistics of the Protein Data Bank archive: growth and distribution charts';

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeXml = escapeAttribute;

/** Text of HTML markup: tags dropped, the entities React writes read back. */
function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** What a page address previews: a chart of the registry, the explorer, or a page with no chart. */
function chartOf(pathname: string, search: URLSearchParams): ChartDefinition | 'explore' | undefined {
  const route = matchRoute(pathname);
  if (route?.page === 'explore' && search.has('attribute')) return 'explore';
  return route?.page === 'chart' ? route.chart : undefined;
}

/** A description of a chart for a link preview: the first sentence of its long description. */
function describe(definition: ChartDefinition): string {
  const text = plainText(definition.longDescription);
  const sentence = /^.*?[.!?](?=\s|$)/.exec(text)?.[0] ?? text;
  return sentence.length > 200 ? `${sentence.slice(0, 199)}…` : sentence;
}

/** The address of the preview picture of a chart page's address (path and query). */
export function previewImagePath(address: string): string {
  const url = new URL(address, 'http://page.invalid');
  return `${PREVIEW_PREFIX}${url.pathname.replace(/\/+$/, '')}.png${url.search}`;
}

/**
 * The head tags that make a link to the page at `address` (path and query) preview: title,
 * description, address and, for a chart, its picture. `origin`: the public origin of this server.
 */
export function previewHead(address: string, origin: string): string {
  const url = new URL(address, origin);
  // One address per page state, whatever the order of its parameters: the page is kept once for all.
  url.search = normalizedQuery(url.search);
  address = `${url.pathname}${url.search}`;
  const chart = chartOf(url.pathname, url.searchParams);
  const definition = chart === 'explore' ? undefined : chart;
  const variant = definition?.variants ? url.searchParams.get(definition.variants.param) : undefined;
  const title = definition
    ? resolveChart(definition, variant).title
    : chart === 'explore'
      ? `Explore the archive — ${SITE}`
      : SITE;
  const description = definition
    ? describe(definition)
    : chart === 'explore'
      ? 'A chart of the Protein Data Bank archive built in the explorer.'
      : SITE_DESCRIPTION;
  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeAttribute(value)}" />`;
  const tags = [
    meta('property', 'og:site_name', SITE),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url.href),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
  ];
  if (chart) {
    const image = new URL(previewImagePath(address), origin).href;
    tags.push(
      meta('property', 'og:image', image),
      meta('property', 'og:image:type', 'image/png'),
      meta('property', 'og:image:width', String(PREVIEW_WIDTH)),
      meta('property', 'og:image:height', String(PREVIEW_HEIGHT)),
      meta('property', 'og:image:alt', `Chart: ${title}`),
      meta('name', 'twitter:card', 'summary_large_image'),
      meta('name', 'twitter:image', image),
    );
  } else {
    tags.push(meta('name', 'twitter:card', 'summary'));
  }
  return `${meta('name', 'description', description)}${tags.join('')}`;
}

/** What the preview picture shows, read off the page as the server drew it. */
export interface DrawnChart {
  title: string;
  subtitle: string;
  /** The chart's `<svg>` element, as drawn on the page; absent when the page drew none. */
  svg?: string;
  /** The chart's drawing size (its viewBox). */
  width: number;
  height: number;
  legend: { label: string; color: string }[];
  /** The date the data are as of. */
  date?: string;
  demo: boolean;
}

/** The `<svg>` element that starts at `start` in `html`, nested ones included. */
function elementAt(html: string, start: number): string | undefined {
  const tag = /<(\/?)svg\b[^>]*?(\/?)>/g;
  tag.lastIndex = start;
  let depth = 0;
  for (let match = tag.exec(html); match; match = tag.exec(html)) {
    if (match[2]) continue;
    depth += match[1] ? -1 : 1;
    if (depth === 0) return html.slice(start, match.index + match[0].length);
  }
  return undefined;
}

/** The chart of a page drawn by the server, or only its title when it drew no chart. */
export function readDrawnChart(html: string): DrawnChart {
  const title = plainText(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '');
  const subtitle = plainText(/data-testid="chart-subtitle"[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? '');
  const start = html.search(/<svg[^>]*class="ps-chart\b/);
  const chart = start >= 0 ? elementAt(html, start) : undefined;
  // A chart drawn before its frame is measured holds two drawings, for a desktop and a phone, of
  // which the stylesheet shows one: the picture is the desktop's, alone (both would overlap).
  const wide = chart?.search(/<svg[^>]*class="ps-drawing ps-drawing-wide\b/) ?? -1;
  const svg = chart && wide >= 0 ? elementAt(chart, wide) : chart;
  const box = svg && /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg.slice(0, svg.indexOf('>')));
  const legendHtml = /<fieldset class="ps-legend"[\s\S]*?<\/fieldset>/.exec(html)?.[0] ?? '';
  // Each series once, from its checkbox's label (the link beside it, for browsers without scripts,
  // repeats the swatch and the name).
  const legend = [
    ...legendHtml.matchAll(
      /<label\b[^>]*><svg\b[^>]*><rect\b[^>]*fill="([^"]+)"><\/rect><\/svg>([\s\S]*?)<\/label>/g,
    ),
  ].map((m) => ({
    label: plainText(m[2]!),
    color: m[1]!,
  }));
  const asOf = /data-testid="data-as-of"[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? '';
  const date = /Data as of (\d{4}-\d{2}-\d{2})/.exec(plainText(asOf))?.[1];
  return {
    title,
    subtitle,
    ...(svg && box && { svg }),
    width: box ? Number(box[1]) : 0,
    height: box ? Number(box[2]) : 0,
    legend,
    ...(date && { date }),
    demo: /synthetic demo data/.test(asOf),
  };
}

/** Lines of at most `width` px at `size` px, cut at spaces (an average glyph width: no font metrics here). */
function wrap(text: string, width: number, size: number, maxLines: number): string[] {
  const perLine = Math.max(8, Math.floor(width / (size * 0.56)));
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > perLine) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  // A word longer than a line (a page's address) is cut, not run off the picture's edge.
  for (const [i, text] of lines.entries())
    if (text.length > perLine) lines[i] = `${text.slice(0, perLine - 1)}…`;
  if (lines.length > maxLines) {
    lines.length = maxLines;
    lines[maxLines - 1] = `${lines[maxLines - 1]!.slice(0, perLine - 1)}…`;
  }
  return lines;
}

const PAD = 48;
const INK = '#1d2733';
const MUTED = '#4d5866';
const FONT = 'DejaVu Sans, Liberation Sans, Arial, sans-serif';
/** The page's stylesheet rules the chart's own markup leaves to classes. */
const CHART_STYLE =
  '.ps-grid{stroke:#eceff3}.ps-tick text,.ps-bin-label,.ps-partial-note,.ps-axis-label{fill:#5b6675}' +
  '.ps-category-label{fill:#1d2733}text{font-family:' +
  FONT +
  '}';

/**
 * The preview picture as SVG: title and subtitle on top, the chart as the page drew it (scaled as a
 * whole, never stretched), its legend beside it, and a footer naming the site, the page's address,
 * the data date and the licence.
 */
export function composePreviewSvg(chart: DrawnChart, address: string): string {
  const out: string[] = [];
  let y = PAD;
  for (const line of wrap(chart.title || SITE, PREVIEW_WIDTH - 2 * PAD, 40, 2)) {
    y += 46;
    out.push(
      `<text x="${PAD}" y="${y}" font-size="40" font-weight="bold" fill="${INK}">${escapeXml(line)}</text>`,
    );
  }
  for (const line of wrap(chart.subtitle, PREVIEW_WIDTH - 2 * PAD, 22, 2)) {
    y += 30;
    out.push(`<text x="${PAD}" y="${y}" font-size="22" fill="${MUTED}">${escapeXml(line)}</text>`);
  }
  // Two footer lines: the page's address, then the site, the data date and the licence.
  const footerY = PREVIEW_HEIGHT - 56;
  const top = y + 24;
  const bottom = footerY - 44;
  const legend = chart.legend.slice(0, 10);
  const legendWidth = legend.length > 1 ? 260 : 0;
  if (chart.svg && chart.width > 0 && chart.height > 0) {
    // The page draws its chart with room for tick labels left of and under its box: kept inside.
    const room = { width: PREVIEW_WIDTH - 2 * PAD - legendWidth - 40, height: bottom - top };
    const scale = Math.min(room.width / chart.width, room.height / chart.height);
    const width = chart.width * scale;
    const height = chart.height * scale;
    const inner = chart.svg
      // A preview is a picture: the bars' links and the page's sizing go.
      .replace(/<a\b[^>]*>/g, '')
      .replace(/<\/a>/g, '')
      .replace(/^<svg\b[^>]*>/, '')
      .replace(/<\/svg>$/, '');
    out.push(
      `<svg x="${PAD + 40}" y="${top}" width="${width}" height="${height}" viewBox="0 0 ${chart.width} ${chart.height}" overflow="visible" font-size="12">${inner}</svg>`,
    );
    let legendY = top + 10;
    const legendX = PREVIEW_WIDTH - PAD - legendWidth + 20;
    for (const entry of legend) {
      out.push(
        `<rect x="${legendX}" y="${legendY}" width="20" height="20" rx="3" fill="${escapeXml(entry.color)}"/>` +
          `<text x="${legendX + 30}" y="${legendY + 16}" font-size="20" fill="${INK}">${escapeXml(
            wrap(entry.label, legendWidth - 40, 20, 1)[0] ?? '',
          )}</text>`,
      );
      legendY += 32;
    }
  } else {
    out.push(
      `<text x="${PAD}" y="${(top + bottom) / 2}" font-size="24" fill="${MUTED}">Open the page to see the chart.</text>`,
    );
  }
  const footer = [
    SITE,
    ...(chart.date ? [`data as of ${chart.date}`] : []),
    chart.demo ? 'synthetic demo data, not real PDB data' : 'PDB data: CC0 1.0',
  ].join(' · ');
  out.push(
    `<line x1="${PAD}" x2="${PREVIEW_WIDTH - PAD}" y1="${footerY - 28}" y2="${footerY - 28}" stroke="#d9dee5"/>`,
  );
  const lines = [
    ...wrap(address, PREVIEW_WIDTH - 2 * PAD, 18, 1),
    ...wrap(footer, PREVIEW_WIDTH - 2 * PAD, 18, 1),
  ];
  lines.forEach((line, i) =>
    out.push(
      `<text x="${PAD}" y="${footerY + i * 26}" font-size="18" fill="${MUTED}">${escapeXml(line)}</text>`,
    ),
  );
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" ` +
    `viewBox="0 0 ${PREVIEW_WIDTH} ${PREVIEW_HEIGHT}" font-family="${FONT}">` +
    `<style>${CHART_STYLE}</style><rect width="100%" height="100%" fill="#ffffff"/>${out.join('')}</svg>`
  );
}

/** Debian's DejaVu fonts when present (a fixed set is faster to load than every system font), else the system's. */
const FONT_FILES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
].filter((file) => existsSync(file));
const RENDER_OPTIONS: ResvgRenderOptions = {
  fitTo: { mode: 'width', value: PREVIEW_WIDTH },
  font:
    FONT_FILES.length > 0
      ? { loadSystemFonts: false, fontFiles: FONT_FILES, defaultFontFamily: 'DejaVu Sans' }
      : { loadSystemFonts: true, defaultFontFamily: 'sans-serif' },
};

/** A picture's SVG as PNG, drawn off the event loop (resvg's worker threads). */
export async function previewPng(svg: string): Promise<Buffer> {
  const image = await renderAsync(svg, RENDER_OPTIONS);
  return image.asPng();
}

export interface PreviewRouteOptions {
  /**
   * The page at `address` drawn for the visitor who asked, when the server draws it, or the address
   * it is at (an explore link written out).
   */
  draw: (request: FastifyRequest, address: string) => Promise<PageOutcome | undefined>;
  /** The public origin of this server for a request. */
  origin: (request: FastifyRequest) => string;
  /** Pictures kept (by page address and drawn page); 64 by default. */
  cacheEntries?: number;
  /** Pictures drawn at once; more wait. 2 by default. */
  concurrency?: number;
  /** Pictures waiting to be drawn at most; beyond, 503. 16 by default. */
  queueLength?: number;
}

/**
 * `GET /preview/<kind>/<key>.png?<the page's parameters>`: the chart page's preview picture. The page
 * is drawn (or taken from the rendered pages kept per archive version and page state) as for a
 * visitor, and its picture kept per page address and drawn page, so a new archive gives a new picture.
 */
export async function chartPreviewRoutes(app: FastifyInstance, options: PreviewRouteOptions): Promise<void> {
  const kept = new Map<string, { png: Buffer; etag: string }>();
  const maxKept = options.cacheEntries ?? 64;
  const concurrency = options.concurrency ?? 2;
  const queueLength = options.queueLength ?? 16;
  let drawing = 0;
  const waiting: (() => void)[] = [];

  const draw = async (svg: string): Promise<Buffer | undefined> => {
    if (drawing >= concurrency) {
      if (waiting.length >= queueLength) return undefined;
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    drawing += 1;
    try {
      return await previewPng(svg);
    } finally {
      drawing -= 1;
      waiting.shift()?.();
    }
  };

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, 'http://page.invalid');
    const path = url.pathname.slice(PREVIEW_PREFIX.length).replace(/\.png$/, '');
    if (!url.pathname.endsWith('.png') || !chartOf(path, url.searchParams))
      return reply.code(404).send({ status: 404, message: `no chart page at ${path}` });
    const address = `${path}${url.search}`;
    const page = await options.draw(request, address).catch(() => undefined);
    // The picture of an address written out is that of the address it is written to.
    if (page && 'location' in page) return reply.redirect(previewImagePath(page.location), 302);
    const drawn = page ? readDrawnChart(page.html) : fallback(path, url.searchParams);
    const svg = composePreviewSvg(drawn, new URL(address, options.origin(request)).href);
    const key = `${address}\n${createHash('sha1').update(svg).digest('hex')}`;
    let entry = kept.get(key);
    if (!entry) {
      const png = await draw(svg);
      if (!png)
        return reply
          .code(503)
          .header('retry-after', '5')
          .send({ status: 503, message: 'too many preview pictures being drawn; try again shortly' });
      entry = { png, etag: `"${createHash('sha1').update(key).digest('base64url').slice(0, 27)}"` };
      kept.set(key, entry);
      if (kept.size > maxKept) kept.delete(kept.keys().next().value!);
    }
    reply
      .header('etag', entry.etag)
      // Link previews are fetched once and kept by their sites; a page drawn anew gets a new tag.
      .header('cache-control', page ? 'public, max-age=300, s-maxage=3600' : 'no-cache');
    if (request.headers['if-none-match'] === entry.etag) return reply.code(304).send();
    return reply.type('image/png').send(entry.png);
  };

  for (const kind of ['growth', 'distribution', 'trend']) app.get(`${PREVIEW_PREFIX}/${kind}/:file`, handler);
  app.get(`${PREVIEW_PREFIX}${PAGES.explore.path}.png`, handler);
}

/** The picture of a page the server did not draw (another Host, no quota left, too slow): its title alone. */
function fallback(path: string, search: URLSearchParams): DrawnChart {
  const chart = chartOf(path, search);
  const definition = chart && chart !== 'explore' ? chart : undefined;
  return {
    title: definition
      ? resolveChart(definition, definition.variants ? search.get(definition.variants.param) : undefined)
          .title
      : 'Explore the archive',
    subtitle: definition ? describe(definition) : '',
    width: 0,
    height: 0,
    legend: [],
    demo: false,
  };
}
