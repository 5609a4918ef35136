import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { Readable } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  CHECK_SEARCH_RESPONSES,
  CHECKS_FILE_VARIABLE,
  readChecks,
  schemaDirIfPresent,
  SEARCH_ROUTE,
  type Violation,
} from '../../../test-support/response-schema.ts';

/**
 * The checks of search answers against the official response schema catch a bad answer, in this
 * process and in a server process started with the preload. Each test takes the violations it
 * provoked out of the checks file, so that the setup file's own check passes.
 */

const ANSWER = { query_id: 'q', result_type: 'entry', total_count: 2, result_set: ['1ABC', '2DEF'] };

/** The violations recorded so far, removed from the checks file. */
function takeViolations(): Violation[] {
  const file = process.env[CHECKS_FILE_VARIABLE]!;
  const violations = readChecks(file).filter((line): line is Violation => line.event === 'violation');
  rmSync(file, { force: true });
  return violations;
}

describe.skipIf(!schemaDirIfPresent())('search answers checked against the official response schema', () => {
  it('records an invalid answer of any Fastify app, with the request and the reason', async () => {
    const app = Fastify();
    app.post(SEARCH_ROUTE, async (request) =>
      (request.body as { bad?: boolean }).bad ? { ...ANSWER, facets: [{ name: 'f', buckets: [] }] } : ANSWER,
    );
    expect(
      (await app.inject({ method: 'POST', url: SEARCH_ROUTE, payload: { bad: false } })).statusCode,
    ).toBe(200);
    expect(takeViolations()).toEqual([]);

    expect((await app.inject({ method: 'POST', url: SEARCH_ROUTE, payload: { bad: true } })).statusCode).toBe(
      200,
    );
    const [violation, ...more] = takeViolations();
    expect(more).toEqual([]);
    expect(violation!.request).toBe(`POST ${SEARCH_ROUTE} {"bad":true}`);
    expect(violation!.errors.join('\n')).toMatch(/\/facets\/0\/buckets must NOT have fewer than 1 items/);
    await app.close();
  });

  it('reads an answer compressed into a stream by an earlier hook, and sends it on unchanged', async () => {
    const app = Fastify();
    app.addHook('onSend', async (_request, reply, payload) => {
      reply.header('content-encoding', 'gzip');
      return Readable.from([gzipSync(String(payload))]);
    });
    app.get(SEARCH_ROUTE, async () => ({ ...ANSWER, result_set: [] }));
    const response = await app.inject({ method: 'GET', url: SEARCH_ROUTE });
    expect(JSON.parse(gunzipSync(response.rawPayload).toString())).toEqual({ ...ANSWER, result_set: [] });
    const [violation] = takeViolations();
    expect(violation!.errors.join('\n')).toMatch(/\/result_set must NOT have fewer than 1 items/);
    await app.close();
  });

  it('leaves other routes and error answers alone', async () => {
    const app = Fastify();
    app.get('/elsewhere', async () => ({ not: 'a search answer' }));
    app.get(SEARCH_ROUTE, async (_request, reply) => reply.code(400).send({ status: 400, message: 'no' }));
    await app.inject({ method: 'GET', url: '/elsewhere' });
    await app.inject({ method: 'GET', url: SEARCH_ROUTE });
    expect(takeViolations()).toEqual([]);
    await app.close();
  });

  it('records an invalid answer of a server process started with the preload', () => {
    const script = `
      import Fastify from 'fastify';
      const app = Fastify();
      app.get('${SEARCH_ROUTE}', async () => ({ ...${JSON.stringify(ANSWER)}, total_count: 0 }));
      await app.inject({ method: 'GET', url: '${SEARCH_ROUTE}?json=%7B%7D' });
    `;
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--import', CHECK_SEARCH_RESPONSES, '--input-type=module', '-e', script],
      { encoding: 'utf8', env: process.env },
    );
    expect(child.status, child.stderr).toBe(0);
    const file = process.env[CHECKS_FILE_VARIABLE]!;
    expect(readChecks(file).map((line) => line.event)).toEqual(['checking', 'violation']);
    const [violation] = takeViolations();
    expect(violation!.request).toBe(`GET ${SEARCH_ROUTE}?json=%7B%7D`);
    expect(violation!.errors.join('\n')).toMatch(/\/total_count must be >= 1/);
  });
});
