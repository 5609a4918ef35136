import { allowedOperators, type AttributeSet, type CatalogueAttribute } from '@pdb-stats/search-model';
import { PUBLIC_DESCRIPTION_KEYS, publicDescription } from '@pdb-stats/search-model/public-descriptions';

/** JSON of one node of the metadata schema tree. */
type SchemaNode = Record<string, unknown> & { properties?: Record<string, SchemaNode>; items?: SchemaNode };

const COPIED_KEYS = PUBLIC_DESCRIPTION_KEYS;

/** The public description of a held attribute: the archive's own metadata where it has it. */
const publicInfo = publicDescription;

/** The short text the schema gives an attribute (`rcsb_description`, context brief): the public one, ours, or its path. */
export function attributeBrief(attribute: CatalogueAttribute): string {
  const brief = publicInfo(attribute)?.rcsb_description?.find((d) => d.context === 'brief')?.text;
  return brief ?? attribute.brief ?? attribute.path;
}

function leaf(attribute: CatalogueAttribute, bounds?: { min: number; max: number }): SchemaNode {
  const info = publicInfo(attribute);
  const node: SchemaNode =
    attribute.type === 'date' ? { type: 'string', format: 'date' } : { type: attribute.type };
  for (const key of COPIED_KEYS) {
    const value = info?.[key];
    if (value === undefined) continue;
    node[key] = value;
  }
  if (!node.rcsb_description) {
    const brief = attribute.brief ?? attribute.path;
    node.rcsb_description = [{ text: brief, context: 'brief' }];
  }
  node.rcsb_search_context = [...attribute.contexts];
  if (attribute.units) node.rcsb_units = attribute.units;
  if (bounds) {
    node.rcsb_current_minimum_value = bounds.min;
    node.rcsb_current_maximum_value = bounds.max;
  }
  node.rcsb_object_level = attribute.level;
  node.rcsb_search_operators = [...allowedOperators(attribute)];
  return node;
}

function ensureObject(parent: SchemaNode, key: string, nested: boolean): SchemaNode {
  parent.properties ??= {};
  const existing = parent.properties[key];
  if (existing) return existing.items ?? existing;
  const object: SchemaNode = { type: 'object', properties: {} };
  parent.properties[key] = nested ? { type: 'array', rcsb_nested_indexing: true, items: object } : object;
  return object;
}

/**
 * The attribute catalogue in the public shape of `GET /rcsbsearch/v2/metadata/schema`
 * (a draft-04 style JSON Schema whose leaves carry the search metadata). `bounds` are the current
 * minimum and maximum of this archive's values (informational, as in the public metadata).
 */
export function buildMetadataSchema(
  kind: 'structure' | 'chemical',
  held: AttributeSet,
  bounds: ReadonlyMap<CatalogueAttribute, { min: number; max: number }> = new Map(),
): SchemaNode {
  const root: SchemaNode = {
    $schema: 'http://json-schema.org/draft-04/schema#',
    type: 'object',
    title: kind === 'chemical' ? 'Chemical Text Service Metadata' : 'Text Service Metadata',
    $comment:
      'Attributes held by this PDB Statistics archive (its snapshot holds them); descriptions from the RCSB search metadata',
    properties: {},
  };
  const attributes = held.attributes.filter((a) => a.metadata.includes(kind));
  for (const attribute of attributes) {
    const segments = attribute.path.split('.');
    const nestedPaths = new Set([
      attribute.nested?.root,
      attribute.nested && attribute.nested.inner && `${attribute.nested.root}.${attribute.nested.inner}`,
    ]);
    let parent = root;
    for (let i = 0; i < segments.length - 1; i++) {
      parent = ensureObject(
        parent,
        segments[i] as string,
        nestedPaths.has(segments.slice(0, i + 1).join('.')),
      );
    }
    const name = segments[segments.length - 1] as string;
    parent.properties ??= {};
    if (parent.properties[name]) continue; // rcsb_id is held on every level; it is one public attribute
    const node = leaf(attribute, bounds.get(attribute));
    parent.properties[name] = attribute.multi && !attribute.nested ? { type: 'array', items: node } : node;
  }
  return root;
}
