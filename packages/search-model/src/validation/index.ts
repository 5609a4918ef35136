export { validateSearchRequest, MAX_ROWS, GROUP_SOURCE, type ValidationOptions } from './request.ts';
export { RequestValidationError, type ValidationCode } from './errors.ts';
export { DATE_RANGE, resolveDate, tokenize } from './values.ts';
export { DEFAULT_COST_LIMITS, REQUEST_LIMITS, checkJsonDepth, type CostLimits } from './limits.ts';
export { describe as describeJsonValue } from './json.ts';
