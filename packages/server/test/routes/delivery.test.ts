import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDocuments, writeSnapshot } from '@pdb-stats/demo';
import { buildApp } from '../../src/app.ts';
import { openDuckDbEngine } from '../../src/engine/index.ts';
import { tempArchive, type TempArchive } from '../../../../test-support/temp-archive.ts';

/**
 * How the server delivers the dashboard: hashed assets cached for a year and sent in the
 * precompressed copy the browser accepts, pages revalidated by their ETag, API answers compressed.
 */

const SCRIPT = `export const words = ${JSON.stringify('protein data bank '.repeat(400))};\n`;
const PAGE =
  '<!doctype html><html><head><title>PDB Statistics</title></head>' +
  `<body><div id="statsroot" data-config="{}"></div><p>${'growth '.repeat(300)}</p></body></html>`;

/** A built web folder as the build leaves it: a page, a hashed script with its compressed copies, a favicon. */
async function builtWeb(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'pdb-stats-delivery-'));
  await mkdir(join(root, 'static/js'), { recursive: true });
  await writeFile(join(root, 'index.html'), PAGE);
  await writeFile(join(root, 'static/js/index-abc123.js'), SCRIPT);
  await writeFile(join(root, 'static/js/index-abc123.js.br'), brotliCompressSync(SCRIPT));
  await writeFile(join(root, 'static/js/index-abc123.js.gz'), gzipSync(SCRIPT));
  await writeFile(join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return root;
}

describe('delivery of the dashboard', () => {
  let root: string;
  let archive: string;
  let archiveTemp: TempArchive | undefined;
  let app: FastifyInstance;
  beforeAll(async () => {
    root = await builtWeb();
    archiveTemp = await tempArchive('delivery-archive');
    archive = archiveTemp.dir;
    await writeSnapshot(generateDocuments({ entries: 300, seed: 1, archiveDate: '2026-07-01' }), archive);
    app = await buildApp({ engine: await openDuckDbEngine(archive), web: { root } });
  });
  afterAll(async () => {
    await app?.close();
    if (root) await rm(root, { recursive: true, force: true });
    await archiveTemp?.remove();
  });

  const SCRIPT_URL = '/static/js/index-abc123.js';

  it('sends the brotli copy of a hashed asset to a browser that accepts it, cached for a year', async () => {
    const response = await app.inject({
      url: SCRIPT_URL,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
    expect(response.rawPayload.length).toBeLessThan(SCRIPT.length / 5);
  });

  it('falls back to gzip, then to the file itself', async () => {
    const gzipped = await app.inject({ url: SCRIPT_URL, headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(SCRIPT);

    const plain = await app.inject({ url: SCRIPT_URL, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('never serves the compressed copies at addresses of their own', async () => {
    for (const url of [`${SCRIPT_URL}.br`, `${SCRIPT_URL}.gz`]) {
      expect((await app.inject({ url })).statusCode, url).toBe(404);
    }
  });

  it('caches a file without a hash in its name for an hour only', async () => {
    const response = await app.inject({ url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('revalidates a page with its ETag: 304 while it is unchanged', async () => {
    const headers = { host: 'stats.example', 'accept-encoding': 'identity' };
    const first = await app.inject({ url: '/distribution/resolution', headers });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers['etag'];
    expect(etag).toMatch(/^"[^"]+"$/);

    const again = await app.inject({
      url: '/distribution/resolution',
      headers: { ...headers, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    // The page carries the address it was asked at, so another host gets another page and tag.
    const elsewhere = await app.inject({
      url: '/distribution/resolution',
      headers: { ...headers, host: 'mirror.example', 'if-none-match': etag },
    });
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.headers['etag']).not.toBe(etag);
  });

  it('compresses pages and API answers for a browser that accepts it', async () => {
    const page = await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('statsroot');

    const request = {
      query: { type: 'terminal', service: 'text' },
      return_type: 'entry',
      request_options: { return_all_hits: true },
    };
    const answer = await app.inject({
      method: 'POST',
      url: '/rcsbsearch/v2/query',
      payload: request,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(gunzipSync(answer.rawPayload).toString()) as { total_count: number };
    expect(body.total_count).toBe(300);

    // Small answers are not worth compressing.
    const small = await app.inject({ url: '/health', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
