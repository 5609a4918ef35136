/**
 * Per-chart latency of the registry's data requests on the ClickHouse cluster engine,
 * the figures `npm run bench` prints for DuckDB: `npm run bench:cluster -- [--entries N]
 * [--archive DIR] [--runs N] [--keep] [--skip-whole] [--charts a,b]` (`--charts`: only the charts
 * whose names contain one of these).
 *
 * The cluster is the one CLICKHOUSE_SHARDS names (and CLICKHOUSE_CLUSTER), or else a 3-shard
 * cluster of its own (scripts/clickhouse-cluster.sh, HTTP ports 18623..18625), stopped at the end.
 * The snapshot is loaded anew unless `--keep` and the cluster already holds it.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { validateSearchRequest } from '@pdb-stats/search-model';
import { registryChartRequests } from '../packages/server/src/chart-requests.ts';
import { openClickHouseEngine } from '../packages/server/src/engine/index.ts';
import { SearchPipeline } from '../packages/server/src/pipeline/index.ts';
import { describeCounts, ensureArchive } from './archives.ts';
import { heading, median, ms, percentile, printTable, time } from './stats.ts';

const { values } = parseArgs({
  options: {
    entries: { type: 'string', default: '1200000' },
    archive: { type: 'string' },
    runs: { type: 'string', default: '5' },
    keep: { type: 'boolean', default: false },
    'skip-whole': { type: 'boolean', default: false },
    charts: { type: 'string', default: '' },
  },
});
const runs = Number(values.runs);
const archive = values.archive ? resolve(values.archive) : await ensureArchive(Number(values.entries));

const SCRIPT = resolve('scripts/clickhouse-cluster.sh');
const OWN_PORTS = { CLICKHOUSE_BASE_PORT: '18623', CLICKHOUSE_BASE_TCP_PORT: '19600' };
let ownDir: string | undefined;
let shards = (process.env.CLICKHOUSE_SHARDS ?? '').split(',').filter(Boolean);
const cluster = process.env.CLICKHOUSE_CLUSTER || 'pdb_stats';
if (shards.length === 0) {
  ownDir = join(tmpdir(), 'pdb-stats-bench-cluster');
  const started = spawnSync('bash', [SCRIPT, 'start', ownDir], { env: { ...process.env, ...OWN_PORTS } });
  if (started.status !== 0) throw new Error(`cannot start a cluster: ${started.stderr.toString()}`);
  shards = ['18623', '18624', '18625'].map((port) => `127.0.0.1:${port}`);
}

/** Resident memory of the shards' server processes (own cluster only), MiB. */
function shardMemory(): string {
  if (!ownDir) return 'n/a (cluster not started here)';
  return [1, 2, 3]
    .map((n) => {
      const pid = readFileSync(join(ownDir!, `shard${n}`, 'pid'), 'utf8').trim();
      const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      return `${(Number(rss) / 1024).toFixed(0)} MiB`;
    })
    .join(' / ');
}

try {
  const started = performance.now();
  const engine = await openClickHouseEngine(archive, {
    shards,
    cluster,
    database: 'pdb_stats_bench',
    reload: !values.keep,
    timeoutMs: 600_000,
    onProgress: (m) => console.log(`  loaded ${m} (${((performance.now() - started) / 1000).toFixed(0)} s)`),
  });
  const openSeconds = (performance.now() - started) / 1000;
  const pipeline = new SearchPipeline(engine);
  const info = engine.archiveInfo();
  heading(
    `chart requests on the ClickHouse cluster (${shards.length} shards), ${info.row_counts.entry.toLocaleString('en-US')} entries`,
  );
  console.log(`archive ${archive}: ${describeCounts(info.row_counts)}`);
  console.log(
    `engine open (${values.keep ? 'kept or ' : ''}loaded into the shards): ${openSeconds.toFixed(1)} s; shard memory ${shardMemory()}`,
  );
  console.log(`through the engine, no HTTP, no answer cache; first run, then ${runs} runs (ms)\n`);
  const wanted = values.charts!.split(',').filter(Boolean);
  const requests = registryChartRequests().filter(
    ({ name }) => wanted.length === 0 || wanted.some((part) => name.includes(part)),
  );
  const rows: string[][] = [];
  const medians: { name: string; median: number }[] = [];
  const failed: string[] = [];
  for (const { name, request } of requests) {
    const plan = validateSearchRequest(request);
    // At archive scale a chart may fail (a shard's memory limit, the time limit): say so, go on.
    try {
      const first = await time(() => pipeline.search(plan));
      const samples: number[] = [];
      for (let i = 0; i < runs; i++) samples.push(await time(() => pipeline.search(plan)));
      medians.push({ name, median: median(samples) });
      rows.push([name, ms(first), ms(median(samples)), ms(percentile(samples, 95))]);
    } catch (error) {
      failed.push(name);
      rows.push([name, `failed: ${String((error as Error).message).slice(0, 120)}`, '', '']);
    }
  }
  printTable(['chart', 'first run', 'median', 'p95'], rows);
  if (values['skip-whole'] || failed.length > 0) {
    console.log(
      `\nwhole registry not measured (${failed.length > 0 ? `${failed.length} charts failed` : '--skip-whole'})`,
    );
  } else {
    const whole = await time(async () => {
      for (const { request } of requests) await pipeline.search(validateSearchRequest(request));
    });
    console.log(`\nwhole registry (${requests.length} requests) one after another: ${whole.toFixed(0)} ms`);
  }
  const slowest = medians.reduce((a, b) => (b.median > a.median ? b : a), { name: '-', median: -Infinity });
  console.log(`slowest median: ${slowest.name} ${ms(slowest.median)} ms; shard memory now ${shardMemory()}`);
  await engine.close();
} finally {
  if (ownDir) spawnSync('bash', [SCRIPT, 'stop', ownDir], { env: { ...process.env, ...OWN_PORTS } });
}
