import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';

/** Bump when the layout of the cache files changes. */
const FORMAT = 1;
const META_FILE = 'cache.json';
/** The enrichers' parsed files (`ParsedCache`), beside the shards. */
export const ENRICHER_FOLDER = 'enrichers';
/** Shard files are gzipped NDJSON (a fifth of the text or less); plain ones of earlier runs are still read. */
const SHARD_SUFFIX = '.ndjson.gz';
const PLAIN_SUFFIX = '.ndjson';
const gzipped = promisify(gzip);
const gunzipped = promisify(gunzip);

/** A parsed file as the cache holds it: its size and time when parsed, and the parser's output. */
export interface CachedFile {
  size: number;
  mtimeMs: number;
  /** The whole cache line; the documents are parsed from it only when used. */
  line: string;
}

export const cacheLine = (name: string, size: number, mtimeMs: number, json: string): string =>
  `{"name":${JSON.stringify(name)},"size":${size},"mtimeMs":${mtimeMs},"docs":${json}}`;

export const documentsOf = (file: CachedFile): unknown => (JSON.parse(file.line) as { docs: unknown }).docs;

/**
 * The parsed rows of every source file of earlier imports, one NDJSON file per shard, so that a re-run
 * over an updated mirror parses only new and changed files (size or modification time differs) and drops
 * removed ones. Rows are kept as the parser gave them: enrichers and link keys are applied on every run.
 * A different parser or catalogue (`signature`) empties the cache.
 */
export class ImportCache {
  private constructor(
    readonly dir: string,
    /** True when the cache was empty or made by another parser or catalogue. */
    readonly fresh: boolean,
  ) {}

  static async open(dir: string, signature: string): Promise<ImportCache> {
    await mkdir(dir, { recursive: true });
    const meta = await readFile(join(dir, META_FILE), 'utf8')
      .then((text) => JSON.parse(text) as { format?: number; signature?: string })
      .catch(() => null);
    const fresh = meta?.format !== FORMAT || meta.signature !== signature;
    if (fresh) {
      await rm(dir, { recursive: true, force: true });
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, META_FILE), `${JSON.stringify({ format: FORMAT, signature })}\n`);
    }
    return new ImportCache(dir, fresh);
  }

  private fileOf(shardKey: string, suffix = SHARD_SUFFIX): string {
    return join(
      this.dir,
      shardKey.replace(/[^A-Za-z0-9._-]/g, (c) => `~${c.charCodeAt(0).toString(16)}`) + suffix,
    );
  }

  /** The text of a shard's file: gzipped, or plain as earlier runs wrote it; empty when there is none. */
  private async text(shardKey: string): Promise<string> {
    try {
      // Decompressed on libuv's threads: a re-run's main thread reads many shards.
      return (await gunzipped(await readFile(this.fileOf(shardKey)))).toString('utf8');
    } catch {
      return readFile(this.fileOf(shardKey, PLAIN_SUFFIX), 'utf8').catch(() => '');
    }
  }

  /** The cached files of a shard by name (empty when the shard was never imported or is unreadable). */
  async read(shardKey: string): Promise<Map<string, CachedFile>> {
    const files = new Map<string, CachedFile>();
    const text = await this.text(shardKey);
    for (const line of text.split('\n')) {
      if (!line) continue;
      // Only the head of the line is read here: the documents are parsed when used.
      const head = /^\{"name":("(?:[^"\\]|\\.)*"),"size":(\d+),"mtimeMs":([\d.e+]+),/.exec(line);
      if (!head) continue;
      files.set(JSON.parse(head[1] as string) as string, {
        size: Number(head[2]),
        mtimeMs: Number(head[3]),
        line,
      });
    }
    return files;
  }

  /** Replaces a shard's file (written aside, then renamed: an interrupted write leaves the old one). */
  async write(shardKey: string, lines: readonly string[]): Promise<void> {
    const file = this.fileOf(shardKey);
    const temporary = `${file}.tmp`;
    await writeFile(temporary, await gzipped(lines.length ? `${lines.join('\n')}\n` : ''));
    await rename(temporary, file);
    await rm(this.fileOf(shardKey, PLAIN_SUFFIX), { force: true });
  }

  /** Deletes the shards of earlier imports that no longer exist; returns how many. */
  async prune(shardKeys: Iterable<string>): Promise<number> {
    const keep = new Set([...shardKeys].flatMap((key) => [this.fileOf(key), this.fileOf(key, PLAIN_SUFFIX)]));
    let removed = 0;
    for (const name of await readdir(this.dir)) {
      if (name === META_FILE || name === ENRICHER_FOLDER) continue;
      const file = join(this.dir, name);
      if (keep.has(file)) continue;
      await rm(file, { force: true });
      if (name.endsWith(SHARD_SUFFIX) || name.endsWith(PLAIN_SUFFIX)) removed++;
    }
    return removed;
  }
}

/**
 * Identifies the parser: a hash of the parser module, the sources under its `mmcif/` folder and the
 * attribute paths. Any change empties the cache rather than mixing rows of two parser versions.
 */
export async function parserSignature(
  parserModule: string,
  attributePaths: readonly string[],
): Promise<string> {
  const hash = createHash('sha256');
  hash.update(`${FORMAT}\n${attributePaths.join('\n')}\n`);
  if (parserModule.startsWith('file:')) {
    const file = fileURLToPath(parserModule);
    hash.update(await readFile(file).catch(() => Buffer.from('missing')));
    const folder = join(file, '..', 'mmcif');
    const names = await readdir(folder, { recursive: true }).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts')).sort()) {
      hash.update(name);
      hash.update(await readFile(join(folder, name)).catch(() => Buffer.from('')));
    }
  } else hash.update(parserModule);
  return hash.digest('hex').slice(0, 16);
}
