/**
 * Time from navigation to the first chart painted, in headless Chromium (Debian's, through
 * playwright-core), against the real server serving the dashboard build, each run in a new browser
 * context (cold cache).
 *
 * "Painted": an init script checks in every animation frame for a bar of the chart
 * (`.ps-plot-chart .ps-bar`) with a non-zero box; the frame it is found in draws it, and the
 * figure is the time of the next animation frame (that frame has been produced), as
 * `performance.now()` in the page, that is milliseconds since the navigation started.
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
    requestAnimationFrame(() => (window.__firstBar = { found, painted: performance.now() }));
  };
  requestAnimationFrame(check);
})();`;

/** What the page's globals hold, typed here (no DOM types in this package). */
interface PageGlobals {
  __firstBar?: { found: number; painted: number };
  performance: {
    getEntriesByType(
      type: string,
    ): { name: string; responseEnd: number; startTime: number; domContentLoadedEventEnd?: number }[];
  };
}

export interface PaintOptions {
  archive: string;
  webDir: string;
  port: number;
  runs: number;
  routes: readonly string[];
}

export interface PaintRun {
  painted: number;
  /** First contentful paint (ms since navigation start). */
  fcp: number;
  found: number;
  domContentLoaded: number;
  /** Last chart-data response received (ms since navigation start). */
  dataReceived: number;
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
      () => (globalThis as unknown as PageGlobals).__firstBar !== undefined,
      undefined,
      {
        timeout: 30_000,
        polling: 50,
      },
    );
    return await page.evaluate(() => {
      const page = globalThis as unknown as PageGlobals;
      const [navigation] = page.performance.getEntriesByType('navigation');
      const resources = page.performance.getEntriesByType('resource');
      const scripts = resources.map((r) => new URL(r.name).pathname).filter((path) => path.endsWith('.js'));
      const data = resources.filter((r) => r.name.includes('/rcsbsearch/v2/query'));
      return {
        ...page.__firstBar!,
        domContentLoaded: navigation?.domContentLoadedEventEnd ?? NaN,
        fcp:
          page.performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint')
            ?.startTime ?? NaN,
        dataReceived: Math.max(...data.map((r) => r.responseEnd)),
        scripts,
      };
    });
  } finally {
    await context.close();
  }
}

export interface PaintSummary {
  /** Median milliseconds to the first chart painted, per route. */
  medians: Record<string, number>;
}

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
  const medians: Record<string, number> = {};
  const rows: string[][] = [];
  try {
    // One navigation first: the server computes chart answers at start; visitors come later.
    await measure(browser, `${server.url}${options.routes[0]}`);
    for (const route of options.routes) {
      const runs: PaintRun[] = [];
      for (let i = 0; i < options.runs; i++) runs.push(await measure(browser, `${server.url}${route}`));
      const painted = runs.map((r) => r.painted);
      medians[route] = median(painted);
      let scriptBytes = 0;
      for (const path of runs[0]!.scripts) scriptBytes += await gzippedSize(options.webDir, path.slice(1));
      rows.push([
        route,
        ms(median(runs.map((r) => r.domContentLoaded))),
        ms(median(runs.map((r) => r.dataReceived))),
        ms(median(runs.map((r) => r.found))),
        ms(median(painted)),
        `${ms(Math.min(...painted))}–${ms(Math.max(...painted))}`,
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
      'DOMContentLoaded',
      'data received',
      'first bar in layout',
      'first bar painted',
      'range',
      'scripts loaded (gzipped)',
    ],
    rows,
  );
  return { medians };
}
