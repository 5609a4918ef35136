import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoArchive } from '@pdb-stats/demo';
import type { Manifest } from '@pdb-stats/snapshot';
import { buildApp } from '../../src/app.ts';
import { DocumentStore } from '../../src/documents/index.ts';
import { openDuckDbEngine, type Engine } from '../../src/engine/index.ts';
import { search } from '../support/archive-fixture.ts';

/**
 * The demo archive a server generates for itself on first start has no Parquet files: its tables
 * are its database files only. Searches, result documents and entry pages are answered from them,
 * attached as they are or loaded into memory (`DUCKDB_FILE=none`).
 */

let root: string;
let dir: string;
let web: string;
let manifest: Manifest;
let engine: Engine;
let app: FastifyInstance;

const SEARCH = {
  query: {
    type: 'terminal',
    service: 'text',
    parameters: { attribute: 'exptl.method', operator: 'exact_match', value: 'X-RAY DIFFRACTION' },
  },
  return_type: 'entry',
  request_options: { paginate: { start: 0, rows: 25 }, results_content_type: ['experimental'] },
};

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'pdb-stats-demo-tables-'));
  dir = join(root, 'demo');
  manifest = await generateDemoArchive({ entries: 2000, seed: 3, outDir: dir, processes: 2, parquet: false });
  // A built web folder written by hand: the page template the entry pages are served from.
  web = join(root, 'web');
  await mkdir(join(web, 'static'), { recursive: true });
  await writeFile(
    join(web, 'index.html'),
    '<!doctype html><html><head><title>t</title></head><body><div id="statsroot" data-config="{}"></div></body></html>',
  );
  let how = '';
  engine = await openDuckDbEngine(dir, { databaseFile: `${dir}.duckdb`, onReady: (h) => (how = h) });
  expect(how).toBe('attached');
  app = await buildApp({ engine, documents: await DocumentStore.open(dir, engine.held), web: { root: web } });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await rm(root, { recursive: true, force: true });
});

describe('a demo snapshot without Parquet files', () => {
  it('holds only its manifest and database files, and no database file is built beside it', async () => {
    expect((await readdir(dir)).filter((name) => name.endsWith('.parquet'))).toEqual([]);
    expect(await readdir(root)).not.toContain('demo.duckdb');
  });

  it('answers searches, and gives the titles of the results and their entry pages', async () => {
    const found = await search(app, SEARCH);
    expect(found?.total_count).toBeGreaterThan(0);
    const ids = (found?.result_set as { identifier: string }[]).map((r) => r.identifier);
    expect(ids).toHaveLength(25);

    const documents = await app.inject(`/rcsbsearch/v2/documents?return_type=entry&ids=${ids.join(',')}`);
    expect(documents.statusCode, documents.body).toBe(200);
    const titles = (documents.json().documents as Record<string, unknown>[]).map((d) => [
      d.identifier,
      typeof d['struct.title'],
    ]);
    expect(titles).toEqual(ids.map((id) => [id, 'string']));

    const record = await app.inject(`/api/entries/${ids[0]}`);
    expect(record.statusCode, record.body).toBe(200);
    expect(record.json().id).toBe(ids[0]);
    const page = await app.inject(`/entry/${ids[0]}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect((await app.inject('/entry/9ZZZ')).statusCode).toBe(404);
  });

  it('counts every level as its manifest does, and answers the same loaded into memory', async () => {
    for (const level of ['entry', 'polymer_instance', 'mol_definition'] as const) {
      const request = { return_type: level, request_options: { return_counts: true } };
      expect(await search(app, request).then((a) => a?.total_count), level).toBe(manifest.counts[level]);
    }
    const inMemory = await openDuckDbEngine(dir);
    try {
      const memoryApp = await buildApp({ engine: inMemory });
      try {
        const answer = async (server: FastifyInstance) => ({
          ...(await search(server, SEARCH)),
          query_id: 0,
        });
        expect(await answer(memoryApp)).toEqual(await answer(app));
      } finally {
        await memoryApp.close();
      }
    } finally {
      await inMemory.close();
    }
  });
});
