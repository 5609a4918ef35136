import { mkdir, mkdtemp, readdir, readlink, realpath, rename, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { generateDemoArchive, generateDocuments, writeSnapshot } from '@pdb-stats/demo';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';

/**
 * A snapshot published while the real server answers a steady stream of requests over HTTP: the
 * server serves it without a restart, and not one request fails meanwhile.
 */
let dir: string;
let archive: string;
let server: ServerProcess;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pdb-stats-switch-'));
  archive = join(dir, 'archive');
  await writeSnapshot(generateDocuments({ entries: 400, seed: 3, archiveDate: '2026-07-01' }), archive);
  server = await startServerProcess(archive, {
    LOG_LEVEL: 'info',
    // Searches queue behind the charts computed ahead rather than being refused on a busy machine.
    SEARCH_QUEUE_WAIT_MS: '20000',
  });
  await server.waitForLog((line) => /^answers of \d+\/\d+ chart requests cached/.test(line.msg ?? ''));
});
afterAll(async () => {
  if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

/** Entries of resolution below `limit`: a new limit is a new search, which reaches the engine. */
const countBelow = (limit: number) => ({
  return_type: 'entry',
  query: {
    type: 'terminal',
    service: 'text',
    parameters: { attribute: 'rcsb_entry_info.resolution_combined', operator: 'less', value: limit },
  },
  request_options: { return_counts: true },
});
const EVERY_ENTRY = { return_type: 'entry', request_options: { return_counts: true } };

async function totalOf(body: object): Promise<number> {
  const response = await fetch(`${server.url}/rcsbsearch/v2/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { total_count: number }).total_count;
}

it('serves a newly published snapshot without a restart, failing no request during the switch', async () => {
  expect(await totalOf(EVERY_ENTRY)).toBe(400);
  const failures: string[] = [];
  const totals = new Set<number>();
  let sent = 0;
  let stop = false;
  // Three clients, each sending its next request when the last is answered: cached and new searches,
  // the archive manifest and the documents of the results pages.
  const client = async (n: number) => {
    for (let i = 0; !stop; i++) {
      const kind = i % 4;
      try {
        if (kind === 3) {
          const response = await fetch(`${server.url}/rcsbsearch/v2/archive`);
          if (response.status !== 200) failures.push(`archive: ${response.status}`);
          await response.arrayBuffer();
        } else if (kind === 2) {
          const response = await fetch(`${server.url}/rcsbsearch/v2/documents?return_type=entry&ids=1ABC`);
          if (response.status !== 200)
            failures.push(`documents: ${response.status} ${await response.text()}`);
          else await response.arrayBuffer();
        } else {
          const body = kind === 0 ? EVERY_ENTRY : countBelow(1 + ((n * 7919 + i) % 997) / 100);
          const response = await fetch(`${server.url}/rcsbsearch/v2/query`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
          if (response.status !== 200 && response.status !== 204)
            failures.push(`search: ${response.status} ${await response.text()}`);
          else if (kind === 0) totals.add(((await response.json()) as { total_count: number }).total_count);
          else await response.arrayBuffer();
        }
      } catch (error) {
        failures.push(String(error));
      }
      sent++;
    }
  };
  const clients = [0, 1, 2].map(client);
  await new Promise((resolve) => setTimeout(resolve, 300));
  // Published as the import and the demo generator publish: a new version, then the link replaced.
  await writeSnapshot(generateDocuments({ entries: 500, seed: 4, archiveDate: '2026-08-01' }), archive);
  await server.waitForLog((line) => /^released /.test(line.msg ?? ''), 20_000);
  await new Promise((resolve) => setTimeout(resolve, 300));
  stop = true;
  await Promise.all(clients);

  expect(failures).toEqual([]);
  // The charts' answers of the new archive were computed before the switch, every one of them.
  const ahead = server.logs.find((line) => /chart answers computed ahead/.test(line.msg ?? ''));
  const [done, all] = /^(\d+)\/(\d+) /.exec(ahead?.msg ?? '')?.slice(1) ?? [];
  expect(Number(done)).toBeGreaterThan(30);
  expect(done).toBe(all);
  expect(sent).toBeGreaterThan(40);
  // The same search, asked before and after, answered from the old archive and then the new one.
  expect([...totals].sort()).toEqual([400, 500]);
  expect(await totalOf(EVERY_ENTRY)).toBe(500);
  const manifest = (await (await fetch(`${server.url}/rcsbsearch/v2/archive`)).json()) as Record<
    string,
    unknown
  >;
  expect(manifest.archive_date).toBe('2026-08-01');
  // The old version stays on disk as the one before; the database files are the served version's and its.
  const names = await readdir(`${archive}.snapshots`);
  expect(names.filter((name) => /^\d{8}T\d{9}Z-[0-9a-f]{8}$/.test(name))).toHaveLength(2);
  // Marked served by the server: the new version alone, once the old one is released.
  const served = await realpath(archive);
  expect(names.filter((name) => name.includes('.served.'))).toEqual([
    `${basename(served)}.served.${server.child.pid}`,
  ]);
});

it('SIGHUP with nothing newly published keeps serving the same archive', async () => {
  server.child.kill('SIGHUP');
  await server.waitForLog((line) => /^SIGHUP: .* is served already$/.test(line.msg ?? ''), 5000);
  expect(await totalOf(EVERY_ENTRY)).toBe(500);
});

it('a link to a folder that is not a snapshot leaves the served archive in place', async () => {
  // Not what the snapshot writer publishes: a hand-made link to a folder without a manifest. The
  // folder to serve is then the newest complete version, the one served.
  const broken = join(`${archive}.snapshots`, '20990101T000000000Z-0badf00d');
  const good = await readlink(archive);
  const earlier = new Set(server.logs);
  await mkdir(broken);
  await symlink(relative(dir, broken), `${archive}.broken`);
  await rename(`${archive}.broken`, archive);
  try {
    const changed = new RegExp(
      `^${archive.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} changed: .* is served already$`,
    );
    await server.waitForLog((line) => !earlier.has(line) && changed.test(line.msg ?? ''), 5000);
    expect(await totalOf(EVERY_ENTRY)).toBe(500);
    expect(server.logs.filter((line) => line.level >= 50)).toEqual([]);
  } finally {
    await symlink(good, `${archive}.good`);
    await rename(`${archive}.good`, archive);
    await rm(broken, { recursive: true });
  }
});

it('switches to a demo snapshot without Parquet files, its tables in its database files', async () => {
  const earlier = new Set(server.logs);
  await generateDemoArchive({
    entries: 600,
    seed: 5,
    archiveDate: '2026-09-01',
    outDir: archive,
    processes: 1,
    parquet: false,
  });
  await server.waitForLog((line) => !earlier.has(line) && /^released /.test(line.msg ?? ''), 20_000);
  expect((await readdir(archive)).filter((name) => name.endsWith('.parquet'))).toEqual([]);
  expect(await totalOf(EVERY_ENTRY)).toBe(600);
  const response = await fetch(`${server.url}/rcsbsearch/v2/documents?return_type=entry&ids=1ABC`);
  expect(response.status).toBe(200);
  // Its tables attached as they are: no database file built beside the new version.
  const served = await realpath(archive);
  expect(await readdir(`${archive}.snapshots`)).not.toContain(`${basename(served)}.duckdb`);
});
