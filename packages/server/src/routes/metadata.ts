import type { FastifyInstance } from 'fastify';
import { buildMetadataSchema } from '../catalogue/metadata-schema.ts';
import type { DocumentStore } from '../documents/index.ts';
import type { Engine } from '../engine/index.ts';

/** The attribute catalogues and the archive manifest. */
export async function metadataRoutes(
  app: FastifyInstance,
  options: { engine: Engine; documents?: DocumentStore },
): Promise<void> {
  // Built on first request: the informational bounds need one pass over the archive.
  let schemas: Promise<Record<'structure' | 'chemical', object>> | undefined;
  const schema = async (kind: 'structure' | 'chemical') => {
    schemas ??= (options.documents?.bounds() ?? Promise.resolve(new Map())).then((bounds) => ({
      structure: buildMetadataSchema('structure', bounds),
      chemical: buildMetadataSchema('chemical', bounds),
    }));
    return (await schemas)[kind];
  };
  app.get('/rcsbsearch/v2/metadata/schema', () => schema('structure'));
  app.get('/rcsbsearch/v2/metadata/chemical/schema', () => schema('chemical'));
  app.get('/rcsbsearch/v2/archive', async () => options.engine.archiveInfo());
  app.get('/health', async () => ({ status: 'ok' }));
}
