import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { IMPORT_ATTRIBUTES } from './attributes.ts';
import { loadParsers, parseFile, type ParseOutcome, type ParseTask, type Parsers } from './parse-file.ts';

/** Parses files, on worker threads or (size 0) on the calling thread. */
export interface ParsePool {
  readonly threads: number;
  parse(task: ParseTask): Promise<ParseOutcome>;
  close(): Promise<void>;
}

/** Files handed to one thread at once: one being parsed while the next is read from disk. */
const PER_THREAD = 2;

/**
 * tsx's register API as an ES module URL, so that a worker thread can run the TypeScript sources;
 * null when tsx is not installed. (`--import tsx` in a worker's execArgv does not reach its entry
 * module on Node 20, so the worker starts from a two-line bootstrap instead.)
 */
function tsxApi(): string | null {
  try {
    return pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href.replace(
      /\.cjs$/,
      '.mjs',
    );
  } catch {
    return null;
  }
}

export async function openParsePool(options: { threads: number; parserModule: string }): Promise<ParsePool> {
  const api = tsxApi();
  if (options.threads <= 0 || !api) return new InlinePool(await loadParsers(options.parserModule));
  const pool = new ThreadPool(api, options.parserModule);
  try {
    await Promise.all(Array.from({ length: options.threads }, () => pool.spawn()));
  } catch (error) {
    await pool.close();
    throw error;
  }
  return pool;
}

/**
 * A pool started on the first file to parse: a re-run over an unchanged mirror parses nothing and
 * should not pay for starting threads and loading the parser.
 */
export function lazyParsePool(options: { threads: number; parserModule: string }): ParsePool {
  let opened: Promise<ParsePool> | undefined;
  let threads = 0;
  return {
    get threads() {
      return threads;
    },
    parse(task) {
      opened ??= openParsePool(options).then((pool) => {
        threads = pool.threads;
        return pool;
      });
      return opened.then((pool) => pool.parse(task));
    },
    async close() {
      if (opened) await (await opened.catch(() => undefined))?.close();
    },
  };
}

class InlinePool implements ParsePool {
  readonly threads = 0;
  private tail: Promise<unknown> = Promise.resolve();

  constructor(private readonly parsers: Parsers) {}

  /** One file at a time, in call order: memory holds one file. */
  parse(task: ParseTask): Promise<ParseOutcome> {
    const next = this.tail.then(() => parseFile(task, this.parsers, IMPORT_ATTRIBUTES));
    this.tail = next.catch(() => undefined);
    return next;
  }

  async close(): Promise<void> {}
}

interface Pending {
  task: ParseTask;
  resolve: (outcome: ParseOutcome) => void;
}

interface Thread {
  worker: Worker;
  inFlight: Map<number, Pending>;
}

class ThreadPool implements ParsePool {
  private readonly threadsList: Thread[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 0;
  private closed = false;

  constructor(
    private readonly api: string,
    private readonly parserModule: string,
  ) {}

  get threads(): number {
    return this.threadsList.length;
  }

  /** Starts one thread and waits until its parser module is loaded. */
  spawn(): Promise<void> {
    const entry = new URL('./worker.ts', import.meta.url).href;
    const code = `import(${JSON.stringify(this.api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
    const worker = new Worker(code, { eval: true, workerData: { parserModule: this.parserModule } });
    const thread: Thread = { worker, inFlight: new Map() };
    return new Promise((resolve, reject) => {
      let ready = false;
      worker.on('message', (message: { ready?: boolean; id?: number; outcome?: ParseOutcome }) => {
        if (message.ready) {
          ready = true;
          this.threadsList.push(thread);
          resolve();
          this.dispatch();
          return;
        }
        const pending = thread.inFlight.get(message.id as number);
        if (!pending) return;
        thread.inFlight.delete(message.id as number);
        pending.resolve(message.outcome as ParseOutcome);
        this.dispatch();
      });
      worker.on('error', (error) => {
        if (!ready) reject(new Error(`a parser thread failed to start: ${error.message}`));
        else this.lose(thread, `parser thread failed: ${error.message}`);
      });
      worker.on('exit', (code) => {
        if (!ready) reject(new Error(`a parser thread ended on start (code ${code})`));
        else this.lose(thread, `parser thread ended (code ${code})`);
      });
    });
  }

  /** A thread died (e.g. out of memory on a huge file): its files are reported bad, a new thread takes over. */
  private lose(thread: Thread, reason: string): void {
    const index = this.threadsList.indexOf(thread);
    if (index < 0) return;
    this.threadsList.splice(index, 1);
    for (const pending of thread.inFlight.values()) pending.resolve({ ok: false, reason, bytes: 0 });
    thread.inFlight.clear();
    if (!this.closed) {
      this.spawn().catch((error: Error) => {
        for (const pending of this.queue.splice(0))
          pending.resolve({ ok: false, reason: error.message, bytes: 0 });
      });
    }
  }

  parse(task: ParseTask): Promise<ParseOutcome> {
    return new Promise((resolve) => {
      this.queue.push({ task, resolve });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let best: Thread | undefined;
      for (const thread of this.threadsList) {
        if (thread.inFlight.size < PER_THREAD && (!best || thread.inFlight.size < best.inFlight.size))
          best = thread;
      }
      if (!best) return;
      const pending = this.queue.shift() as Pending;
      const id = this.nextId++;
      best.inFlight.set(id, pending);
      best.worker.postMessage({ id, task: pending.task });
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const threads = this.threadsList.splice(0);
    await Promise.all(threads.map((thread) => thread.worker.terminate()));
  }
}
