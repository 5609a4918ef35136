import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { findAttribute, RETURN_TYPES, type ReturnType } from '@pdb-stats/search-model';
import {
  list,
  startArchiveFixture,
  termsBuckets,
  type ArchiveFixture,
  type Row,
} from './support/archive-fixture.ts';
import { and, METHODS, query, terminal, text } from './support/request-arbitraries.ts';
import { HOSTILE_STRINGS } from './support/hostile-strings.ts';
import { bodies, edgeBodies } from './support/text-bodies.ts';

/**
 * Property tests over generated requests: an invalid request always gets a 400 with a
 * message, never a 5xx; valid requests obey invariants that hold whatever the query.
 */

let fixture: ArchiveFixture;
let digestsBefore: Record<ReturnType, unknown>;
beforeAll(async () => {
  fixture = await startArchiveFixture(300, 17);
  digestsBefore = await levelDigests();
});
afterAll(() => fixture?.close());

/** Rows and a digest of every row's content per level table, read from the engine itself. */
async function levelDigests(): Promise<Record<ReturnType, unknown>> {
  const digests = {} as Record<ReturnType, unknown>;
  await fixture.engine.session(async ({ execute }) => {
    for (const level of RETURN_TYPES) {
      digests[level] = await execute({
        sql: `SELECT count(*), md5(coalesce(string_agg(CAST(t AS VARCHAR), chr(10) ORDER BY CAST(t AS VARCHAR)), '')) FROM "${level}" t`,
        parameters: [],
      });
    }
  });
  return digests;
}

/** Analysed words of a text: lower-cased runs of letters and digits. */
const words = (value: string) =>
  value
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');

/** `phrase` occurs in `text` as consecutive words. */
function hasRun(text: string[], phrase: string[]): boolean {
  for (let i = 0; i + phrase.length <= text.length; i++) {
    if (phrase.every((w, j) => text[i + j] === w)) return true;
  }
  return false;
}

const strings = (entry: Row, attribute: string) => list<string>(entry[attribute]);

/**
 * Conditions on a string value, each with which entries it finds, worked out from the generated
 * documents without the engine.
 */
