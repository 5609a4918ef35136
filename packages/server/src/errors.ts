import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { RequestValidationError } from '@pdb-stats/search-model';
import { SECURITY_HEADER_VALUES } from './plugins/security-headers.ts';
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
  // The upstream search service's own refusal, in its words: it knows why it refused.
  if (error instanceof UpstreamRefusal) {
    void reply.code(error.statusCode).send(error.body);
    return;
  }
  const statusCode = (error as FastifyError).statusCode;
  const retryAfterS = (error as { retryAfterS?: number }).retryAfterS;
  if (retryAfterS !== undefined) reply.header('retry-after', retryAfterS);
  // 503: the engine's database or the upstream search service is unreachable, whose message names
  // the server, never a statement; or the service sheds load, which load protection logs without
  // flooding (plugins/load-protection.ts). 502: the upstream answered what cannot be taken.
  if (
    statusCode !== undefined &&
    ((statusCode >= 400 && statusCode < 500) || statusCode === 502 || statusCode === 503)
  ) {
    if (statusCode >= 502 && (error as FastifyError).code !== 'FST_UNDER_PRESSURE')
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
    case 'FST_ERR_BAD_URL':
      return 'the address is not valid: its percent-encoding is malformed or not UTF-8';
    default:
      if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
        return `the request body is not valid JSON: ${error.message}`;
      }
      return error.message;
  }
}

/**
 * Errors Fastify answers before any hook runs (a malformed address): with our security headers,
 * which the hooks would have set, and in our error format.
 */
export function handleFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  void reply.headers(SECURITY_HEADER_VALUES);
  handleError(error, request, reply);
}

/**
 * An answer written straight to a socket, for a connection Fastify never sees as a request: our
 * error format, our security headers, and the connection closed after it.
 */
export function rawErrorAnswer(
  status: number,
  message: string,
  headers: Record<string, string> = {},
): string {
  const body = JSON.stringify({ status, message });
  const lines = Object.entries({
    ...SECURITY_HEADER_VALUES,
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  }).map(([name, value]) => `${name}: ${value}`);
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}

/**
 * What Node refuses before Fastify sees a request (a request that did not arrive in time, headers
 * too large, bytes that are not HTTP), answered as Fastify would, in our format.
 */
export function handleClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const [status, message] =
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [
            408,
            'the request did not arrive in time (its headers or its body were too slow); the connection is closed',
          ]
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'the request headers are too large']
          : [400, 'the request is not valid HTTP'];
    socket.end(rawErrorAnswer(status, message));
  }
  socket.destroySoon();
}
