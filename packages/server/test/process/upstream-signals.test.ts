import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';

/** The server in upstream mode (no archive on disk) keeps running when asked to reload. */
let server: ServerProcess;
beforeAll(async () => {
  // Nothing listens at the upstream address: the server starts and answers /health without it.
  server = await startServerProcess('/nonexistent', {
    UPSTREAM_SEARCH_URL: 'http://127.0.0.1:9',
    LOG_LEVEL: 'info',
  });
});
afterAll(async () => {
  if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
});

it('SIGHUP in upstream mode is logged and the server goes on answering', async () => {
  server.child.kill('SIGHUP');
  await server.waitForLog(
    (line) => /^SIGHUP: answers come from the upstream service/.test(line.msg ?? ''),
    10_000,
  );
  const health = await fetch(`${server.url}/health`);
  expect(health.status).toBe(200);
  expect(server.child.exitCode).toBeNull();
});
