import { chartFileName, levelTag, scopeTag } from '@pdb-stats/charts';
import type { ChartExportInput, ExportFormat } from './types.ts';

/**
 * Safe, readable file name: key, view, variant, the scope's tag and date, e.g.
 * `experimental-method-annual-2026-06-30.csv`, `resolution-scope-1a2b3c4d-2026-06-30.csv`.
 */
export function exportFileName(
  input: Pick<ChartExportInput, 'key' | 'view' | 'variant' | 'parent' | 'explore' | 'provenance' | 'scope'>,
  format: ExportFormat,
): string {
  const scope = input.scope && scopeTag(input.scope.node);
  return chartFileName(
    [
      input.key,
      input.view,
      input.variant,
      levelTag(input.parent),
      input.explore,
      scope,
      input.provenance.date,
    ],
    format,
  );
}
