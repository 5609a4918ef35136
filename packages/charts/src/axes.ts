import type { Measure } from './scope.ts';
import { trendView } from './trend.ts';
import type { ChartDefinition, ChartOptions } from './types.ts';

/** What a chart counts in each year or bar, when its options name no value: entries. */
export const countTitle = (options: Pick<ChartOptions, 'countTitle'>): string =>
  options.countTitle ?? 'Number of Entries';

/** What a chart counts as a plural noun: 'entries' from 'Number of Entries'. */
export const countedNoun = (options: Pick<ChartOptions, 'countTitle'>): string =>
  countTitle(options)
    .replace(/^Number of /, '')
    .toLowerCase();

/**
 * The titles of a chart's axes in the view and measure shown, as drawn and as its downloads and the
 * chart data API say them: a trend chart's shares are percents of each year's count, not its values;
 * a comparison in percent gives each cohort's share of its own total; bars in shares (`shares`, see
 * `inBarShares`) give each segment's share of its bar.
 */
export function axisTitles(
  definition: Pick<ChartDefinition, 'kind' | 'options'>,
  view: string | undefined,
  measure: Measure = 'count',
  shares = false,
): { x: string; y: string } {
  const { xAxisTitle, yAxisTitle } = definition.options;
  if (definition.kind === 'trend' && trendView(view) === 'shares')
    return { x: xAxisTitle, y: `Share of ${countedNoun(definition.options)} (%)` };
  if (measure === 'count') return { x: xAxisTitle, y: yAxisTitle };
  return { x: xAxisTitle, y: `${yAxisTitle} (% of each ${shares ? 'bar' : 'cohort'})` };
}
