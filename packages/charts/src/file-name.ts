/**
 * Safe, readable file name of a chart's data from its parts (key, view, variant, date; absent parts
 * left out), e.g. `experimental-method-annual-2026-06-30.csv`: the dashboard's downloads and the
 * chart data API name a file alike.
 */
export function chartFileName(parts: readonly (string | undefined)[], extension: string): string {
  const stem = parts
    .filter((part): part is string => Boolean(part))
    .join('-')
    .toLowerCase()
    .replace(/[^a-z0-9.-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
  return `${stem || 'chart'}.${extension}`;
}

/** The part of a file name that says which level of a drilled-down chart it holds: `level-3.4`. */
export function levelTag(parent: string | undefined): string | undefined {
  return parent === undefined ? undefined : `level-${parent}`;
}
