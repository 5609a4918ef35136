/** Chart keys, categories and the display vocabulary of the dashboard. */

/** The core growth charts, in menu order. */
export const GROWTH_CHART_KEYS = [
  'overall-structures',
  'overall-small-molecules',
  'experimental-method',
  'molecular-composition',
  'assembly-symmetry',
  'unique-uniprot-entries',
] as const;

/** The core distribution charts, in menu order. */
export const DISTRIBUTION_CHART_KEYS = [
  'resolution',
  'r-free',
  'molecular-weight-structure',
  'molecular-weight-entity',
  'molecular-weight-small-molecules',
  'atom-count',
  'residue-count',
  'taxonomy',
  'space-group',
  'software',
  'journal',
  'structural-genomics-centers',
  'enzyme-classification',
  'assembly-symmetry-distribution',
  'scop-classification',
] as const;

/** Further charts of the existing RCSB app, beyond the core ones. */
export const FURTHER_CHART_KEYS = [
  'unique-protein-sequences',
  'protein-domains',
  'integrative-input-data',
  'source-organism',
  'expression-organism',
  'polymer-entity-type',
  'release-date-distribution',
  'funding-countries',
] as const;

/** Numeric attributes followed over the release years: quartiles per year, and each bin's share per year. */
export const TREND_CHART_KEYS = [
  'resolution-by-year',
  'r-free-by-year',
  'molecular-weight-by-year',
  'atom-count-by-year',
] as const;

/** The 21 core chart keys. */
export const CORE_CHART_KEYS = [...GROWTH_CHART_KEYS, ...DISTRIBUTION_CHART_KEYS] as const;

export const CHART_KEYS = [...CORE_CHART_KEYS, ...TREND_CHART_KEYS, ...FURTHER_CHART_KEYS] as const;
export type ChartKey = (typeof CHART_KEYS)[number];

/** What names a chart: a registry key, or `explore` for a chart built from the explorer's URL parameters. */
export type ChartId = ChartKey | 'explore';

export function isChartKey(value: unknown): value is ChartKey {
  return typeof value === 'string' && (CHART_KEYS as readonly string[]).includes(value);
}

/**
 * The kinds of chart: growth (counts per release year, optionally stacked by series), distribution
 * (one bar per value or bin) and trend (a numeric attribute's distribution in each release year). A
 * chart's kind decides its query's shape, its route and how the pages draw it.
 */
export const CHART_KINDS = ['growth', 'distribution', 'trend'] as const;
export type ChartKind = (typeof CHART_KINDS)[number];

export type KindLabel = 'Data Growth' | 'Data Distribution' | 'Distribution over Time';

const KIND_LABELS: Record<ChartKind, KindLabel> = {
  growth: 'Data Growth',
  distribution: 'Data Distribution',
  trend: 'Distribution over Time',
};

/** Menu group label of a kind of chart. */
export function kindLabel(kind: ChartKind): KindLabel {
  return KIND_LABELS[kind];
}

export const DISPLAY_CATEGORIES = [
  'Structure Growth Trends',
  'Small Molecule Growth Trends',
  'Experimental Details',
  'Molecular Composition',
  'Biological Context',
  'Structure Details',
  'Small Molecules Molecular Composition',
] as const;
export type DisplayCategory = (typeof DISPLAY_CATEGORIES)[number];

export const DISPLAY_SECTIONS = ['Released Structures', 'Small Molecules'] as const;
export type DisplaySection = (typeof DISPLAY_SECTIONS)[number];

/** Card header of a display category on the home page. */
export function categoryText(displayCategory: DisplayCategory): string {
  if (displayCategory === 'Structure Growth Trends' || displayCategory === 'Small Molecule Growth Trends')
    return 'Growth Trends';
  if (displayCategory === 'Small Molecules Molecular Composition') return 'Molecular Composition';
  return displayCategory;
}

/** Growth data views; cumulative is the default. */
export const DATA_VIEWS = ['cumulative', 'annual'] as const;
export type DataView = (typeof DATA_VIEWS)[number];
export const DEFAULT_DATA_VIEW: DataView = 'cumulative';

/** Views of a trend chart: median and quartiles per year (the default), or each bin's share per year. */
export const TREND_VIEWS = ['quartiles', 'shares'] as const;
export type TrendView = (typeof TREND_VIEWS)[number];
export const DEFAULT_TREND_VIEW: TrendView = 'quartiles';

/** A view of a chart of any kind (distribution charts have none). */
export type ChartView = DataView | TrendView;

/** The views a kind of chart has, in the order of its switch; empty when it has one way of showing. */
export const KIND_VIEWS: { readonly [K in ChartKind]: readonly ChartView[] } = {
  growth: DATA_VIEWS,
  distribution: [],
  trend: TREND_VIEWS,
};

/** The view a chart of a kind shows when none is asked for (growth: the visitor's setting). */
export function defaultKindView(kind: ChartKind, growthDefault: DataView = DEFAULT_DATA_VIEW): ChartView {
  return kind === 'trend' ? DEFAULT_TREND_VIEW : growthDefault;
}
