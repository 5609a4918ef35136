import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DEMO_HELD } from '../support/demo-held.ts';
import { buildApp } from '../../src/app.ts';
import type { Engine } from '../../src/engine/index.ts';

const engine: Engine = {
  dialect: 'duckdb',
  facts: { methodologies: [null] },
  session: () => Promise.reject(new Error('unused')),
  archiveInfo: () =>
    ({ source: 'demo', demo: true, archive_date: '2026-07-01', counts: { entry: 3 } }) as never,
  close: async () => {},
  held: DEMO_HELD,
};

/** Leaves of a metadata schema, by dotted path (array levels left out), as clients read it. */
function leaves(node: any, prefix = '', into = new Map<string, any>()): Map<string, any> {
  if (node.type === 'array') return leaves(node.items, prefix, into);
  if (node.type === 'object') {
    for (const [key, child] of Object.entries(node.properties ?? {}))
      leaves(child, prefix ? `${prefix}.${key}` : key, into);
    return into;
  }
  into.set(prefix, node);
  return into;
}

describe('metadata schema', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ engine });
  });
  afterAll(() => app.close());

  it('lists every held attribute in the public shape, with level, contexts and operators', async () => {
    const structure = (await app.inject('/rcsbsearch/v2/metadata/schema')).json();
    const chemical = (await app.inject('/rcsbsearch/v2/metadata/chemical/schema')).json();
    expect(structure.title).toBe('Text Service Metadata');
    expect(chemical.title).toBe('Chemical Text Service Metadata');
    const all = new Map([...leaves(structure), ...leaves(chemical)]);
    for (const attribute of DEMO_HELD.attributes) expect(all.has(attribute.path), attribute.path).toBe(true);

    const release = all.get('rcsb_accession_info.initial_release_date');
    expect(release).toMatchObject({
      type: 'string',
      format: 'date',
      rcsb_search_context: ['default-match'],
      rcsb_object_level: 'entry',
    });
    expect(release.rcsb_search_operators).toEqual([
      'equals',
      'greater',
      'greater_or_equal',
      'less',
      'less_or_equal',
      'range',
      'in',
      'exists',
    ]);
    expect(release.rcsb_description).toContainEqual({ text: 'Release Date', context: 'brief' });
    const method = all.get('rcsb_entry_info.experimental_method');
    expect(method.rcsb_search_operators).toEqual(['exact_match', 'in', 'exists']);
    expect(method.enum).toContain('X-ray');
    expect(all.get('struct.title').rcsb_search_operators).toEqual([
      'contains_words',
      'contains_phrase',
      'exists',
    ]);
    expect(all.get('rcsb_struct_symmetry.kind').rcsb_object_level).toBe('assembly');
    expect(structure.properties.rcsb_struct_symmetry).toMatchObject({
      type: 'array',
      rcsb_nested_indexing: true,
    });
  });

  it('reports the archive manifest', async () => {
    const response = await app.inject('/rcsbsearch/v2/archive');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ demo: true, archive_date: '2026-07-01' });
  });

  it('answers CORS preflight for the API', async () => {
    const response = await app.inject({ method: 'OPTIONS', url: '/rcsbsearch/v2/query' });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('security headers', () => {
  it('sends nosniff, a referrer policy and a CSP without inline scripts on every response, errors included', async () => {
    const app = await buildApp({ engine });
    for (const url of ['/rcsbsearch/v2/metadata/schema', '/rcsbsearch/v2/nowhere', '/health']) {
      const response = await app.inject(url);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    }
    await app.close();
  });

  it('takes the CORS origin from configuration', async () => {
    const app = await buildApp({ engine, corsOrigin: 'https://stats.example.org' });
    const response = await app.inject('/rcsbsearch/v2/archive');
    expect(response.headers['access-control-allow-origin']).toBe('https://stats.example.org');
    expect(response.headers.vary).toContain('Origin');
    await app.close();
  });
});
