import type { FastifyInstance } from 'fastify';

/** `GET /health`: the process answers. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/health', async () => ({ status: 'ok' }));
}
