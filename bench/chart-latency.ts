/**
 * Per-chart latency of the registry's data requests, straight through the service (no HTTP):
 * uncached (the engine's work) and cached (the answer cache), median and p95 of N runs, each chart
 * over the whole archive and over a scope of two terminals (`scoped: <chart>`), with levels below
 * EC and SCOP classes and taxonomy groups (with the taxonomy levels' second searches); then the
 * whole registry one request after another, uncached, unscoped.
 */
import {
  CHARTS,
  chartFacetRequest,
  exploreChart,
  finalizeRequest,
  memberCheckRequest,
  readExplore,
  resolveChart,
  withScope,
  type ExploreAttribute,
} from '@pdb-stats/charts';
import { validateSearchRequest, type QueryNode } from '@pdb-stats/search-model';
import { registryChartRequests } from '../packages/server/src/chart-requests.ts';
import { openDuckDbEngine } from '../packages/server/src/engine/index.ts';
import { SearchPipeline } from '../packages/server/src/pipeline/index.ts';
import { SearchService } from '../packages/server/src/search-service.ts';
import { servedSnapshot } from '@pdb-stats/snapshot';
import { describeCounts } from './archives.ts';
import { heading, median, ms, percentile, time } from './stats.ts';

/** The scope of the scoped cases: two terminals, a researcher's "X-ray structures better than 2.5 Å". */
export const BENCH_SCOPE: QueryNode = {
  type: 'group',
  logical_operator: 'and',
  nodes: [
    {
      type: 'terminal',
      service: 'text',
      parameters: {
        attribute: 'rcsb_entry_info.experimental_method',
        operator: 'exact_match',
        value: 'X-ray',
      },
    },
    {
      type: 'terminal',
      service: 'text',
      parameters: { attribute: 'rcsb_entry_info.resolution_combined', operator: 'less', value: 2.5 },
    },
  ],
};

/** Levels below EC classes (drill-down), one of each depth: counted among entries of the class, by lineage id. */
const DRILLED_EC_CLASSES = ['3', '2.7', '3.4.21'];

/**
 * Levels below SCOP classes, one of each depth (the demo archive's a/b class, its Rossmann fold and
 * superfamily): read from the annotations holding the class, with the names of the classes above.
 */
const DRILLED_SCOP_CLASSES = ['51349', '51349.114823', '51349.114823.144646'];

/**
 * Levels below taxonomy groups (the largest, a bacterial and a viral one): the group's entries by
 * organism, then the second search that keeps the group's own organisms (`checkRequests`).
 */
const DRILLED_TAXONOMY_GROUPS = ['Eukaryota', 'Bacteria', 'Riboviria'];

export function drilledRequests() {
  const levels = [
    ['enzyme-classification', DRILLED_EC_CLASSES],
    ['scop-classification', DRILLED_SCOP_CLASSES],
    ['taxonomy', DRILLED_TAXONOMY_GROUPS],
  ] as const;
  return levels.flatMap(([key, parents]) =>
    parents.map((parent) => ({
      name: `${key} (below ${parent})`,
      request: chartFacetRequest(resolveChart(CHARTS[key], undefined, parent).query),
    })),
  );
}

/**
 * The second search of each taxonomy level: asked of the whole archive, the same for every scope
 * (so not scoped again), and answered from the cache after a level's first visit.
 */
function checkRequests() {
  return DRILLED_TAXONOMY_GROUPS.map((group) => ({
    name: `taxonomy (below ${group}): its check`,
    request: memberCheckRequest(resolveChart(CHARTS.taxonomy, undefined, group).query)!,
  }));
}

/** Attributes of the explore cases, as the catalogue describes them (names do not change the work). */
const EXPLORE_ATTRIBUTES: ExploreAttribute[] = [
  ['rcsb_entry_info.experimental_method', 'entry', 'string', 'exact-match'],
  ['rcsb_entry_info.resolution_combined', 'entry', 'number', 'default-match'],
  ['rcsb_entry_info.polymer_entity_count', 'entry', 'integer', 'default-match'],
  ['rcsb_entity_source_organism.ncbi_scientific_name', 'polymer_entity', 'string', 'exact-match'],
].map(
  ([path, level, type, context]) =>
    ({ path, level, type, contexts: [context], name: path }) as ExploreAttribute,
);

