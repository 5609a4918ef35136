import { useCallback, useState, type RefObject } from 'react';
import type { ChartExportInput, ExportFormat } from '../export/types.ts';
import { loadChunk } from '../routing/chunk-loader.ts';

type ExportModule = typeof import('../export/chart-export.ts');

let exportModule: Promise<ExportModule> | undefined;

/**
 * The download code, fetched on first use: the chart page's first load stays small. A failed load is
 * forgotten, so the next try fetches again.
 */
export function loadChartExport(): Promise<ExportModule> {
  exportModule ??= loadChunk(() => import('../export/chart-export.ts')).catch((error: unknown) => {
    exportModule = undefined;
    throw error;
  });
  return exportModule;
}

/** Downloads of one chart: which format is being built, and the last error. */
export function useChartDownload(
  input: ChartExportInput | undefined,
  chart: RefObject<SVGSVGElement | null>,
) {
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const [error, setError] = useState<string | null>(null);
  const download = useCallback(
    async (format: ExportFormat) => {
      if (!input) return;
      setBusy(format);
      setError(null);
      try {
        const { downloadChart } = await loadChartExport();
        await downloadChart(format, input, chart.current);
      } catch (e) {
        console.error(e);
        setError(`The ${format.toUpperCase()} file could not be made: ${(e as Error).message}`);
      } finally {
        setBusy(null);
      }
    },
    [input, chart],
  );
  return { download, busy, error };
}

/** The formats offered, with their menu text. */
export const EXPORT_FORMATS: readonly { format: ExportFormat; label: string }[] = [
  { format: 'csv', label: 'CSV (data table)' },
  { format: 'json', label: 'JSON (data, request, date, source)' },
  { format: 'svg', label: 'SVG image' },
  { format: 'png', label: 'PNG image' },
];
