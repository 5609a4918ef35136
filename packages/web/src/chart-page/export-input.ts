import {
  answeredTitle,
  axisTitles,
  exploreTag,
  type ChartDefinition,
  type ChartView,
  type Measure,
  type Scope,
} from '@pdb-stats/charts';
import type { ChartExportInput, ExportScope } from '../export/types.ts';
import { exportRowsOf, kindViews, seriesLabelsOf } from './chart-kinds.tsx';
import { cohortLabels, comparedExport, type ComparedShown } from './compared.tsx';
import type { AnyShownChart, ChartLook } from './shown-chart.ts';

/** What the downloads take from the page: all but what the page adds when a file is made. */
export type PageExportInput = Omit<ChartExportInput, 'provenance' | 'subtitle' | 'address'>;

/** The axis titles of the downloads: those drawn in the view and measure shown. */
function axesOf(definition: ChartDefinition, view: ChartView, measure?: Measure, shares = false) {
  const { x, y } = axisTitles(definition, view, measure, shares);
  return { xAxisTitle: x, yAxisTitle: y };
}

/** A compared chart as the downloads see it: one column per cohort, every cohort's request. */
export function comparedExportInput(shown: ComparedShown, look: ChartLook, scope: Scope): PageExportInput {
  const { chart } = shown;
  const { definition } = chart;
  return {
    key: definition.key,
    title: chart.title,
    kind: chart.kind,
    ...(chart.kind === 'growth' && { view: look.view }),
    ...(chart.variant !== undefined && { variant: chart.variant }),
    hidden: cohortLabels(shown).filter((label) => look.hidden.has(label)),
    ...axesOf(definition, look.view, shown.measure),
    ...comparedExport(shown, look),
    request: shown.answers[0]!.request,
    comparison: {
      scope,
      cohorts: shown.cohorts.map((cohort, i) => ({
        label: cohort.label,
        request: shown.answers[i]!.request,
      })),
    },
  };
}

/** The chart on screen as the downloads see it. */
export function exportInput(
  shown: AnyShownChart,
  look: ChartLook,
  scope: ExportScope | undefined,
): PageExportInput {
  const { chart } = shown;
  const { definition } = chart;
  return {
    key: definition.key,
    title: answeredTitle(chart, shown.response),
    kind: chart.kind,
    ...(kindViews(chart.kind).length > 0 && { view: look.view }),
    ...(chart.variant !== undefined && { variant: chart.variant }),
    ...(chart.parent !== undefined && { parent: chart.parent }),
    ...(chart.explore && { explore: exploreTag(chart.explore) }),
    hidden: seriesLabelsOf(shown, look.view).filter((label) => look.hidden.has(label)),
    ...(scope && { scope }),
    ...(look.shares && { measure: 'percent' as const }),
    ...axesOf(definition, look.view, look.shares ? 'percent' : 'count', look.shares),
    ...exportRowsOf(shown, look),
    request: shown.request,
  };
}
