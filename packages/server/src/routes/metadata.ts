import type { FastifyInstance } from 'fastify';
import { CATALOGUE, metadataCounts, type AttributeSet } from '@pdb-stats/search-model';
import { buildMetadataSchema } from '../catalogue/metadata-schema.ts';
import type { KeyDocumentSource } from '../documents/index.ts';
import type { AnswerSource } from '../sources/answer-source.ts';

/** How many attributes of each metadata the archive holds, out of the catalogue's. */
function heldCounts(held: AttributeSet) {
  const [have, all] = [metadataCounts(held.attributes), metadataCounts(CATALOGUE)];
  return {
    structure: { held: have.structure, catalogue: all.structure },
    chemical: { held: have.chemical, catalogue: all.chemical },
  };
}

/** The attribute catalogues and the archive manifest: `/rcsbsearch/v2/metadata/...`, `/rcsbsearch/v2/archive`. */
export async function metadataRoutes(
  app: FastifyInstance,
  options: { source: AnswerSource; documents?: KeyDocumentSource },
): Promise<void> {
  // Built on first request: the informational bounds need one pass over the archive.
  let schemas: Promise<Record<'structure' | 'chemical', object>> | undefined;
  const schema = async (kind: 'structure' | 'chemical') => {
    schemas ??= (options.documents?.bounds?.() ?? Promise.resolve(new Map())).then((bounds) => ({
      structure: buildMetadataSchema('structure', options.source.held, bounds),
      chemical: buildMetadataSchema('chemical', options.source.held, bounds),
    }));
    return (await schemas)[kind];
  };
  app.get('/v2/metadata/schema', () => schema('structure'));
  app.get('/v2/metadata/chemical/schema', () => schema('chemical'));
  app.get('/v2/archive', async () => ({
    ...options.source.archiveInfo(),
    attributes: heldCounts(options.source.held),
  }));
}
