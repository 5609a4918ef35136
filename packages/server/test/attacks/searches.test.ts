import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDocuments, writeSnapshot } from '@pdb-stats/demo';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { attacker } from './connection-attacks.ts';
import { startProbe, type ProbeReport } from './probe.ts';
import { countStatuses, runSearchAttack, SEARCH_ATTACKS, type AttackAnswer } from './search-attacks.ts';
import { tempArchive, type TempArchive } from '../../../../test-support/temp-archive.ts';

/**
 * Costly searches, against the real server process, each run while a probe asks for a cached chart
 * and a cheap uncached search from another address: what the attacker gets, and that the other
 * visitor is still served. The queue's wait limit is scaled down (1 s instead of 5 s) so that the
 * flood meets it at 2,000 entries, and so are the rows one answer's facets may read (30,000
 * instead of 250,000: still more than any chart of the dashboard reads).
 */

let dir: string;
let temp: TempArchive | undefined;
let server: ServerProcess;

beforeAll(async () => {
  temp = await tempArchive('search-attacks');
  dir = temp.dir;
  await writeSnapshot(generateDocuments({ entries: 2000, seed: 9, archiveDate: '2026-07-01' }), dir);
  server = await startServerProcess(dir, {
    SEARCH_QUEUE_WAIT_MS: '1000',
    SEARCH_MAX_FACET_ROWS: '30000',
    RATE_LIMIT_PER_MINUTE: '0',
  });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await temp?.remove();
});

const attack = (name: string) => SEARCH_ATTACKS.find((a) => a.name === name)!;

async function underProbe(
  name: string,
  rounds = 1,
): Promise<{ answers: AttackAnswer[]; probe: ProbeReport }> {
  const probe = await startProbe(server.url, { pid: server.child.pid! });
  const answers = await runSearchAttack(server.url, attack(name), attacker(20), rounds);
  return { answers, probe: await probe.stop() };
}

/** What every attack leaves the other visitor: answers, quickly, no error of the server, bounded memory. */
function expectVisitorServed(probe: ProbeReport) {
  expect(Object.keys(probe.cachedChart.statuses)).toEqual(['200']);
  expect(Object.keys(probe.uncachedSearch.statuses).filter((s) => s !== '200' && s !== '204')).toEqual([]);
  expect(probe.cachedChart.count).toBeGreaterThan(0);
  // Bounds that only a stall breaks, even on a loaded machine: the latency budgets are the bench's.
  expect(probe.cachedChart.max).toBeLessThan(3000);
  expect(probe.uncachedSearch.max).toBeLessThan(3000);
  expect(probe.peakRssBytes).toBeLessThan(1024 ** 3);
}

describe('costly searches are refused before they run, or queued with a wait limit', () => {
  it('nested ranges of 1,000 x 1,000: 400 at once', async () => {
    const { answers, probe } = await underProbe('nested ranges 1,000 x 1,000', 3);
    expect(countStatuses(answers)).toEqual({ 400: 12 });
    for (const { ms } of answers) expect(ms).toBeLessThan(3000);
    expectVisitorServed(probe);
  });

  it('63 terms facets of every identifier: 400, the answer is not built', async () => {
    const { answers, probe } = await underProbe('63 terms facets of every identifier', 2);
    expect(countStatuses(answers)).toEqual({ 400: 10 });
    expectVisitorServed(probe);
  });

  it('63 terms facets of every identifier, ten shown: answered, the facets cut by the database', async () => {
    const { answers, probe } = await underProbe('63 terms facets of every identifier, ten shown', 2);
    expect(countStatuses(answers)).toEqual({ 200: 10 });
    expectVisitorServed(probe);
  });

  it('identifiers nested in 31 facets: 400 once their rows pass the limit', async () => {
    const { answers, probe } = await underProbe('identifiers nested in 31 facets', 2);
    expect(countStatuses(answers)).toEqual({ 400: 10 });
    expectVisitorServed(probe);
  });

  it('in lists of 10,000 integers: answered, without stalling the event loop', async () => {
    const { answers, probe } = await underProbe('in list of 10,000 integers', 2);
    const statuses = countStatuses(answers);
    expect((statuses[200] ?? 0) + (statuses[204] ?? 0)).toBe(16);
    expectVisitorServed(probe);
  });

  it('dates past the year 9999: 400, never 500', async () => {
    const { answers, probe } = await underProbe('dates past the year 9999', 2);
    expect(countStatuses(answers)).toEqual({ 400: 16 });
    expectVisitorServed(probe);
  });

  it('a histogram interval of 5e-324: 400, never a bucket labelled "Infinity"', async () => {
    const { answers, probe } = await underProbe('histogram interval of 5e-324', 2);
    expect(countStatuses(answers)).toEqual({ 400: 16 });
    expectVisitorServed(probe);
  });

  it('a flood of heavy searches: answered or 503 with Retry-After, while a cheap search still gets through', async () => {
    const { answers, probe } = await underProbe('flood of heavy facet searches', 2);
    const statuses = countStatuses(answers);
    expect(Object.keys(statuses).filter((s) => s !== '200' && s !== '503')).toEqual([]);
    for (const answer of answers.filter((a) => a.status === 503)) expect(answer.retryAfter).toBe('5');
    expectVisitorServed(probe);
  });
});
