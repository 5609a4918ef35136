/**
 * Writes `packages/search-model/src/catalogue/public-catalogue.generated.ts` from the archive's public
 * metadata schemas (`GET https://search.rcsb.org/rcsbsearch/v2/metadata/schema` and
 * `.../metadata/chemical/schema`) and the table of attribute roots by object level that RCSB publishes
 * with its rcsb-mcp project (`attribute_scopes.py`).
 *
 *   npx tsx scripts/generate-catalogue.ts [--structure FILE] [--chemical FILE] [--scopes FILE]
 *
 * Defaults read the copies kept beside the repository in `../shared/reference`. Only searchable leaves
 * (those with a search context) become attributes; descriptions are not copied (the service reads
 * them from `@rcsb/rcsb-api-tools` at run time).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reference = join(root, '..', 'shared', 'reference');
const { values } = parseArgs({
  options: {
    structure: { type: 'string', default: join(reference, 'structure_schema.json') },
    chemical: { type: 'string', default: join(reference, 'chemical_schema.json') },
    scopes: { type: 'string', default: join(reference, 'attribute-scopes.json') },
  },
});
const OUT = join(root, 'packages/search-model/src/catalogue/public-catalogue.generated.ts');

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

const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as unknown;
const scopes = read(values.scopes) as Scopes;
const schemas = {
  structure: read(values.structure) as SchemaNode,
  chemical: read(values.chemical) as SchemaNode,
};

const rows = new Map<string, { row: unknown[]; schemas: Set<string> }>();
for (const [schema, document] of Object.entries(schemas)) {
  const found: Leaf[] = [];
  leaves(document, [], [], found);
  for (const leaf of found) {
    if (!leaf.node.rcsb_search_context?.length) continue;
    const contexts = leaf.node.rcsb_search_context.map((c) => CONTEXT_CODES[c] ?? '').join('');
    const { multi, nested, inner } = storage(leaf);
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

writeFileSync(
  OUT,
  `// Generated by scripts/generate-catalogue.ts from the archive's public search metadata; do not edit.
// ${schemas.structure.$comment ?? schemas.structure.title ?? ''}
import type { AttributeRow, NativeLevel } from './catalogue-rows.ts';

/** Object level of each attribute root (first path segment); roots not listed are entry-level. */
export const ROOT_LEVELS: Readonly<Record<string, NativeLevel>> = ${JSON.stringify(sortedLevels, null, 2)};

/** Searchable attributes: path, type, contexts, multi, metadata (s structure, c chemical), nested root, inner list, units. */
export const ATTRIBUTE_ROWS: readonly AttributeRow[] = [
${lines}
];
`,
);
console.log(`wrote ${OUT}: ${rows.size} attributes`);
