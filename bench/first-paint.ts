/**
 * Time from navigation to the first chart painted, and to the first contentful paint, in headless
 * Chromium (Debian's, through playwright-core), against the real server serving the dashboard build,
 * each run in a new browser context (cold cache).
 *
 * Both are read in the page by an init script, registered before the navigation:
 * - First contentful paint: a PerformanceObserver of 'paint' entries (buffered), so the entry is
 *   caught however early it comes. Its `paintTime` is when the main thread painted that frame,
 *   its `startTime` when the frame was presented (shown).
 * - First bar painted: in every animation frame the script looks for a bar of the chart
 *   (`.ps-plot-chart .ps-bar`) with a non-zero box; that frame's rendering, which follows the
 *   animation-frame callbacks in the same task, paints it. A message posted from the callback runs
 *   right after that rendering: its time is the bar's paint time. When the first contentful paint
 *   was that same frame's paint (its `paintTime` falls between the callback and the message), the
 *   bar was in the first contentful paint and its paint time is the FCP's own.
 * All times are `performance.now()` in the page, that is milliseconds since the navigation started.
 */
import { chromium, type Browser } from 'playwright-core';
import { startServer } from './server-process.ts';
import { gzippedSize } from './web-size.ts';
import { heading, kb, median, ms, printTable } from './stats.ts';

const BAR = '.ps-plot-chart .ps-bar';

/**
 * Runs in the page before its own scripts. Text, not a function: this package is compiled without
 * the DOM's types.
 */
const PAINT_PROBE = `(() => {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name !== 'first-contentful-paint') continue;
      window.__fcp = { presented: entry.startTime, painted: entry.paintTime ?? entry.startTime };
    }
  }).observe({ type: 'paint', buffered: true });
  const check = () => {
    const bar = Array.from(document.querySelectorAll(${JSON.stringify(BAR)})).find((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0;
    });
    if (!bar) {
      requestAnimationFrame(check);
      return;
    }
    const found = performance.now();
    const channel = new MessageChannel();
    channel.port1.onmessage = () => (window.__firstBar = { found, painted: performance.now() });
    channel.port2.postMessage(undefined);
  };
  requestAnimationFrame(check);
})();`;

/** What the page's globals hold, typed here (no DOM types in this package). */
interface PageGlobals {
  __firstBar?: { found: number; painted: number };
  __fcp?: { presented: number; painted: number };
  performance: {
    getEntriesByType(
      type: string,
    ): { name: string; responseEnd: number; startTime: number; domContentLoadedEventEnd?: number }[];
  };
  document: { getElementById(id: string): unknown };
}

export interface PaintOptions {
  archive: string;
  webDir: string;
  port: number;
  runs: number;
  routes: readonly string[];
}

export interface PaintRun {
  /** First bar painted: the paint of the frame that first drew a bar (ms since navigation start). */
  painted: number;
  /** First contentful paint, as presented (the entry's startTime; ms since navigation start). */
  fcp: number;
  /** First contentful paint, as painted by the main thread (the entry's paintTime). */
  fcpPainted: number;
  /** First bar painted less the FCP's paint (0 when the bar was in the first contentful paint). */
  barAfterFcp: number;
  /** Start of the animation frame callback that found the first bar. */
  found: number;
  domContentLoaded: number;
  /** Last chart-data response received (ms since navigation start); none for a rendered page. */
  dataReceived: number;
  /** Whether the page came drawn by the server (it carries the server's query cache). */
  rendered: boolean;
  scripts: string[];
}

