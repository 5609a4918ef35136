import type { FastifyInstance } from 'fastify';
import { answerCacheControl } from '../cache/cache-control.ts';
import { DOCUMENTS_QUERYSTRING } from '../schemas/route-envelopes.ts';
import { responses } from '../schemas/responses.ts';
import type { AnswerLifetime } from '../sources/answer-source.ts';
import type { KeyDocumentSource } from './document-store.ts';
import { parseLookupParams } from './lookup-params.ts';

const documentsResponse = {
  description: 'the documents of the identifiers that exist, in the order asked',
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
 * `lifetime` is that of the search answers beside them: documents of a loaded archive hold as long as
 * it is served, those of the Data API for the UTC day, and a shared cache in front may keep them so.
 */
export async function documentRoutes(
  app: FastifyInstance,
  options: { store: KeyDocumentSource; lifetime: AnswerLifetime },
): Promise<void> {
  app.addHook('onClose', async () => options.store.close());
  app.get<{ Querystring: { return_type?: string; ids?: string } }>(
    '/v2/documents',
    {
      schema: {
        tags: ['Documents'],
        operationId: 'getDocuments',
        summary: 'Key attributes (title, method, names) of result identifiers, for results pages',
        querystring: DOCUMENTS_QUERYSTRING,
        response: responses({ 200: documentsResponse }, [304, 400, 500, 503]),
      },
    },
    async (request, reply) => {
      const { returnType, ids } = parseLookupParams(request.query);
      const documents = await options.store.lookup(returnType, ids);
      reply.header('cache-control', answerCacheControl(options.lifetime));
      return { documents };
    },
  );
}
