import type { FastifySchemaValidationError, FastifyServerOptions } from 'fastify';
import { describeJsonValue, RequestValidationError, type ValidationCode } from '@pdb-stats/search-model';

/**
 * What Fastify checks before a handler runs: the envelope of each request. The content of a search
 * request is the search model's to check, because its messages name fields the way the Search API
 * does. Routes without parameters declare no querystring: unknown ones (a cache buster) are ignored.
 */

/** `POST /rcsbsearch/v2/query`: the search request, one JSON object. */
export const SEARCH_BODY = { type: 'object' } as const;

/** `GET /rcsbsearch/v2/query?json=`; other parameters are ignored, as the Search API does. */
export const SEARCH_QUERYSTRING = {
  type: 'object',
  properties: { json: { type: 'string', description: 'the URL-encoded search request' } },
} as const;

/** `GET /rcsbsearch/v2/documents?return_type=&ids=`: our own route, so unknown parameters are refused. */
export const DOCUMENTS_QUERYSTRING = {
  type: 'object',
  additionalProperties: false,
  properties: {
    return_type: { type: 'string', description: 'a return type' },
    ids: { type: 'string', description: 'comma-separated identifiers' },
  },
} as const;

/**
 * Fastify's Ajv options. Unknown properties are reported, not silently dropped (Fastify's default),
 * and errors carry the value and schema they concern, for the messages below.
 */
export const AJV_OPTIONS = { removeAdditional: false, verbose: true } as const;

/** Which part of the request failed: body, querystring, params or headers. */
type Part = Parameters<NonNullable<FastifyServerOptions['schemaErrorFormatter']>>[1];

/** An Ajv error with the value and schema that `verbose` adds. */
interface VerboseError extends FastifySchemaValidationError {
  data?: unknown;
  parentSchema?: { description?: string; properties?: Record<string, unknown> };
}

/** The parameter or key at fault; the envelopes above are one level deep. */
const fieldOf = (error: VerboseError): string => {
  const key = error.params.missingProperty ?? error.params.additionalProperty;
  return typeof key === 'string' ? key : error.instancePath.slice(1);
};

const names = (keys: string[]) =>
  keys.length < 2 ? keys.join('') : `${keys.slice(0, -1).join(', ')} and ${keys.at(-1)}`;

/**
 * Fastify's schema errors in the service's words: a RequestValidationError that names the field, so
 * that they are answered like the search model's own (status, message, field, code).
 */
export function schemaErrorFormatter(errors: FastifySchemaValidationError[], context: Part): Error {
  const error = errors[0] as VerboseError;
  const field = fieldOf(error);
  const fail = (code: ValidationCode, reason: string) => new RequestValidationError(code, field, reason);
  switch (error.keyword) {
    case 'type': {
      const hint = error.parentSchema?.description;
      // A parameter given twice arrives as an array.
      if (context === 'querystring' && Array.isArray(error.data))
        return fail('REQ_ERR_TYPE', `must be given once${hint ? `, as ${hint}` : ''}`);
      const type = String(error.params.type);
      return fail(
        'REQ_ERR_TYPE',
        `must be ${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}, got ${describeJsonValue(error.data)}`,
      );
    }
    case 'required':
      return fail('REQ_ERR_REQUIRED', 'is required');
    case 'additionalProperties': {
      const allowed = names(Object.keys(error.parentSchema?.properties ?? {}));
      return context === 'querystring'
        ? fail('REQ_ERR_UNKNOWN_KEY', `unknown parameter; expected ${allowed}`)
        : fail('REQ_ERR_UNKNOWN_KEY', `unknown key; allowed here: ${allowed}`);
    }
    default:
      return fail('REQ_ERR_VALUE', error.message ?? 'is not valid');
  }
}
