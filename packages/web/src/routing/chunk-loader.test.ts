import { describe, expect, it } from 'vitest';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, loadChunk } from './chunk-loader.ts';

const failing = (message: string) => () => Promise.reject(new TypeError(message));

describe(loadChunk.name, () => {
  it('waits 120 s by default', () => {
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });

  it('returns the module', async () => {
    await expect(loadChunk(() => Promise.resolve({ default: 1 }))).resolves.toEqual({ default: 1 });
  });

  it('fails with type timeout when the chunk does not arrive in time', async () => {
    const never = () => new Promise<never>(() => {});
    const error = await loadChunk(never, { timeoutMs: 10 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({ name: 'ChunkLoadError', message: 'Loading chunk failed', type: 'timeout' });
  });

  it('fails with type missing when the chunk answers 404', async () => {
    const url = 'http://127.0.0.1:1/static/js/home-page-abc.js';
    const error = await loadChunk(failing(`Failed to fetch dynamically imported module: ${url}`), {
      probe: async () => 404,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ message: 'Loading chunk failed', type: 'missing', request: url });
  });

  it('fails with type error for other failures', async () => {
    const url = 'http://127.0.0.1:1/static/js/home-page-abc.js';
    const status = await loadChunk(failing(`Failed to fetch dynamically imported module: ${url}`), {
      probe: async () => 500,
    }).catch((e: unknown) => e);
    expect(status).toMatchObject({ type: 'error' });
    const offline = await loadChunk(failing(`Failed to fetch dynamically imported module: ${url}`), {
      probe: () => Promise.reject(new TypeError('offline')),
    }).catch((e: unknown) => e);
    expect(offline).toMatchObject({ type: 'error' });
    const unknown = await loadChunk(failing('boom')).catch((e: unknown) => e);
    expect(unknown).toMatchObject({ type: 'error', request: undefined });
  });
});
