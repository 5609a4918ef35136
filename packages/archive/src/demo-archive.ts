import { DemoGenerator, type GenerateOptions } from './generator.ts';
import type { Manifest } from './manifest.ts';
import { SnapshotWriter } from './write-snapshot.ts';

export interface DemoArchiveOptions extends GenerateOptions {
  outDir: string;
  onProgress?: (message: string) => void;
  /** Entries generated (and written) per step; bounds memory. Default 25,000. */
  chunkSize?: number;
}

/**
 * Generates a demo archive and writes it as a snapshot, streaming entries to disk in chunks so that
 * memory stays modest at millions of entries. Same options, same documents as generateDocuments.
 */
export async function generateDemoArchive(options: DemoArchiveOptions): Promise<Manifest> {
  const { outDir, onProgress, chunkSize = 25_000 } = options;
  const generator = new DemoGenerator(options);
  const { entries, seed, archiveDate } = generator.options;
  const started = Date.now();
  const writer = await SnapshotWriter.open(outDir);
  try {
    let reported = 0;
    while (!generator.done) {
      await writer.append(generator.nextChunk(chunkSize));
      if (generator.generated - reported >= entries / 10 || generator.done) {
        reported = generator.generated;
        onProgress?.(
          `generated ${generator.generated.toLocaleString('en-US')} / ${entries.toLocaleString('en-US')} entries (${((Date.now() - started) / 1000).toFixed(1)} s)`,
        );
      }
    }
    await writer.append({ mol_definition: generator.molDefinitions() });
  } catch (error) {
    await writer.abort();
    throw error;
  }
  onProgress?.('writing Parquet files');
  return writer.finish({ source: 'demo', demo: true, archive_date: archiveDate, seed }, onProgress);
}
