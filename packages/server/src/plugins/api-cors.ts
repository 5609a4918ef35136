import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { STALE_HEADER } from '../routes/search.ts';

/**
 * CORS on the API context (routes/api.ts), so that pages and files carry none: the configured
 * Access-Control-Allow-Origin on every answer of the API, errors and 404s included (the plugin
 * sets it when a request arrives), and preflights answered for a day.
 */
export async function apiCors(api: FastifyInstance, origin: string): Promise<void> {
  // The plugin varies on Origin only when it echoes the request's origin; a named origin kept
  // Vary: Origin before, and caches in front may rely on it. Before the plugin: it ends preflights.
  if (origin !== '*')
    api.addHook('onRequest', async (_request, reply) => {
      reply.header('vary', 'Origin');
    });
  await api.register(cors, {
    origin,
    methods: ['GET', 'POST', 'OPTIONS'],
    allowedHeaders: ['content-type', 'if-none-match'],
    maxAge: 86_400,
    // So that a dashboard on another origin can honour a 429's or 503's wait, and tell a kept answer
    // served while the upstream service does not answer.
    exposedHeaders: ['retry-after', STALE_HEADER],
    // A preflight without Origin or Access-Control-Request-Method (a probe, curl) gets its answer
    // rather than a 400, as before.
    strictPreflight: false,
  });
}
