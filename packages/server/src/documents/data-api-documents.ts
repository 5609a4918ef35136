import { PoliteHttp, PoliteHttpError } from '@pdb-stats/polite-http';
import {
  DEFAULT_UPSTREAM_MAX_ANSWER_BYTES,
  DEFAULT_UPSTREAM_MAX_RETRY_AFTER_MS,
} from '../sources/upstream-source.ts';
import type { ReturnType } from '@pdb-stats/search-model';
import type { KeyDocument, KeyDocumentSource } from './document-store.ts';
import { resolveKeyAttributes, type Parent, type ResolvedKeyAttribute } from './key-attributes.ts';

/** The Data API's query field of each level, and its argument naming the identifiers. */
const ROOTS: Record<ReturnType, { field: string; argument: string }> = {
  entry: { field: 'entries', argument: 'entry_ids' },
  polymer_entity: { field: 'polymer_entities', argument: 'entity_ids' },
  polymer_instance: { field: 'polymer_entity_instances', argument: 'instance_ids' },
  non_polymer_entity: { field: 'nonpolymer_entities', argument: 'entity_ids' },
  assembly: { field: 'assemblies', argument: 'assembly_ids' },
  mol_definition: { field: 'chem_comps', argument: 'comp_ids' },
};

/** How a document reaches the parent a key attribute is read from (an instance's entry is its entity's). */
const PARENT_FIELDS: Record<Parent, Partial<Record<ReturnType, readonly string[]>>> = {
  entry: {
    polymer_entity: ['entry'],
    polymer_instance: ['polymer_entity', 'entry'],
    non_polymer_entity: ['entry'],
    assembly: ['entry'],
  },
  polymer_entity: { polymer_instance: ['polymer_entity'] },
};

/** Field paths of a level's key attributes in its Data API document. */
function documentPath(returnType: ReturnType, key: ResolvedKeyAttribute): string[] {
  const parent = key.from ? PARENT_FIELDS[key.from][returnType] : [];
  if (!parent) throw new Error(`no Data API field leads from ${returnType} to ${key.from}`);
  return [...parent, ...key.path.split('.')];
}

type Selection = Map<string, Selection>;

function selectionText(selection: Selection): string {
  return [...selection]
    .map(([field, inner]) => (inner.size === 0 ? field : `${field} { ${selectionText(inner)} }`))
    .join(' ');
}

/** The GraphQL query of a level's key attributes: one request for up to a page of identifiers. */
export function keyAttributesQuery(returnType: ReturnType, keys: readonly ResolvedKeyAttribute[]): string {
  const selection: Selection = new Map([['rcsb_id', new Map()]]);
  for (const key of keys) {
    let node = selection;
    for (const field of documentPath(returnType, key)) {
      if (!node.has(field)) node.set(field, new Map());
      node = node.get(field)!;
    }
  }
  const { field, argument } = ROOTS[returnType];
  return `query KeyAttributes($ids: [String!]!) { ${field}(${argument}: $ids) { ${selectionText(selection)} } }`;
}

/** The values at a path through objects and lists: one value, or a list when a list was crossed. */
function valueAt(document: unknown, path: readonly string[]): unknown {
  let values: unknown[] = [document];
  let crossedList = false;
  for (const field of path) {
    values = values.flatMap((value) => {
      const inner =
        value === null || typeof value !== 'object' ? undefined : (value as Record<string, unknown>)[field];
      if (Array.isArray(inner)) {
        crossedList = true;
        return inner;
      }
      return inner === undefined || inner === null ? [] : [inner];
    });
  }
  if (crossedList) return values;
  return values[0] ?? null;
}

/** A Data API timestamp of a date attribute as the local documents give dates: `YYYY-MM-DD`. */
const asDate = (value: unknown) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) ? value.slice(0, 10) : value;

/**
 * Key attributes of result identifiers from the RCSB Data API (GraphQL), for a server without
 * documents of its own (answers from an upstream search service): one batched query per page,
 * asked as politely as the searches are.
 */
export class DataApiDocuments implements KeyDocumentSource {
  private readonly http: PoliteHttp;
  private readonly keys = resolveKeyAttributes();

  constructor(options: { url: string; ratePerSecond: number; timeoutMs?: number }) {
    this.http = new PoliteHttp({
      baseUrl: options.url,
      concurrency: 2,
      ratePerSecond: options.ratePerSecond,
      retries: 1,
      backoffMs: 500,
      timeoutMs: options.timeoutMs ?? 10_000,
      userAgent: 'pdb-stats (self-hosted PDB statistics dashboard)',
      // A page's key attributes are a few KiB; what the Data API says to wait is cut as the searches' is.
      maxAnswerBytes: DEFAULT_UPSTREAM_MAX_ANSWER_BYTES,
      maxRetryAfterMs: DEFAULT_UPSTREAM_MAX_RETRY_AFTER_MS,
    });
  }

  async lookup(returnType: ReturnType, ids: readonly string[]): Promise<KeyDocument[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const keys = this.keys[returnType];
    const label = `the Data API ${this.http.baseUrl}`;
    let data: Record<string, unknown[] | null>;
    try {
      data = await this.http.send(
        {
          method: 'POST',
          path: '/graphql',
          body: { query: keyAttributesQuery(returnType, keys), variables: { ids: unique } },
          label,
        },
        (answer) => {
          if (answer.status !== 200) throw new PoliteHttpError(label, `HTTP ${answer.status}`, answer.status);
          const body = JSON.parse(answer.text) as { data?: Record<string, unknown[] | null> | null };
          return { value: body.data ?? {} };
        },
      );
    } catch (error) {
      // The results page shows identifiers alone when titles cannot be had: no reason to fail it.
      if (error instanceof PoliteHttpError || error instanceof SyntaxError) return [];
      throw error;
    }
    const byId = new Map<string, KeyDocument>();
    for (const document of data[ROOTS[returnType].field] ?? []) {
      const id = valueAt(document, ['rcsb_id']);
      if (typeof id !== 'string') continue;
      const keyed: KeyDocument = { identifier: id };
      for (const key of keys) {
        const value = valueAt(document, documentPath(returnType, key));
        keyed[key.path] =
          key.attribute.type === 'date' ? (Array.isArray(value) ? value.map(asDate) : asDate(value)) : value;
      }
      byId.set(id.toUpperCase(), keyed);
    }
    return unique.flatMap((id) => byId.get(id.toUpperCase()) ?? []);
  }

  async close(): Promise<void> {}
}
