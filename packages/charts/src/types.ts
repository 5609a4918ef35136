import type { QueryNode, ReturnType, SearchRequest } from '@pdb-stats/search-model';
import type { ChartId, ChartKind, ChartView, DataView, DisplayCategory, DisplaySection } from './keys.ts';

/** A fixed condition of a chart: a facet filter and the matching node of its click-through query. */
export interface FixedCondition {
  attribute: string;
  operator: 'exact_match' | 'equals';
  value: string | number;
}

/** Bins of a range chart: an open first bin below `start`, steps of `step`, an open last bin at `end`. */
export interface BinSpec {
  start: number;
  step: number;
  end: number;
}

/** How the bounds of a range bin are written: `1-1.2`, `20k-40k`, `100-200 Da`. */
export type BinLabelStyle = 'plain' | 'kilo' | 'dalton';

/** One bar per release year (`date_histogram`, interval year). */
export interface YearDimension {
  kind: 'year';
  name: string;
  attribute: string;
  /** `min_interval_population` of the yearly histogram (0 for three growth charts, which show empty years). */
  minPopulation: 0 | 1;
}

/** One bar or series per value of an attribute (`terms`), optionally inside nested filter facets. */
export interface TermsDimension {
  kind: 'terms';
  name: string;
  attribute: string;
  minPopulation: 0 | 1;
  /** Filter facets, outermost first; each is also a node of the click-through query. */
  filters?: FixedCondition[];
  /** `max_num_intervals`: only what is drawn is requested. */
  maxIntervals?: number;
  /**
   * After the values drawn (`maxIntervals` of them), an "Other" bar: the objects that have a value
   * but none of those drawn. An object with several values counts in several bars, so this is not
   * the total less the bars: a second search counts it (see other-bar.ts).
   */
  other?: true;
  /**
   * Only buckets labelled `<childrenOf>.<...>` are bars: the children of a class of a dotted
   * hierarchy (EC). Objects classed under several parents bring their other classes' children into
   * the facet too; those are not children of this class and are left out.
   */
  childrenOf?: string;
  /** Values are numbers: a bar's search matches its label read as a number (`equals`), not as a keyword. */
  numeric?: true;
  /**
   * The values are identifiers named on the same record (EC numbers): each bucket also asks the
   * names on this attribute, and a bar reads `<id> <name>` (see `namedLabel`).
   */
  namedBy?: string;
  /**
   * The kind of nested record the values are read from, and the class opened on it (a level below a
   * SCOP class: annotation `type = SCOP`, lineage `id = P`): one filter of both around `filters`, so
   * the service keeps the annotations of that kind that hold the class (the annotation is the scope
   * of the two), then `filters` pick items of their lineage. A bar's search is the record's
   * conditions, the filters and the value in one group (one annotation, one lineage item); the class
   * is left out, since the value implies it.
   */
  within?: { record: FixedCondition[]; parent: FixedCondition };
  /**
   * The values belong to a class held beside them, not with them (an organism's group: source
   * organisms are not nested-indexed), so the class's condition also brings the values of other
   * classes held in the same object (a human antibody bound to a viral protein puts Homo sapiens in
   * an entry of Viruses). A second search asks, of the `returnType` objects holding each value
   * answered, which values of `attribute` they hold: a value is a bar only when `value` is the one
   * they all hold (see member-check.ts).
   */
  memberOf?: { returnType: ReturnType; attribute: string; value: string };
  /**
   * A trail facet whose buckets are the names the archive gives this one class (its filters keep
   * that class's records alone): the class's name is the one every object of the level holds.
   */
  namesOf?: string;
}

/** Numeric bins (`range`), matched to the response by label, never by position. */
export interface RangeDimension {
  kind: 'range';
  name: string;
  attribute: string;
  bins: BinSpec;
  labelStyle: BinLabelStyle;
  /** Unit symbol of the attribute's values written in the bins' labels (Å), or none. */
  unit?: string;
}

/** Date bins (`date_range`): release-date distribution. Upper bounds are exclusive. */
export interface DateRangeDimension {
  kind: 'date_range';
  name: string;
  attribute: string;
  /** First year of the first closed bin; the bin before it is open. */
  firstYear: number;
  /** Width of each closed bin in years. */
  years: number;
}

/**
 * A distinct count per year (`cardinality` inside a filter, inside each bucket of the yearly histogram). Distinct counts do not add up, so the
 * cumulative view reads a sibling `date_range` facet of cumulative ranges instead of a running sum.
 */
