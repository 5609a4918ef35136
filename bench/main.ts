/**
 * `npm run bench [-- options]`: prints the figures of BENCHMARKS.md and checks them against the
 * budgets. Parts: charts (per-chart latency per archive, whole registry), load (autocannon, then
 * memory), overload (a burst of uncached searches beside cached ones), startup, web (JavaScript per
 * route), paint (first chart painted in Chromium), ssr (server rendering against client rendering:
 * first contentful paint and first bar, alternating runs), render (the server's time and processor
 * time per page it draws from cached answers), attacks (hostile clients at full size
 * while a probe asks for a cached chart and a cheap uncached search), switch (a new snapshot served
 * without a restart while probed, against a restart), board (one selection on the default board of
 * linked charts: its 6 charts asked again in one batch, uncached).
 *
 *   --only charts,load        run these parts only (default: all)
 *   --entries 250000,1200000  archives by size: data/bench-N, generated when missing
 *   --archive DIR             an archive folder instead (repeatable)
 *   --runs 20                 runs per chart figure
 *   --charts unique,taxonomy  only the charts whose names contain one of these
 *   --no-scoped               charts: leave out the cases over the two-terminal scope
 *   --in-memory               charts: the archive loaded into memory, not its database files attached
 *   --duration 10 --connections 50 --uncached-connections 10   load runs
 *   --burst-seconds 30 --cached-connections 10 --burst-connections 50 [--rate-limit N]   overload run
 *   --attacks slow,flood      only the attacks whose names contain one of these
 *   --render-pages 30         pages drawn per route (render)
 *   --board-runs 10           interactions measured (board)
 *   --no-build                measure the dashboard build already in --web-dir
 *   --real-data DIR --import-copies 20 --import-workers N   mmCIF import over the real files
 *   --switch-entries 250000   switch: a new snapshot of this size published under a probed server
 */
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { archiveCounts, describeCounts, ensureArchive } from './archives.ts';
import { benchAttacks, type AttackSummary } from './attacks.ts';
import { benchBoard, type BoardBenchSummary } from './board.ts';
import { benchChartLatency, SCOPED, type ChartLatencySummary } from './chart-latency.ts';
import { benchFirstPaint, FRAME_MS, type PaintSummary } from './first-paint.ts';
import { benchServerRendering, type RenderingSummary } from './server-rendering.ts';
import { benchPageRender } from './page-render.ts';
import { benchImport, type ImportBenchSummary } from './import.ts';
import { benchLoad, type LoadSummary } from './load.ts';
import { benchOverload, type OverloadSummary } from './overload.ts';
import { benchStartup, type StartupSummary } from './startup.ts';
import { benchSwitch, type SwitchSummary } from './switch.ts';
import { heading, ms, printTable } from './stats.ts';
import { benchWebSize, type WebSizeSummary } from './web-size.ts';

const PARTS = [
  'charts',
  'load',
  'overload',
  'startup',
  'web',
  'paint',
  'ssr',
  'render',
  'import',
  'attacks',
  'switch',
  'board',
] as const;
type Part = (typeof PARTS)[number];

