import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sharedPath } from '../../../../test-support/shared-files.ts';
import { readLevel } from '../fixtures/read-snapshot.ts';
import { ImportError, type ImportEvent } from '../pipeline.ts';
import { importRcsbApi, type RcsbApiImportOptions } from './pipeline.ts';
import { loadFixtureEntries, standInChemComps, type EntryDoc } from './stand-in/fixtures.ts';
import { startStandIn, type StandIn } from './stand-in/server.ts';

const SDL = sharedPath('real-data/data-api/schema.graphql', 'the Data API importer suite');
const NOTEBOOK = sharedPath(
  'real-data/data-api/fetch_chemical_descriptors.ipynb',
  'the Data API importer suite',
);

let standIn: StandIn;
let entries: Record<string, EntryDoc>;
let dir: string;
const FIXTURE_IDS = ['2HYV', '3VBT', '5TM0', '6RKU'];

let serve: (entries: Record<string, EntryDoc>) => Promise<StandIn>;

beforeAll(async () => {
  if (!SDL || !NOTEBOOK) return;
  entries = loadFixtureEntries();
  const chemComps = standInChemComps(NOTEBOOK, entries);
  const sdl = readFileSync(SDL, 'utf8');
  // The list names an entry the server does not serve: withdrawn between the list and the query.
  serve = (served) => startStandIn({ sdl, entries: served, chemComps, holdings: [...FIXTURE_IDS, '9ZZZ'] });
  standIn = await serve(entries);
});

afterAll(() => standIn?.close());

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pdb-stats-rcsb-api-'));
  standIn?.fault(undefined);
  standIn?.requests.splice(0);
});

afterEach(() => rm(dir, { recursive: true, force: true }));

const run = (options: Partial<RcsbApiImportOptions> = {}, events: ImportEvent[] = []) =>
  importRcsbApi({
    baseUrl: standIn.url,
    outDir: join(dir, 'archive'),
    backoffMs: 5,
    ratePerSecond: 1000,
    onEvent: (event) => events.push(event),
    ...options,
  });