export async function measure(browser: Browser, url: string): Promise<PaintRun> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: PAINT_PROBE });
    await page.goto(url, { waitUntil: 'commit' });
    // Functions, not text: the dashboard's Content-Security-Policy forbids eval.
    await page.waitForFunction(
      () => {
        const page = globalThis as unknown as PageGlobals;
        return page.__firstBar !== undefined && page.__fcp !== undefined;
      },
      undefined,
      { timeout: 30_000, polling: 50 },
    );
    const run = await page.evaluate(() => {
      const page = globalThis as unknown as PageGlobals;
      const [navigation] = page.performance.getEntriesByType('navigation');
      const resources = page.performance.getEntriesByType('resource');
      const scripts = resources.map((r) => new URL(r.name).pathname).filter((path) => path.endsWith('.js'));
      const data = resources.filter((r) => r.name.includes('/rcsbsearch/v2/query'));
      return {
        bar: page.__firstBar!,
        fcp: page.__fcp!,
        domContentLoaded: navigation?.domContentLoadedEventEnd ?? NaN,
        dataReceived: data.length > 0 ? Math.max(...data.map((r) => r.responseEnd)) : NaN,
        rendered: page.document.getElementById('ps-server-state') !== null,
        scripts,
      };
    });
    const { bar, fcp } = run;
    const inFirstPaint = bar.found <= fcp.painted && fcp.painted <= bar.painted;
    const painted = inFirstPaint ? fcp.painted : bar.painted;
    return {
      painted,
      fcp: fcp.presented,
      fcpPainted: fcp.painted,
      barAfterFcp: painted - fcp.painted,
      found: bar.found,
      domContentLoaded: run.domContentLoaded,
      dataReceived: run.dataReceived,
      rendered: run.rendered,
      scripts: run.scripts,
    };
  } finally {
    await context.close();
  }
}

/**
 * Navigates to `url` until the server sends it drawn: a cold server sends the shell while it renders
 * a page for the first time (its time limit), and a rendered page's figures are wanted.
 */
export async function untilRendered(browser: Browser, url: string): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    if ((await measure(browser, url)).rendered) return;
  }
  throw new Error(`${url} never came rendered by the server`);
}

/** A frame at 60 Hz: "within one frame" of the first contentful paint. */
export const FRAME_MS = 1000 / 60;

export interface PaintSummary {
  /** Per route, the medians of the first chart painted and of the first contentful paint (ms). */
  medians: Record<string, { bar: number; fcp: number; barAfterFcp: number }>;
}

/** Median of one figure over runs; '—' where no run has it (a rendered page asks for no data). */
export const medianOf = (runs: readonly PaintRun[], figure: (run: PaintRun) => number) => {
  const values = runs.map(figure).filter((value) => !Number.isNaN(value));
  return values.length > 0 ? median(values) : NaN;
};
const msOrDash = (value: number) => (Number.isNaN(value) ? '—' : ms(value));

/** How many runs had the bar in their first contentful paint, as "n of N". */
export const inFirstPaint = (runs: readonly PaintRun[]) =>
  `${runs.filter((run) => run.barAfterFcp === 0).length} of ${runs.length}`;

export async function benchFirstPaint(options: PaintOptions): Promise<PaintSummary> {
  heading('web: navigation to the first chart painted (headless Chromium, cold cache)');
  const server = await startServer({
    port: options.port,
    env: { ARCHIVE_DIR: options.archive, WEB_DIR: options.webDir, LOG_LEVEL: 'warn' },
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const medians: PaintSummary['medians'] = {};
  const rows: string[][] = [];
  try {
    for (const route of options.routes) {
      // The server computes chart answers at start and renders a page once; visitors come later.
      await untilRendered(browser, `${server.url}${route}`);
      const runs: PaintRun[] = [];
      for (let i = 0; i < options.runs; i++) runs.push(await measure(browser, `${server.url}${route}`));
      const painted = runs.map((r) => r.painted);
      medians[route] = {
        bar: median(painted),
        fcp: median(runs.map((r) => r.fcp)),
        barAfterFcp: median(runs.map((r) => r.barAfterFcp)),
      };
      let scriptBytes = 0;
      for (const path of runs[0]!.scripts) scriptBytes += await gzippedSize(options.webDir, path.slice(1));
      rows.push([
        route,
        msOrDash(medianOf(runs, (r) => r.dataReceived)),
        ms(medians[route].fcp),
        ms(median(runs.map((r) => r.fcpPainted))),
        ms(medians[route].bar),
        `${ms(Math.min(...painted))}–${ms(Math.max(...painted))}`,
        ms(medians[route].barAfterFcp),
        inFirstPaint(runs),
        ms(median(runs.map((r) => r.domContentLoaded))),
        `${runs[0]!.scripts.length} (${kb(scriptBytes)} KB)`,
      ]);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log(`median of ${options.runs} runs, ms since navigation start; a new browser context per run\n`);
  printTable(
    [
      'route',
      'data received',
      'FCP (presented)',
      'FCP (painted)',
      'first bar painted',
      'range',
      'bar after FCP',
      'bar in FCP',
      'DOMContentLoaded',
      'scripts loaded (gzipped)',
    ],
    rows,
  );
  return { medians };
}