const { values } = parseArgs({
  options: {
    only: { type: 'string', default: PARTS.join(',') },
    entries: { type: 'string', default: '250000,1200000' },
    archive: { type: 'string', multiple: true },
    runs: { type: 'string', default: '20' },
    charts: { type: 'string', default: '' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    'uncached-connections': { type: 'string', default: '10' },
    'burst-seconds': { type: 'string', default: '30' },
    'cached-connections': { type: 'string', default: '10' },
    'burst-connections': { type: 'string', default: '50' },
    'rate-limit': { type: 'string' },
    attacks: { type: 'string', default: '' },
    'startup-entries': { type: 'string', default: '250000' },
    'paint-runs': { type: 'string', default: '5' },
    'render-pages': { type: 'string', default: '30' },
    'board-runs': { type: 'string', default: '10' },
    'web-dir': { type: 'string', default: '/tmp/pdb-stats-bench/web' },
    'no-build': { type: 'boolean', default: false },
    'no-scoped': { type: 'boolean', default: false },
    'in-memory': { type: 'boolean', default: false },
    'base-port': { type: 'string', default: '8780' },
    'real-data': { type: 'string', default: '../shared/real-data' },
    'import-copies': { type: 'string', default: '20' },
    'import-workers': { type: 'string' },
    'switch-entries': { type: 'string', default: '250000' },
  },
});

/** An explore chart, drawn by the chart page from the explorer's address: bins split by a second attribute. */
const EXPLORE_ROUTE =
  '/explore?attribute=rcsb_entry_info.resolution_combined&count=entry&dimension=bins&start=1&step=0.5&end=4&by=exptl.method&stack=stacked';

const only = new Set(values.only!.split(',').map((p) => p.trim()));
for (const part of only) {
  if (!(PARTS as readonly string[]).includes(part))
    throw new Error(`unknown part "${part}"; parts: ${PARTS.join(', ')}`);
}
const runs = (part: Part) => only.has(part);
const basePort = Number(values['base-port']);

// Charts run on every archive; load, overload and the browser on the smallest; start-up makes its own.
const sizes = values.entries!.split(',').map(Number);
const wanted = runs('charts')
  ? sizes
  : runs('load') ||
      runs('overload') ||
      runs('paint') ||
      runs('ssr') ||
      runs('render') ||
      runs('attacks') ||
      runs('board')
    ? [Math.min(...sizes)]
    : [];
const archives = values.archive ?? [];
if (archives.length === 0) for (const entries of wanted) archives.push(await ensureArchive(entries));
const counts = await Promise.all(archives.map(archiveCounts));
const smallest = counts.reduce<number>(
  (best, c, i) => (best < 0 || c.entry! < counts[best]!.entry! ? i : best),
  -1,
);
const main = archives[smallest] ?? '';

console.log(`# PDB Statistics benchmarks — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`);
console.log(
  `${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown CPU'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.versions.node}; load average at start ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
archives.forEach((dir, i) => console.log(`archive ${dir}: ${describeCounts(counts[i]!)}`));

const charts: ChartLatencySummary[] = [];
let load: LoadSummary | undefined;
let overload: OverloadSummary | undefined;
let startup: StartupSummary | undefined;
let web: WebSizeSummary | undefined;
let paint: PaintSummary | undefined;
let mmcifImport: ImportBenchSummary | undefined;
const webDir = values['web-dir']!;

if (runs('charts'))
  for (const dir of archives)
    charts.push(
      await benchChartLatency(
        dir,
        Number(values.runs),
        values.charts!.split(',').filter(Boolean),
        !values['no-scoped'],
        values['in-memory'],
      ),
    );
if (runs('load')) {
  load = await benchLoad({
    archive: main,
    port: basePort + 2,
    durationSeconds: Number(values.duration),
    connections: Number(values.connections),
    uncachedConnections: Number(values['uncached-connections']),
  });
}
if (runs('overload')) {
  overload = await benchOverload({
    archive: main,
    port: basePort + 4,
    durationSeconds: Number(values['burst-seconds']),
    cachedConnections: Number(values['cached-connections']),
    burstConnections: Number(values['burst-connections']),
    ...(values['rate-limit'] !== undefined && { rateLimitPerMinute: Number(values['rate-limit']) }),
  });
}
if (runs('startup')) {
  startup = await benchStartup({
    port: basePort,
    entries: Number(values['startup-entries']),
    restarts: 3,
    folder: '/tmp/pdb-stats-bench/first-start',
  });
}
if (runs('web')) web = await benchWebSize(webDir, !values['no-build']);
if (runs('paint')) {
  if (!web && !values['no-build']) web = await benchWebSize(webDir, true);
  paint = await benchFirstPaint({
    archive: main,
    webDir,
    port: basePort + 3,
    runs: Number(values['paint-runs']),
    routes: ['/growth/overall-structures', '/distribution/resolution', EXPLORE_ROUTE],
  });
}

let rendering: RenderingSummary | undefined;
if (runs('ssr')) {
  if (!web && !values['no-build']) web = await benchWebSize(webDir, true);
  rendering = await benchServerRendering({
    archive: main,
    webDir,
    port: basePort + 5,
    runs: Number(values['paint-runs']),
    routes: ['/growth/experimental-method', '/distribution/resolution', EXPLORE_ROUTE],
  });
}

if (runs('render')) {
  if (!web && !values['no-build']) web = await benchWebSize(webDir, true);
  await benchPageRender({
    archive: main,
    webDir,
    port: basePort + 7,
    pages: Number(values['render-pages']),
    routes: ['/growth/experimental-method', '/distribution/resolution', EXPLORE_ROUTE],
  });
}

if (runs('import')) {
  mmcifImport = await benchImport({
    realData: values['real-data']!,
    copies: Number(values['import-copies']),
    ...(values['import-workers'] !== undefined && { workers: Number(values['import-workers']) }),
  });
}

let attacks: AttackSummary[] = [];
if (runs('attacks')) {
  if (!web && !values['no-build']) web = await benchWebSize(webDir, true);
  attacks = await benchAttacks({
    archive: main,
    webDir,
    port: basePort + 6,
    names: values.attacks!.split(',').filter(Boolean),
  });
}

let switched: SwitchSummary | undefined;
if (runs('switch')) {
  switched = await benchSwitch({
    port: basePort + 8,
    entries: Number(values['switch-entries']),
    folder: '/tmp/pdb-stats-bench/switch',
  });
}
let board: BoardBenchSummary | undefined;
if (runs('board')) board = await benchBoard(main, Number(values['board-runs']));

// ---- budgets ---------------------------------------------------------------------------------

heading('budgets (2-core machine)');
const rows: string[][] = [];
const check = (name: string, figure: string, met: boolean) =>
  rows.push([name, figure, met ? 'met' : 'MISSED']);
const notes: string[] = [];
for (const c of charts) {
  const limit = c.entries <= 300_000 ? 25 : 80;
  const size = c.entries.toLocaleString('en-US');
  // The scoped charts (over the two-terminal scope) have a budget line of their own.
  for (const scoped of [false, true]) {
    const medians = c.uncached.filter((u) => u.name.startsWith(SCOPED) === scoped);
    if (medians.length === 0) continue;
    const over = medians.filter((u) => u.median > limit);
    const slowest = Math.max(...medians.map((u) => u.median));
    const what = scoped ? 'scoped chart (two terminals)' : 'chart';
    check(
      `uncached ${what} median ≤ ${limit} ms at ${size}`,
      `slowest ${ms(slowest)} ms; ${over.length} of ${medians.length} over`,
      over.length === 0,
    );
    if (over.length > 0)
      notes.push(
        `${scoped ? 'scoped, ' : ''}over ${limit} ms at ${size}: ${over.map((u) => `${u.name} ${ms(u.median)}`).join(', ')}`,
      );
  }
  check(
    `cached ≤ 1 ms inside the server (${size})`,
    `slowest median ${ms(c.cachedMax)} ms`,
    c.cachedMax <= 1,
  );
}
if (load) {
  const { cached } = load;
  check(
    'cached ≥ 3,000 req/s, p99 ≤ 50 ms',
    `${cached.requestsPerSecond.toFixed(0)} req/s, p99 ${cached.p99} ms`,
    cached.requestsPerSecond >= 3000 && cached.p99 <= 50,
  );
}
if (overload) {
  const { cachedDuringBurst: cached, burst } = overload;
  check(
    'cached p99 ≤ 50 ms during a burst of uncached searches, none refused',
    `p99 ${cached.p99.toFixed(1)} ms, ${cached.refused} refused`,
    cached.p99 <= 50 && cached.refused === 0,
  );
  check(
    'a burst beyond the client limit is refused (429/503)',
    `${burst.tooMany} × 429, ${burst.shed} × 503, ${burst.computed} computed`,
    burst.tooMany + burst.shed > 0,
  );
}
for (const { name, outcome, probe } of attacks) {
  const { cachedChart, uncachedSearch } = probe;
  // A fast 503 with Retry-After is a right answer when the service is truly full.
  const unavailable = uncachedSearch.statuses[503] ?? 0;
  check(
    `${name}: cached chart p99 ≤ 100 ms, cheap uncached ≤ 1 s (or 503)`,
    `p99 ${ms(cachedChart.p99)} ms of ${cachedChart.count}, uncached max ${ms(uncachedSearch.max)} ms of ${uncachedSearch.count}${unavailable ? `, ${unavailable} × 503` : ''}`,
    cachedChart.p99 <= 100 && uncachedSearch.max <= 1000,
  );
  if (outcome.othersDrawn !== undefined)
    check(`${name}: another visitor's page still drawn`, outcome.note ?? '', outcome.othersDrawn);
  const serverErrors = [outcome.statuses, cachedChart.statuses, uncachedSearch.statuses].flatMap((counts) =>
    Object.keys(counts).filter((status) => Number(status) >= 500 && Number(status) !== 503),
  );
  check(
    `${name}: RSS ≤ 1 GB, no 5xx but 503`,
    `${((probe.peakRssBytes ?? 0) / 2 ** 20).toFixed(0)} MiB; ${serverErrors.length ? serverErrors.join(', ') : 'none'}`,
    (probe.peakRssBytes ?? 0) <= 2 ** 30 && serverErrors.length === 0,
  );
}
if (board && board.entries <= 300_000) {
  check(
    `board: one selection redraws its ${board.charts} charts uncached ≤ 150 ms (${board.entries.toLocaleString('en-US')})`,
    `median ${ms(board.median)} ms, p95 ${ms(board.p95)} ms`,
    board.median <= 150,
  );
}
if (web) {
  check('JS ≤ 90 KB gzipped, home route', `${(web.home / 1024).toFixed(1)} KB`, web.home <= 90 * 1024);
  check('JS ≤ 150 KB gzipped, chart route', `${(web.chart / 1024).toFixed(1)} KB`, web.chart <= 150 * 1024);
}
if (paint) {
  for (const [route, { bar }] of Object.entries(paint.medians)) {
    check(`first chart painted ≤ 0.4 s (${route})`, `${ms(bar)} ms`, bar <= 400);
  }
}
if (rendering) {
  for (const [route, { rendered, unrendered }] of Object.entries(rendering.medians)) {
    check(
      `first bar within one frame of FCP, rendered (${route})`,
      `${ms(rendered.barAfterFcp)} ms after`,
      rendered.barAfterFcp <= FRAME_MS,
    );
    if (route !== '/growth/experimental-method') continue;
    check(
      `FCP ≤ 250 ms on an idle machine, rendered (${route})`,
      `${ms(rendered.fcp)} ms at load ${loadavg()[0]!.toFixed(1)}`,
      rendered.fcp <= 250,
    );
    check(
      `FCP rendered ≤ first bar unrendered, same run (${route})`,
      `${ms(rendered.fcp)} vs ${ms(unrendered.bar)} ms`,
      rendered.fcp <= unrendered.bar,
    );
  }
}
if (startup) {
  check(
    'start with existing archive ≤ 5 s',
    `${(startup.laterStartMs / 1000).toFixed(2)} s`,
    startup.laterStartMs <= 5000,
  );
  check(
    'first start with generation ≤ 30 s',
    `${(startup.firstStartMs / 1000).toFixed(1)} s (entries generated ${startup.firstSteps.generation ?? '?'} s, archive ready ${startup.firstSteps.archive ?? '?'} s, database file ${startup.firstSteps.database ?? '?'} s)`,
    startup.firstStartMs <= 30_000,
  );
}
if (switched) {
  check(
    'a new snapshot served without a restart: no probe request failed',
    `${switched.failed} of ${switched.probe.cachedChart.count + switched.probe.uncachedSearch.count} not 200`,
    switched.failed === 0,
  );
}
if (mmcifImport) {
  check(
    'weekly mmCIF update (400 of 257,000 entries) ≤ 60 s, carry-over measured at that size',
    `${mmcifImport.weeklyAtScaleSeconds.toFixed(0)} s`,
    mmcifImport.weeklyAtScaleSeconds <= 60,
  );
}
printTable(['budget', 'measured', ''], rows);
for (const note of notes) console.log(`\n${note}`);
console.log(
  `\nload average at the end ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
