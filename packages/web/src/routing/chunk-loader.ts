/** Loading of page chunks, with a timeout and the error types the error screens name. */

/** A page chunk that did not load within this time fails with type 'timeout'. */
export const CHUNK_TIMEOUT_MS = 120_000;

export type ChunkErrorType = 'missing' | 'timeout' | 'error';

/** 'Loading chunk failed', with the reason: the chunk is missing (404), timed out, or failed otherwise. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(
    readonly type: ChunkErrorType,
    /** Address of the chunk, when known. */
    readonly request?: string,
  ) {
    super('Loading chunk failed');
  }
}

export interface ChunkLoaderOptions {
  timeoutMs?: number;
  /** Asks for the chunk's address again to tell a missing chunk from another failure. */
  probe?: (url: string) => Promise<number>;
}

const URL_IN_MESSAGE = /(https?:\/\/[^\s'"]+)/;

async function probeStatus(url: string): Promise<number> {
  const response = await fetch(url, { method: 'HEAD', cache: 'no-store' });
  return response.status;
}

/**
 * Runs a dynamic import with a timeout. A failed import is classified: 'missing' when the chunk's
 * address answers 404, 'error' otherwise; no answer within the timeout is 'timeout'.
 */
export async function loadChunk<T>(importer: () => Promise<T>, options: ChunkLoaderOptions = {}): Promise<T> {
  const timeoutMs = options.timeoutMs ?? CHUNK_TIMEOUT_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError('timeout')), timeoutMs);
  });
  try {
    return await Promise.race([importer(), timeout]);
  } catch (error) {
    if (error instanceof ChunkLoadError) throw error;
    const url = error instanceof Error ? URL_IN_MESSAGE.exec(error.message)?.[1] : undefined;
    let type: ChunkErrorType = 'error';
    if (url) {
      try {
        if ((await (options.probe ?? probeStatus)(url)) === 404) type = 'missing';
      } catch {
        type = 'error';
      }
    }
    throw new ChunkLoadError(type, url);
  } finally {
    clearTimeout(timer);
  }
}
