import { LEVELS } from '@pdb-stats/snapshot';
import { coverageLines } from '../summary.ts';
import type { RcsbApiImportSummary } from './pipeline.ts';

const count = (n: number) => n.toLocaleString('en-US');
const LISTED_FAILURES = 20;

/** The end-of-import report: what was asked and received, rows per level, failures, attributes, time. */
export function formatRcsbApiSummary(summary: RcsbApiImportSummary): string {
  const { entries, components, requests } = summary;
  const lines = [
    `Snapshot ${summary.outDir} (${(summary.manifest.sources ?? []).join(', ')}; archive date ${summary.manifest.archive_date})`,
    `Entries: ${count(entries.listed)} listed, ${count(entries.fetched)} received in this run` +
      (entries.refreshed ? ` (${count(entries.refreshed)} released or revised since the given date)` : '') +
      `, ${count(entries.reused)} from the spool, ${count(entries.failed)} not served`,
    `Chemical components: ${count(components.listed)} named by the entries, ${count(components.fetched)} received, ` +
      `${count(components.reused)} from the spool, ${count(components.failed)} not served`,
    `Requests: ${count(requests.sent)} sent, ${count(requests.retried)} of them retries`,
    'Rows written:',
    ...LEVELS.map((level) => `  ${level.padEnd(20)} ${count(summary.counts[level]).padStart(12)}`),
  ];
  if (summary.merged) {
    lines.push('Merged into the snapshot by id (rows the Data API served, of the level’s rows):');
    for (const level of LEVELS) {
      const merged = summary.merged[level];
      if (merged)
        lines.push(`  ${level.padEnd(20)} ${`${count(merged.found)} of ${count(merged.rows)}`.padStart(20)}`);
    }
  }
  const failed = entries.failed + components.failed;
  if (summary.failures.length > 0) {
    lines.push(`Not served (${count(failed)}; asked for again by the next run):`);
    for (const { id, reason } of summary.failures.slice(0, LISTED_FAILURES)) lines.push(`  ${id}: ${reason}`);
    if (failed > LISTED_FAILURES) lines.push(`  … and ${count(failed - LISTED_FAILURES)} more`);
  }
  if (summary.unavailable.length > 0)
    lines.push(
      `Catalogue attributes the server's schema lacks (left out): ${count(summary.unavailable.length)}`,
    );
  if (summary.invalidValues > 0)
    lines.push(`Values not of their attribute's type (left out): ${count(summary.invalidValues)}`);
  lines.push(...coverageLines(summary));
  lines.push(`Time ${summary.seconds.toFixed(1)} s`);
  return lines.join('\n');
}