/**
 * Explore charts, each without and with a second attribute splitting its bars (a terms facet inside
 * each bar), so that the cost of the split reads off two rows; the last counts entries by an
 * attribute of their entities, with many values.
 */
const EXPLORE_CASES = [
  'attribute=rcsb_entry_info.experimental_method&dimension=terms&top=25',
  'attribute=rcsb_entry_info.experimental_method&dimension=terms&top=25&by=rcsb_entry_info.polymer_entity_count',
  'attribute=rcsb_entry_info.resolution_combined&dimension=bins&start=1&step=0.25&end=4',
  'attribute=rcsb_entry_info.resolution_combined&dimension=bins&start=1&step=0.25&end=4&by=rcsb_entry_info.experimental_method',
  'attribute=rcsb_entry_info.resolution_combined&dimension=bins&start=1&step=0.25&end=4&by=rcsb_entity_source_organism.ncbi_scientific_name',
];

export function exploreRequests() {
  const resolve = (path: string) => EXPLORE_ATTRIBUTES.find((a) => a.path === path);
  return EXPLORE_CASES.map((text) => {
    const spec = readExplore(new URLSearchParams(text), resolve).spec!;
    const by = spec.by ? ` by ${spec.by.path.split('.').at(-1)}` : '';
    return {
      name: `explore ${spec.attribute.path.split('.').at(-1)} ${spec.dimension}${by}`,
      request: chartFacetRequest(exploreChart(spec).query),
    };
  });
}

/** Names of the scoped cases start with this. */
export const SCOPED = 'scoped: ';

export interface ChartLatencySummary {
  entries: number;
  /** Uncached medians per chart request, in registry order. */
  uncached: { name: string; median: number }[];
  /** Slowest cached median (ms). */
  cachedMax: number;
  /** The whole registry, uncached, one request after another (ms). */
  wholeRegistry: number;
}

/**
 * `only`: chart names (or parts of names) to measure; all when empty. `scoped`: false leaves out the
 * cases over the two-terminal scope (at 10,000,000 entries they would double a run of an hour).
 * `inMemory`: the archive loaded into memory (`DUCKDB_FILE=none`) instead of opened as the server
 * opens it by default, its database files attached and the kept tables saved beside them.
 */
