import { appendFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { subscribe } from 'node:diagnostics_channel';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { Ajv, type ValidateFunction } from 'ajv';
import type { FastifyInstance, onSendHookHandler } from 'fastify';
import { SHARED_DIR, sharedPath } from './shared-files.ts';

/**
 * The archive's official Search API response schema, checked against every answer the test suites
 * receive from the search route: in-process apps (vitest), servers in child processes and the
 * server the browser tests use (both started with `--import` of `check-search-responses.ts`).
 *
 * A violation is appended as one JSON line to the file named by `SEARCH_RESPONSE_CHECKS`, so that
 * the process that runs the tests (vitest's setup file, Playwright's global teardown) fails on it,
 * wherever the server ran. Nothing is checked when that variable is unset.
 */

/** The preload that makes a server process check its answers, for `node --import`. */
export const CHECK_SEARCH_RESPONSES = fileURLToPath(new URL('./check-search-responses.ts', import.meta.url));

const SCHEMA_RELATIVE = 'reference/search-api-schemas/search';
export const SCHEMA_DIR = join(SHARED_DIR, SCHEMA_RELATIVE);
const RESULTS = '/schema/search/response/json-schema-rcsb_search_results.json';
export const SEARCH_ROUTE = '/rcsbsearch/v2/query';
export const CHECKS_FILE_VARIABLE = 'SEARCH_RESPONSE_CHECKS';
const SUITE = 'checks of search answers against the official response schema';

/**
 * Faults of the published schema itself, each read as the live service's answers need. The
 * single-value facet's `value` is `oneOf` integer and number, which no integer satisfies (it is
 * both); read as `anyOf`, as the public service's own integer counts need.
 */
const SCHEMA_FAULTS: Record<string, (text: string) => string> = {
  'json-schema-rcsb_search_results_facets_metrics_single_value.json': (text) =>
    text.replace('"oneOf"', '"anyOf"'),
};

/** The validator of a whole search answer, from the schema suite in `dir`. */
export function loadResultsValidator(dir = SCHEMA_DIR): ValidateFunction {
  // Formats (dates, URLs) appear only in request schemas that no answer refers to.
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  for (const part of ['request', 'response']) {
    const folder = join(dir, part);
    // Each schema under the path of its file: the references name files, and one published `$id`
    // differs from its file name (`…_result_identifier` for `…_results_identifier.json`).
    for (const file of readdirSync(folder).filter((f) => f.endsWith('.json'))) {
      const text = readFileSync(join(folder, file), 'utf8');
      const fix = SCHEMA_FAULTS[file] ?? ((unchanged: string) => unchanged);
      const schema = JSON.parse(fix(text)) as Record<string, unknown>;
      ajv.addSchema({ ...schema, $id: `/schema/search/${part}/${file}` });
    }
  }
  return ajv.getSchema(RESULTS)!;
}

/** The schema suite's folder if present, quietly (the run's own setup says once that it is absent). */
export function schemaDirIfPresent(): string | undefined {
  return existsSync(SCHEMA_DIR) ? SCHEMA_DIR : undefined;
}

/** The schema suite's folder, or undefined with one warning; under `CI=1` its absence throws. */
export function requireSchemaDir(): string | undefined {
  return sharedPath(SCHEMA_RELATIVE, SUITE);
}

let validator: ValidateFunction | undefined;

/** Ajv's errors of `body` against the results schema, one line each; empty when it is valid. */
export function resultsSchemaErrors(body: unknown, dir = SCHEMA_DIR): string[] {
  validator ??= loadResultsValidator(dir);
  if (validator(body)) return [];
  return (validator.errors ?? []).map(
    (error) => `${error.instancePath || '/'} ${error.message ?? ''} ${JSON.stringify(error.params)}`,
  );
}

/** One answer that broke the schema, as recorded in the checks file. */
export interface Violation {
  event: 'violation';
  /** What was asked: method, URL and request body, or the caller's description. */
  request: string;
  errors: string[];
  /** The start of the answer, to see what was sent. */
  answer: string;
}

function record(line: object): void {
  const file = process.env[CHECKS_FILE_VARIABLE];
  if (file) appendFileSync(file, `${JSON.stringify(line)}\n`);
}

/** Checks an answer already parsed (e.g. the search pipeline's result); records any violation. */
export function checkAnswer(request: string, body: unknown): void {
  if (!process.env[CHECKS_FILE_VARIABLE] || schemaDirIfPresent() === undefined) return;
  const errors = resultsSchemaErrors(body);
  if (errors.length > 0) {
    record({ event: 'violation', request, errors, answer: JSON.stringify(body).slice(0, 2000) });
  }
}

/** The text of an answer as sent: a string or bytes, decoded by its `content-encoding`. */
function answerText(bytes: Buffer | string, encoding: string | undefined): string {
  if (typeof bytes === 'string') return bytes;
  if (encoding === 'br') return brotliDecompressSync(bytes).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(bytes).toString('utf8');
  if (encoding === 'deflate') return inflateSync(bytes).toString('utf8');
  return bytes.toString('utf8');
}

function checkText(request: string, text: string): void {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    record({ event: 'violation', request, errors: [(error as Error).message], answer: text.slice(0, 2000) });
    return;
  }
  checkAnswer(request, body);
}