const VALUE_CONDITIONS = {
  contains_phrase: (s: string) => ({
    parameters: { attribute: 'struct.title', operator: 'contains_phrase', value: s },
    matches: (e: Row) => strings(e, 'struct.title').some((t) => hasRun(words(t), words(s))),
  }),
  contains_words: (s: string) => ({
    parameters: { attribute: 'struct.title', operator: 'contains_words', value: s },
    matches: (e: Row) => strings(e, 'struct.title').some((t) => words(t).some((w) => words(s).includes(w))),
  }),
  exact_match: (s: string) => ({
    parameters: { attribute: 'audit_author.name', operator: 'exact_match', value: s },
    matches: (e: Row) => strings(e, 'audit_author.name').some((n) => n.toLowerCase() === s.toLowerCase()),
  }),
  case_sensitive: (s: string) => ({
    parameters: { attribute: 'exptl.method', operator: 'exact_match', value: s, case_sensitive: true },
    matches: (e: Row) => strings(e, 'exptl.method').includes(s),
  }),
  in: (s: string) => ({
    parameters: { attribute: 'rcsb_entry_info.experimental_method', operator: 'in', value: [s, `${s} `] },
    matches: (e: Row) => [s, `${s} `].includes(e['rcsb_entry_info.experimental_method'] as string),
  }),
};

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
        // By name: a facet without buckets (a filter that finds nothing) is left out of the answer.
        const [method, filtered, weights] = ['method', 'filtered', 'weights'].map((name) =>
          body.facets.find((f: { name: string }) => f.name === name),
        );
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

  it('bodies of any depth and any size up to the body limit, sent as text over HTTP: 400 or 413', async () => {
    // Over a socket, so that the body goes through the same parser and limits as a client's.
    const url = `${await fixture.app.listen({ host: '127.0.0.1', port: 0 })}/rcsbsearch/v2/query`;
    const limit = fixture.app.initialConfig.bodyLimit!;
    expect(limit).toBe(1_048_576);
    await fc.assert(
      fc.asyncProperty(bodies(limit), async ({ text, bytes }) => {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: text,
        });
        expect(response.status).toBe(bytes > limit ? 413 : 400);
        expect(typeof ((await response.json()) as { message?: unknown }).message).toBe('string');
      }),
      { numRuns: 150, examples: edgeBodies(limit).map((body) => [body]) },
    );
  }, 180_000);

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

  it('hostile strings in every string position are refused or taken as plain values, with the right answer', async () => {
    const entries = fixture.docs.entry as Row[];
    // Pieces of real values, so that some hostile values match: with nothing found, a wrong answer
    // and the right one (0) would look the same.
    const values = (attribute: string) => [...new Set(entries.flatMap((e) => strings(e, attribute)))];
    const titles = entries.slice(0, 40).flatMap((e) => {
      const title = strings(e, 'struct.title').join(' ').split(' ');
      return [title.slice(1, 3).join(' '), title.slice(-2).join(' ')];
    });
    const piece = fc.oneof(
      fc.constantFrom(...titles, "ADENOSINE-5'-DIPHOSPHATE"),
      fc.constantFrom(...values('audit_author.name').slice(0, 30)),
      fc.constantFrom(...values('exptl.method'), ...METHODS),
    );
    const bare = fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), fc.string());
    const hostile = fc.oneof(
      bare,
      piece,
      piece.map((p) => p.toUpperCase()),
      fc.tuple(bare, piece, bare).map(([a, p, b]) => `${a}${p}${b}`),
    );
    let answered = 0;
    let found = 0;
    await fc.assert(
      fc.asyncProperty(
        hostile,
        fc.oneof(
          { weight: 4, arbitrary: fc.constant('value') },
          { weight: 5, arbitrary: fc.constantFrom('attribute', 'facet', 'sort', 'name', 'query_id') },
        ),
        fc.constantFrom(...(Object.keys(VALUE_CONDITIONS) as (keyof typeof VALUE_CONDITIONS)[])),
        async (s, where, kind) => {
          const request: any = { return_type: 'entry', request_options: { paginate: { rows: 1 } } };
          const condition = VALUE_CONDITIONS[kind](s);
          if (where === 'value') request.query = text(condition.parameters);
          if (where === 'attribute') request.query = text({ attribute: s, operator: 'exists' });
          if (where === 'facet')
            request.request_options.facets = [{ name: 'f', aggregation_type: 'terms', attribute: s }];
          if (where === 'sort') request.request_options.sort = [{ sort_by: s }];
          if (where === 'name') request.request_options.facets = [{ ...methodFacet, name: s }];
          if (where === 'query_id') request.request_info = { query_id: s };
          const response = await post(request);
          expectRefused(response);
          if (response.status >= 400) return;
          answered++;
          const { status, body } = response;
          const context = JSON.stringify(request);
          // An attribute the catalogue does not know cannot be searched, faceted or sorted on.
          if (['attribute', 'facet', 'sort'].includes(where))
            expect(findAttribute(s, 'entry'), context).toBeDefined();
          const expected = where === 'value' ? entries.filter(condition.matches).length : entries.length;
          if (where === 'value' && expected > 0) found++;
          expect(status === 204 ? 0 : body.total_count, context).toBe(expected);
          if (where === 'name') {
            expect(body.facets[0].name, context).toBe(s);
            expect(body.facets[0].buckets, context).toEqual(
              termsBuckets(entries.map((e) => [e._key as number, list(e[methodFacet.attribute])])),
            );
          }
          if (where === 'query_id') expect(body.query_id, context).toBe(s);
        },
      ),
      { numRuns: 1500 },
    );
    // Enough values are answered, and enough of them find something, for the answers to tell.
    expect(answered).toBeGreaterThan(500);
    expect(found).toBeGreaterThan(80);
    // The archive is unchanged: every level holds the same rows, compared by content.
    expect(await levelDigests()).toEqual(digestsBefore);
    for (const level of RETURN_TYPES) {
      const { body } = await post({ return_type: level, request_options: { return_counts: true } });
      expect(body.total_count, level).toBe(fixture.docs[level].length);
    }
  });
});
