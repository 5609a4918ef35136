/**
 * The generated catalogue files of `packages/search-model`, from the archive's public metadata schemas
 * (`GET https://search.rcsb.org/rcsbsearch/v2/metadata/schema` and `.../metadata/chemical/schema`) and
 * the table of attribute roots by object level that RCSB publishes with its rcsb-mcp project
 * (`attribute_scopes.py`):
 *
 * - `public-catalogue.generated.ts`: the searchable attributes (path, type, contexts, storage, units)
 *   and the level of each attribute root;
 * - `public-descriptions.generated.ts`: what the metadata says of each searchable attribute
 *   (descriptions, search groups, enumerations, examples), which the service's metadata schema
 *   repeats, so that nothing is read from another package at run time.
 *
 * `scripts/generate-catalogue.ts` writes them (`npm run catalogue`); a test checks that the files in
 * the repository are what this produces.
 */
import { format, resolveConfig } from 'prettier';
import { PUBLIC_DESCRIPTION_KEYS } from '../packages/search-model/src/catalogue/catalogue-rows.ts';

/** The parsed inputs. */
export interface CatalogueSources {
  structure: unknown;
  chemical: unknown;
  scopes: unknown;
}

/** Where the generated files go, relative to the repository root. */
export const CATALOGUE_FILE = 'packages/search-model/src/catalogue/public-catalogue.generated.ts';
export const DESCRIPTIONS_FILE = 'packages/search-model/src/catalogue/public-descriptions.generated.ts';

/** What the public metadata says of an attribute, copied whole into the service's metadata schema. */
const DESCRIPTION_KEYS = PUBLIC_DESCRIPTION_KEYS;

interface SchemaNode {
  type?: string;
  format?: string;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  rcsb_nested_indexing?: boolean;
  rcsb_search_context?: string[];
  rcsb_units?: string;
  title?: string;
  $comment?: string;
  [key: string]: unknown;
}

/** One array on the way from the document root to a leaf. */
interface ArrayStep {
  path: string;
  nested: boolean;
  ofObjects: boolean;
}

interface Leaf {
  path: string;
  node: SchemaNode;
  arrays: ArrayStep[];
}

function leaves(node: SchemaNode, path: string[], arrays: ArrayStep[], out: Leaf[]): void {
  if (node.properties) {
    for (const [key, child] of Object.entries(node.properties)) leaves(child, [...path, key], arrays, out);
    return;
  }
  if (node.type === 'array' && node.items) {
    const step = {
      path: path.join('.'),
      nested: node.rcsb_nested_indexing === true,
      ofObjects: node.items.properties !== undefined,
    };
    leaves(node.items, path, [...arrays, step], out);
    return;
  }
  out.push({ path: path.join('.'), node, arrays });
}

const CONTEXT_CODES: Record<string, string> = {
  'exact-match': 'e',
  'full-text': 't',
  'default-match': 'd',
  suggest: 's',
};

function scalarType(node: SchemaNode, path: string): string {
  if (node.type === 'string')
    return node.format === 'date' || node.format === 'date-time' ? 'date' : 'string';
  if (node.type === 'integer' || node.type === 'number') return node.type;
  throw new Error(`${path}: unexpected searchable type ${node.type}`);
}

/**
 * Storage of a leaf: plain (multi when any array is on the way), or inside a nested-indexed record
 * (the outermost nested array; an array of objects inside it is its inner list). A list of scalars
 * inside a nested record cannot be a struct field of ours: such a leaf is stored as a plain list.
 */
function storage(leaf: Leaf): { multi: boolean; nested?: string; inner?: string } {
  const multi = leaf.arrays.length > 0;
  const rootIndex = leaf.arrays.findIndex((a) => a.nested);
  if (rootIndex < 0) return { multi };
  const after = leaf.arrays.slice(rootIndex + 1);
  if (after.some((a) => !a.ofObjects) || after.length > 1) return { multi };
  const root = leaf.arrays[rootIndex]!.path;
  return after.length === 0
    ? { multi, nested: root }
    : { multi, nested: root, inner: after[0]!.path.slice(root.length + 1) };
}

interface Scopes {
  SEARCH_ATTRIBUTE_SCOPES: Record<string, string>;
  CHEMICAL_ATTRIBUTE_SCOPES: Record<string, string>;
}

