export { validateSearchRequest, MAX_ROWS } from './request.ts';
export { RequestValidationError, type ValidationCode } from './errors.ts';
export { resolveDate, tokenize } from './values.ts';
export { REQUEST_LIMITS } from './limits.ts';
