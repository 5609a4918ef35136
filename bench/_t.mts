import { finalizeRequest, withScope } from '@pdb-stats/charts';
import { validateSearchRequest } from '@pdb-stats/search-model';
import { registryChartRequests } from '../packages/server/src/chart-requests.ts';
import { openDuckDbEngine } from '../packages/server/src/engine/index.ts';
import { SearchPipeline } from '../packages/server/src/pipeline/index.ts';
import { BENCH_SCOPE } from './chart-latency.ts';
const engine = await openDuckDbEngine('/work/bench-data/bench-250000', { timeoutMs: 600000 });
const pipeline = new SearchPipeline(engine);
const names = process.argv.slice(2);
for (const { name, request } of registryChartRequests().filter((r) =>
  names.some((n) => r.name.includes(n)),
)) {
  for (const [label, p] of [
    ['', validateSearchRequest(request)],
    [
      'scoped ',
      validateSearchRequest(finalizeRequest({ ...request, query: withScope(BENCH_SCOPE, request.query) })),
    ],
  ] as const) {
    await pipeline.search(p);
    const t: number[] = [];
    for (let i = 0; i < 20; i++) {
      const a = performance.now();
      await pipeline.search(p);
      t.push(performance.now() - a);
    }
    t.sort((x, y) => x - y);
    console.log(`${label}${name}`.padEnd(40), t[10]!.toFixed(1));
  }
}
await engine.close();
