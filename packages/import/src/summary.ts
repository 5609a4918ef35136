import { LEVELS } from '@pdb-stats/snapshot';
import type { ImportSummary } from './pipeline.ts';

const count = (n: number) => n.toLocaleString('en-US');

/** The lines every import's report ends with: the catalogue attributes filled, the charts drawable. */
export function coverageLines(summary: Pick<ImportSummary, 'attributes' | 'charts'>): string[] {
  const { structure, chemical } = summary.attributes;
  const { drawn, notDrawn } = summary.charts;
  return [
    `Catalogue attributes filled: ${count(structure.filled)} of ${count(structure.total)} structure attributes, ` +
      `${count(chemical.filled)} of ${count(chemical.total)} chemical attributes of the public catalogue`,
    `Charts this archive can draw: ${drawn.length} of ${drawn.length + notDrawn.length}`,
    ...notDrawn.map(({ chart, missing }) => `  not ${chart}: lacks ${missing.join(', ')}`),
  ];
}
const LISTED_BAD = 20;

/** The end-of-import report: files, rows per level, skipped files, attributes filled, time and speed. */
export function formatSummary(summary: ImportSummary): string {
  const { files, bytes, seconds } = summary;
  const lines: string[] = [];
  const entries = summary.counts.entry;
  lines.push(
    `Snapshot ${summary.outDir} (${summary.manifest.source}: ${(summary.manifest.sources ?? []).join(', ')}; archive date ${summary.manifest.archive_date})`,
  );
  lines.push(
    `Files: ${count(files.found)} found, ${count(files.parsed)} parsed, ${count(files.reused)} unchanged (${files.carried ? `${count(files.carried)} carried over from the snapshot, the others ` : ''}from the cache), ` +
      `${count(files.bad)} skipped` +
      (files.ignored ? `, ${count(files.ignored)} other files ignored` : '') +
      (files.notReleased
        ? `, ${count(files.notReleased)} of obsolete or unreleased entries left out (holdings)`
        : '') +
      (files.removed || files.removedShards
        ? `; dropped from the cache: ${count(files.removed)} removed files and ${count(files.removedShards)} groups with no file left`
        : ''),
  );
  lines.push('Rows written:');
  for (const level of LEVELS)
    lines.push(`  ${level.padEnd(20)} ${count(summary.counts[level]).padStart(12)}`);
  if (summary.badFiles.length > 0) {
    lines.push(`Skipped files (${count(files.bad)}):`);
    for (const bad of summary.badFiles.slice(0, LISTED_BAD)) lines.push(`  ${bad.file}: ${bad.reason}`);
    if (files.bad > LISTED_BAD) lines.push(`  … and ${count(files.bad - LISTED_BAD)} more`);
  }
  lines.push(...coverageLines(summary));
  const { phases } = summary;
  // Throughput over the parsing step: loading enrichers and writing Parquet do not grow with the files read.
  const rate = (n: number) => (phases.rows > 0 ? n / phases.rows : 0);
  lines.push(
    `Time ${seconds.toFixed(1)} s (enrichers ${phases.enrichers.toFixed(1)} s, listing ${phases.discovery.toFixed(1)} s, ` +
      `reading and parsing ${phases.rows.toFixed(1)} s, Parquet ${phases.parquet.toFixed(1)} s) on ` +
      `${summary.threads} parser thread(s)`,
  );
  lines.push(
    `Throughput: ${(bytes.compressed / 1e6).toFixed(1)} MB parsed, ${(rate(bytes.compressed) / 1e6).toFixed(1)} MB/s compressed, ` +
      `${(rate(bytes.decompressed) / 1e6).toFixed(1)} MB/s decompressed, ${rate(entries).toFixed(1)} entries/s`,
  );
  return lines.join('\n');
}
