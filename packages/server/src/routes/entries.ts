import type { FastifyInstance } from 'fastify';
import { ENTRY_ID_PATTERN } from '@pdb-stats/charts';
import { RequestValidationError } from '@pdb-stats/search-model';
import { answerCacheControl } from '../cache/cache-control.ts';
import type { KeyDocumentSource } from '../documents/index.ts';
import { responses } from '../schemas/responses.ts';
import type { AnswerLifetime } from '../sources/answer-source.ts';

const fact = {
  type: 'object',
  required: ['path', 'label', 'values'],
  additionalProperties: false,
  properties: {
    path: { type: 'string', description: 'the catalogue path of the attribute' },
    label: { type: 'string', description: 'its name, in sentence case' },
    unit: { type: 'string', description: 'the symbol of its unit' },
    values: {
      type: 'array',
      description: 'the values stored, dates as YYYY-MM-DD',
      items: { type: ['string', 'number'] },
    },
    more: { type: 'integer', description: 'values stored beyond those listed (ENTRY_MAX_ROWS)' },
  },
} as const;

const parts = (what: string) =>
  ({
    type: 'object',
    required: ['items', 'total'],
    additionalProperties: false,
    properties: {
      items: {
        type: 'array',
        description: `the entry's ${what}, in the archive's order, at most ENTRY_MAX_ROWS`,
        items: {
          type: 'object',
          required: ['id', 'facts'],
          additionalProperties: false,
          properties: { id: { type: 'string' }, facts: { type: 'array', items: fact } },
        },
      },
      total: { type: 'integer', description: `how many ${what} the entry has` },
    },
  }) as const;

const entryResponse = {
  description:
    "what the archive served holds for the entry: its attributes with values, grouped by the catalogue's search groups, and its polymer entities and assemblies",
  type: 'object',
  required: ['id', 'groups', 'polymer_entities', 'assemblies'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', description: 'the entry identifier, as the archive writes it' },
    groups: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'facts'],
        additionalProperties: false,
        properties: { name: { type: 'string' }, facts: { type: 'array', items: fact } },
      },
    },
    polymer_entities: parts('polymer entities'),
    assemblies: parts('assemblies'),
  },
} as const;

const movedToCapitals = {
  description: 'Moved Permanently: the id was written in lower case; Location names its address in capitals',
  type: 'null',
} as const;

/** The identifier of an address, checked; the archive writes ids in capitals. */
export function entryIdOf(text: string): string {
  if (!ENTRY_ID_PATTERN.test(text))
    throw new RequestValidationError(
      'REQ_ERR_VALUE',
      'id',
      `${JSON.stringify(text.slice(0, 40))}${text.length > 40 ? '…' : ''} is not an entry identifier (a digit and three letters or digits, such as 4HHB, or PDB_ and eight)`,
    );
  return text.toUpperCase();
}

/**
 * `GET /api/entries/<id>`: what the archive served holds for one entry, for the entry page (and
 * anyone). Registered (by app.ts, under ENTRY_API_PREFIX) only when the documents come from the
 * archive itself. One lookup reads one entry row and a bounded number of part rows.
 */
export async function entryRoutes(
  app: FastifyInstance,
  options: { read: NonNullable<KeyDocumentSource['entry']>; lifetime: AnswerLifetime },
): Promise<void> {
  app.get<{ Params: { id: string } }>(
    '/:id',
    {
      schema: {
        tags: ['Documents'],
        operationId: 'getEntry',
        summary:
          'What the archive holds for an entry: its attributes by search group, entities and assemblies',
        params: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'string', description: 'an entry identifier, e.g. 4HHB' } },
        },
        querystring: { type: 'object', additionalProperties: false, properties: {} },
        response: responses({ 200: entryResponse, 301: movedToCapitals }, [304, 400, 404, 429, 500, 503]),
      },
    },
    async (request, reply) => {
      const id = entryIdOf(request.params.id);
      // One address per entry, as the archive writes its id: a cache then keeps one answer for it.
      if (id !== request.params.id) return reply.redirect(`./${encodeURIComponent(id)}`, 301);
      const record = await options.read(id);
      reply.header('cache-control', answerCacheControl(options.lifetime));
      if (!record) return reply.code(404).send({ status: 404, message: `the archive holds no entry ${id}` });
      return record;
    },
  );
}
