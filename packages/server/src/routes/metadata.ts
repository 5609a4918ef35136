import type { FastifyInstance } from 'fastify';
import { CATALOGUE, metadataCounts, type AttributeSet, type ReturnType } from '@pdb-stats/search-model';
import { buildMetadataSchema } from '../catalogue/metadata-schema.ts';
import {
  MAX_LOOKUP_IDS,
  type EntryRecord,
  type KeyDocument,
  type KeyDocumentSource,
} from '../documents/index.ts';
import { jsonAnswer, responses } from '../schemas/responses.ts';
import type { AnswerSource } from '../sources/answer-source.ts';

/** How many attributes of each metadata the archive holds, out of the catalogue's. */
function heldCounts(held: AttributeSet) {
  const [have, all] = [metadataCounts(held.attributes), metadataCounts(CATALOGUE)];
  return {
    structure: { held: have.structure, catalogue: all.structure },
    chemical: { held: have.chemical, catalogue: all.chemical },
  };
}

type MetadataKind = 'structure' | 'chemical';

/**
 * The archive manifest, the attribute catalogues and the key attributes of identifiers as the service
 * reports them, to the API's routes and to the pages the server draws (which read them in the same
 * process).
 */
export class ServiceMetadata {
  private schemas: Promise<Record<MetadataKind, object>> | undefined;
  /** The source version the schemas were built for: a newly served archive gets its own. */
  private schemasOf: string | undefined;

  constructor(
    private readonly source: AnswerSource,
    private readonly documents?: KeyDocumentSource,
  ) {}

  /** A metadata schema, built on first request: the informational bounds need one pass over the archive. */
  async schema(kind: MetadataKind): Promise<object> {
    if (this.schemasOf !== this.source.version) {
      this.schemas = undefined;
      this.schemasOf = this.source.version;
    }
    this.schemas ??= (this.documents?.bounds?.() ?? Promise.resolve(new Map())).then((bounds) => ({
      structure: buildMetadataSchema('structure', this.source.held, bounds),
      chemical: buildMetadataSchema('chemical', this.source.held, bounds),
    }));
    return (await this.schemas)[kind];
  }

  /** The archive manifest, with how many attributes of each schema the archive holds. */
  archiveInfo() {
    return {
      ...this.source.archiveInfo(),
      attributes: heldCounts(this.source.held),
      // The entry pages ask GET /api/entries/<id>, which only an archive of our own answers.
      ...(this.documents?.entry && { entry_records: true }),
    };
  }

  /** What the archive holds for an entry (an id as the archive writes it); null without records of its own. */
  async entryRecord(id: string): Promise<EntryRecord | null> {
    return this.documents?.entry ? this.documents.entry(id) : null;
  }

  /** The key attributes of identifiers (at most as many as one lookup may name); none without a document source. */
  async keyDocuments(returnType: ReturnType, ids: readonly string[]): Promise<KeyDocument[]> {
    return this.documents ? this.documents.lookup(returnType, ids.slice(0, MAX_LOOKUP_IDS)) : [];
  }
}

/** The attribute catalogues and the archive manifest: `/rcsbsearch/v2/metadata/...`, `/rcsbsearch/v2/archive`. */
export async function metadataRoutes(
  app: FastifyInstance,
  options: { metadata: ServiceMetadata },
): Promise<void> {
  const { metadata } = options;
  const catalogue = (operationId: string, summary: string) => ({
    schema: {
      tags: ['Metadata Service'],
      operationId,
      summary,
      response: responses(
        { 200: jsonAnswer('a JSON Schema whose leaves are the searchable attributes, with their metadata') },
        [304],
      ),
    },
  });
  app.get(
    '/v2/metadata/schema',
    catalogue('getMetadata', 'The structure attributes this archive holds, as JSON Schema'),
    () => metadata.schema('structure'),
  );
  app.get(
    '/v2/metadata/chemical/schema',
    catalogue('getChemicalMetadata', 'The chemical component attributes this archive holds, as JSON Schema'),
    () => metadata.schema('chemical'),
  );
  app.get(
    '/v2/archive',
    {
      schema: {
        tags: ['Archive'],
        operationId: 'getArchive',
        summary: 'The archive served: its manifest (source, date, counts, demo), or the upstream service',
        response: responses({ 200: jsonAnswer('the archive manifest and the attributes held') }, [304]),
      },
    },
    async () => metadata.archiveInfo(),
  );
}
