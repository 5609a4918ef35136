export type {
  ArchiveFacts,
  BucketNode,
  BucketSpec,
  Bucketing,
  CardinalityNode,
  FacetNode,
  PlannedBucketFacet,
  Predicate,
  SearchPlan,
  SortKey,
  ValueSource,
} from './nodes.ts';
export type {
  BucketProgram,
  CardinalityProgram,
  FacetProgram,
  MaskColumn,
  SearchProgram,
  YearKeyColumn,
} from './program.ts';
export type { CompiledQuery, DerivedTable, ParameterType, SqlValue } from './compiler/compiled-query.ts';
export { planSearch, requestSteps, type RequestStep } from './search-plan.ts';
export { requestProgram } from './request-program.ts';
export type { ProgramStep, RequestProgram, StepAnswers } from './program-steps.ts';
export { route, type Hop } from './level-routes.ts';
export { rangesOverlap, segmentsOf, type Interval, type Segmentation } from './range-segments.ts';
export { SqlCompiler } from './compiler/sql-compiler.ts';
export { DuckDbCompiler } from './compiler/duckdb-compiler.ts';
export { ClickHouseCompiler, clickHouseColumn } from './compiler/clickhouse-compiler.ts';
export { clickHouseLiteral } from './compiler/clickhouse-literals.ts';
export { DIALECTS, type Dialect, type DialectName } from './dialects.ts';