export async function benchChartLatency(
  archive: string,
  runs: number,
  only: readonly string[] = [],
  scoped = true,
  inMemory = false,
): Promise<ChartLatencySummary> {
  const started = performance.now();
  let how = '';
  // No time limit worth the name: a first run over a large archive on a busy machine may take long.
  // The registry's derived tables are kept, as the server keeps them (made in the background after
  // it is ready); here they are made before the first request, so that first runs read them.
  const engine = await openDuckDbEngine(archive, {
    timeoutMs: 30 * 60_000,
    keep: (held) => registryChartRequests(new Date(), held).map((c) => c.request),
    ...(!inMemory && { databaseFile: `${await servedSnapshot(archive)}.duckdb` }),
    onReady: (kind) => (how = kind === 'loaded' ? 'loaded into memory' : `database files ${kind}`),
  });
  const pipeline = new SearchPipeline(engine);
  const openSeconds = (performance.now() - started) / 1000;
  const kept = await engine.keepTables();
  const info = engine.archiveInfo();
  const entries = info.row_counts.entry;
  heading(`chart requests, ${entries.toLocaleString('en-US')} entries`);
  console.log(`archive ${archive}: ${describeCounts(info.row_counts)}`);
  console.log(`engine open (${how}): ${openSeconds.toFixed(1)} s; ${runs} runs per figure`);
  const keptHow =
    kept.place.kind === 'read'
      ? `read from ${kept.place.file}`
      : `made in ${kept.seconds.toFixed(1)} s${kept.place.kind === 'saved' ? ` and saved to ${kept.place.file}` : ''}`;
  console.log(
    `registry's derived tables kept: ${kept.tables} tables, ${kept.rows.toLocaleString('en-US')} rows, ${keptHow}; RSS then ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`,
  );
  console.log(
    'through the service, no HTTP (ms); uncached: the engine over the kept tables, and the other shared derived tables built by a first run (last column); cached: the answer cache\n',
  );
  const service = new SearchService(engine);
  // Levels below EC classes and explore charts are measured beside the registry, not in its sum.
  const drilled = [...drilledRequests(), ...exploreRequests()];
  const registry = [...registryChartRequests(), ...drilled];
  // The same chart's request over the scope, as the dashboard sends it (scope AND the chart's facets).
  const scopedRequests = scoped
    ? registry.map(({ name, request }) => ({
        name: `${SCOPED}${name}`,
        request: finalizeRequest({ ...request, query: withScope(BENCH_SCOPE, request.query) }),
      }))
    : [];
  const checks = checkRequests();
  const requests = [...registry, ...scopedRequests, ...checks].filter(
    ({ name }) => only.length === 0 || only.some((part) => name.includes(part)),
  );
  // The whole registry stays the registry's charts, comparable with earlier runs.
  const unscoped = requests.filter(
    ({ name }) => !name.startsWith(SCOPED) && ![...drilled, ...checks].some((d) => d.name === name),
  );
  // Rows are printed as they are measured: a run over a large archive takes minutes.
  const row = (cells: readonly string[]) =>
    console.log(cells.map((c, i) => (i === 0 ? c.padEnd(34) : c.padStart(i % 2 ? 16 : 9))).join(''));
  row(['chart', 'uncached median', 'p95', 'cached median', 'p95', 'first run']);
  const uncachedMedians: { name: string; median: number }[] = [];
  const refused = new Set<string>();
  const cachedMedians: number[] = [];
  try {
    for (const { name, request } of requests) {
      const plan = validateSearchRequest(request);
      // The first run builds the engine's shared derived tables (they depend on the archive only).
      let first: number;
      try {
        first = await time(() => pipeline.search(plan));
      } catch (error) {
        // A request the service refuses at this size (an answer over the bucket limit) is reported, not measured.
        refused.add(name);
        console.log(`${name.padEnd(34)}refused: ${error instanceof Error ? error.message : String(error)}`);
        continue;
      }
      const uncached: number[] = [];
      for (let i = 0; i < runs; i++) uncached.push(await time(() => pipeline.search(plan)));
      await service.answer(request);
      const cached: number[] = [];
      for (let i = 0; i < runs; i++) cached.push(await time(() => service.answer(request)));
      uncachedMedians.push({ name, median: median(uncached) });
      cachedMedians.push(median(cached));
      row([
        name,
        ms(median(uncached)),
        ms(percentile(uncached, 95)),
        ms(median(cached)),
        ms(percentile(cached, 95)),
        ms(first),
      ]);
    }
    const whole = await time(async () => {
      for (const { name, request } of unscoped)
        if (!refused.has(name)) await pipeline.search(validateSearchRequest(request));
    });
    const slowest = uncachedMedians.reduce((a, b) => (b.median > a.median ? b : a));
    const scopedMedians = uncachedMedians.filter(({ name }) => name.startsWith(SCOPED));
    if (scopedMedians.length > 0) {
      const slowestScoped = scopedMedians.reduce((a, b) => (b.median > a.median ? b : a));
      console.log(
        `slowest uncached median over the two-terminal scope: ${slowestScoped.name.slice(SCOPED.length)} ${ms(slowestScoped.median)} ms (${scopedMedians.filter((m) => m.median <= 25).length} of ${scopedMedians.length} within 25 ms)`,
      );
    }
    console.log(
      `\nwhole registry (${unscoped.length - refused.size} requests${refused.size ? `; ${refused.size} refused left out` : ''}) one after another, uncached, unscoped: ${whole.toFixed(0)} ms`,
    );
    console.log(
      `slowest uncached median: ${slowest.name} ${ms(slowest.median)} ms; slowest cached median: ${ms(Math.max(...cachedMedians))} ms`,
    );
    console.log(
      `bench process at the end: RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB, peak ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`,
    );
    return {
      entries,
      uncached: uncachedMedians,
      cachedMax: Math.max(...cachedMedians),
      wholeRegistry: whole,
    };
  } finally {
    await engine.close();
  }
}
