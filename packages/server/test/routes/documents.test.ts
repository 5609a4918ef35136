import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDocuments, writeSnapshot } from '@pdb-stats/demo';
import { type DemoDocuments } from '@pdb-stats/snapshot';
import { RETURN_TYPES, type ReturnType } from '@pdb-stats/search-model';
import { buildApp } from '../../src/app.ts';
import { DocumentStore, KEY_ATTRIBUTES, MAX_LOOKUP_IDS } from '../../src/documents/index.ts';
import { openDuckDbEngine } from '../../src/engine/index.ts';
import { search } from '../support/archive-fixture.ts';
import { tempArchive, type TempArchive } from '../../../../test-support/temp-archive.ts';

type Row = Record<string, any>;

let dir: string;
let temp: TempArchive | undefined;
let docs: DemoDocuments;
let app: FastifyInstance;

beforeAll(async () => {
  temp = await tempArchive('documents');
  dir = temp.dir;
  docs = generateDocuments({ entries: 300, seed: 11, archiveDate: '2026-07-01' });
  await writeSnapshot(docs, dir);
  app = await buildApp({ engine: await openDuckDbEngine(dir), documents: await DocumentStore.open(dir) });
});

afterAll(async () => {
  await app?.close();
  await temp?.remove();
});

async function lookup(returnType: string, ids: string[]): Promise<Row[]> {
  const response = await app.inject(
    `/rcsbsearch/v2/documents?return_type=${returnType}&ids=${ids.join(',')}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().documents;
}

async function refused(query: string): Promise<{ message: string; field: string }> {
  const response = await app.inject(`/rcsbsearch/v2/documents${query}`);
  expect(response.statusCode, response.body).toBe(400);
  return response.json();
}

const rows = (level: ReturnType): Row[] => docs[level] as Row[];
const byKey = (level: ReturnType, key: unknown): Row => rows(level).find((r) => r._key === key)!;

describe('GET /rcsbsearch/v2/documents', () => {
  it('gives the key attributes of entries, in the order asked, without unknown or repeated ids', async () => {
    const [a, b] = rows('entry').slice(5, 7) as [Row, Row];
    const documents = await lookup('entry', [b.rcsb_id, 'NOPE', a.rcsb_id, b.rcsb_id]);
    expect(documents).toEqual(
      [b, a].map((row) => ({
        identifier: row.rcsb_id,
        'struct.title': row['struct.title'],
        'rcsb_entry_info.experimental_method': row['rcsb_entry_info.experimental_method'],
        'rcsb_entry_info.resolution_combined': row['rcsb_entry_info.resolution_combined'],
        'rcsb_accession_info.initial_release_date': row['rcsb_accession_info.initial_release_date'],
      })),
    );
    expect(documents[0]!['rcsb_accession_info.initial_release_date']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('reads instance attributes from their entity and entry', async () => {
    const instance = rows('polymer_instance')[3]!;
    const entity = byKey('polymer_entity', instance._entity_key);
    const entry = byKey('entry', instance._entry_key);
    const [document] = await lookup('polymer_instance', [instance.rcsb_id]);
    expect(document).toEqual({
      identifier: instance.rcsb_id,
      'rcsb_polymer_entity_instance_container_identifiers.auth_asym_id':
        instance['rcsb_polymer_entity_instance_container_identifiers.auth_asym_id'],
      'rcsb_polymer_entity.pdbx_description': entity['rcsb_polymer_entity.pdbx_description'],
      'entity_poly.rcsb_entity_polymer_type': entity['entity_poly.rcsb_entity_polymer_type'],
      'struct.title': entry['struct.title'],
      'rcsb_accession_info.initial_release_date': entry['rcsb_accession_info.initial_release_date'],
    });
  });

  it('gives chemical components their name and formula weight, assemblies their symmetry', async () => {
    const component = rows('mol_definition')[0]!;
    const [chem] = await lookup('mol_definition', [component.rcsb_id]);
    expect(chem).toMatchObject({
      identifier: component.rcsb_id,
      'chem_comp.name': component['chem_comp.name'],
      'chem_comp.formula_weight': component['chem_comp.formula_weight'],
      'chem_comp.type': component['chem_comp.type'],
    });
    const assembly = rows('assembly').find((a) => a.rcsb_struct_symmetry.length > 0)!;
    const [symmetry] = await lookup('assembly', [assembly.rcsb_id]);
    expect(symmetry!['rcsb_struct_symmetry.symbol']).toEqual(
      assembly.rcsb_struct_symmetry.map((s: Row) => s.symbol),
    );
    expect(symmetry!['rcsb_struct_symmetry.kind']).toEqual(
      assembly.rcsb_struct_symmetry.map((s: Row) => s.kind),
    );
  });

  it('answers every return type with every key attribute, for the identifiers a search finds', async () => {
    for (const returnType of RETURN_TYPES) {
      const answer = await search(app, {
        return_type: returnType,
        request_options: { paginate: { start: 0, rows: 25 } },
      });
      const ids = answer!.result_set.map((item: Row) => item.identifier);
      const documents = await lookup(returnType, ids);
      expect(
        documents.map((d) => d.identifier),
        returnType,
      ).toEqual(ids);
      for (const document of documents)
        expect(Object.keys(document).sort(), returnType).toEqual(
          ['identifier', ...KEY_ATTRIBUTES[returnType].map((k) => k.path)].sort(),
        );
    }
  });

  it('lets a shared cache keep the documents of the archive served, with an ETag', async () => {
    const id = (rows('entry')[0] as Row).rcsb_id;
    const response = await app.inject(`/rcsbsearch/v2/documents?return_type=entry&ids=${id}`);
    expect(response.headers['cache-control']).toBe(
      'public, max-age=300, s-maxage=3600, stale-while-revalidate=86400',
    );
    const again = await app.inject({
      url: `/rcsbsearch/v2/documents?return_type=entry&ids=${id}`,
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('refuses bad parameters with a 400 naming the parameter', async () => {
    expect(await refused('?ids=1ABC')).toMatchObject({
      field: 'return_type',
      message: 'return_type: is required',
    });
    expect(await refused('?return_type=structure&ids=1ABC')).toMatchObject({
      field: 'return_type',
      message: expect.stringContaining('must be one of entry'),
    });
    expect(await refused('?return_type=entry')).toMatchObject({ field: 'ids' });
    expect(await refused('?return_type=entry&ids=1ABC,%27%3B--')).toMatchObject({
      field: 'ids[1]',
      message: expect.stringContaining('is not an identifier'),
    });
    const many = Array.from({ length: MAX_LOOKUP_IDS + 1 }, (_, i) => `X${i}`).join(',');
    expect(await refused(`?return_type=entry&ids=${many}`)).toMatchObject({
      field: 'ids',
      message: expect.stringContaining(`at most ${MAX_LOOKUP_IDS}`),
    });
    expect(await refused('?return_type=entry&ids=1ABC&ids=2XYZ')).toMatchObject({ field: 'ids' });
    expect(await refused('?return_type=entry&ids=1ABC&fields=all')).toMatchObject({ field: 'fields' });
  });
});

describe(`${DocumentStore.name}`, () => {
  it('fails to open a snapshot that lacks a level file', async () => {
    const brokenTemp = await tempArchive('documents-broken');
    const broken = brokenTemp.dir;
    try {
      await writeSnapshot(generateDocuments({ entries: 20, seed: 3, archiveDate: '2026-07-01' }), broken);
      await unlink(join(broken, 'assembly.parquet'));
      await expect(DocumentStore.open(broken)).rejects.toThrow(/assembly\.parquet/);
    } finally {
      await brokenTemp.remove();
    }
  });

  it('is not served without a store', async () => {
    const bare = await buildApp({ engine: await openDuckDbEngine(dir) });
    try {
      expect((await bare.inject('/rcsbsearch/v2/documents?return_type=entry&ids=1ABC')).statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
