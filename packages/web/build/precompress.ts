import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text assets worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/** Brotli and gzip copies of one asset, each written only when smaller; its sizes, or null when too small. */
async function precompressFile(file: string): Promise<{ bytes: number; brotliBytes: number } | null> {
  const content = await readFile(file);
  if (content.length < MIN_BYTES) return null;
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < content.length) await writeFile(`${file}.br`, br);
  if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
  return { bytes: content.length, brotliBytes: Math.min(br.length, content.length) };
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every text asset of the build, at the highest levels
 * (done once per build, so the server never compresses an asset per request). The server picks
 * one by the request's Accept-Encoding. A copy that would not be smaller is not written. All files
 * at once: zlib compresses on Node's thread pool, so they share the cores (the build is part of a
 * first start's wait).
 */
export async function precompressFolder(
  dir: string,
): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  const files = (await filesUnder(dir)).filter((f) => COMPRESSIBLE.test(f));
  const totals = { files: 0, bytes: 0, brotliBytes: 0 };
  for (const sizes of await Promise.all(files.map(precompressFile))) {
    if (!sizes) continue;
    totals.files += 1;
    totals.bytes += sizes.bytes;
    totals.brotliBytes += sizes.brotliBytes;
  }
  return totals;
}

/** The build step: precompresses the output folder once every file is written. */
export function precompress(): Plugin {
  return {
    name: 'pdb-stats:precompress',
    apply: 'build',
    async writeBundle(output) {
      if (!output.dir) return;
      const { files, bytes, brotliBytes } = await precompressFolder(output.dir);
      this.info(
        `precompressed ${files} assets: ${(bytes / 1024).toFixed(0)} KB, ${(brotliBytes / 1024).toFixed(0)} KB with brotli`,
      );
    },
  };
}
