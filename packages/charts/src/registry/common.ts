import { categoryText, type ChartKey } from '../keys.ts';
import { searchFromDimensions } from '../requests.ts';
import type {
  ChartOptions,
  DistributionChartDefinition,
  FixedCondition,
  GrowthChartDefinition,
  TermsDimension,
  TrendChartDefinition,
} from '../types.ts';
import { DESCRIPTIONS } from './descriptions.ts';

/** What every chart spells out; the rest is filled in by `growth` and `distribution`. */
type Filled =
  'kind' | 'categoryText' | 'menuText' | 'buildSearch' | 'truncateViewData' | 'options' | 'longDescription';
type Spec<D extends GrowthChartDefinition | DistributionChartDefinition | TrendChartDefinition> = Omit<
  D,
  Filled | 'key'
> & { key: ChartKey } & Partial<Pick<D, 'menuText' | 'buildSearch' | 'truncateViewData'>> & {
    options: Omit<ChartOptions, 'chartType' | 'scale' | 'orientation'> &
      Partial<Pick<ChartOptions, 'orientation'>>;
  };

function filled(
  spec: Spec<GrowthChartDefinition> | Spec<DistributionChartDefinition> | Spec<TrendChartDefinition>,
) {
  return {
    longDescription: DESCRIPTIONS[spec.key],
    categoryText: categoryText(spec.displayCategory),
    menuText: spec.menuText ?? spec.menuDescription,
    buildSearch: spec.buildSearch ?? searchFromDimensions,
    truncateViewData: spec.truncateViewData ?? false,
    options: {
      chartType: 'bar',
      scale: 'linear',
      orientation: spec.query.first.kind === 'terms' ? 'horizontal' : 'vertical',
      ...spec.options,
    } satisfies ChartOptions,
  };
}

export function growth(spec: Spec<GrowthChartDefinition>): GrowthChartDefinition {
  return { ...spec, kind: 'growth', ...filled(spec) };
}

export function distribution(spec: Spec<DistributionChartDefinition>): DistributionChartDefinition {
  return { ...spec, kind: 'distribution', ...filled(spec) };
}

export function trend(spec: Spec<TrendChartDefinition>): TrendChartDefinition {
  return { ...spec, kind: 'trend', ...filled(spec) };
}

export const RELEASE_DATE = 'rcsb_accession_info.initial_release_date';
export const CHEM_RELEASE_DATE = 'rcsb_chem_comp_info.initial_release_date';
export const GROUP_ID = 'rcsb_polymer_entity_group_membership.group_id';
export const GLOBAL_SYMMETRY: FixedCondition = {
  attribute: 'rcsb_struct_symmetry.kind',
  operator: 'exact_match',
  value: 'Global Symmetry',
};
export const BY_BEST_RESOLUTION = {
  sort_by: 'rcsb_entry_info.resolution_combined',
  direction: 'asc',
} as const;
/** Cumulative distinct counts start with the archive's first release year. */
export const FIRST_RELEASE_YEAR = 1976;

export function yearly(name = 'Release Date', minPopulation: 0 | 1 = 1, attribute = RELEASE_DATE) {
  return { kind: 'year', name, attribute, minPopulation } as const;
}

export function terms(name: string, attribute: string, extra: Partial<TermsDimension> = {}): TermsDimension {
  return { kind: 'terms', name, attribute, minPopulation: 1, ...extra };
}

/** The charts whose truncation flag is on request only what they draw. */
export const TOP_25 = { maxIntervals: 25 } as const;

export const growthAxes = (yAxisTitle: string) => ({ xAxisTitle: 'Year', yAxisTitle });
