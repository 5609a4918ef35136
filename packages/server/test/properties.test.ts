import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { startArchiveFixture, type ArchiveFixture } from './support/archive-fixture.ts';
import { and, query, terminal, text } from './support/request-arbitraries.ts';
import { HOSTILE_STRINGS } from './support/hostile-strings.ts';

/**
 * Property tests over generated requests (issue 7): an invalid request always gets a 400 with a
 * message, never a 5xx; valid requests obey invariants that hold whatever the query.
 */

let fixture: ArchiveFixture;
beforeAll(async () => {
  fixture = await startArchiveFixture(300, 17);
});
afterAll(() => fixture?.close());

async function post(body: unknown) {
  const response = await fixture.app.inject({
    method: 'POST',
    url: '/rcsbsearch/v2/query',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body) ?? 'null',
  });
  return { status: response.statusCode, body: response.body ? response.json() : null };
}

const methodFacet = {
  name: 'method',
  aggregation_type: 'terms',
  attribute: 'rcsb_entry_info.experimental_method',
};
const sum = (facet: any) => (facet?.buckets ?? []).reduce((total: number, b: any) => total + b.population, 0);
const countOf = async (q: object) => {
  const { status, body } = await post({
    query: q,
    return_type: 'entry',
    request_options: { return_counts: true },
  });
  expect([200, 204]).toContain(status);
  return status === 204 ? 0 : body.total_count;
};

describe('valid requests obey invariants', () => {
  it('single-valued terms buckets add up to total_count; a filter facet counts what its condition finds as a query; range buckets of a partition add up', async () => {
    await fc.assert(
      fc.asyncProperty(query, terminal, fc.integer({ min: 1, max: 300 }), async (q, condition, cut) => {
        const { status, body } = await post({
          query: q,
          return_type: 'entry',
          request_options: {
            paginate: { start: 0, rows: 0 },
            facets: [
              methodFacet,
              { filter: condition, facets: [{ ...methodFacet, name: 'filtered' }] },
              {
                name: 'weights',
                aggregation_type: 'range',
                attribute: 'rcsb_entry_info.molecular_weight',
                ranges: [{ to: cut }, { from: cut }],
              },
            ],
          },
        });
        expect([200, 204]).toContain(status);
        if (status === 204) return;
        const [method, filtered, weights] = body.facets;
        expect(sum(method)).toBe(body.total_count);
        // Each in its own group, so that they are matched independently, as a facet filter is.
        const both = { type: 'group', logical_operator: 'and', nodes: [and(q), and(condition)] };
        expect(sum(filtered)).toBe(await countOf(both));
        const weighed = {
          type: 'group',
          logical_operator: 'and',
          nodes: [q, text({ attribute: 'rcsb_entry_info.molecular_weight', operator: 'exists' })],
        };
        expect(sum(weights)).toBe(await countOf(weighed));
      }),
      { numRuns: 500 },
    );
  });
});

describe('invalid requests get a 400 with a message, never a 5xx', () => {
  const expectRefused = ({ status, body }: { status: number; body: any }) => {
    expect(status).toBeLessThan(500);
    if (status === 400) expect(typeof body.message).toBe('string');
  };

  it('arbitrary JSON bodies', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (value) => {
        const response = await post(value);
        expectRefused(response);
        expect(response.status).toBe(400);
      }),
      { numRuns: 4000 },
    );
  });

  it('valid requests with one part replaced by arbitrary JSON', async () => {
    const slots = [
      'query',
      'return_type',
      'request_options',
      'request_info',
      'parameters',
      'value',
      'facets',
      'paginate',
      'operator',
      'attribute',
    ];
    await fc.assert(
      fc.asyncProperty(query, fc.constantFrom(...slots), fc.jsonValue(), async (q, slot, junk) => {
        const request: any = {
          query: q,
          return_type: 'entry',
          request_options: { paginate: { start: 0, rows: 3 }, facets: [methodFacet] },
          request_info: { query_id: 'p' },
        };
        if (slot in request) request[slot] = junk;
        else if (slot === 'facets' || slot === 'paginate') request.request_options[slot] = junk;
        else {
          const leaf = JSON.parse(JSON.stringify(q), (_k, v) => v);
          let node: any = leaf;
          while (node.type === 'group') node = node.nodes[0];
          if (slot === 'parameters') node.parameters = junk;
          else node.parameters[slot] = junk;
          request.query = leaf;
        }
        expectRefused(await post(request));
      }),
      { numRuns: 3000 },
    );
  });

  it('hostile strings in every string position are refused or taken as plain values', async () => {
    const hostile = fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), fc.string());
    await fc.assert(
      fc.asyncProperty(
        hostile,
        fc.constantFrom('value', 'attribute', 'facet', 'sort', 'name', 'query_id'),
        async (s, where) => {
          const request: any = { return_type: 'entry', request_options: { paginate: { rows: 1 } } };
          if (where === 'value')
            request.query = text({ attribute: 'struct.title', operator: 'contains_phrase', value: s });
          if (where === 'attribute') request.query = text({ attribute: s, operator: 'exists' });
          if (where === 'facet')
            request.request_options.facets = [{ name: 'f', aggregation_type: 'terms', attribute: s }];
          if (where === 'sort') request.request_options.sort = [{ sort_by: s }];
          if (where === 'name') request.request_options.facets = [{ ...methodFacet, name: s }];
          if (where === 'query_id') request.request_info = { query_id: s };
          expectRefused(await post(request));
        },
      ),
      { numRuns: 1500 },
    );
    // The archive is unchanged: every level still answers with all of its rows.
    for (const level of ['entry', 'polymer_entity', 'assembly', 'mol_definition'] as const) {
      const { body } = await post({ return_type: level, request_options: { return_counts: true } });
      expect(body.total_count).toBe(fixture.docs[level].length);
    }
  });
});
