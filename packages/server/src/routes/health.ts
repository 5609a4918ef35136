import type { FastifyInstance } from 'fastify';

/** `GET /health`: the process answers. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/health',
    {
      schema: {
        tags: ['Service'],
        operationId: 'getHealth',
        summary: 'Whether the process answers (not subject to load shedding)',
        response: {
          200: {
            description: 'the process answers',
            type: 'object',
            required: ['status'],
            properties: { status: { type: 'string', const: 'ok' } },
          },
        },
      },
    },
    async () => ({ status: 'ok' }),
  );
}
