import { readdir, stat } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { MMCIF_FILE, shardOf, type Shard, type Source, type SourceFile } from './sources.ts';

export interface Discovery {
  shards: Shard[];
  files: number;
  /** Files under the sources that are not `.cif` or `.cif.gz`. */
  ignored: number;
}

export class SourceError extends Error {}

/**
 * Lists the mmCIF files of the sources, grouped in shards (one per `<xy>` folder of the wwPDB layout,
 * or per two middle characters of the id in a flat folder). Only names are kept: files are opened and
 * stated shard by shard while importing.
 */
export async function discover(sources: readonly Source[]): Promise<Discovery> {
  const result: Discovery = { shards: [], files: 0, ignored: 0 };
  for (const source of sources) {
    const root = resolve(source.root);
    const info = await stat(root).catch(() => null);
    if (!info) throw new SourceError(`${source.root}: no such file or folder (${source.kind} files)`);
    if (info.isFile()) {
      if (!MMCIF_FILE.test(root)) throw new SourceError(`${source.root}: not a .cif or .cif.gz file`);
      result.shards.push({
        kind: source.kind,
        key: `${source.kind}/${basename(root)}`,
        dir: dirname(root),
        names: [basename(root)],
      });
      result.files++;
      continue;
    }
    await walk(source, root, root, result);
  }
  return result;
}

async function walk(source: Source, root: string, dir: string, result: Discovery): Promise<void> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    throw new SourceError(`${dir}: cannot list the folder (${(error as Error).message})`);
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const groups = new Map<string, string[]>();
  for (const entry of entries) {
    if (entry.isDirectory()) continue;
    if (!MMCIF_FILE.test(entry.name)) {
      result.ignored++;
      continue;
    }
    const key = shardOf(entry.name);
    const names = groups.get(key) ?? [];
    names.push(entry.name);
    groups.set(key, names);
  }
  const folder = relative(root, dir) || '.';
  for (const [key, names] of [...groups].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    result.shards.push({ kind: source.kind, key: `${source.kind}/${folder}/${key}`, dir, names });
    result.files += names.length;
  }
  for (const entry of entries)
    if (entry.isDirectory()) await walk(source, root, join(dir, entry.name), result);
}

/** Size and modification time of a shard's files; a file that vanished since listing is left out. */
export async function statShard(shard: Shard): Promise<{ files: SourceFile[]; vanished: string[] }> {
  const files: SourceFile[] = [];
  const vanished: string[] = [];
  const infos = await Promise.all(shard.names.map((name) => stat(join(shard.dir, name)).catch(() => null)));
  shard.names.forEach((name, i) => {
    const info = infos[i];
    if (!info) vanished.push(name);
    else
      files.push({
        kind: shard.kind,
        path: join(shard.dir, name),
        name,
        size: info.size,
        mtimeMs: info.mtimeMs,
      });
  });
  return { files, vanished };
}
