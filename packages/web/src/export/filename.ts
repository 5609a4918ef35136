import { chartFileName } from '@pdb-stats/charts';
import type { ChartExportInput, ExportFormat } from './types.ts';

/** Safe, readable file name: key, view, variant and date, e.g. `experimental-method-annual-2026-06-30.csv`. */
export function exportFileName(
  input: Pick<ChartExportInput, 'key' | 'view' | 'variant' | 'provenance'>,
  format: ExportFormat,
): string {
  return chartFileName([input.key, input.view, input.variant, input.provenance.date], format);
}
