import {
  type Manifest,
  fullCounts,
  LEVELS,
  SnapshotWriter,
  type DemoDocuments,
  type ManifestExtras,
} from '@pdb-stats/snapshot';
import { DEMO_ATTRIBUTES } from './demo-attributes.ts';

/**
 * Writes documents held in memory as a snapshot. The archive date defaults to the latest release
 * date among the entries.
 */
export async function writeSnapshot(
  documents: DemoDocuments,
  outDir: string,
  manifestExtras: ManifestExtras = {},
): Promise<Manifest> {
  const writer = await SnapshotWriter.open(outDir);
  try {
    const files = await writer.levelFiles(LEVELS, DEMO_ATTRIBUTES);
    await files.append(documents);
    await files.toParquet();
    const latest = documents.entry.reduce<string>((max, row) => {
      const date = row['rcsb_accession_info.initial_release_date'];
      return typeof date === 'string' && date > max ? date : max;
    }, '');
    return await writer.complete(fullCounts(files.counts), {
      ...(latest && { archive_date: latest }),
      ...manifestExtras,
    });
  } finally {
    await writer.close();
  }
}
