import type { FastifyInstance } from 'fastify';

export interface SecurityOptions {
  /** Value of Access-Control-Allow-Origin on API responses (`*` lets any dashboard use the API). */
  corsOrigin: string;
}

/**
 * Scripts only from files of this origin (no inline script, no eval); styles may be inline because
 * chart components position tooltips with style attributes. The dashboard may read another search
 * service over https (its config names it).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self' https:",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'self'",
  "form-action 'self'",
].join('; ');

/** Security headers on every response, CORS on the API (a hook, so error answers carry them too). */
export function addSecurityHeaders(app: FastifyInstance, options: SecurityOptions): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    if (request.url.startsWith('/rcsbsearch/')) {
      reply.header('access-control-allow-origin', options.corsOrigin);
      if (options.corsOrigin !== '*') reply.header('vary', 'Origin');
    }
    return payload;
  });
  app.options('/rcsbsearch/*', async (_request, reply) =>
    reply
      .header('access-control-allow-methods', 'GET, POST, OPTIONS')
      .header('access-control-allow-headers', 'content-type, if-none-match')
      .header('access-control-max-age', '86400')
      .code(204)
      .send(),
  );
}
