export { validateSearchRequest, MAX_ROWS, GROUP_SOURCE, type ValidationOptions } from './request.ts';
export { RequestValidationError, type ValidationCode } from './errors.ts';
export { resolveDate, tokenize } from './values.ts';
export { REQUEST_LIMITS, checkJsonDepth } from './limits.ts';
export { describe as describeJsonValue } from './json.ts';
