import type { SearchRequest } from '@pdb-stats/search-model';
import { requestAttributeSchemas, type MetadataKind } from './required-attributes.ts';

/** The attributes an archive holds, per metadata schema; 'all' when every one is (or is assumed) held. */
export type HeldAttributes = Record<MetadataKind, ReadonlySet<string> | 'all'>;

export const ALL_HELD: HeldAttributes = { structure: 'all', chemical: 'all' };

type SchemaNode = { properties?: Record<string, SchemaNode>; items?: SchemaNode };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The attribute paths of a metadata schema (`GET /rcsbsearch/v2/metadata/schema`): the dotted paths
 * of its leaves, through objects (`properties`) and arrays (`items`). Throws on a body without
 * `properties`, which is no metadata schema.
 */
export function schemaAttributePaths(schema: unknown): Set<string> {
  if (!isObject(schema) || !isObject(schema.properties))
    throw new Error('The metadata schema has no "properties": it lists no attributes');
  const paths = new Set<string>();
  const visit = (node: SchemaNode, path: string) => {
    const inner = isObject(node.items) ? (node.items as SchemaNode) : node;
    if (!isObject(inner.properties)) {
      paths.add(path);
      return;
    }
    for (const [name, child] of Object.entries(inner.properties))
      if (isObject(child)) visit(child as SchemaNode, path ? `${path}.${name}` : name);
  };
  visit(schema as SchemaNode, '');
  return paths;
}

/** The attributes of `attributes` the archive does not hold; none while `held` is unknown. */
export function missingAttributes(
  attributes: readonly string[],
  kind: MetadataKind,
  held: HeldAttributes | undefined,
): string[] {
  const set = held?.[kind];
  if (!set || set === 'all') return [];
  return attributes.filter((attribute) => !set.has(attribute));
}

/**
 * The attributes of a request the archive does not hold: those no schema that may list them holds.
 * A schema held whole ('all') holds any of them, so a path it may not describe passes; the
 * service's own 400 then names it.
 */
export function missingInRequest(request: SearchRequest, held: HeldAttributes | undefined): string[] {
  if (!held) return [];
  return [...requestAttributeSchemas(request)]
    .filter(([path, kinds]) =>
      kinds.every((kind) => {
        const set = held[kind];
        return set !== 'all' && !set.has(path);
      }),
    )
    .map(([path]) => path)
    .sort();
}
