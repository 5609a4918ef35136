import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntryRecord } from '@pdb-stats/charts';
import { generateDocuments, writeSnapshot } from '@pdb-stats/demo';
import type { DemoDocuments } from '@pdb-stats/snapshot';
import { buildApp } from '../../src/app.ts';
import { DocumentStore } from '../../src/documents/index.ts';
import { openDuckDbEngine } from '../../src/engine/index.ts';
import { HOSTILE_STRINGS } from '../support/hostile-strings.ts';
import { tempArchive, type TempArchive } from '../../../../test-support/temp-archive.ts';

/** `GET /api/entries/<id>`: an entry's record as the archive holds it, checked against the rows written. */

type Row = Record<string, any>;

let dir: string;
let temp: TempArchive | undefined;
let docs: DemoDocuments;
let app: FastifyInstance;
const MAX_ROWS = 2;

beforeAll(async () => {
  temp = await tempArchive('entries');
  dir = temp.dir;
  docs = generateDocuments({ entries: 200, seed: 5, archiveDate: '2026-07-01' });
  await writeSnapshot(docs, dir);
  const engine = await openDuckDbEngine(dir);
  app = await buildApp({ engine, documents: await DocumentStore.open(dir, engine.held, MAX_ROWS) });
});

afterAll(async () => {
  await app?.close();
  await temp?.remove();
});

const rows = (level: keyof DemoDocuments): Row[] => docs[level] as Row[];
const factOf = (record: EntryRecord, path: string) =>
  record.groups.flatMap((group) => group.facts).find((fact) => fact.path === path);

describe('GET /api/entries/<id>', () => {
  it('gives the entry’s stored values under the catalogue’s groups, with labels and units', async () => {
    const entry = rows('entry').find((row) => row['rcsb_entry_info.resolution_combined'] !== null)!;
    // An id typed in lower case is sent, permanently, to its address in capitals.
    const typed = await app.inject(`/api/entries/${entry.rcsb_id.toLowerCase()}`);
    expect(typed.statusCode, typed.body).toBe(301);
    expect(new URL(typed.headers.location!, 'http://h/api/entries/x').pathname).toBe(
      `/api/entries/${entry.rcsb_id}`,
    );
    const response = await app.inject(`/api/entries/${entry.rcsb_id}`);
    expect(response.statusCode, response.body).toBe(200);
    const record = response.json() as EntryRecord;
    expect(record.id).toBe(entry.rcsb_id);
    expect(factOf(record, 'struct.title')?.values).toEqual([entry['struct.title']]);
    expect(factOf(record, 'rcsb_accession_info.initial_release_date')).toMatchObject({
      label: 'Release date',
      values: [entry['rcsb_accession_info.initial_release_date']],
    });
    expect(factOf(record, 'rcsb_entry_info.resolution_combined')).toMatchObject({
      label: 'Resolution',
      unit: 'Å',
      values: [entry['rcsb_entry_info.resolution_combined']].flat(),
    });
    expect(factOf(record, 'rcsb_entry_info.experimental_method')?.values).toEqual(
      [entry['rcsb_entry_info.experimental_method']].flat(),
    );
    // Grouped as the catalogue groups them: the title under Structure Details, the method under Methods.
    const groupOf = (path: string) => record.groups.find((g) => g.facts.some((f) => f.path === path))?.name;
    expect(groupOf('struct.title')).toBe('Structure Details');
    expect(groupOf('exptl.method')).toBe('Methods');
    expect(record.groups.map((g) => g.name)).toEqual([...new Set(record.groups.map((g) => g.name))]);
    // No two facts of a record share a label.
    const labels = record.groups.flatMap((g) => g.facts.map((f) => f.label));
    expect(new Set(labels).size).toBe(labels.length);
    expect(response.headers['cache-control']).toMatch(/s-maxage=\d+/);
    expect(response.headers['access-control-allow-origin']).toBe('*');
  });

  it('lists the entry’s polymer entities and assemblies, at most ENTRY_MAX_ROWS, with their total', async () => {
    const counts = new Map<unknown, number>();
    for (const entity of rows('polymer_entity'))
      counts.set(entity._entry_key, (counts.get(entity._entry_key) ?? 0) + 1);
    const [key, total] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
    expect(total, 'the archive has an entry of several entities').toBeGreaterThan(MAX_ROWS);
    const entry = rows('entry').find((row) => row._key === key)!;
    const record = (await app.inject(`/api/entries/${entry.rcsb_id}`)).json() as EntryRecord;
    const entities = rows('polymer_entity').filter((row) => row._entry_key === key);
    expect(record.polymer_entities.total).toBe(total);
    expect(record.polymer_entities.items.map((item) => item.id)).toEqual(
      entities.slice(0, MAX_ROWS).map((row) => row.rcsb_id),
    );
    const first = record.polymer_entities.items[0]!;
    expect(first.facts.find((f) => f.path === 'rcsb_polymer_entity.pdbx_description')?.values).toEqual([
      entities[0]!['rcsb_polymer_entity.pdbx_description'],
    ]);
    const assemblies = rows('assembly').filter((row) => row._entry_key === key);
    expect(record.assemblies.total).toBe(assemblies.length);
    expect(record.assemblies.items.map((item) => item.id)).toEqual(
      assemblies.slice(0, MAX_ROWS).map((row) => row.rcsb_id),
    );
  });

  it('answers 404 for an identifier the archive does not hold', async () => {
    const held = new Set(rows('entry').map((row) => row.rcsb_id));
    const unknown = ['9ZZZ', '0000', 'PDB_99999999'].find((id) => !held.has(id))!;
    const response = await app.inject(`/api/entries/${unknown}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 404, message: `the archive holds no entry ${unknown}` });
  });

  it('refuses with 400 naming `id` what is no entry identifier, hostile text included', async () => {
    for (const text of ['4HHB_1', '4HH', '4HHBB', "1' OR '1'='1", ...HOSTILE_STRINGS]) {
      const response = await app.inject(`/api/entries/${encodeURIComponent(text)}`);
      if (text === '') {
        expect(response.statusCode, 'no id: no route').toBe(404);
        continue;
      }
      expect(response.statusCode, text).toBe(400);
      const body = response.json();
      expect(body.field, text).toBe('id');
      expect(body.message.length, 'the message does not repeat a long text whole').toBeLessThan(200);
    }
    const extra = await app.inject('/api/entries/4HHB?fields=all');
    expect(extra.statusCode).toBe(400);
  });

  it('is documented in the OpenAPI document, and named in the archive manifest', async () => {
    const document = (await app.inject('/api/openapi.json')).json();
    const operation = document.paths['/api/entries/{id}']?.get;
    expect(operation?.operationId).toBe('getEntry');
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '400', '404']));
    expect((await app.inject('/rcsbsearch/v2/archive')).json().entry_records).toBe(true);
  });

  it('is not served, nor named in the manifest, without documents of the archive', async () => {
    const bare = await buildApp({ engine: await openDuckDbEngine(dir) });
    try {
      expect((await bare.inject(`/api/entries/${rows('entry')[0]!.rcsb_id}`)).statusCode).toBe(404);
      expect((await bare.inject('/rcsbsearch/v2/archive')).json().entry_records).toBeUndefined();
    } finally {
      await bare.close();
    }
  });
});