export interface DistinctDimension {
  kind: 'distinct';
  /** Name of the cardinality facet. */
  name: string;
  attribute: string;
  /** AND-ed conditions of the filter facet around the cardinality. */
  filters: FixedCondition[];
  /** Name of the sibling `date_range` facet that holds the cumulative values. */
  cumulativeName: string;
  /** First year of the cumulative ranges (the archive's first release is in 1976). */
  fromYear: number;
}

/**
 * A numeric attribute inside each release year: a fine histogram (`histogram`, interval `step`)
 * whose bins the quartiles are interpolated in, and the chart's usual bins (`range`), whose shares
 * are stacked to 100 %. Both come in the same answer, nested in the yearly histogram.
 */
export interface TrendDimension {
  kind: 'trend';
  /** Name of the fine histogram. */
  name: string;
  /** Name of the range facet of the usual bins. */
  binsName: string;
  attribute: string;
  /** Width of the fine histogram's bins: the resolution of the quartiles. */
  step: number;
  /**
   * The fine histogram counts only values below this bound, so that its buckets stay few however
   * large the archive (a long tail of rare large values fills one bucket per step and year). Values
   * at or above it are counted by the usual bins; a quartile among them is shown as the bound.
   */
  fineBelow?: number;
  bins: BinSpec;
  labelStyle: BinLabelStyle;
  /** Unit of the attribute's values ('Å', 'kDa'), or '' for a plain number. */
  unit: string;
}

/** The first dimension of a distribution chart: one bar per value, per numeric bin or per date bin. */
export type DistributionDimension = TermsDimension | RangeDimension | DateRangeDimension;
export type SecondDimension = TermsDimension | DistinctDimension;

/** The query of a growth chart: years, optionally split into series by a second dimension. */
export interface GrowthQuery {
  returnType: ReturnType;
  /**
   * The level a scope is matched at, when the bars count other objects than `returnType` returns
   * (distinct UniProt accessions of polymer entities, asked over entries). A scope's condition on an
   * entity selects whole entries in an entry search but single entities in the bars' own searches,
   * so over a scope the chart asks at the bars' level, and "scope AND bar" finds what the bar counts.
   */
  scopedReturnType?: ReturnType;
  first: YearDimension;
  second?: SecondDimension;
}

/** The query of a distribution chart: one dimension of values or bins, each bar optionally split into segments. */
export interface DistributionQuery {
  returnType: ReturnType;
  first: DistributionDimension;
  /** The values of a second attribute inside each bar (a terms facet in each bucket): the bar's segments. */
  second?: TermsDimension;
  /**
   * The class a drilled-down level shows the children of: only objects in it are counted. Each bar's
   * own condition implies it (a child's lineage holds its parent), so click-through searches leave it out.
   */
  parentCondition?: QueryNode;
  /**
   * The classes above a drilled-down level, asked beside its bars (their identifiers with the names
   * the archive gives them) where identifiers do not tell their names (SCOP sunids): one facet per
   * depth, since every object of the level holds all of them and a name is told by being the only
   * one all objects of an identifier's bucket hold.
   */
  trail?: TermsDimension[];
  /**
   * The classes one level below the bars (a drilled-down level's grandchildren), by identifier only:
   * which bars have a level below is read from them, so that a bar whose class has nothing below
   * (an incomplete EC number such as 3.4.24.-, the archive's deepest SCOP level) opens nothing.
   */
  below?: TermsDimension;
}

/** The query of a trend chart: years, and the numeric attribute inside each year. */
export interface TrendQuery {
  returnType: ReturnType;
  first: YearDimension;
  second: TrendDimension;
}

/** The query of a chart: first dimension, optional second dimension, return type. */
export type ChartQuery = GrowthQuery | DistributionQuery | TrendQuery;

/** A clicked bar, segment or value. */
export interface ChartClick {
  /** The year (`"2020"`), the display label of a bin (`"1-1.2"`, `"< 20k"`) or a bucket label. */
  x: string;
  /** The clicked series of a stacked chart (a raw label of the second dimension, a bin of a trend chart). */
  series?: string;
  /** View of the chart: a growth chart's cumulative view counts up to the year, every other the year alone. */
  view: ChartView;
  /** The "Other" bar of a terms chart: the values drawn, none of which its objects have. */
  shown?: readonly string[];
}

/** Presentation options of a chart. */
export interface ChartOptions {
  /** Bar for growth and distribution; a trend chart draws a band or 100 % stacks by its view. */
  chartType: 'bar';
  scale: 'linear';
  xAxisTitle: string;
  yAxisTitle: string;
  /** Fixed step of the value axis; growth charts use automatic steps. */
  yStep?: 500 | 1000 | 5000 | 10000 | 25000 | 50;
  /** Vertical bars (years or bins on x) or horizontal bars (labels on y). */
  orientation: 'vertical' | 'horizontal';
  /** What a trend chart counts in each year ('Number of Entries'); its y axis is the values' title. */
  countTitle?: string;
  /** Series name of a single-series growth chart, per data view. */
  seriesLabels?: Record<DataView, string>;
}

