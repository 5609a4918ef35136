/**
 * `npx tsx bench/statement-profile.ts ARCHIVE [--runs N] [--sql] [--unscoped] NAME...`: each
 * statement of the registry chart requests (and the bench's drilled-down levels, "enzyme-classification
 * (below 2.7)") whose names contain a NAME, over the bench's scope of
 * two terminals (or the whole archive with `--unscoped`), uncached: median wall time and median
 * process CPU time (user + system, all DuckDB threads) per statement over N runs, after a first run
 * that builds the shared derived tables. CPU time is the steadier figure on a shared machine;
 * `--sql` prints each statement. Where a chart's time goes, before changing the planner.
 */
import { finalizeRequest, withScope } from '@pdb-stats/charts';
import { validateSearchRequest } from '@pdb-stats/search-model';
import { servedSnapshot } from '@pdb-stats/snapshot';
import { registryChartRequests } from '../packages/server/src/chart-requests.ts';
import type { Engine } from '../packages/server/src/engine/engine.ts';
import { openDuckDbEngine } from '../packages/server/src/engine/index.ts';
import { SearchPipeline } from '../packages/server/src/pipeline/index.ts';
import { BENCH_SCOPE, drilledRequests } from './chart-latency.ts';
import { median } from './stats.ts';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args.splice(at, 2)[1] : undefined;
};
const flag = (name: string) => {
  const at = args.indexOf(name);
  if (at >= 0) args.splice(at, 1);
  return at >= 0;
};
const runs = Number(option('--runs') ?? 11);
const printSql = flag('--sql');
const explain = flag('--explain');
const unscoped = flag('--unscoped');
const [archive, ...names] = args;
if (!archive || names.length === 0) {
  throw new Error('usage: statement-profile.ts ARCHIVE [--runs N] [--sql] [--unscoped] NAME...');
}

/** Per statement of the current run: its SQL, wall and CPU milliseconds. */
let log: { sql: string; wall: number; cpu: number }[] = [];
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

// Opened as the server opens it: the archive's database files attached (a 10,000,000-entry archive
// loaded into memory takes minutes and 20 GB), its derived tables made by each first run.
const inner = await openDuckDbEngine(archive, {
  timeoutMs: 30 * 60_000,
  databaseFile: `${await servedSnapshot(archive)}.duckdb`,
});
// The engine with every statement timed; derived tables are built before the clock starts.
const engine: Engine = Object.assign(Object.create(inner) as Engine, {
  session: <T>(work: Parameters<Engine['session']>[0]) =>
    inner.session(
      (session) =>
        work({
          ...session,
          execute: async (query) => {
            if (query.derived)
              await session.execute({ sql: 'SELECT 1', parameters: [], derived: query.derived });
            const wall = performance.now();
            const cpu = cpuMs();
            const rows = await session.execute(query);
            if (explain) {
              const [plan] = await session.execute({ ...query, sql: `EXPLAIN ANALYZE ${query.sql}` });
              console.log(String(plan?.at(-1)));
            }
            log.push({ sql: query.sql, wall: performance.now() - wall, cpu: cpuMs() - cpu });
            return rows;
          },
        }) as Promise<T>,
    ),
});
const pipeline = new SearchPipeline(engine);
try {
  if (explain)
    await inner.session((s) => s.execute({ sql: "PRAGMA explain_output = 'all'", parameters: [] }));
  for (const { name, request } of [...registryChartRequests(), ...drilledRequests()]) {
    if (!names.some((part) => name.includes(part))) continue;
    const asked = unscoped
      ? request
      : finalizeRequest({ ...request, query: withScope(BENCH_SCOPE, request.query) });
    const plan = validateSearchRequest(asked);
    await pipeline.search(plan);
    if (explain) continue;
    const perRun: (typeof log)[] = [];
    const totals: { wall: number; cpu: number }[] = [];
    for (let i = 0; i < runs; i++) {
      log = [];
      const wall = performance.now();
      const cpu = cpuMs();
      await pipeline.search(plan);
      totals.push({ wall: performance.now() - wall, cpu: cpuMs() - cpu });
      perRun.push(log);
    }
    console.log(
      `\n${unscoped ? '' : 'scoped: '}${name}: request median ${median(totals.map((t) => t.wall)).toFixed(1)} ms wall, ${median(totals.map((t) => t.cpu)).toFixed(1)} ms CPU`,
    );
    perRun[0]!.forEach((statement, i) => {
      const wall = median(perRun.map((r) => r[i]?.wall ?? 0));
      const cpu = median(perRun.map((r) => r[i]?.cpu ?? 0));
      console.log(`  #${i + 1} ${wall.toFixed(1).padStart(7)} ms wall ${cpu.toFixed(1).padStart(7)} ms CPU`);
      if (printSql) console.log(`     ${statement.sql}`);
    });
  }
} finally {
  await inner.close();
}
