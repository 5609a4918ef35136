/**
 * Per-chart latency of the registry's data requests, straight through the service (no HTTP):
 * uncached (the engine's work) and cached (the answer cache), median and p95 of N runs.
 *   npm run bench -- --archive DIR [--runs 20]
 */
import { availableParallelism } from 'node:os';
import { validateSearchRequest } from '@pdb-stats/search-model';
import { registryChartRequests } from '../packages/server/src/chart-requests.ts';
import { openDuckDbEngine } from '../packages/server/src/engine/index.ts';
import { SearchService } from '../packages/server/src/search-service.ts';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { archive: { type: 'string', default: 'data/demo' }, runs: { type: 'string', default: '20' } },
});
const runs = Number(values.runs);
const archive = values.archive!;

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const ms = (n: number) => n.toFixed(n < 1 ? 3 : 1).padStart(8);

async function time(task: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await task();
  return performance.now() - start;
}

const started = performance.now();
const engine = await openDuckDbEngine(archive);
const openSeconds = (performance.now() - started) / 1000;
const info = engine.archiveInfo();
const service = new SearchService(engine);
const requests = registryChartRequests();

console.log(`# chart request latency — ${new Date().toISOString().slice(0, 10)}`);
console.log(`cores ${availableParallelism()}, archive ${archive}: ${JSON.stringify(info.row_counts)}`);
console.log(
  `engine open (load snapshot into memory): ${openSeconds.toFixed(1)} s, ${runs} runs per figure\n`,
);
console.log(
  `${'chart'.padEnd(42)} ${'uncached median'.padStart(16)} ${'p95'.padStart(8)} ${'cached median'.padStart(14)} ${'p95'.padStart(8)}  (ms)`,
);
const uncachedMedians: number[] = [];
for (const { name, request } of requests) {
  const plan = validateSearchRequest(request);
  await engine.search(plan); // first run warms DuckDB's own structures, not our cache
  const uncached: number[] = [];
  for (let i = 0; i < runs; i++) uncached.push(await time(() => engine.search(plan)));
  await service.answer(request);
  const cached: number[] = [];
  for (let i = 0; i < runs; i++) cached.push(await time(() => service.answer(request)));
  uncachedMedians.push(percentile(uncached, 50));
  console.log(
    `${name.padEnd(42)} ${ms(percentile(uncached, 50)).padStart(16)} ${ms(percentile(uncached, 95))} ${ms(percentile(cached, 50)).padStart(14)} ${ms(percentile(cached, 95))}`,
  );
}
const whole = await time(async () => {
  for (const { request } of requests) await engine.search(validateSearchRequest(request));
});
console.log(
  `\nwhole registry (${requests.length} requests) one after another, uncached: ${whole.toFixed(0)} ms`,
);
console.log(
  `slowest chart median: ${Math.max(...uncachedMedians).toFixed(1)} ms; charts over 25 ms: ${uncachedMedians.filter((m) => m > 25).length}`,
);
await engine.close();
