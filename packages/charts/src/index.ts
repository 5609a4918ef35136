/** The dashboard's charts: keys, registry, request builders, bins and pure transforms (browser-safe, no catalogue). */
export {
  CHART_KEYS,
  CORE_CHART_KEYS,
  GROWTH_CHART_KEYS,
  DISTRIBUTION_CHART_KEYS,
  FURTHER_CHART_KEYS,
  TREND_CHART_KEYS,
  CHART_KINDS,
  KIND_VIEWS,
  TREND_VIEWS,
  DEFAULT_TREND_VIEW,
  defaultKindView,
  DISPLAY_CATEGORIES,
  DISPLAY_SECTIONS,
  DATA_VIEWS,
  DEFAULT_DATA_VIEW,
  isChartKey,
  type ChartId,
  kindLabel,
  categoryText,
  type ChartKey,
  type ChartKind,
  type KindLabel,
  type DisplayCategory,
  type DisplaySection,
  type DataView,
  type TrendView,
  type ChartView,
} from './keys.ts';
export type {
  BinSpec,
  BinLabelStyle,
  ChartClick,
  ChartDefinition,
  ChartOfKind,
  GrowthChartDefinition,
  DistributionChartDefinition,
  GrowthQuery,
  DistributionQuery,
  DistributionDimension,
  ChartOptions,
  ChartQuery,
  ChartVariants,
  ChartHierarchy,
  HierarchyStep,
  DateRangeDimension,
  DistinctDimension,
  FixedCondition,
  RangeDimension,
  SecondDimension,
  TermsDimension,
  TrendChartDefinition,
  TrendDimension,
  TrendQuery,
  VariantOption,
  YearDimension,
} from './types.ts';
export {
  CHARTS,
  CHART_LIST,
  resolveChart,
  drillProblem,
  readLevel,
  type LevelReading,
  levelTitle,
  answeredTitle,
  resolveExplore,
  sameChart,
  type ResolvedChart,
} from './registry.ts';
export {
  generateBins,
  binLabel,
  round2,
  parseServiceRangeLabel,
  parseServiceDateRangeLabel,
  sameBin,
  type Bin,
  type DateBin,
} from './bins.ts';
export { parseRangeLabel, type RangeCondition } from './range-label.ts';
export {
  PAGINATE_NONE,
  andGroup,
  terminal,
  queryId,
  finalizeRequest,
  idOfNamedLabel,
  namedLabel,
  chartFacets,
  chartFacetRequest,
  cumulativeYearRanges,
  dateRangeBins,
  dateBinLabel,
  yearNode,
  binNode,
  dateBinNode,
  searchFromDimensions,
  termNode,
  otherNodes,
  withClickOptions,
  type FacetOptions,
  type ChartRequestOptions,
  type SeriesSelection,
} from './requests.ts';
export {
  SCOPE_PARAMS,
  MAX_COHORTS,
  MEASURES,
  WHOLE_ARCHIVE,
  parseScopeNode,
  readScope,
  writeScope,
  scopeSearch,
  scopeParams,
  withScope,
  scopeTag,
  type Cohort,
  type Measure,
  type Scope,
  type ScopeProblem,
  type ScopeReading,
} from './scope.ts';
export {
  TRUNCATED_BUCKETS,
  MAX_SEGMENTS,
  toGrowthData,
  toDistributionData,
  type GrowthData,
  type GrowthSeries,
  type DistributionBar,
  type DistributionData,
  type DistributionSegment,
} from './transform.ts';
export {
  histogramQuantile,
  quantileDecimals,
  stepText,
  toTrendData,
  trendBins,
  trendView,
  type HistogramBin,
  type TrendData,
  type YearQuartiles,
} from './trend.ts';
export { md5Hex } from './md5.ts';
export {
  EXPLORE_KEY,
  EXPLORE_PARAMS,
  EXPLORE_STACKS,
  EXPLORE_DIMENSIONS,
  DEFAULT_TOP,
  MAX_TOP,
  MAX_BINS,
  binCount,
  countedLevels,
  otherCountable,
  defaultBins,
  dimensionsOf,
  exploreChart,
  exploreTag,
  exploreTitle,
  isExplorable,
  isStackable,
  readExplore,
  writeExplore,
  type ExploreAttribute,
  type ExploreDimension,
  type ExploreStack,
  type ExploreParam,
  type ExploreProblem,
  type ExploreReading,
  type ExploreSpec,
} from './explore.ts';
export {
  binsBetween,
  typicalBins,
  valueHistogramRequest,
  type BinnedAttribute,
  type ValueBounds,
} from './typical-bins.ts';
export { axisTitles, countTitle, countedNoun } from './axes.ts';

import type { ChartClick, ChartDefinition, ChartQuery } from './types.ts';
import type { ResolvedChart } from './registry.ts';
import type { Comparison } from './cohorts.ts';
import type { QueryNode, SearchRequest } from '@pdb-stats/search-model';
import { finalizeRequest } from './requests.ts';
import { withScope } from './scope.ts';

