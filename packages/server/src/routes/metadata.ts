import type { FastifyInstance } from 'fastify';
import { buildMetadataSchema } from '../catalogue/metadata-schema.ts';
import type { Engine } from '../engine/index.ts';

/** The attribute catalogues and the archive manifest. */
export async function metadataRoutes(app: FastifyInstance, options: { engine: Engine }): Promise<void> {
  const structure = buildMetadataSchema('structure');
  const chemical = buildMetadataSchema('chemical');
  app.get('/rcsbsearch/v2/metadata/schema', async () => structure);
  app.get('/rcsbsearch/v2/metadata/chemical/schema', async () => chemical);
  app.get('/rcsbsearch/v2/archive', async () => options.engine.archiveInfo());
  app.get('/health', async () => ({ status: 'ok' }));
}
