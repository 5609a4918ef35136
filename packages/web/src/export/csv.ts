import { toCsv } from '@pdb-stats/charts';
import { citationText, exportSourceLines, scopeText } from './provenance.ts';
import type { ChartExportInput } from './types.ts';

/**
 * The CSV download: the table after lines starting with "#" that say what it is (title, subtitle,
 * source, the chart's page, date, licence, citation), so that the file read alone is understood.
 * Spreadsheets show them as rows above the table; `read_csv(comment='#')` and the like skip them.
 */
export function csvWithMetadata(input: ChartExportInput): string {
  const p = input.provenance;
  const lines = [
    input.title,
    input.subtitle,
    ...(input.scope ? [scopeText(input.scope.summary)] : []),
    ...exportSourceLines(p, input.address),
    `Cite as: ${citationText(input.title, input.address, p)}`,
  ];
  // A line break inside a value would end the comment line early.
  return lines.map((line) => `# ${line.replace(/[\r\n]+/g, ' ')}\r\n`).join('') + toCsv(input.table);
}
