import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import type { UpstreamOptions } from '../../src/sources/upstream-source.ts';

/** The server in upstream mode (no archive), listening on loopback, as `npm start` runs it. */
export async function startUpstreamApp(
  options: UpstreamOptions,
): Promise<{ app: FastifyInstance; url: string }> {
  // The tests' visitors all come from 127.0.0.1: neither their searches nor their connections are capped.
  const app = await buildApp({ upstream: options, rateLimitPerMinute: 0, connections: { maxPerClient: 0 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

/** Listens on loopback: the stand-in upstream, a second instance of our own server over a demo archive. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** POSTs a search; the status, the body text and the headers, as a visitor gets them. */
export async function post(
  url: string,
  request: unknown,
): Promise<{ status: number; text: string; headers: Headers }> {
  const response = await fetch(`${url}/rcsbsearch/v2/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request),
  });
  return { status: response.status, text: await response.text(), headers: response.headers };
}
