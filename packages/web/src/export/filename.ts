import { chartFileName, levelTag, scopeFileParts, WHOLE_ARCHIVE } from '@pdb-stats/charts';
import type { ChartExportInput, ExportFormat } from './types.ts';

/**
 * Safe, readable file name: key, view, variant, the scope's tag (or the compared cohorts' tag and the
 * measure) and date, e.g. `experimental-method-annual-2026-06-30.csv`,
 * `resolution-scope-1a2b3c4d-2026-06-30.csv`, `resolution-cohorts-1a2b3c4d-percent-2026-06-30.csv`.
 */
export function exportFileName(
  input: Pick<
    ChartExportInput,
    'key' | 'view' | 'variant' | 'parent' | 'explore' | 'provenance' | 'scope' | 'comparison' | 'measure'
  >,
  format: ExportFormat,
): string {
  const scope =
    input.comparison?.scope ??
    (input.scope ? { cohorts: [{ node: input.scope.node }], measure: 'count' as const } : WHOLE_ARCHIVE);
  return chartFileName(
    [
      input.key,
      input.view,
      input.variant,
      levelTag(input.parent),
      input.explore,
      ...scopeFileParts(scope, !input.comparison && input.measure === 'percent'),
      input.provenance.date,
    ],
    format,
  );
}
