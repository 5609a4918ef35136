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

async function filesUnder(dir: string, skipped: ReadonlySet<string>): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files = await Promise.all(
    entries.map((e) => {
      const path = join(dir, e.name);
      if (e.isDirectory()) return skipped.has(e.name) ? [] : filesUnder(path, skipped);
      return e.isFile() ? [path] : [];
    }),
  );
  return files.flat();
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
 * one by the request's Accept-Encoding. A copy that would not be smaller is not written. Files in
 * the `skipped` folders of `dir` are left alone. All files at once: zlib compresses on Node's
 * thread pool, so they share the cores (the build is part of a first start's wait).
 */
export async function precompressFolder(
  dir: string,
  skipped: readonly string[] = [],
): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  const files = (await filesUnder(dir, new Set(skipped))).filter((f) => COMPRESSIBLE.test(f));
  const totals = { files: 0, bytes: 0, brotliBytes: 0 };
  for (const sizes of await Promise.all(files.map(precompressFile))) {
    if (!sizes) continue;
    totals.files += 1;
    totals.bytes += sizes.bytes;
    totals.brotliBytes += sizes.brotliBytes;
  }
  return totals;
}

/**
 * The build step: precompresses the output folder once every file is written, less the `skipped`
 * folders in it (another build's output, never served).
 */
export function precompress(skipped: readonly string[] = []): Plugin {
  return {
    name: 'pdb-stats:precompress',
    apply: 'build',
    async writeBundle(output) {
      if (!output.dir) return;
      const { files, bytes, brotliBytes } = await precompressFolder(output.dir, skipped);
      this.info(
        `precompressed ${files} assets: ${(bytes / 1024).toFixed(0)} KB, ${(brotliBytes / 1024).toFixed(0)} KB with brotli`,
      );
    },
  };
}
