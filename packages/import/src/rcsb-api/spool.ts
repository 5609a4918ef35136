import { createHash } from 'node:crypto';
import { appendFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ApiDocument } from './flatten.ts';

/** Entries, and the chemical components they name, are spooled apart. */
export type SpoolKind = 'entries' | 'chem_comps';

/** What the index keeps of a spooled document: its revision date and the components it names. */
export interface SpooledItem {
  revision: string | null;
  components?: string[];
}

interface SpoolState {
  /** The query and the server the documents were asked with: another one makes them stale. */
  signature: string;
  /** Start of the last import that completed, as `YYYY-MM-DD`. */
  lastImport?: string;
}

/** Documents are spread over this many files by a hash of their id. */
const SHARDS = 256;

const shardOf = (id: string) =>
  createHash('sha1').update(id).digest().readUInt8(0).toString(16).padStart(2, '0');

/**
 * The documents an import has received, kept beside the snapshot: an interrupted import resumes
 * without asking again for what it has, and a later import asks only for what changed. Documents are
 * appended to one of 256 files by a hash of their id; the index (a line per finished batch) is
 * written after them, so an indexed document is always on disk. A line cut short by a crash is
 * skipped on reading and its document asked for again.
 */
export class DocumentSpool {
  private readonly index = new Map<SpoolKind, Map<string, SpooledItem>>([
    ['entries', new Map()],
    ['chem_comps', new Map()],
  ]);
  /** Appends to one file one after another: lines of two batches must not interleave. */
  private writes = Promise.resolve();

  private constructor(
    readonly dir: string,
    private state: SpoolState,
    /** True when earlier documents were dropped: none, or asked with another query or server. */
    readonly fresh: boolean,
  ) {}

  static async open(dir: string, signature: string): Promise<DocumentSpool> {
    await mkdir(dir, { recursive: true });
    const state = await readFile(join(dir, 'state.json'), 'utf8').then(
      (text) => JSON.parse(text) as SpoolState,
      () => undefined,
    );
    if (state?.signature !== signature) {
      for (const kind of ['entries', 'chem_comps', 'index.ndjson'])
        await rm(join(dir, kind), { recursive: true, force: true });
      const spool = new DocumentSpool(dir, { signature }, true);
      await spool.saveState();
      return spool;
    }
    const spool = new DocumentSpool(dir, state, false);
    await spool.readIndex();
    return spool;
  }

  get lastImport(): string | undefined {
    return this.state.lastImport;
  }

  private async saveState(): Promise<void> {
    await writeFile(join(this.dir, 'state.json'), `${JSON.stringify(this.state)}\n`);
  }

  /** Records that an import completed, for a later `--since last`. */
  async completed(startedOn: string): Promise<void> {
    this.state = { ...this.state, lastImport: startedOn };
    await this.saveState();
  }

  private async readIndex(): Promise<void> {
    const text = await readFile(join(this.dir, 'index.ndjson'), 'utf8').catch(() => '');
    for (const line of text.split('\n')) {
      if (!line) continue;
      let batch: { kind: SpoolKind; items: [string, SpooledItem][] };
      try {
        batch = JSON.parse(line) as typeof batch;
      } catch {
        continue; // cut short by a crash: the batch is asked for again
      }
      const items = this.index.get(batch.kind);
      for (const [id, item] of batch.items) items?.set(id, item);
    }
  }

  has(kind: SpoolKind, id: string): boolean {
    return this.index.get(kind)?.has(id) ?? false;
  }

  item(kind: SpoolKind, id: string): SpooledItem | undefined {
    return this.index.get(kind)?.get(id);
  }

  /** Keeps a finished batch's documents, then indexes them; the bytes of JSON written. */
  add(
    kind: SpoolKind,
    documents: { id: string; item: SpooledItem; document: ApiDocument }[],
  ): Promise<number> {
    const write = this.writes.then(async () => {
      let bytes = 0;
      const byShard = new Map<string, string[]>();
      for (const { id, document } of documents) {
        const shard = shardOf(id);
        const lines = byShard.get(shard) ?? [];
        const line = JSON.stringify({ id, document });
        bytes += line.length;
        lines.push(line);
        byShard.set(shard, lines);
      }
      await mkdir(join(this.dir, kind), { recursive: true });
      // Each write starts on a new line: a line cut short by a crash must not swallow the next one.
      for (const [shard, lines] of byShard)
        await appendFile(join(this.dir, kind, `${shard}.ndjson`), `\n${lines.join('\n')}\n`);
      const items = documents.map(({ id, item }) => [id, item] as const);
      await appendFile(join(this.dir, 'index.ndjson'), `\n${JSON.stringify({ kind, items })}\n`);
      const index = this.index.get(kind) as Map<string, SpooledItem>;
      for (const [id, item] of items) index.set(id, item);
      return bytes;
    });
    this.writes = write.then(
      () => undefined,
      () => undefined,
    );
    return write;
  }

  /**
   * The documents of the given ids, a file at a time (memory stays at one file's worth), in id order
   * within a file. The last line of an id wins: a document asked for again replaces the older one.
   */
  async *documents(
    kind: SpoolKind,
    ids: Iterable<string>,
  ): AsyncGenerator<{ id: string; document: ApiDocument }> {
    await this.writes;
    const wanted = new Map<string, Set<string>>();
    for (const id of ids) {
      if (!this.has(kind, id)) continue;
      const shard = shardOf(id);
      const set = wanted.get(shard) ?? new Set<string>();
      set.add(id);
      wanted.set(shard, set);
    }
    for (let n = 0; n < SHARDS; n++) {
      const shard = n.toString(16).padStart(2, '0');
      const set = wanted.get(shard);
      if (!set) continue;
      const text = await readFile(join(this.dir, kind, `${shard}.ndjson`), 'utf8');
      const found = new Map<string, ApiDocument>();
      for (const line of text.split('\n')) {
        if (!line) continue;
        try {
          const { id, document } = JSON.parse(line) as { id: string; document: ApiDocument };
          if (set.has(id)) found.set(id, document);
        } catch {
          // a line cut short by a crash; its batch was not indexed, so a newer line follows
        }
      }
      for (const id of [...found.keys()].sort()) yield { id, document: found.get(id) as ApiDocument };
    }
  }
}
