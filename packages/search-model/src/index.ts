export { RETURN_TYPES, LEVEL_LINKS, isReturnType, type ReturnType } from './levels.ts';
export {
  CATALOGUE,
  FULL_CATALOGUE,
  AttributeSet,
  findAttribute,
  heldAttributes,
  metadataCounts,
  structFields,
  allowedOperators,
  storageOf,
  snapshotColumns,
  splitTopLevel,
  nativeLevelOf,
  SQL_SCALAR,
  type CatalogueAttribute,
  type NestedRecord,
  type NativeLevel,
  type ScalarType,
  type SearchContext,
  type Storage,
  type SnapshotColumn,
} from './catalogue/index.ts';
export * from './request/wire.ts';
export type * from './request/plan-input.ts';
export {
  validateSearchRequest,
  GROUP_SOURCE,
  RequestValidationError,
  type ValidationOptions,
  MAX_ROWS,
  REQUEST_LIMITS,
  checkJsonDepth,
  describeJsonValue,
  resolveDate,
  tokenize,
  type ValidationCode,
} from './validation/index.ts';
export { publicVocabulary, type PublicAttribute } from './catalogue/public-vocabulary.ts';
export * from './charts/index.ts';
