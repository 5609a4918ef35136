import { countedNoun, dataView, stepText, trendView, type ChartView } from '@pdb-stats/charts';
import { formatNumber } from '../charts/format.ts';
import type { PartialYear } from '../charts/partial-year.ts';
import type { ShownChart } from './shown-chart.ts';

/** What a growth chart counts, split by what, over which years; the year not over, if shown. */
export function growthSubtitle(
  shown: ShownChart<'growth'>,
  chartView: ChartView,
  partial: PartialYear | undefined,
) {
  const view = dataView(chartView);
  const { options } = shown.chart.definition;
  const { years } = shown.data;
  const second = shown.chart.query.second;
  const split = shown.data.series.length > 1 && second ? ` by ${second.name}` : '';
  const counted = view === 'annual' ? 'released each year' : 'in total at the end of each year';
  const span = years.length > 1 ? `, ${years[0]}–${years.at(-1)}` : years.length ? `, ${years[0]}` : '';
  const part = partial ? ` (${partial.year} to ${partial.through})` : '';
  return `${options.yAxisTitle}${split} ${counted}${span}${part}`;
}

/**
 * What a distribution chart counts, by what, and which share of the groups it draws; `shares`: its
 * split bars are drawn in percent of each bar.
 */
export function distributionSubtitle(shown: ShownChart<'distribution'>, shares = false) {
  const { options } = shown.chart.definition;
  const { first } = shown.chart.query;
  const { bucketCount } = shown.data;
  // The "Other" bar is no group of its own: said after the top ones.
  const bars = shown.data.bars.filter((bar) => !bar.other);
  const other = bars.length < shown.data.bars.length ? ' and the others' : '';
  // The answer tells how many groups there are unless the request asked for the first ones only.
  const top =
    bucketCount > bars.length
      ? `, top ${bars.length} of ${formatNumber(bucketCount)}`
      : first.kind === 'terms' && first.maxIntervals !== undefined && bars.length >= first.maxIntervals
        ? `, top ${bars.length}${other}`
        : '';
  const percent = shares && shown.data.segments?.length ? ', percent of each bar' : '';
  return `${options.yAxisTitle} by ${options.xAxisTitle}${top}${segmentsText(shown)}${percent}`;
}

/** How a distribution's bars are split: by which attribute, and how many of its values are drawn. */
function segmentsText(shown: ShownChart<'distribution'>): string {
  const { second } = shown.chart.query;
  const { segments, segmentCount = 0 } = shown.data;
  if (!second || !segments) return '';
  if (segments.length === 0) return `, not split: none of the objects counted has a ${second.name}`;
  const drawn =
    segmentCount > segments.length
      ? ` (its ${segments.length} most frequent of ${formatNumber(segmentCount)} values; the others left out)`
      : '';
  return `, split by ${second.name}${drawn}`;
}

/** What a trend chart shows in its view, over which years, and the resolution of its quartiles. */
export function trendSubtitle(shown: ShownChart<'trend'>, view: ChartView) {
  const { options } = shown.chart.definition;
  const { years } = shown.data;
  const span = years.length > 1 ? `, ${years[0]}–${years.at(-1)}` : years.length ? `, ${years[0]}` : '';
  const value = options.yAxisTitle.replace(/ \(.*\)$/, '').toLowerCase();
  if (trendView(view) === 'shares')
    return `Share of ${countedNoun(options)} released each year in each ${value} bin${span}`;
  const step = stepText(shown.chart.query.second);
  return `Median and quartiles of the ${value} of ${countedNoun(options)} released each year${span}; quartiles interpolated in bins of ${step}`;
}
