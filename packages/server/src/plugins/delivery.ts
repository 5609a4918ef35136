import negotiate from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Answers smaller than this are sent as they are: compressing them gains less than it costs. */
const COMPRESS_THRESHOLD = 1024;
/** Answers are compressed as they are sent: a fast brotli level gives most of the gain. */
const BROTLI_QUALITY = 4;

/**
 * Compression and revalidation of what the server writes per request (pages, API answers). Built
 * assets are compressed once at build time instead, and sent as they are.
 */
export async function registerDelivery(app: FastifyInstance): Promise<void> {
  // An ETag for every page and answer that has none of its own, and 304 when it matches. Registered
  // before compression so that the tag is taken from the content, not from its compressed bytes.
  await app.register(etag);
  await app.register(compress, {
    threshold: COMPRESS_THRESHOLD,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });
  // HEAD answers as GET does, headers included: Fastify's HEAD route of a GET route drops the body
  // in its first onSend hook, before compression (added to each route after it) sees it, so that
  // the headers told of the uncompressed answer. Moved last, it drops the compressed body.
  app.addHook('onRoute', (route) => {
    if (route.method !== 'HEAD' || !Array.isArray(route.onSend)) return;
    const dropBody = route.onSend.findIndex((hook) => hook.name === FASTIFY_HEAD_HOOK);
    if (dropBody >= 0) route.onSend.push(...route.onSend.splice(dropBody, 1));
  });
}

/** The onSend hook Fastify gives the HEAD route it adds beside each GET route. */
const FASTIFY_HEAD_HOOK = 'headRouteOnSendHandler';

/**
 * `body` compressed as the request accepts, for an answer that no route makes (a not-found
 * handler's): the compression plugin hooks into routes only. Same encodings, level and threshold.
 */
export function compressedBody(request: FastifyRequest, reply: FastifyReply, body: string): string | Buffer {
  reply.header('vary', 'accept-encoding');
  if (Buffer.byteLength(body) < COMPRESS_THRESHOLD) return body;
  const encoding = negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip']);
  if (!encoding) return body;
  reply.header('content-encoding', encoding);
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
    : gzipSync(body);
}
