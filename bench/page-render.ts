/**
 * What drawing a page costs the server: the real server (server rendering on) asked, one page at a
 * time, for addresses whose searches are answered from the cache but whose drawn page is not kept
 * (each address carries a parameter of its own, as a crawler's or a flood's would): the time until
 * the page has arrived, and the server's processor time per page (user and system, from /proc).
 */
import { readFile } from 'node:fs/promises';
import { startServer } from './server-process.ts';
import { heading, median, ms, printTable } from './stats.ts';

export interface PageRenderOptions {
  archive: string;
  webDir: string;
  port: number;
  /** Pages drawn per route. */
  pages: number;
  routes: readonly string[];
}

export interface PageRenderSummary {
  /** Per route: median time to the page and mean server processor time per page (ms). */
  perRoute: Record<string, { wallMs: number; cpuMs: number; drawn: number }>;
}

/** The process's user and system time (ms): fields 14 and 15 of /proc/<pid>/stat, in clock ticks of 10 ms. */
async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export async function benchPageRender(options: PageRenderOptions): Promise<PageRenderSummary> {
  heading('web: a page drawn by the server from cached answers (one at a time)');
  const server = await startServer({
    port: options.port,
    env: { ARCHIVE_DIR: options.archive, WEB_DIR: options.webDir, RATE_LIMIT_PER_MINUTE: '0' },
  });
  const pid = server.child.pid!;
  const perRoute: PageRenderSummary['perRoute'] = {};
  const rows: string[][] = [];
  try {
    await server.warmed;
    for (const route of options.routes) {
      const address = (n: number) => `${server.url}${route}${route.includes('?') ? '&' : '?'}bench=${n}`;
      // Once first: the route's answers are computed and its page modules loaded.
      await (await fetch(address(0))).text();
      const walls: number[] = [];
      let drawn = 0;
      const cpuBefore = await cpuMs(pid);
      for (let n = 1; n <= options.pages; n++) {
        const started = performance.now();
        const html = await (await fetch(address(n))).text();
        walls.push(performance.now() - started);
        if (html.includes('ps-server-state')) drawn++;
      }
      const cpu = ((await cpuMs(pid)) - cpuBefore) / options.pages;
      perRoute[route] = { wallMs: median(walls), cpuMs: cpu, drawn };
      rows.push([route, ms(median(walls)), ms(Math.max(...walls)), ms(cpu), `${drawn} of ${options.pages}`]);
    }
  } finally {
    await server.stop();
  }
  printTable(['route', 'page (median)', 'slowest', 'server CPU per page', 'drawn'], rows);
  console.log(
    `${options.pages} pages per route, each drawn anew from cached answers; CPU: the server process's user\n` +
      `and system time over the route's pages (10 ms ticks), divided by the pages\n`,
  );
  return { perRoute };
}
