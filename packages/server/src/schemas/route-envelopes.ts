import type { FastifySchemaValidationError, FastifyServerOptions } from 'fastify';
import { CHART_LIST, DATA_VIEWS, EXPLORE_PARAMS, MEASURES, TREND_VIEWS } from '@pdb-stats/charts';
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
  required: ['json'],
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

/** `GET /api/charts/<file>`: a chart key and a format, told apart by the route (an unknown chart is a 404). */
export const CHART_DATA_PARAMS = {
  type: 'object',
  required: ['file'],
  properties: { file: { type: 'string', description: 'a chart key and a format, e.g. resolution.csv' } },
} as const;

/** The URL parameters of the registry's variants (each chart with variants names its own). */
export const VARIANT_PARAMS = [
  ...new Set(CHART_LIST.flatMap((chart) => (chart.variants ? [chart.variants.param] : []))),
];

/**
 * `GET /api/charts/<file>?view=&hide=&from=&to=&<variant>=&attribute=…`: the chart page's URL parameters that change its
 * data. Our own route, so unknown parameters are refused; `hide` may be repeated.
 */
export const CHART_DATA_QUERYSTRING = {
  type: 'object',
  additionalProperties: false,
  properties: {
    view: {
      type: 'string',
      enum: [...DATA_VIEWS, ...TREND_VIEWS],
      description: 'the view of a growth or trend chart',
    },
    hide: { type: 'array', items: { type: 'string' }, description: 'the label of a series to hide' },
    query: {
      type: 'array',
      items: { type: 'string' },
      description: 'the scope: JSON of a Search API query node; repeated, cohorts compared',
    },
    label: {
      type: 'array',
      items: { type: 'string' },
      description: 'the name of a cohort, in step with query',
    },
    measure: { type: 'string', enum: [...MEASURES], description: 'count, or percent of each cohort' },
    from: { type: 'string', pattern: '^\\d{4}$', description: 'the first year of a growth chart (a year)' },
    to: { type: 'string', pattern: '^\\d{4}$', description: 'the last year of a growth chart (a year)' },
    parent: {
      type: 'string',
      description: 'the class whose level below is drawn (classification charts: an EC number such as 3.4)',
    },
    ...Object.fromEntries(
      VARIANT_PARAMS.map((param) => [param, { type: 'string', description: 'a variant of the chart' }]),
    ),
    ...Object.fromEntries(
      EXPLORE_PARAMS.map((param) => [
        param,
        { type: 'string', description: 'a parameter of an explore chart' },
      ]),
    ),
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

const names = (keys: string[], last = 'and') =>
  keys.length < 2 ? keys.join('') : `${keys.slice(0, -1).join(', ')} ${last} ${keys.at(-1)}`;

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
    case 'enum': {
      const allowed = (error.params.allowedValues as unknown[]).map(String);
      return fail(
        'REQ_ERR_ENUM',
        `must be one of ${names(allowed, 'or')}, got ${describeJsonValue(error.data)}`,
      );
    }
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