/**
 * The complete click-through request of a chart's bar: scope AND the bar's search (the bar alone
 * without a scope), plus request_info, paging and content type.
 */
export function clickRequest(
  definition: ChartDefinition,
  click: ChartClick,
  query: ChartQuery,
  scope?: QueryNode,
): SearchRequest {
  const search = definition.buildSearch(click, query);
  const scoped = withScope(scope, search.query);
  return finalizeRequest({ ...search, ...(scoped && { query: scoped }) });
}

/** What a chart is drawn over: a scope (none: the whole archive), or a comparison of cohorts. */
export interface DrawnChart {
  chart: ResolvedChart;
  scope?: QueryNode | undefined;
  comparison?: Comparison | undefined;
}

/**
 * The search a bar opens: that cohort AND the bar when compared, else the scope AND the bar. The
 * chart page's click and the service's expansion of a bar's short link (bar-search.ts) both ask this.
 */
export function barRequest(drawn: DrawnChart, click: ChartClick, cohort?: number): SearchRequest {
  const { chart, comparison } = drawn;
  if (comparison && cohort !== undefined)
    return clickRequest(chart.definition, click, comparison.query, comparison.cohorts[cohort]?.scope);
  return clickRequest(chart.definition, click, chart.query, drawn.scope);
}
export {
  BAR_SEARCH_PATH,
  readBarSearch,
  writeBarSearch,
  type BarSearch,
  type BarSearchProblem,
  type BarSearchRead,
} from './bar-search.ts';
export {
  requestAttributes,
  chartQueryAttributes,
  chartAttributes,
  chartNeeds,
} from './required-attributes.ts';
export {
  FROM_COLUMN,
  TO_COLUMN,
  SHARE_COLUMN,
  chartTable,
  comparedRows,
  comparedTable,
  dataView,
  distributionChartData,
  distributionRows,
  distributionTableSource,
  growthChartData,
  growthRows,
  growthTableSource,
  trendChartData,
  trendRows,
  trendTableSource,
  singleSeriesName,
  visibleSeries,
  visibleSegments,
  segmentColumn,
  type Cell,
  type ChartTable,
  type ChartTableOf,
  type ComparedLook,
  type DistributionTableSource,
  type GrowthTableSource,
  type TrendTableSource,
  type TableLook,
} from './table.ts';
export { csvField, toCsv } from './csv.ts';
export {
  OTHER_FACET,
  isOtherLabel,
  otherBarOf,
  otherCountOf,
  otherDimension,
  otherLabel,
  otherMeaning,
  otherRequest,
  otherRequestOf,
  withOtherBars,
  withOtherCount,
} from './other-bar.ts';
export {
  MEMBERS_FACET,
  memberCheckRequest,
  membersOf,
  withMemberCheck,
  withMemberChecks,
} from './member-check.ts';
export {
  fetchChartAnswer,
  fetchComparedAnswers,
  type FetchedChart,
  type FetchedComparison,
  type SendSearch,
} from './chart-fetch.ts';
export type {
  ArchiveInfo,
  KeyDocument,
  MovedPage,
  RenderRequest,
  RenderedPage,
  SearchServiceClient,
  ServerEntry,
} from './server-rendering.ts';
export {
  ENTRY_API_PREFIX,
  ENTRY_ID_PATTERN,
  entryPagePath,
  factValue,
  type EntryFact,
  type EntryFactGroup,
  type EntryPart,
  type EntryParts,
  type EntryRecord,
} from './entry-record.ts';
export {
  cohortColumn,
  compareDistributions,
  compareGrowth,
  comparedChartData,
  comparedQuery,
  comparedRequests,
  comparedOtherRequests,
  comparisonOf,
  isComparison,
  splitsBars,
  inBarShares,
  comparesCohorts,
  barShares,
  segmentCount,
  scopeFileParts,
  distributionInMeasure,
  growthInMeasure,
  inMeasure,
  percentOf,
  tableValue,
  uniqueLabels,
  viewValues,
  type CohortAnswer,
  type CohortValues,
  type ComparedData,
  type ComparedDistribution,
  type ComparedCohort,
  type ComparedQuery,
  type Comparison,
} from './cohorts.ts';
export { chartFileName, levelTag } from './file-name.ts';
export { windowGrowthData, readYearWindow, type YearWindow } from './growth-views.ts';
export { CHART_EVENTS, eventYear, eventsInYears, type ChartEvent } from './annotations.ts';
export {
  PAGES,
  FIXED_PAGES,
  SUMMARY_CHUNK,
  EMBED_PREFIX,
  needsSummary,
  chartRoutePattern,
  chartPath,
  matchRoute,
  activeKind,
  type PageSpec,
  type PageName,
  type RouteMatch,
} from './pages.ts';
export {
  trimBase,
  searchEndpoint,
  archiveEndpoint,
  queryEditorUrl,
  barSearchUrl,
  advancedSearchUrl,
  chartDataUrl,
} from './addresses.ts';
export { countNoun, countedName } from './nouns.ts';
export { COUNTRIES, NON_COUNTRIES, countryOf, countryOfShape, type Country } from './countries.ts';