/**
 * Checks every 200 answer of the search route of `app`: an `onSend` hook of the route itself, which
 * runs after every app and plugin `onSend` hook, so it sees the body as sent.
 */
export function checkSearchAnswers(app: FastifyInstance): void {
  const check: onSendHookHandler = async (request, reply, payload) => {
    if (reply.statusCode !== 200) return payload;
    const body = request.method === 'POST' ? ` ${JSON.stringify(request.body)}` : '';
    const asked = `${request.method} ${request.url}${body}`.slice(0, 2000);
    // A stream (e.g. compressed by a plugin) is read whole and sent on as the bytes it held.
    const sent = payload instanceof Readable ? Buffer.concat(await payload.toArray()) : payload;
    if (typeof sent !== 'string' && !Buffer.isBuffer(sent)) {
      record({
        event: 'violation',
        request: asked,
        errors: ['the answer is neither text nor bytes'],
        answer: '',
      });
      return payload;
    }
    const encoding = reply.getHeader('content-encoding');
    checkText(asked, answerText(sent, typeof encoding === 'string' ? encoding : undefined));
    return sent;
  };
  app.addHook('onRoute', (route) => {
    if (route.url !== SEARCH_ROUTE) return;
    const own = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
    route.onSend = [...own, check];
  });
}

const SUBSCRIBED = Symbol.for('pdb-stats.search-answer-checks');

/**
 * Every Fastify app created in this process from now on checks its search answers (Fastify
 * announces each new instance on the `fastify.initialization` diagnostics channel). Once per
 * process, however many test files load this module.
 */
export function checkEveryFastifyApp(): void {
  const state = globalThis as { [SUBSCRIBED]?: boolean };
  if (state[SUBSCRIBED]) return;
  state[SUBSCRIBED] = true;
  subscribe('fastify.initialization', (message) => {
    if (schemaDirIfPresent() === undefined) return;
    checkSearchAnswers((message as { fastify: FastifyInstance }).fastify);
  });
}

/** The lines of a checks file: violations, and the servers that started with checks. */
export type CheckLine = Violation | { event: 'checking' | 'skipped'; pid: number };

export function readChecks(file: string): CheckLine[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as CheckLine);
}

/** A readable account of violations, for a failing test. */
export function describeViolations(violations: Violation[]): string {
  const shown = violations
    .slice(0, 10)
    .map((v) => `${v.request}\n  ${v.errors.join('\n  ')}\n  answer: ${v.answer}`);
  const more = violations.length > 10 ? `\n… and ${violations.length - 10} more` : '';
  return `${violations.length} search answer(s) invalid against the official response schema:\n${shown.join('\n')}${more}`;
}

/** Announces a server process in the checks file: checking, or skipping (schema suite absent). */
export function announceServer(): void {
  record({ event: schemaDirIfPresent() === undefined ? 'skipped' : 'checking', pid: process.pid });
}
