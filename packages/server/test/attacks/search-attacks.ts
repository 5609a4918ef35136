import { request } from 'node:http';

/**
 * Searches a hostile client sends to make the service work (the attack suite and `npm run bench --
 * --only attacks` send the same ones): each a request body, sent many times at once from one
 * loopback address other than the probe's.
 */

export interface SearchAttack {
  name: string;
  /** The `n`-th body the attacker sends (each unique, so that no answer is cached). */
  body: (n: number) => string;
  /** Bodies sent at once. */
  concurrency: number;
}

const terminal = (parameters: object) => ({ type: 'terminal', service: 'text', parameters });
/** Entries under a resolution: each attack's bodies differ in it, so that no answer is cached. */
const resolutionBelow = (value: number) =>
  terminal({ attribute: 'rcsb_entry_info.resolution_combined', operator: 'less', value });
const rangeFacet = (name: string, count: number, n: number, facets?: object[]) => ({
  name,
  aggregation_type: 'range',
  attribute: 'rcsb_entry_info.resolution_combined',
  ranges: Array.from({ length: count }, (_, i) => ({ from: i / 1000 + n / 1e6 })),
  ...(facets && { facets }),
});

/** 63 terms facets over every identifier, each with `extra`. */
const identifierFacets = (n: number, extra: object = {}) =>
  JSON.stringify({
    return_type: 'entry',
    query: resolutionBelow(9 + n / 1e6),
    request_options: {
      facets: Array.from({ length: 63 }, (_, i) => ({
        name: `ids ${i}`,
        aggregation_type: 'terms',
        attribute: 'rcsb_id',
        ...extra,
      })),
    },
  });

export const SEARCH_ATTACKS: readonly SearchAttack[] = [
  {
    // 49 KB: a range facet of 1,000 ranges inside another of 1,000 (held every connection 30 s).
    name: 'nested ranges 1,000 x 1,000',
    concurrency: 4,
    body: (n) =>
      JSON.stringify({
        return_type: 'entry',
        request_options: { facets: [rangeFacet('outer', 1000, n, [rangeFacet('inner', 1000, n)])] },
      }),
  },
  {
    // The most values a request may list, in one list (16 lists of 10,000 blocked the event loop).
    name: 'in list of 10,000 integers',
    concurrency: 8,
    body: (n) =>
      JSON.stringify({
        return_type: 'entry',
        query: terminal({
          attribute: 'rcsb_entry_info.deposited_atom_count',
          operator: 'in',
          value: Array.from({ length: 10_000 }, (_, i) => n * 10_000 + i),
        }),
        request_options: { return_counts: true },
      }),
  },
  {
    // 7 KB of 63 facets over every identifier (answered 17.9 MB at 5,000 entries).
    name: '63 terms facets of every identifier',
    concurrency: 5,
    body: (n) => identifierFacets(n),
  },
  {
    // The same, each facet cut to ten buckets: a valid request, whose every facet read all the
    // identifiers to keep ten (37 s a round and 1.1 GB at 250,000 entries).
    name: '63 terms facets of every identifier, ten shown',
    concurrency: 5,
    body: (n) => identifierFacets(n, { max_num_intervals: 10 }),
  },
  {
    // Few buckets, many rows: every identifier nested in a histogram of one bin, 31 times over
    // (the most facets allowed; each interval another, so that no two statements are the same): a
    // row per (bin, identifier) pair each (timeouts after 30 s and 2.5 GB at 250,000 entries).
    name: 'identifiers nested in 31 facets',
    concurrency: 5,
    body: (n) =>
      JSON.stringify({
        return_type: 'entry',
        query: resolutionBelow(9 + n / 1e6),
        request_options: {
          facets: Array.from({ length: 31 }, (_, i) => ({
            name: `weights ${i}`,
            aggregation_type: 'histogram',
            attribute: 'rcsb_entry_info.molecular_weight',
            interval: 1_000_000 + i,
            facets: [{ name: 'ids', aggregation_type: 'terms', attribute: 'rcsb_id', max_num_intervals: 1 }],
          })),
        },
      }),
  },
  {
    // Valid heavy searches, far more than the connections: the queue's wait limit answers 503.
    name: 'flood of heavy facet searches',
    concurrency: 40,
    body: (n) =>
      JSON.stringify({
        return_type: 'entry',
        query: resolutionBelow(3 + n / 1e6),
        request_options: {
          facets: [
            {
              name: 'organisms',
              aggregation_type: 'terms',
              attribute: 'rcsb_entity_source_organism.ncbi_scientific_name',
              facets: [
                {
                  name: 'years',
                  aggregation_type: 'date_histogram',
                  attribute: 'rcsb_accession_info.initial_release_date',
                  interval: 'year',
                },
              ],
            },
            {
              name: 'weights',
              aggregation_type: 'histogram',
              attribute: 'rcsb_entry_info.molecular_weight',
              interval: 1,
            },
          ],
        },
      }),
  },
  {
    // An interval so small that no bin can be named (answered once with a bucket labelled "Infinity").
    name: 'histogram interval of 5e-324',
    concurrency: 8,
    body: (n) =>
      JSON.stringify({
        return_type: 'entry',
        query: resolutionBelow(9 + n / 1e6),
        request_options: {
          facets: [
            {
              name: 'weights',
              aggregation_type: 'histogram',
              attribute: 'rcsb_entry_info.molecular_weight',
              interval: 5e-324,
            },
          ],
        },
      }),
  },
  {
    name: 'dates past the year 9999',
    concurrency: 8,
    body: (n) =>
      JSON.stringify({
        return_type: 'entry',
        query: terminal({
          attribute: 'rcsb_accession_info.initial_release_date',
          operator: 'greater',
          value: ['now+8000y', 'now-99999999999y', '2020-01-01||+8000y'][n % 3],
        }),
      }),
  },
];

