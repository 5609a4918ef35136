import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DATE_RANGE, findAttribute, RETURN_TYPES, type ReturnType } from '@pdb-stats/search-model';
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
    // 1,500 searches over HTTP: well under a minute alone, past it when the machine is busy.
  }, 180_000);

  it('a terms facet cut to max_num_intervals holds the first buckets of the whole facet, ties included', async () => {
    // Attributes of every key type with many values of one entry each: the cut falls on ties,
    // which the database orders before the service reads them.
    const attributes = [
      'rcsb_id',
      'audit_author.name',
      'rcsb_entity_source_organism.ncbi_scientific_name',
      'rcsb_entry_info.molecular_weight',
      'rcsb_entry_info.deposited_atom_count',
      'rcsb_accession_info.initial_release_date',
    ];
    await fc.assert(
      fc.asyncProperty(
        query,
        fc.constantFrom(...attributes),
        fc.integer({ min: 1, max: 40 }),
        async (q, attribute, most) => {
          const facet = { name: 'f', aggregation_type: 'terms', attribute };
          const ask = (extra: object) =>
            post({ query: q, return_type: 'entry', request_options: { facets: [{ ...facet, ...extra }] } });
          const [whole, cut] = await Promise.all([ask({}), ask({ max_num_intervals: most })]);
          expect([200, 204]).toContain(whole.status);
          expect(cut.status).toBe(whole.status);
          if (whole.status === 204) return;
          const context = `${attribute} max_num_intervals ${most}`;
          expect(cut.body.facets, context).toEqual(
            whole.body.facets?.map((f: any) => ({ ...f, buckets: f.buckets.slice(0, most) })),
          );
        },
      ),
      { numRuns: 150 },
    );
  }, 180_000);
});

/**
 * Dates over the whole range JavaScript holds (±273,790 years) and date math of any amount, written
 * as a client would; numbers over the whole double range, subnormals and ±0 included.
 */
const YEAR_MS = 365.2425 * 86_400_000;
const pad = (n: number, width: number) => String(n).padStart(width, '0');
const plainDate = (d: Date) =>
  `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)}`;
/** A date value and, where it is plainly inside or outside DATE_RANGE, whether it is (else undefined). */
const wideDate: fc.Arbitrary<{ value: string; inside?: boolean }> = fc.oneof(
  fc.date({ noInvalidDate: true }).map((d) => {
    const year = d.getUTCFullYear();
    if (year < 0 || year > 9999) return { value: d.toISOString(), inside: false };
    return { value: plainDate(d), inside: year >= 1 };
  }),
  fc
    .tuple(
      fc.oneof(fc.constant('now'), fc.date({ min: new Date('1000-01-01'), max: new Date('2999-12-31') })),
      fc.constantFrom('+', '-'),
      fc.oneof(fc.integer({ min: 1, max: 12_000 }), fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER })),
      fc.constantFrom('y', 'M', 'w'),
    )
    .map(([anchor, sign, amount, unit]) => {
      const from = anchor === 'now' ? new Date() : anchor;
      const years = (amount / { y: 1, M: 12, w: 52.1775 }[unit]) * (sign === '-' ? -1 : 1);
      const ms = from.getTime() + years * YEAR_MS;
      // A year's margin on each side of the bounds: what lies there is left undecided.
      const inside =
        ms > Date.parse(DATE_RANGE.min) + YEAR_MS && ms < Date.parse(DATE_RANGE.max) - YEAR_MS
          ? true
          : ms < Date.parse(DATE_RANGE.min) - YEAR_MS || ms > Date.parse(DATE_RANGE.max) + YEAR_MS
            ? false
            : undefined;
      const value = `${anchor === 'now' ? 'now' : `${plainDate(anchor)}||`}${sign}${amount}${unit}`;
      return { value, ...(inside !== undefined && { inside }) };
    }),
);
const wideNumber = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(5e-324, -5e-324, Number.MAX_VALUE, -Number.MAX_VALUE, 2 ** 53 + 2, -0),
  fc.integer(),
);

describe('dates and numbers over the whole representable range and beyond', () => {
  const released = 'rcsb_accession_info.initial_release_date';
  const weight = 'rcsb_entry_info.molecular_weight';

  it('a date inside the representable range is searched and counted right; one outside is a 400 naming it', async () => {
    const entries = fixture.docs.entry as Row[];
    await fc.assert(
      fc.asyncProperty(wideDate, fc.constantFrom('terminal', 'facet'), async ({ value, inside }, where) => {
        const request =
          where === 'terminal'
            ? {
                query: text({ attribute: released, operator: 'greater_or_equal', value }),
                return_type: 'entry',
              }
            : {
                return_type: 'entry',
                request_options: {
                  facets: [
                    {
                      name: 'd',
                      aggregation_type: 'date_range',
                      attribute: released,
                      ranges: [{ from: value }],
                    },
                  ],
                },
              };
        const { status, body } = await post(request);
        const context = JSON.stringify(request);
        expect([200, 204, 400], context).toContain(status);
        if (inside === false) expect(status, context).toBe(400);
        if (status === 400) {
          expect(inside, context).not.toBe(true);
          expect(body.message, context).toContain(JSON.stringify(value));
          return;
        }
        if (where === 'facet') return;
        // The accepted value's day, as the service resolved it: counted against the documents.
        const from = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : Date.now());
        if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return;
        const expected = entries.filter((e) => new Date(`${e[released] as string}T00:00:00Z`) >= from).length;
        expect(status === 204 ? 0 : body.total_count, context).toBe(expected);
      }),
      { numRuns: 600 },
    );
  });

  it('any number in a comparison, a range facet or a histogram interval: an answer or a 400, never a 5xx', async () => {
    const entries = fixture.docs.entry as Row[];
    await fc.assert(
      fc.asyncProperty(wideNumber, fc.constantFrom('less', 'ranges', 'interval'), async (n, where) => {
        const facet =
          where === 'ranges'
            ? { name: 'r', aggregation_type: 'range', attribute: weight, ranges: [{ to: n }, { from: n }] }
            : { name: 'h', aggregation_type: 'histogram', attribute: weight, interval: n };
        const request =
          where === 'less'
            ? { query: text({ attribute: weight, operator: 'less', value: n }), return_type: 'entry' }
            : { return_type: 'entry', request_options: { facets: [facet] } };
        const { status, body } = await post(request);
        const context = JSON.stringify(request);
        if (where === 'interval' && n <= 0) expect(status, context).toBe(400);
        expect([200, 204, 400], context).toContain(status);
        if (status === 400) {
          expect(where, context).toBe('interval');
          expect(body.message, context).toMatch(/interval/);
          return;
        }
        if (where === 'less') {
          const expected = entries.filter(
            (e) => typeof e[weight] === 'number' && (e[weight] as number) < n,
          ).length;
          expect(status === 204 ? 0 : body.total_count, context).toBe(expected);
        }
        // Every bucket is labelled with a finite number.
        for (const bucket of body?.facets?.[0]?.buckets ?? [])
          if (where === 'interval') expect(Number.isFinite(Number(bucket.label)), context).toBe(true);
      }),
      { numRuns: 600 },
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
