import compress from '@fastify/compress';
import etag from '@fastify/etag';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

/**
 * Compression and revalidation of what the server writes per request (pages, API answers). Built
 * assets are compressed once at build time instead, and sent as they are.
 */
export async function registerDelivery(app: FastifyInstance): Promise<void> {
  // An ETag for every page and answer that has none of its own, and 304 when it matches. Registered
  // before compression so that the tag is taken from the content, not from its compressed bytes.
  await app.register(etag);
  await app.register(compress, {
    threshold: 1024,
    // Answers are compressed as they are sent: a fast brotli level gives most of the gain.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