/** One answer to an attacker: its status (0: none), Retry-After, latency in ms. */
export interface AttackAnswer {
  status: number;
  retryAfter?: string;
  ms: number;
}

/** POSTs a search from `localAddress`; the answer's body is read and dropped. */
export function postFrom(url: string, body: string, localAddress: string): Promise<AttackAnswer> {
  return new Promise((resolve) => {
    const started = performance.now();
    const sent = request(
      `${url}/rcsbsearch/v2/query`,
      {
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) =>
        response.resume().on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            ...(response.headers['retry-after'] !== undefined && {
              retryAfter: response.headers['retry-after'],
            }),
            ms: performance.now() - started,
          }),
        ),
    );
    sent.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    sent.end(body);
  });
}

/** How long an attack goes on, when it is drawn out so that a probe beside it sees enough of it. */
export interface AttackSpan {
  /** Rounds go on until this long has passed (after `rounds` at least). */
  minMs: number;
  /** A round starts this long after the one before it started (or when it ends, if later). */
  roundEveryMs: number;
}

/**
 * Sends the attack's bodies, `concurrency` at once, `rounds` times over, from `localAddress`; with
 * `span`, more rounds follow at its pace until it has passed.
 */
export async function runSearchAttack(
  url: string,
  attack: SearchAttack,
  localAddress: string,
  rounds = 1,
  span?: AttackSpan,
): Promise<AttackAnswer[]> {
  const answers: AttackAnswer[] = [];
  const base = Math.floor(Math.random() * 1000) * 1000;
  const started = performance.now();
  for (let round = 0; round < rounds || performance.now() - started < (span?.minMs ?? 0); round++) {
    const due = started + round * (span?.roundEveryMs ?? 0);
    if (due > performance.now()) await new Promise((resolve) => setTimeout(resolve, due - performance.now()));
    const batch = Array.from({ length: attack.concurrency }, (_, i) =>
      postFrom(url, attack.body(base + round * attack.concurrency + i), localAddress),
    );
    answers.push(...(await Promise.all(batch)));
  }
  return answers;
}

/** Answers by status: `{ 400: 4 }`. */
export function countStatuses(answers: readonly AttackAnswer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}