describe.skipIf(!SDL || !NOTEBOOK)('the RCSB Data API importer against a stand-in of the API', () => {
  it('imports the listed entries with every level and RCSB-derived attribute, asking only valid queries', async () => {
    const summary = await run();
    expect(standIn.invalidQueries).toBe(0);
    expect(summary.entries).toMatchObject({ listed: 5, fetched: 4, failed: 1 });
    expect(summary.failures).toEqual([{ id: '9ZZZ', reason: 'not served: unknown or withdrawn id' }]);
    expect(summary.components).toMatchObject({ listed: 3, fetched: 3, failed: 0 });
    expect(summary.counts).toMatchObject({ entry: 4, mol_definition: 3, non_polymer_entity: 3 });
    expect(summary.manifest).toMatchObject({ source: 'RCSB Data API', demo: false });

    const rows = await readLevel(join(dir, 'archive'), 'entry');
    const byId = new Map(rows.map((row) => [row.rcsb_id, row]));
    expect([...byId.keys()].sort()).toEqual(FIXTURE_IDS);
    const vbt = entries['3VBT'] as EntryDoc;
    expect(byId.get('3VBT')).toMatchObject({
      'rcsb_accession_info.initial_release_date': String(vbt.rcsb_accession_info?.initial_release_date).slice(
        0,
        10,
      ),
      'rcsb_entry_info.resolution_combined': vbt.rcsb_entry_info?.resolution_combined,
      'rcsb_primary_citation.rcsb_journal_abbrev': vbt.rcsb_primary_citation?.rcsb_journal_abbrev,
    });
    // What mmCIF files do not carry: symmetry, lineages, cluster membership.
    const assemblies = await readLevel(join(dir, 'archive'), 'assembly');
    expect(
      assemblies.some((a) => Array.isArray(a.rcsb_struct_symmetry) && a.rcsb_struct_symmetry.length > 0),
    ).toBe(true);
    const entities = await readLevel(join(dir, 'archive'), 'polymer_entity');
    expect(
      entities.some((e) => Array.isArray(e.rcsb_cluster_membership) && e.rcsb_cluster_membership.length > 0),
    ).toBe(true);
    // Non-polymer entities are linked to their component's row.
    const ligands = await readLevel(join(dir, 'archive'), 'non_polymer_entity');
    expect(ligands.every((row) => typeof row._chem_key === 'number' && row._chem_key >= 0)).toBe(true);
    expect(summary.attributes.structure.filled).toBeGreaterThan(150);
  });

  it('rides out 429 (honouring Retry-After), 500 and a slow answer, and reports partial errors per id', async () => {
    const events: ImportEvent[] = [];
    standIn.fault(({ ids, attempt }) => {
      if (ids[0] === '2HYV' && attempt === 1) return { status: 429, headers: { 'Retry-After': '1' } };
      if (ids[0] === '3VBT' && attempt === 1) return { status: 500 };
      if (ids[0] === '5TM0' && attempt === 1) return { delayMs: 1500 };
      if (ids[0] === '6RKU') return { errorIds: ['6RKU'] };
      return undefined;
    });
    const started = Date.now();
    const summary = await run({ batchSize: 1, timeoutMs: 500, idsFile: await idsFile(FIXTURE_IDS) }, events);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(summary.requests.retried).toBe(3);
    expect(summary.failures).toEqual([
      { id: '6RKU', reason: expect.stringMatching(/^the Data API answered with an error: /) },
    ]);
    expect(summary.counts.entry).toBe(3);
    const retries = events.flatMap((e) =>
      e.type === 'message' && /retry/.test(e.message) ? [e.message] : [],
    );
    expect(retries).toEqual([
      expect.stringMatching(/2HYV.*HTTP 429 \(too many requests\); retry 1 in 1\.\d s/),
      expect.stringMatching(/3VBT.*HTTP 500; retry 1/),
      expect.stringMatching(/5TM0.*no answer within 0.5 s; retry 1/),
    ]);
  });

  it('resumes after the connection is lost mid-run, without asking again for finished batches', async () => {
    // A server of its own: no late answer of another test can count here.
    const server = await serve(entries);
    try {
      const baseUrl = server.url;
      // A good snapshot first: a failed run must leave it as it was.
      await run({ baseUrl, idsFile: await idsFile(['3VBT']) });
      const before = await readFile(join(dir, 'archive', 'manifest.json'), 'utf8');
      server.fault(({ ids }) => (ids[0] === '5TM0' || ids[0] === '6RKU' ? { drop: true } : undefined));
      const ids = await idsFile(FIXTURE_IDS);
      const failed = run({ baseUrl, batchSize: 1, retries: 1, concurrency: 1, idsFile: ids });
      await expect(failed).rejects.toThrow(ImportError);
      await expect(failed).rejects.toThrow(/connection failed.*run the same command again/);
      expect(await readFile(join(dir, 'archive', 'manifest.json'), 'utf8')).toBe(before);

      server.fault(undefined);
      server.requests.splice(0);
      const resumed = await run({ baseUrl, batchSize: 1, idsFile: ids });
      const asked = server.requests.filter((r) => r.path === '/graphql').map((r) => r.ids.join(','));
      // 2HYV was received before the connection broke, and 3VBT by the first run.
      expect(asked.filter((id) => FIXTURE_IDS.includes(id))).toEqual(['5TM0', '6RKU']);
      expect(resumed.entries).toMatchObject({ listed: 4, fetched: 2, reused: 2 });
      expect(resumed.counts.entry).toBe(4);
    } finally {
      await server.close();
    }
  });

  it('with --since, asks again only for entries revised since the last import', async () => {
    await run();
    const revised = structuredClone(entries);
    const entry = revised['5TM0'] as EntryDoc;
    entry.rcsb_accession_info = {
      ...entry.rcsb_accession_info,
      revision_date: '2099-01-01T00:00:00Z',
    } as never;
    const later = await serve(revised);
    try {
      const summary = await run({ since: 'last', baseUrl: later.url });
      expect(summary.entries).toMatchObject({ refreshed: 1, fetched: 1, reused: 3 });
      const asked = later.requests.filter((r) => r.path === '/graphql').map((r) => r.ids.join(','));
      // The light query of dates for every entry held, then the one revised (with the listed id
      // never served, asked for again by every run).
      expect(asked.slice(1)).toEqual(['2HYV,3VBT,5TM0,6RKU', '5TM0,9ZZZ']);
      const rows = await readLevel(join(dir, 'archive'), 'entry');
      expect(rows.find((r) => r.rcsb_id === '5TM0')?.['rcsb_accession_info.revision_date']).toBe(
        '2099-01-01',
      );
    } finally {
      await later.close();
    }
  });

  it('--since last needs an import that completed', async () => {
    await expect(run({ since: 'last' })).rejects.toThrow(/no import has completed with this spool yet/);
  });

  it('records a run, and replays it with no network into the same snapshot', async () => {
    const recorded = await run({ record: join(dir, 'recording'), spoolDir: join(dir, 'spool-1') });
    const replayed = await run({
      replay: join(dir, 'recording'),
      baseUrl: 'http://127.0.0.1:9',
      spoolDir: join(dir, 'spool-2'),
      outDir: join(dir, 'replayed'),
    });
    expect(replayed.counts).toEqual(recorded.counts);
    expect(await readLevel(join(dir, 'replayed'), 'entry')).toEqual(
      await readLevel(join(dir, 'archive'), 'entry'),
    );
  });

  it('the command imports, prints its summary, and compares two snapshots', async () => {
    const cli = fileURLToPath(new URL('../cli.ts', import.meta.url));
    const command = (...args: string[]) =>
      new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        // Asynchronous: the stand-in answers from this process.
        execFile(
          process.execPath,
          ['--import', 'tsx', cli, ...args],
          { timeout: 120_000 },
          (error, stdout, stderr) =>
            resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
        );
      });
    const out = join(dir, 'cli');
    const imported = await command('rcsb-api', '--out', out, '--base-url', standIn.url, '--rate', '100');
    expect(imported.stderr).toContain('skipped 9ZZZ: not served: unknown or withdrawn id');
    expect(imported.code).toBe(0);
    expect(imported.stdout).toContain(
      'Entries: 5 listed, 4 received in this run, 0 from the spool, 1 not served',
    );
    expect(imported.stdout).toMatch(/Charts this archive can draw: \d+ of \d+/);
    const again = await command('rcsb-api', '--out', out, '--base-url', standIn.url);
    expect(again.stdout).toContain(
      'Entries: 5 listed, 0 received in this run, 4 from the spool, 1 not served',
    );
    const compared = await command('compare', out, out, '--examples', '1');
    expect(compared.code).toBe(0);
    expect(compared.stdout).toContain('entry: 4 entries in both, 0 only in A, 0 only in B');
  });

  it('refuses an ids file with a line that is not an entry id, naming the line', async () => {
    const path = join(dir, 'ids.txt');
    await writeFile(path, '4HHB\n# a comment\n1abc, 2DEF\nnot/an/id\n');
    await expect(run({ idsFile: path })).rejects.toThrow(/line 4: "not\/an\/id" is not an entry id/);
  });
});

async function idsFile(ids: readonly string[]): Promise<string> {
  const path = join(dir, `ids-${ids.length}.txt`);
  await writeFile(path, `${ids.join('\n')}\n`);
  return path;
}
