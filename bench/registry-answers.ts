/**
 * `npx tsx bench/registry-answers.ts ARCHIVE OUT.json`: the engine's answer to every registry chart
 * request and to the bench's drill-down levels and explore charts, over the whole archive and over
 * a few scopes (the bench's two terminals, a scope at the polymer-entity level, one with a negation
 * and an OR), written as one JSON file. Two runs (before and after an engine change) must give the
 * same bytes: `cmp before.json after.json`.
 */
import { writeFile } from 'node:fs/promises';
import { finalizeRequest, withScope } from '@pdb-stats/charts';
import { validateSearchRequest, type QueryNode } from '@pdb-stats/search-model';
import { registryChartRequests } from '../packages/server/src/chart-requests.ts';
import { openDuckDbEngine } from '../packages/server/src/engine/index.ts';
import { SearchPipeline } from '../packages/server/src/pipeline/index.ts';
import { BENCH_SCOPE, drilledRequests, exploreRequests } from './chart-latency.ts';

const text = (attribute: string, operator: string, value: unknown, negation = false): QueryNode => ({
  type: 'terminal',
  service: 'text',
  parameters: { attribute, operator, value, ...(negation && { negation }) } as never,
});

const SCOPES: Record<string, QueryNode | undefined> = {
  'whole archive': undefined,
  'two terminals': BENCH_SCOPE,
  'entity level': text('rcsb_polymer_entity.formula_weight', 'greater', 30),
  'negation and or': {
    type: 'group',
    logical_operator: 'or',
    nodes: [
      text('rcsb_accession_info.initial_release_date', 'less', '2001-01-01'),
      {
        type: 'group',
        logical_operator: 'and',
        nodes: [
          text('rcsb_entry_info.molecular_weight', 'greater', 100),
          text('exptl.method', 'exact_match', 'X-RAY DIFFRACTION', true),
        ],
      },
    ],
  },
};

const [archive, out] = process.argv.slice(2);
if (!archive || !out) throw new Error('usage: registry-answers.ts ARCHIVE OUT.json');
const engine = await openDuckDbEngine(archive, { timeoutMs: 30 * 60_000 });
const pipeline = new SearchPipeline(engine);
const answers: Record<string, unknown> = {};
try {
  for (const [scopeName, scope] of Object.entries(SCOPES)) {
    for (const { name, request } of [
      ...registryChartRequests(),
      ...drilledRequests(),
      ...exploreRequests(),
    ]) {
      const scoped = scope
        ? finalizeRequest({ ...request, query: withScope(scope, request.query) })
        : request;
      answers[`${scopeName}: ${name}`] = await pipeline.search(validateSearchRequest(scoped));
    }
  }
} finally {
  await engine.close();
}
await writeFile(out, JSON.stringify(answers, null, 1));
console.log(`${Object.keys(answers).length} answers written to ${out}`);
