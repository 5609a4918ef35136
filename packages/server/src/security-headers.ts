import type { FastifyInstance } from 'fastify';

export interface SecurityOptions {
  /** Value of Access-Control-Allow-Origin on API responses (`*` lets any dashboard use the API). */
  corsOrigin: string;
}

/** CORS on the API (a hook, so error answers carry it too). */
export function addSecurityHeaders(app: FastifyInstance, options: SecurityOptions): void {
  app.addHook('onSend', async (request, reply, payload) => {
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
