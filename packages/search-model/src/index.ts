export { RETURN_TYPES, LEVEL_LINKS, isReturnType, type ReturnType } from './levels.ts';
export {
  HELD_ATTRIBUTES,
  findAttribute,
  allowedOperators,
  storageOf,
  snapshotColumns,
  SQL_SCALAR,
  type HeldAttribute,
  type NestedRecord,
  type ScalarType,
  type SearchContext,
  type Storage,
  type SnapshotColumn,
} from './catalogue/index.ts';
export * from './request/wire.ts';
export type * from './request/plan-input.ts';
export {
  validateSearchRequest,
  RequestValidationError,
  MAX_ROWS,
  REQUEST_LIMITS,
  resolveDate,
  tokenize,
  type ValidationCode,
} from './validation/index.ts';
export { publicVocabulary, type PublicAttribute } from './catalogue/public-vocabulary.ts';
export * from './charts/index.ts';
