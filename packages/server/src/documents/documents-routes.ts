import type { FastifyInstance } from 'fastify';
import { DOCUMENTS_QUERYSTRING } from '../schemas/route-envelopes.ts';
import type { KeyDocumentSource } from './document-store.ts';
import { parseLookupParams } from './lookup-params.ts';

const documentsResponse = {
  type: 'object',
  required: ['documents'],
  additionalProperties: false,
  properties: {
    documents: {
      type: 'array',
      items: { type: 'object', required: ['identifier'], additionalProperties: true },
    },
  },
} as const;

/**
 * `GET /rcsbsearch/v2/documents?return_type=entry&ids=1ABC,2XYZ`: the key attributes of result
 * identifiers, for the results page and the query editor. Not part of the public Search API.
 */
export async function documentRoutes(
  app: FastifyInstance,
  options: { store: KeyDocumentSource },
): Promise<void> {
  app.addHook('onClose', async () => options.store.close());
  app.get<{ Querystring: { return_type?: string; ids?: string } }>(
    '/v2/documents',
    { schema: { querystring: DOCUMENTS_QUERYSTRING, response: { 200: documentsResponse } } },
    async (request, reply) => {
      const { returnType, ids } = parseLookupParams(request.query);
      const documents = await options.store.lookup(returnType, ids);
      reply.header('cache-control', 'public, max-age=300');
      return { documents };
    },
  );
}
