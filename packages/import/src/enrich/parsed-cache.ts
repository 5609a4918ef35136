import { createHash } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';

/** Bump when the parsed form of any loader changes. */
const FORMAT = 1;
const SUFFIX = '.v8';

/**
 * The enrichers' flat files in parsed form, kept between imports: loading them is mostly parsing
 * (hundreds of thousands of CSV and cluster lines, seconds on every run), and they change far less
 * often than the entries. Each parsed form is kept under a name made of what it was parsed from: the
 * loader, the path, size and modification time of each of its files, and this format's version, so a
 * changed file (or a moved one) is parsed again. A form is written to a temporary file, fsynced and
 * renamed into place: an interrupted import leaves the previous form or none, never half of one. A
 * form that does not read back is parsed again. `prune` removes the forms this run did not use.
 */
export class ParsedCache {
  private readonly used = new Set<string>();
  /** Forms read back, and forms parsed, in this run. */
  readonly counts = { reused: 0, parsed: 0 };

  private constructor(readonly dir: string) {}

  static async open(dir: string): Promise<ParsedCache> {
    await mkdir(dir, { recursive: true });
    return new ParsedCache(dir);
  }

  private async nameOf(kind: string, files: readonly string[]): Promise<string> {
    const hash = createHash('sha256');
    hash.update(`${FORMAT}\n${kind}\n`);
    for (const file of files) {
      // A file that cannot be read is never served from here: the loader reports it.
      const info = await stat(file).catch(() => null);
      if (!info) return '';
      hash.update(`${file}\n${info.size}\n${info.mtimeMs}\n`);
    }
    return `${kind}-${hash.digest('hex').slice(0, 24)}${SUFFIX}`;
  }

  /** The parsed form of `files` by `kind`'s loader: read back when kept, else parsed and kept. */
  async load<T>(kind: string, files: readonly string[], parse: () => Promise<T>): Promise<T> {
    const name = await this.nameOf(kind, files);
    if (!name) return parse();
    this.used.add(name);
    const path = join(this.dir, name);
    const kept = await readFile(path).catch(() => null);
    if (kept) {
      try {
        const form = deserialize(kept) as T;
        this.counts.reused++;
        return form;
      } catch {
        // Unreadable (another Node version's format, a damaged disk): parsed again below.
      }
    }
    const parsed = await parse();
    this.counts.parsed++;
    await this.keep(path, serialize(parsed));
    return parsed;
  }

  private async keep(path: string, bytes: Buffer): Promise<void> {
    const temporary = `${path}.${process.pid}.tmp`;
    const handle = await open(temporary, 'w');
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, path);
    const folder = await open(this.dir, 'r');
    try {
      await folder.sync();
    } catch {
      // Not every file system syncs a folder.
    } finally {
      await folder.close();
    }
  }

  /** Removes the forms this run did not use (files changed since, or loaders not asked for) and leftovers. */
  async prune(): Promise<void> {
    for (const name of await readdir(this.dir).catch(() => [] as string[]))
      if (!this.used.has(name)) await rm(join(this.dir, name), { force: true, recursive: true });
  }
}

/** Parses through the cache when there is one. */
export const parsedOnce = <T>(
  cache: ParsedCache | undefined,
  kind: string,
  files: readonly string[],
  parse: () => Promise<T>,
): Promise<T> => (cache ? cache.load(kind, files, parse) : parse());
