/**
 * The answers of the API's routes, declared in their route schemas so that the OpenAPI document
 * (routes/openapi.ts) says what each route may answer. Bodies are declared open
 * (`additionalProperties: true`): Fastify serializes an object answer through its status's schema,
 * and an open object is written whole, as it was before the schemas named it.
 */

/** Why the service answers each status, as a client reads it. */
const STATUS_DESCRIPTIONS = {
  304: 'Not Modified: the ETag in If-None-Match is current',
  400: 'Bad Request: the request is not valid; `message` names the field and the reason',
  404: 'Not Found',
  408: 'Request Timeout: the search ran past QUERY_TIMEOUT_MS and was cancelled',
  413: 'Payload Too Large: the body is larger than MAX_BODY_BYTES',
  415: 'Unsupported Media Type: the body must be JSON (Content-Type: application/json)',
  429: 'Too Many Requests: past RATE_LIMIT_PER_MINUTE uncached searches of this client; see Retry-After',
  500: 'Internal Server Error',
  502: 'Bad Gateway: the upstream search service answered what cannot be taken',
  503: 'Service Unavailable: overloaded, the search queue is full, or the answer source does not answer; see Retry-After',
} as const;

export type ErrorStatus = keyof typeof STATUS_DESCRIPTIONS;

/** The body of every error: `{"status", "message"}`, with `field` and `code` when a request is refused. */
export const ERROR_BODY = {
  type: 'object',
  required: ['status', 'message'],
  additionalProperties: true,
  properties: {
    status: { type: 'integer' },
    message: { type: 'string' },
    field: { type: 'string', description: 'the field or parameter at fault' },
    code: { type: 'string', description: 'the kind of fault, e.g. REQ_ERR_REQUIRED' },
  },
} as const;

/** Every search and chart data answer may be refused so: by validation, the quota, load or the source. */
export const SEARCH_FAILURES = [400, 408, 429, 500, 502, 503] as const satisfies readonly ErrorStatus[];

/** A JSON object answered whole (described, not constrained). */
export function jsonAnswer(description: string) {
  return { description, type: 'object', additionalProperties: true } as const;
}

/** The answers of a route: its own successes, then the errors it may give, in the error format. */
export function responses<Success extends Record<number, object>>(
  success: Success,
  errors: readonly ErrorStatus[],
) {
  const failures = Object.fromEntries(
    errors.map((status) =>
      status === 304
        ? [status, { description: STATUS_DESCRIPTIONS[status], type: 'null' }]
        : [status, { description: STATUS_DESCRIPTIONS[status], ...ERROR_BODY }],
    ),
  );
  return { ...success, ...failures };
}
