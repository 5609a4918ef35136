import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ReturnType } from '@pdb-stats/search-model';
import { databasePartOf, fullCounts, LEVELS, type Manifest, SnapshotWriter } from '@pdb-stats/snapshot';
import { runDemoTask, type Counts, type DemoTask } from './demo-task.ts';
import { resolveOptions, type GenerateOptions } from './generator.ts';

export interface DemoArchiveOptions extends GenerateOptions {
  outDir: string;
  onProgress?: (message: string) => void;
  /**
   * 2: two child processes each generate the archive and write half of the levels (uses both cores
   * of a small machine); 1: everything in this process. Default 2 from 20,000 entries on.
   */
  processes?: 1 | 2;
  /**
   * Entries generated per step; bounds memory. Default 500: a step's rows then die in V8's young
   * generation instead of being copied into the old one (at 5,000, generating and encoding 250,000
   * entries promoted 630-760 MB per process and cost 10-20 % more CPU).
   */
  chunkSize?: number;
  /**
   * False: the snapshot's tables are its DuckDB files only, without the Parquet files (what a server
   * generating its own demo archive needs; see docs/SNAPSHOTS.md). Default true: `npm run demo`
   * writes Parquet, the snapshots' interchange format.
   */
  parquet?: boolean;
}

/** Levels per child process, balanced by serialisation cost (entities and chains are the heavy ones). */
const SPLIT: ReturnType[][] = [
  ['entry', 'non_polymer_entity', 'assembly', 'mol_definition'],
  ['polymer_entity', 'polymer_instance'],
];

/**
 * How a child process runs the generator: the compiled child (`demo-child.js`) when this module is
 * itself compiled and it lies beside it (the server's build puts it there), else the TypeScript
 * source under the tsx loader; null when neither can run (then everything runs in this process).
 */
function childEntry(): { file: string; execArgv: string[] } | null {
  const compiled = new URL('./demo-child.js', import.meta.url);
  if (import.meta.url.endsWith('.js') && existsSync(compiled))
    return { file: fileURLToPath(compiled), execArgv: [] };
  try {
    const loader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    return {
      file: fileURLToPath(new URL('./demo-child.ts', import.meta.url)),
      execArgv: ['--import', loader],
    };
  } catch {
    return null;
  }
}

function runChild(
  task: DemoTask,
  entry: { file: string; execArgv: string[] },
  onProgress: (message: string) => void,
  children: ChildProcess[],
): Promise<Counts> {
  return new Promise((resolvePromise, reject) => {
    // A larger young generation: the generator allocates many short-lived rows (2-3x faster here).
    const child = fork(entry.file, [JSON.stringify(task)], {
      execArgv: [...entry.execArgv, '--max-semi-space-size=64', '--expose-gc'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.push(child);
    let counts: Counts | null = null;
    let failure: string | null = null;
    child.on('message', (message: { type: string; message?: string; counts?: Counts }) => {
      if (message.type === 'progress') onProgress(message.message as string);
      else if (message.type === 'done') counts = message.counts as Counts;
      else if (message.type === 'error') failure = message.message as string;
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (counts && code === 0) resolvePromise(counts);
      else reject(new Error(failure ?? `demo generator process ended with ${signal ?? `code ${code}`}`));
    });
  });
}

/** Ends a child process of ours (if still running) and waits until it has exited. */
function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolvePromise) => {
    child.once('exit', () => resolvePromise());
    child.kill();
  });
}

/**
 * Generates a demo archive and writes it as a snapshot (same options, same documents as
 * generateDocuments). Entries are streamed to disk in chunks, so memory stays modest at millions of
 * entries; the snapshot appears in `outDir` only once complete.
 */
export async function generateDemoArchive(options: DemoArchiveOptions): Promise<Manifest> {
  const resolved = resolveOptions(options);
  const onProgress = options.onProgress ?? (() => {});
  const chunkSize = options.chunkSize ?? 500;
  const entry = childEntry();
  const processes = entry ? (options.processes ?? (resolved.entries >= 20_000 ? 2 : 1)) : 1;
  const parquet = options.parquet ?? true;
  const writer = await SnapshotWriter.open(options.outDir);
  const children: ChildProcess[] = [];
  try {
    let counts: Counts;
    const tables: Partial<Record<ReturnType, string>> = {};
    if (processes === 2 && entry) {
      SPLIT.forEach((levels, i) => levels.forEach((level) => (tables[level] = databasePartOf(i + 1))));
      const tasks = SPLIT.map((levels, i) => ({
        options: resolved,
        dir: writer.workDir,
        levels,
        part: i + 1,
        chunkSize,
        parquet,
        reportGeneration: i === 0,
        threads: 2,
        memoryLimit: '1GB',
      }));
      const parts = await Promise.all(tasks.map((task) => runChild(task, entry, onProgress, children)));
      counts = Object.assign({}, ...parts) as Counts;
    } else {
      for (const level of LEVELS) tables[level] = databasePartOf(1);
      counts = await runDemoTask(
        {
          options: resolved,
          dir: writer.workDir,
          levels: [...LEVELS],
          part: 1,
          chunkSize,
          parquet,
          reportGeneration: true,
        },
        onProgress,
      );
    }
    return await writer.complete(fullCounts(counts), {
      source: 'demo',
      demo: true,
      archive_date: resolved.archiveDate,
      seed: resolved.seed,
      tables,
    });
  } finally {
    await Promise.all(children.map(stopChild));
    await writer.close();
  }
}