/** One choice of a chart variant, e.g. a sequence-identity cutoff (kept in the URL, so that a link shows the same variant). */
export interface VariantOption<Q extends ChartQuery = ChartQuery> {
  value: string;
  label: string;
  title: string;
  query: Q;
}

export interface ChartVariants<Q extends ChartQuery = ChartQuery> {
  /** URL search parameter. */
  param: string;
  label: string;
  defaultValue: string;
  options: VariantOption<Q>[];
}

/** A chart of kind K whose query is Q: descriptions, query, click search, options, plus what the pages need to draw it. */
interface ChartOf<K extends ChartKind, Q extends ChartQuery> {
  key: ChartId;
  kind: K;
  /** Page and chart title. */
  title: string;
  /** Long description, HTML; may link to external reference sites. Shown in the information modal. */
  longDescription: string;
  /** Text of the chart's menu item. */
  menuDescription: string;
  /** Label where the menu description alone is ambiguous, e.g. "Assembly Symmetry (Growth)". */
  menuText: string;
  displayCategory: DisplayCategory;
  /** Card header on the home page. */
  categoryText: string;
  displaySection: DisplaySection;
  query: Q;
  /** Builds the click-through search request (without request_info; see `finalizeRequest`). */
  buildSearch: (click: ChartClick, query: ChartQuery) => SearchRequest;
  options: ChartOptions;
  /** Draw only the first 25 buckets. */
  truncateViewData: boolean;
  /** Lineage depth of classification charts (EC, SCOP). */
  lineageDepth?: 1;
  variants?: ChartVariants<Q>;
  /** The levels below the chart's bars, when they are classes of a hierarchy that can be opened. */
  hierarchy?: ChartHierarchy;
}

export type GrowthChartDefinition = ChartOf<'growth', GrowthQuery>;
export type DistributionChartDefinition = ChartOf<'distribution', DistributionQuery>;
export type TrendChartDefinition = ChartOf<'trend', TrendQuery>;
/** A chart, told apart by its kind: a growth chart's query is a growth query by type. */
export type ChartDefinition = GrowthChartDefinition | DistributionChartDefinition | TrendChartDefinition;
/** The definition of a chart of kind K. */
export type ChartOfKind<K extends ChartKind> = Extract<ChartDefinition, { kind: K }>;

/** One class on the way from the top of a hierarchy down to a drilled-down level. */
export interface HierarchyStep {
  /** The value of the URL parameter that opens the level below this class. */
  value: string;
  /** How the class is named in the breadcrumb and title. */
  label: string;
}

/**
 * A chart whose bars are classes of a hierarchy (EC classes): a bar can be opened one level down, the
 * chosen class kept in the URL parameter `param`, the chart's own query being the top level.
 */
export interface ChartHierarchy {
  /** URL parameter naming the class whose children are drawn. */
  param: string;
  /** Breadcrumb label of the top level. */
  topLabel: string;
  /**
   * The x-axis title of every level below the top, where its bars are of another kind than the
   * top's (a taxonomy group's source organisms); the top's title otherwise.
   */
  levelAxisTitle?: string;
  /** Why `value` is not a class whose level below can be drawn; undefined when it is. */
  problem: (value: string) => string | undefined;
  /** The query of the level below the class `parent` (a valid value). */
  levelQuery: (parent: string) => DistributionQuery;
  /**
   * The classes from the top down to `parent`, `parent` last; named by `names` (identifier → name,
   * read from the level's answer: `DistributionData.names`) where a class's identifier does not tell it.
   */
  trail: (parent: string, names?: Readonly<Record<string, string>>) => HierarchyStep[];
  /** The class a bar opens (a bar of the top level when `parent` is undefined), or undefined when it has no level below. */
  childOf: (barLabel: string, parent: string | undefined) => string | undefined;
  /**
   * Whether the class `child` (a bar of a drilled-down level) has a level below, told by the
   * identifiers of the classes one level below the bars that the level's answer holds (`DistributionQuery.below`).
   */
  opensBelow: (child: string, below: readonly string[]) => boolean;
  /**
   * Why a level's answer shows that `parent` is not a path of the archive's classes (an ancestor it
   * names is not the class's), given the identifiers its trail facets found, in the order of
   * `DistributionQuery.trail`, or undefined when no object of the archive holds the class; undefined
   * when the answer agrees.
   */
  pathProblem: (parent: string, trailIds: readonly (readonly string[])[] | undefined) => string | undefined;
}
