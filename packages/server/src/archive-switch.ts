import type { PlannedRequest } from '@pdb-stats/search-model';
import type { KeyDocument, KeyDocumentSource } from './documents/index.ts';
import type { Lane } from './engine/index.ts';
import type { AnswerSource } from './sources/answer-source.ts';

/** One archive snapshot being served: its answer source, its documents, and the work running on them. */
export interface ServedArchive {
  /** The snapshot folder (the version its link named when it was opened). */
  readonly dir: string;
  readonly source: AnswerSource;
  readonly documents: KeyDocumentSource;
}

interface Generation extends ServedArchive {
  /** Searches and lookups running on it. */
  users: number;
  /** Called when the last of them ends, once it is no longer served. */
  onIdle?: () => void;
}

/** What became of a reload: another snapshot is served, or the link still names the served one. */
export type ReloadOutcome = { switched: true; from: string; to: string } | { switched: false; dir: string };

export interface ArchiveSwitchOptions {
  /** The snapshot folder the archive's link names now. */
  resolve: () => Promise<string>;
  /** Opens a snapshot folder: its engine (a database beside it, built if needed) and its documents. */
  open: (dir: string) => Promise<ServedArchive>;
  /**
   * Called right after the switch, before any request reaches the new archive's engine, and again
   * once the old archive's last request has ended: the caller drops the old archive's answers.
   */
  onSwitch?: (phase: 'switched' | 'released', from: ServedArchive, to: ServedArchive) => void;
}

/**
 * Serves one archive snapshot at a time and moves to a newly published one without a restart: the
 * new snapshot's engine is opened beside the running one (its database built while the old one
 * answers), the switch happens between requests (a request runs wholly on the engine it started
 * on), and the old engine is released once its last request has ended. `source` and `documents`
 * are what the app serves from; they always speak for the current archive.
 */
export class ArchiveSwitch {
  private current: Generation;
  /** Archives no longer served whose requests have not all ended. */
  private readonly draining = new Set<Promise<void>>();
  /** The reload running or queued; one at a time, and signals during one coalesce into one more. */
  private chain: Promise<unknown> = Promise.resolve();
  private queued: Promise<ReloadOutcome> | undefined;
  private closed = false;

  readonly source: AnswerSource;
  readonly documents: KeyDocumentSource;

  constructor(
    first: ServedArchive,
    private readonly options: ArchiveSwitchOptions,
  ) {
    this.current = { ...first, users: 0 };
    this.source = sourceView(this);
    this.documents = documentsView(this);
  }

  /** The archive served now. */
  get served(): ServedArchive {
    return this.current;
  }

  /**
   * Runs `work` on the archive served now; a switch meanwhile leaves it there, and that archive is
   * released only after it ends. `work` must start its use of the archive synchronously.
   */
  use<T>(work: (archive: ServedArchive) => Promise<T>): Promise<T> {
    const generation = this.current;
    generation.users++;
    const done = () => {
      generation.users--;
      if (generation.users === 0) generation.onIdle?.();
    };
    let running: Promise<T>;
    try {
      running = work(generation);
    } catch (error) {
      done();
      throw error;
    }
    return running.finally(done);
  }

  /**
   * Serves the snapshot the archive's link names now, when it is another one: opens it, switches,
   * and releases the old one once idle (the returned promise waits for that too). A failure to open
   * the new snapshot leaves the old one served and is thrown.
   */
  reload(): Promise<ReloadOutcome> {
    if (this.queued) return this.queued;
    const next = this.chain.then(() => {
      this.queued = undefined;
      return this.reloadNow();
    });
    this.queued = next;
    this.chain = next.catch(() => undefined);
    return next;
  }

  private async reloadNow(): Promise<ReloadOutcome> {
    if (this.closed) throw new Error('the archive switch is closed');
    const dir = await this.options.resolve();
    if (dir === this.current.dir) return { switched: false, dir };
    const opened = await this.options.open(dir);
    if (this.closed) {
      await closeArchive(opened);
      throw new Error('the archive switch is closed');
    }
    const old = this.current;
    const next: Generation = { ...opened, users: 0 };
    // Synchronous from here to the end of the switch: no request sees half of it.
    this.current = next;
    this.options.onSwitch?.('switched', old, next);
    await this.release(old);
    this.options.onSwitch?.('released', old, next);
    return { switched: true, from: old.dir, to: next.dir };
  }

  /** Closes `old` once its last request has ended. */
  private release(old: Generation): Promise<void> {
    const idle = old.users === 0 ? Promise.resolve() : new Promise<void>((resolve) => (old.onIdle = resolve));
    const released = idle.then(() => closeArchive(old));
    this.draining.add(released);
    return released.finally(() => this.draining.delete(released));
  }

  /** Releases the archive served, after the requests running on it and on older ones. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.chain;
    await Promise.all([...this.draining]);
    await this.release(this.current);
  }
}

async function closeArchive(archive: ServedArchive): Promise<void> {
  await Promise.all([archive.source.close(), archive.documents.close()]);
}

/** The answer source of whichever archive is served; a search runs wholly on the one it started on. */
function sourceView(archives: ArchiveSwitch): AnswerSource {
  return {
    lifetime: 'archive',
    get held() {
      return archives.served.source.held;
    },
    get version() {
      return archives.served.source.version;
    },
    search: (plan: PlannedRequest, canonical: string, body: unknown, lane: Lane) =>
      archives.use((archive) => archive.source.search(plan, canonical, body, lane)),
    archiveInfo: () => archives.served.source.archiveInfo(),
    close: () => archives.close(),
  };
}

/** The documents of whichever archive is served. */
function documentsView(archives: ArchiveSwitch): KeyDocumentSource {
  return {
    lookup: (returnType, ids): Promise<KeyDocument[]> =>
      archives.use((archive) => archive.documents.lookup(returnType, ids)),
    bounds: () => archives.use((archive) => archive.documents.bounds?.() ?? Promise.resolve(new Map())),
    entry: (id) => archives.use((archive) => archive.documents.entry?.(id) ?? Promise.resolve(null)),
    // Closed with the source: one archive, one close.
    close: async () => undefined,
  };
}
