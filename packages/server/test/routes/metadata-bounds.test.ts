import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { DocumentStore } from '../../src/documents/index.ts';
import { openDuckDbEngine } from '../../src/engine/index.ts';
import { list, startArchiveFixture, type ArchiveFixture, type Row } from '../support/archive-fixture.ts';

let fixture: ArchiveFixture;
let app: FastifyInstance;
beforeAll(async () => {
  fixture = await startArchiveFixture(400, 5);
  app = await buildApp({
    engine: await openDuckDbEngine(fixture.dir),
    documents: await DocumentStore.open(fixture.dir),
  });
});
afterAll(async () => {
  await app?.close();
  await fixture?.close();
});

const leaf = (schema: any, path: string) =>
  path.split('.').reduce((node, key) => {
    const object = node.type === 'array' ? node.items : node;
    return object.properties[key];
  }, schema);
const valueOf = (node: any) => (node.type === 'array' ? node.items : node);

it('gives the current minimum and maximum of this archive for numbers, lists, nested records and dates', async () => {
  const schema = (await app.inject('/rcsbsearch/v2/metadata/schema')).json();
  const entries = fixture.docs.entry as Row[];
  const weights = entries
    .map((e) => e['rcsb_entry_info.molecular_weight'])
    .filter((v): v is number => typeof v === 'number');
  expect(valueOf(leaf(schema, 'rcsb_entry_info.molecular_weight'))).toMatchObject({
    rcsb_current_minimum_value: Math.min(...weights),
    rcsb_current_maximum_value: Math.max(...weights),
  });
  const rfree = entries.flatMap((e) => list<number>(e['refine.ls_R_factor_R_free']));
  expect(valueOf(leaf(schema, 'refine.ls_R_factor_R_free')).rcsb_current_maximum_value).toBe(
    Math.max(...rfree),
  );
  const depths = (fixture.docs.polymer_instance as Row[]).flatMap((i) =>
    list<Row>(i['rcsb_polymer_instance_annotation']).flatMap((a) =>
      list<Row>(a.annotation_lineage).map((l) => l.depth as number),
    ),
  );
  expect(leaf(schema, 'rcsb_polymer_instance_annotation.annotation_lineage.depth')).toMatchObject({
    rcsb_current_minimum_value: Math.min(...depths),
    rcsb_current_maximum_value: Math.max(...depths),
  });
  const released = entries.map((e) =>
    Date.parse(`${e['rcsb_accession_info.initial_release_date']}T00:00:00Z`),
  );
  expect(leaf(schema, 'rcsb_accession_info.initial_release_date')).toMatchObject({
    rcsb_current_minimum_value: Math.min(...released),
    rcsb_current_maximum_value: Math.max(...released),
  });
});
