import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ReturnType } from '@pdb-stats/search-model';
import { runDemoTask, type Counts, type DemoTask } from './demo-task.ts';
import { fullCounts, LEVELS } from './documents.ts';
import { resolveOptions, type GenerateOptions } from './generator.ts';
import type { Manifest } from './manifest.ts';
import { SnapshotWriter } from './write-snapshot.ts';

export interface DemoArchiveOptions extends GenerateOptions {
  outDir: string;
  onProgress?: (message: string) => void;
  /**
   * 2: two child processes each generate the archive and write half of the levels (uses both cores
   * of a small machine); 1: everything in this process. Default 2 from 20,000 entries on.
   */
  processes?: 1 | 2;
  /** Entries generated per step; bounds memory. Default 5,000. */
  chunkSize?: number;
}

/** Levels per child process, balanced by serialisation cost (entities and chains are the heavy ones). */
const SPLIT: ReturnType[][] = [
  ['entry', 'non_polymer_entity', 'assembly', 'mol_definition'],
  ['polymer_entity', 'polymer_instance'],
];

/** The tsx loader, so that a child Node process can run the TypeScript sources; null if missing. */
function tsxLoader(): string | null {
  try {
    return pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  } catch {
    return null;
  }
}

function runChild(
  task: DemoTask,
  loader: string,
  onProgress: (message: string) => void,
  children: ChildProcess[],
): Promise<Counts> {
  return new Promise((resolvePromise, reject) => {
    // A larger young generation: the generator allocates many short-lived rows (2-3x faster here).
    const child = fork(fileURLToPath(new URL('./demo-child.ts', import.meta.url)), [JSON.stringify(task)], {
      execArgv: ['--import', loader, '--max-semi-space-size=64', '--expose-gc'],
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
  const chunkSize = options.chunkSize ?? 5000;
  const loader = tsxLoader();
  const processes = loader ? (options.processes ?? (resolved.entries >= 20_000 ? 2 : 1)) : 1;
  const writer = await SnapshotWriter.open(options.outDir);
  const children: ChildProcess[] = [];
  try {
    let counts: Counts;
    if (processes === 2 && loader) {
      const tasks = SPLIT.map((levels, i) => ({
        options: resolved,
        dir: writer.workDir,
        levels,
        chunkSize,
        reportGeneration: i === 0,
        threads: i === 0 ? 1 : 2,
        memoryLimit: '1GB',
      }));
      const parts = await Promise.all(tasks.map((task) => runChild(task, loader, onProgress, children)));
      counts = Object.assign({}, ...parts) as Counts;
    } else {
      counts = await runDemoTask(
        { options: resolved, dir: writer.workDir, levels: [...LEVELS], chunkSize, reportGeneration: true },
        onProgress,
      );
    }
    return await writer.complete(fullCounts(counts), {
      source: 'demo',
      demo: true,
      archive_date: resolved.archiveDate,
      seed: resolved.seed,
    });
  } catch (error) {
    await Promise.all(children.map(stopChild));
    await writer.abort();
    throw error;
  }
}
