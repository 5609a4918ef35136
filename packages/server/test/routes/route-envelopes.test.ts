import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { DocumentStore } from '../../src/documents/index.ts';
import { openDuckDbEngine } from '../../src/engine/index.ts';
import { FIXTURE_ARCHIVE } from '../../src/engine/testing/fixture-archive.ts';
import { tinySnapshot } from '../../src/engine/testing/tiny-snapshot.ts';

/**
 * Fastify's schemas refuse a malformed envelope before any handler runs, in the service's error
 * format; the search service is never asked.
 */

let snapshot: Awaited<ReturnType<typeof tinySnapshot>>;
let app: FastifyInstance;
beforeAll(async () => {
  snapshot = await tinySnapshot(FIXTURE_ARCHIVE);
  const engine = await openDuckDbEngine(snapshot.dir);
  app = await buildApp({ engine, documents: await DocumentStore.open(snapshot.dir, engine.held) });
});
afterAll(async () => {
  await app?.close();
  await snapshot?.remove();
});
let answer: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  answer?.mockRestore();
  answer = vi.spyOn(app.searchService, 'answer');
});

const post = (payload?: string) =>
  app.inject({
    method: 'POST',
    url: '/rcsbsearch/v2/query',
    ...(payload !== undefined && { payload, headers: { 'content-type': 'application/json' } }),
  });

describe('POST /rcsbsearch/v2/query', () => {
  it.each([
    ['[1,2]', 'must be an object, got an array'],
    ['"entry"', 'must be an object, got the string "entry"'],
    ['42', 'must be an object, got number 42'],
    ['null', 'must be an object, got null'],
  ])('refuses the body %s with 400 before the service sees it', async (payload, message) => {
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 400, message, field: '', code: 'REQ_ERR_TYPE' });
    expect(answer).not.toHaveBeenCalled();
  });

  it('says so when there is no body at all', async () => {
    const response = await post();
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('the request body is empty; send the search request as JSON');
    expect(answer).not.toHaveBeenCalled();
  });

  it('passes an object on, whose content the search model checks', async () => {
    const response = await post('{"return_type":"protein"}');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'return_type', code: 'REQ_ERR_ENUM' });
    expect(answer).toHaveBeenCalledOnce();
  });
});

describe('querystrings', () => {
  it('GET /rcsbsearch/v2/query takes json once', async () => {
    const response = await app.inject('/rcsbsearch/v2/query?json=%7B%7D&json=%7B%7D');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: 400,
      message: 'json: must be given once, as the URL-encoded search request',
      field: 'json',
      code: 'REQ_ERR_TYPE',
    });
    expect(answer).not.toHaveBeenCalled();
  });

  it('GET /rcsbsearch/v2/query ignores other parameters, as the Search API does', async () => {
    const json = encodeURIComponent(JSON.stringify({ return_type: 'entry' }));
    const response = await app.inject(`/rcsbsearch/v2/query?json=${json}&_=1700000000`);
    expect(response.statusCode).toBe(200);
  });

  it.each([
    [
      '?return_type=entry&ids=1ABC&ids=2XYZ',
      'ids',
      'ids: must be given once, as comma-separated identifiers',
    ],
    [
      '?return_type=entry&ids=1ABC&fields=all',
      'fields',
      'fields: unknown parameter; expected return_type and ids',
    ],
  ])('GET /rcsbsearch/v2/documents%s: 400 naming the parameter', async (query, field, message) => {
    const response = await app.inject(`/rcsbsearch/v2/documents${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, field, message });
  });
});
