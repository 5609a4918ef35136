import { request as httpRequest, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDocuments, writeSnapshot } from '@pdb-stats/demo';
import { startServerProcess, type LogLine, type ServerProcess } from '../support/server-process.ts';
import { tempArchive, type TempArchive } from '../../../../test-support/temp-archive.ts';

/** The real process: signals, the listening socket and the log exist only there. */
let dir: string;
let temp: TempArchive | undefined;
let server: ServerProcess;
const started: ServerProcess[] = [];
async function start(env: Record<string, string>): Promise<ServerProcess> {
  server = await startServerProcess(dir, env);
  started.push(server);
  return server;
}
beforeAll(async () => {
  temp = await tempArchive('process');
  dir = temp.dir;
  await writeSnapshot(generateDocuments({ entries: 800, seed: 11, archiveDate: '2026-07-01' }), dir);
});
afterAll(async () => {
  for (const running of started) if (running.child.exitCode === null) running.child.kill('SIGKILL');
  await temp?.remove();
});

const SEARCH = JSON.stringify({
  return_type: 'entry',
  query: {
    type: 'terminal',
    service: 'text',
    parameters: { attribute: 'rcsb_entry_info.resolution_combined', operator: 'less', value: 2.5 },
  },
  request_options: {
    paginate: { rows: 0 },
    facets: [
      { name: 'methods', aggregation_type: 'terms', attribute: 'rcsb_entry_info.experimental_method' },
    ],
  },
});

/** Whether a new TCP connection to the port is refused. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

const index = (logs: LogLine[], test: (line: LogLine) => boolean) => logs.findIndex(test);

/** A search whose body is sent in two parts: `finish()` sends the rest and reads the answer. */
function slowRequest(url: string) {
  const body = Buffer.from(SEARCH);
  const request = httpRequest(`${url}/rcsbsearch/v2/query`, {
    method: 'POST',
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': body.length },
  });
  const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
    request.once('response', (res: IncomingMessage) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      res.once('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    request.once('error', reject);
  });
  // A request cut off (the last test) is not awaited: keep its failure from going unhandled.
  response.catch(() => {});
  request.write(body.subarray(0, 40));
  return {
    request,
    finish: () => {
      request.end(body.subarray(40));
      return response;
    },
  };
}

describe('the server process', () => {
  it('answers /health and logs each request as one JSON line', async () => {
    server = await start({ LOG_LEVEL: 'info' });
    const health = await fetch(`${server.url}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const bad = await fetch(`${server.url}/rcsbsearch/v2/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        return_type: 'entry',
        query: { type: 'terminal', parameters: { attribute: 'x' } },
      }),
    });
    expect(bad.status).toBe(400);

    const completed = await server.waitForLog(
      (line) => line.msg === 'request completed' && (line.res as any)?.statusCode === 400,
    );
    expect(completed).toMatchObject({ level: 30, pid: server.child.pid, reqId: expect.any(String) });
    expect(completed.responseTime).toEqual(expect.any(Number));
    const incoming = server.logs.find(
      (line) => line.msg === 'incoming request' && line.reqId === completed.reqId,
    );
    expect(incoming?.req).toMatchObject({ method: 'POST', url: '/rcsbsearch/v2/query' });
    expect(incoming?.time).toEqual(expect.any(Number));
    // A rejected request is the client's fault: no error is logged for it.
    expect(server.logs.filter((line) => line.level >= 50)).toEqual([]);
    expect(await server.stop()).toBe(0);
  });

  it('on SIGTERM refuses new connections, finishes the request in flight with 200, then exits 0', async () => {
    server = await start({ LOG_LEVEL: 'info' });
    const { port, url } = server;
    // Chart answers are computed in the background at start; let that finish first.
    await server.waitForLog((line) => /chart requests cached/.test(line.msg ?? ''));

    // A slow client: the headers and part of the body now, the rest after the signal. The request
    // is in flight for certain until the body is complete, and then the search itself runs while
    // the server is closing (the engine must stay open for it).
    const slow = slowRequest(url);
    const incoming = await server.waitForLog(
      (line) => line.msg === 'incoming request' && (line.req as any)?.url === '/rcsbsearch/v2/query',
    );

    server.child.kill('SIGTERM');
    await server.waitForLog((line) => line.msg === 'SIGTERM: finishing requests in flight');
    let closed = false;
    for (let i = 0; i < 100 && !closed; i++) {
      closed = await refused(port);
      if (!closed) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(closed, 'new connections are refused once SIGTERM arrived').toBe(true);
    expect(server.child.exitCode, 'the process waits for the request in flight').toBeNull();

    const answer = await slow.finish();
    expect(answer.status, answer.text).toBe(200);
    expect(JSON.parse(answer.text)).toMatchObject({
      result_type: 'entry',
      total_count: expect.any(Number),
      facets: [{ name: 'methods', buckets: expect.any(Array) }],
    });
    expect(await server.exited).toBe(0);

    const { logs } = server;
    const signalled = index(logs, (line) => line.msg === 'SIGTERM: finishing requests in flight');
    const done = index(logs, (line) => line.msg === 'request completed' && line.reqId === incoming.reqId);
    expect(done).toBeGreaterThan(signalled);
    expect(logs[done]?.res).toMatchObject({ statusCode: 200 });
    expect(logs.filter((line) => line.level >= 50)).toEqual([]);
  });

  it('on SIGTERM while chart answers are still being computed at start, exits 0 and logs no error', async () => {
    server = await start({ LOG_LEVEL: 'info' });
    // /health answers before the background warm-up of the registry's charts is over.
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.logs.filter((line) => line.level >= 50)).toEqual([]);
  });

  it('exits 1 when a request is still in flight well past the query time limit', async () => {
    server = await start({ LOG_LEVEL: 'info', QUERY_TIMEOUT_MS: '100' });
    await server.waitForLog((line) => /chart requests cached/.test(line.msg ?? ''));
    const stuck = slowRequest(server.url);
    await server.waitForLog(
      (line) => line.msg === 'incoming request' && (line.req as any)?.url === '/rcsbsearch/v2/query',
    );
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(1);
    // The grace period is the query time limit plus 10 s.
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(10_000);
    expect(server.logs.at(-1)).toMatchObject({ level: 50, msg: expect.stringContaining('exiting anyway') });
    stuck.request.destroy();
  }, 30_000);
});