/** The texts of the generated files (formatted as the repository's Prettier settings say), by path. */
export async function catalogueFiles(sources: CatalogueSources, root: string): Promise<Map<string, string>> {
  const scopes = sources.scopes as Scopes;
  const schemas = {
    structure: sources.structure as SchemaNode,
    chemical: sources.chemical as SchemaNode,
  };
  const descriptions: Record<string, Record<string, Record<string, unknown>>> = {};
  const rows = new Map<string, { row: unknown[]; schemas: Set<string> }>();
  for (const [schema, document] of Object.entries(schemas)) {
    const found: Leaf[] = [];
    leaves(document, [], [], found);
    for (const leaf of found) {
      if (!leaf.node.rcsb_search_context?.length) continue;
      const contexts = leaf.node.rcsb_search_context.map((c) => CONTEXT_CODES[c] ?? '').join('');
      const { multi, nested, inner } = storage(leaf);
      const described = Object.fromEntries(
        DESCRIPTION_KEYS.filter((key) => leaf.node[key] !== undefined).map((key) => [key, leaf.node[key]]),
      );
      (descriptions[schema] ??= {})[leaf.path] = described;
      const row: unknown[] = [leaf.path, scalarType(leaf.node, leaf.path), contexts, multi ? 1 : 0];
      if (nested || leaf.node.rcsb_units) row.push(nested ?? '', inner ?? '');
      if (leaf.node.rcsb_units) row.push(leaf.node.rcsb_units);
      // rcsb_id names a different object in each metadata: one attribute each.
      const key = leaf.path === 'rcsb_id' ? `${schema}:rcsb_id` : leaf.path;
      const existing = rows.get(key);
      if (existing) existing.schemas.add(schema);
      else rows.set(key, { row, schemas: new Set([schema]) });
    }
  }

  /**
   * Roots the scopes table leaves out, which would otherwise count as entry-level: sequence-cluster
   * membership is a field of the polymer entity in RCSB's documents (each entity is clustered).
   */
  const MISSING_SCOPES: Record<string, string> = { rcsb_cluster_membership: 'polymer_entity' };
  const rootLevels = {
    ...MISSING_SCOPES,
    ...scopes.SEARCH_ATTRIBUTE_SCOPES,
    ...scopes.CHEMICAL_ATTRIBUTE_SCOPES,
  };
  delete rootLevels.rcsb_id;
  const sortedLevels = Object.fromEntries(Object.entries(rootLevels).sort(([a], [b]) => a.localeCompare(b)));
  const SCHEMA_CODES: Record<string, string> = { structure: 's', chemical: 'c' };
  const lines = [...rows.values()]
    .map(({ row, schemas }) => {
      const [path, type, contexts, multi, ...rest] = row;
      const codes = [...schemas].map((s) => SCHEMA_CODES[s]).join('');
      return `  ${JSON.stringify([path, type, contexts, multi, codes, ...rest])},`;
    })
    .join('\n');

  const catalogue = `// Generated by scripts/generate-catalogue.ts from the archive's public search metadata; do not edit.
// ${schemas.structure.$comment ?? schemas.structure.title ?? ''}
import type { AttributeRow, NativeLevel } from './catalogue-rows.ts';

/** Object level of each attribute root (first path segment); roots not listed are entry-level. */
export const ROOT_LEVELS: Readonly<Record<string, NativeLevel>> = ${JSON.stringify(sortedLevels, null, 2)};

/** Searchable attributes: path, type, contexts, multi, metadata (s structure, c chemical), nested root, inner list, units. */
export const ATTRIBUTE_ROWS: readonly AttributeRow[] = [
${lines}
];
`;
  const described = `// Generated by scripts/generate-catalogue.ts from the archive's public search metadata; do not edit.
// ${schemas.structure.$comment ?? schemas.structure.title ?? ''}
import type { PublicDescription } from './catalogue-rows.ts';

/** What each metadata says of its searchable attributes, by path. */
export const PUBLIC_DESCRIPTIONS: Readonly<
  Record<'structure' | 'chemical', Readonly<Record<string, PublicDescription>>>
> = ${JSON.stringify(descriptions)};
`;
  const files = new Map<string, string>();
  for (const [path, text] of [
    [CATALOGUE_FILE, catalogue],
    [DESCRIPTIONS_FILE, described],
  ] as const) {
    const filepath = `${root}/${path}`;
    files.set(path, await format(text, { ...(await resolveConfig(filepath)), filepath }));
  }
  return files;
}
