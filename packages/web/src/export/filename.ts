import type { ChartExportInput, ExportFormat } from './types.ts';

/** Safe, readable file name: key, view, variant and date, e.g. `experimental-method-annual-2026-06-30.csv`. */
export function exportFileName(
  input: Pick<ChartExportInput, 'key' | 'view' | 'variant' | 'provenance'>,
  format: ExportFormat,
): string {
  const parts = [input.key, input.view, input.variant, input.provenance.date];
  const stem = parts
    .filter((part): part is string => Boolean(part))
    .join('-')
    .toLowerCase()
    .replace(/[^a-z0-9.-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
  return `${stem || 'chart'}.${format}`;
}
