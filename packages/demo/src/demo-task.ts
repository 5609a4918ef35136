import { join } from 'node:path';
import type { ReturnType } from '@pdb-stats/search-model';
import { databasePartOf, LevelFiles } from '@pdb-stats/snapshot';
import { DEMO_ATTRIBUTES } from './demo-attributes.ts';
import { DemoGenerator, type ResolvedOptions } from './generator.ts';

/** One process's share of a demo archive: generate everything, write some levels. */
export interface DemoTask {
  options: ResolvedOptions;
  /** Folder receiving `<level>.parquet` and the database file of the task's levels. */
  dir: string;
  levels: ReturnType[];
  /** Which of the archive's database files (`databasePartOf`) receives the levels' tables. */
  part: number;
  chunkSize: number;
  /** False: the levels' tables only, no Parquet files (the server's own demo archive). */
  parquet?: boolean;
  /** Whether this task reports generation progress (one task per archive does). */
  reportGeneration: boolean;
  /** DuckDB threads for the Parquet conversion; default all cores. */
  threads?: number;
  /** DuckDB memory limit for the conversion (e.g. '1GB'); default DuckDB's. */
  memoryLimit?: string;
}

export type Counts = Partial<Record<ReturnType, number>>;

/**
 * Runs a task. Generation is deterministic, so tasks that write different levels of the same archive
 * can run in separate processes and still agree on every key.
 */
export async function runDemoTask(
  task: DemoTask,
  onProgress: (message: string) => void = () => {},
): Promise<Counts> {
  const files = await LevelFiles.open(task.dir, task.levels, DEMO_ATTRIBUTES);
  try {
    await generateInto(files, task, onProgress);
    // The generator's pools are garbage now: give their memory back before DuckDB needs its own.
    (globalThis as { gc?: () => void }).gc?.();
    await files.toParquet({
      database: join(task.dir, databasePartOf(task.part)),
      parquet: task.parquet ?? true,
      ...(task.threads && { threads: task.threads }),
      ...(task.memoryLimit && { memoryLimit: task.memoryLimit }),
      onProgress,
    });
    return files.counts;
  } finally {
    await files.close();
  }
}

async function generateInto(
  files: LevelFiles,
  task: DemoTask,
  onProgress: (message: string) => void,
): Promise<void> {
  const started = Date.now();
  const generator = new DemoGenerator({ ...task.options, levels: task.levels });
  const { entries } = generator.options;
  let reported = 0;
  while (!generator.done) {
    await files.append(generator.nextChunk(task.chunkSize));
    if (task.reportGeneration && (generator.generated - reported >= entries / 10 || generator.done)) {
      reported = generator.generated;
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      onProgress(
        `generated ${generator.generated.toLocaleString('en-US')} / ${entries.toLocaleString('en-US')} entries (${seconds} s)`,
      );
    }
  }
  if (task.levels.includes('mol_definition'))
    await files.append({ mol_definition: generator.molDefinitions() });
}
