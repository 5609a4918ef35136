import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSchema, parse, validate } from 'graphql';
import { RETURN_TYPES } from '@pdb-stats/search-model';
import { loadFixtureEntries, startStandIn, type StandIn } from '@pdb-stats/import';
import { sharedPath } from '../../../../test-support/shared-files.ts';
import { DataApiDocuments, keyAttributesQuery } from '../../src/documents/data-api-documents.ts';
import { resolveKeyAttributes } from '../../src/documents/key-attributes.ts';
import { buildApp } from '../../src/app.ts';

/**
 * Key attributes for the results pages from the RCSB Data API, when answers come from an upstream
 * search service: queries checked against the Data API's own schema, and asked of its stand-in.
 */

const SUITE = 'the Data API key attributes tests';
const SDL = sharedPath('real-data/data-api/schema.graphql', SUITE);

describe.skipIf(!SDL)('key attributes from the Data API', () => {
  let sdl: string;
  let standIn: StandIn;
  beforeAll(async () => {
    sdl = readFileSync(SDL!, 'utf8');
    standIn = await startStandIn({ sdl, entries: loadFixtureEntries(), chemComps: {} });
  });
  afterAll(() => standIn?.close());

  it('asks one query per level that the Data API schema accepts', () => {
    const schema = buildSchema(sdl);
    const keys = resolveKeyAttributes();
    for (const returnType of RETURN_TYPES) {
      const errors = validate(schema, parse(keyAttributesQuery(returnType, keys[returnType])));
      expect(
        errors.map((e) => e.message),
        returnType,
      ).toEqual([]);
    }
  });

  it('answers documents shaped as the local ones, in the order asked, unknown identifiers left out', async () => {
    const documents = new DataApiDocuments({ url: standIn.url, ratePerSecond: 50 });
    const found = await documents.lookup('entry', ['5TM0', 'NONE', '2HYV']);
    expect(found.map((d) => d.identifier)).toEqual(['5TM0', '2HYV']);
    expect(found[1]).toEqual({
      identifier: '2HYV',
      'struct.title': 'Human Annexin A2 with heparin hexasaccharide bound',
      'rcsb_entry_info.experimental_method': 'X-ray',
      'rcsb_entry_info.resolution_combined': [1.42],
      'rcsb_accession_info.initial_release_date': '2006-09-05',
    });
    // One batched request for the page.
    expect(standIn.requests.filter((r) => r.path === '/graphql')).toHaveLength(1);
  });

  it('serves them at /rcsbsearch/v2/documents of a server in upstream mode; nothing when the Data API is down', async () => {
    const app = await buildApp({
      upstream: { url: 'http://127.0.0.1:9', maxInFlight: 1, ratePerSecond: 5, timeoutMs: 1000 },
      documents: new DataApiDocuments({ url: standIn.url, ratePerSecond: 50 }),
    });
    const answer = await app.inject({ url: '/rcsbsearch/v2/documents?return_type=entry&ids=2HYV' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().documents[0]['struct.title']).toBe(
      'Human Annexin A2 with heparin hexasaccharide bound',
    );
    await app.close();

    const down = new DataApiDocuments({ url: 'http://127.0.0.1:9', ratePerSecond: 50, timeoutMs: 500 });
    expect(await down.lookup('entry', ['2HYV'])).toEqual([]);
  });
});
