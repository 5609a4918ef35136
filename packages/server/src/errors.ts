import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { RequestValidationError } from '@pdb-stats/search-model';
import { UpstreamRefusal } from './sources/upstream-source.ts';

/**
 * Clients see only errors raised on purpose: validation errors with their message and field,
 * HTTP errors of Fastify itself (bad JSON, wrong media type) with theirs. Anything else is logged
 * and answered with a generic 500, because engine messages contain SQL.
 */
export function handleError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): void {
  if (error instanceof RequestValidationError) {
    void reply.code(400).send({ status: 400, message: error.message, field: error.field, code: error.code });
    return;
  }
  // The upstream search service's own refusal, word for word: it knows why it refused.
  if (error instanceof UpstreamRefusal) {
    void reply.code(error.statusCode).type(error.contentType).send(error.body);
    return;
  }
  const statusCode = (error as FastifyError).statusCode;
  const retryAfterS = (error as { retryAfterS?: number }).retryAfterS;
  if (retryAfterS !== undefined) reply.header('retry-after', retryAfterS);
  // 503: the engine's database or the upstream search service is unreachable, whose message names
  // the server, never a statement; or the service sheds load, which load protection logs without
  // flooding (plugins/load-protection.ts).
  if (statusCode !== undefined && ((statusCode >= 400 && statusCode < 500) || statusCode === 503)) {
    if (statusCode === 503 && (error as FastifyError).code !== 'FST_UNDER_PRESSURE')
      request.log.warn({ url: request.url, reason: error.message }, 'answer source unavailable');
    void reply.code(statusCode).send({ status: statusCode, message: clientMessage(error as FastifyError) });
    return;
  }
  request.log.error({ err: error, url: request.url, method: request.method }, 'request failed');
  void reply.code(500).send({ status: 500, message: 'Internal Server Error' });
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'the request body must be JSON: send Content-Type: application/json';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'the request body is empty; send the search request as JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'the request body is too large';
    default:
      if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
        return `the request body is not valid JSON: ${error.message}`;
      }
      return error.message;
  }
}
