/** Error codes of request validation, one per kind of mistake, so clients can tell mistakes apart without parsing messages. */
export type ValidationCode =
  | 'REQ_ERR_TYPE'
  | 'REQ_ERR_REQUIRED'
  | 'REQ_ERR_UNKNOWN_KEY'
  | 'REQ_ERR_ENUM'
  | 'REQ_ERR_RANGE'
  | 'REQ_ERR_UNKNOWN_ATTRIBUTE'
  | 'REQ_ERR_ATTRIBUTE_NOT_HELD'
  | 'REQ_ERR_OPERATOR'
  | 'REQ_ERR_VALUE'
  | 'REQ_ERR_DATE'
  | 'REQ_ERR_SERVICE'
  | 'REQ_ERR_AGGREGATION'
  | 'REQ_ERR_COMBINATION'
  | 'REQ_ERR_UNSUPPORTED'
  | 'REQ_ERR_LIMIT'
  | 'REQ_ERR_JSON';

/**
 * A request the service refuses with 400. `field` is the JSON path of the faulty part
 * (`request_options.facets[0].attribute`), and the message names it and the reason.
 */
export class RequestValidationError extends Error {
  readonly code: ValidationCode;
  readonly field: string;

  constructor(code: ValidationCode, field: string, reason: string) {
    super(field ? `${field}: ${reason}` : reason);
    this.name = 'RequestValidationError';
    this.code = code;
    this.field = field;
  }
}
