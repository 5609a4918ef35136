import {
  allowedOperators,
  findAttribute,
  isReturnType,
  type Operator,
  type ReturnType,
  type ScalarType,
  type SearchContext,
} from '@pdb-stats/search-model';
import { attributeName, unitSymbol } from '@pdb-stats/charts/request-summary';

/** The search service of a condition on an attribute: structure attributes, or chemical ones. */
export type AttributeService = 'text' | 'text_chem';

/** One attribute the picker offers, read from the service's metadata schema. */
export interface PickerAttribute {
  path: string;
  service: AttributeService;
  /** The object level that holds it (entry, polymer entity, assembly…). */
  level: ReturnType;
  type: ScalarType;
  contexts: readonly SearchContext[];
  /** Short display name. */
  name: string;
  description?: string;
  /** The catalogue's search group, or the attributes of its level for those in none. */
  group: string;
  /** The allowed values of an enumeration. */
  values?: readonly string[];
  /** Unit symbol (Å, kDa…). */
  unit?: string;
  min?: number;
  max?: number;
}

const LEVEL_NAMES: Record<ReturnType, string> = {
  entry: 'Entry',
  polymer_entity: 'Polymer entity',
  polymer_instance: 'Polymer instance (chain)',
  non_polymer_entity: 'Non-polymer entity',
  assembly: 'Assembly',
  mol_definition: 'Chemical component',
};

export function levelName(level: ReturnType): string {
  return LEVEL_NAMES[level];
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const SEARCH_CONTEXTS: readonly SearchContext[] = ['exact-match', 'full-text', 'default-match', 'suggest'];

function scalarType(leaf: Json): ScalarType | undefined {
  if (leaf.type === 'string')
    return leaf.format === 'date' || leaf.format === 'date-time' ? 'date' : 'string';
  if (leaf.type === 'integer' || leaf.type === 'number') return leaf.type;
  return undefined;
}

function leafAttribute(path: string, leaf: Json, service: AttributeService): PickerAttribute | undefined {
  const type = scalarType(leaf);
  const contexts = Array.isArray(leaf.rcsb_search_context)
    ? SEARCH_CONTEXTS.filter((c) => (leaf.rcsb_search_context as unknown[]).includes(c))
    : [];
  // Only searchable leaves: a suggest-only or context-less leaf takes no operator of its own.
  if (!type || !contexts.some((c) => c !== 'suggest')) return undefined;
  const descriptions = Array.isArray(leaf.rcsb_description) ? leaf.rcsb_description.filter(isObject) : [];
  const brief = descriptions.find((d) => d.context === 'brief')?.text;
  const groups = Array.isArray(leaf.rcsb_search_group) ? leaf.rcsb_search_group.filter(isObject) : [];
  const group = groups.find((g) => typeof g.group_name === 'string')?.group_name as string | undefined;
  const level: ReturnType = isReturnType(leaf.rcsb_object_level)
    ? leaf.rcsb_object_level
    : service === 'text_chem'
      ? 'mol_definition'
      : 'entry';
  const description =
    typeof leaf.description === 'string' ? leaf.description.replace(/\s+/g, ' ').trim() : '';
  const values = Array.isArray(leaf.enum) ? leaf.enum.filter((v): v is string => typeof v === 'string') : [];
  const unit = typeof leaf.rcsb_units === 'string' ? unitSymbol(leaf.rcsb_units) : '';
  const number = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
  const [min, max] = [number(leaf.rcsb_current_minimum_value), number(leaf.rcsb_current_maximum_value)];
  return {
    path,
    service,
    level,
    type,
    contexts,
    name: attributeName(path, typeof brief === 'string' ? brief : undefined),
    ...(description && { description }),
    group: group ?? `${LEVEL_NAMES[level]} attributes`,
    ...(values.length > 0 && { values }),
    ...(unit && { unit }),
    ...(min !== undefined && { min }),
    ...(max !== undefined && { max }),
  };
}

function schemaLeaves(schema: unknown, visit: (path: string, leaf: Json) => void): void {
  const walk = (node: Json, path: string) => {
    const inner = isObject(node.items) ? node.items : node;
    if (!isObject(inner.properties)) {
      if (path) visit(path, inner);
      return;
    }
    for (const [name, child] of Object.entries(inner.properties))
      if (isObject(child)) walk(child, path ? `${path}.${name}` : name);
  };
  if (isObject(schema)) walk(schema, '');
}

/**
 * The attributes of the service's structure and chemical metadata schemas
 * (`GET /rcsbsearch/v2/metadata/schema`, `…/chemical/schema`). Structure attributes are searched with
 * the `text` service; chemical ones that the structure schema does not list with `text_chem`.
 */
export function pickerAttributes(structureSchema: unknown, chemicalSchema: unknown): PickerAttribute[] {
  const attributes: PickerAttribute[] = [];
  const seen = new Set<string>();
  schemaLeaves(structureSchema, (path, leaf) => {
    const attribute = leafAttribute(path, leaf, 'text');
    if (!attribute) return;
    seen.add(path);
    attributes.push(attribute);
  });
  schemaLeaves(chemicalSchema, (path, leaf) => {
    const attribute = seen.has(path) ? undefined : leafAttribute(path, leaf, 'text_chem');
    if (attribute) attributes.push(attribute);
  });
  return attributes;
}

/**
 * The operators the builder offers for an attribute: exactly those the service's validation allows
 * for its type and search contexts (one table for both).
 */
export function operatorsOf(attribute: Pick<PickerAttribute, 'type' | 'contexts'>): readonly Operator[] {
  return allowedOperators(attribute);
}

export const OPERATOR_LABELS: Record<Operator, string> = {
  exact_match: 'is exactly',
  in: 'is one of',
  contains_words: 'contains any of the words',
  contains_phrase: 'contains the phrase',
  equals: 'equals',
  greater: 'greater than',
  greater_or_equal: 'at least',
  less: 'less than',
  less_or_equal: 'at most',
  range: 'in the range',
  exists: 'has a value',
};

/**
 * The picker's view of an attribute of the search model's own catalogue, for an editor that does not
 * load the service's metadata schemas (a scope chip edited in place). Undefined for a path the
 * catalogue does not hold.
 */
export function catalogueAttribute(
  path: string,
  service: AttributeService = 'text',
  returnType: ReturnType = 'entry',
): PickerAttribute | undefined {
  const found = findAttribute(path, service === 'text_chem' ? 'mol_definition' : returnType);
  if (!found) return undefined;
  return {
    path: found.path,
    service,
    level: found.level,
    type: found.type,
    contexts: found.contexts,
    name: attributeName(found.path),
    group: `${LEVEL_NAMES[found.level]} attributes`,
    ...(found.units && { unit: unitSymbol(found.units) }),
  };
}

/** One search group of the picker's list, with its matching attributes. */
export interface PickerGroup {
  name: string;
  attributes: PickerAttribute[];
}

/**
 * The attributes matching a search, grouped by search group: every word typed must occur in the
 * attribute's name, path, description or group. Attributes whose name or path holds the whole text
 * come first, and their groups with them; `limit` bounds how many are listed.
 */
export function searchAttributes(
  attributes: readonly PickerAttribute[],
  text: string,
  limit = 30,
): { groups: PickerGroup[]; total: number } {
  const query = text.trim().toLowerCase();
  const words = query.split(/\s+/).filter(Boolean);
  const ranked: { attribute: PickerAttribute; rank: number; order: number }[] = [];
  attributes.forEach((attribute, order) => {
    const name = `${attribute.name} ${attribute.path}`.toLowerCase();
    const haystack = `${name} ${attribute.description ?? ''} ${attribute.group}`.toLowerCase();
    if (!words.every((word) => haystack.includes(word))) return;
    const rank = !query ? 0 : name.includes(query) ? 0 : words.every((w) => name.includes(w)) ? 1 : 2;
    ranked.push({ attribute, rank, order });
  });
  ranked.sort((a, b) => a.rank - b.rank || a.order - b.order);
  const groups = new Map<string, PickerAttribute[]>();
  for (const { attribute } of ranked.slice(0, limit)) {
    const list = groups.get(attribute.group) ?? [];
    list.push(attribute);
    groups.set(attribute.group, list);
  }
  return { groups: [...groups].map(([name, list]) => ({ name, attributes: list })), total: ranked.length };
}

/** The picker's attribute for a condition's path and service (the structure one for a path in both). */
export function findPickerAttribute(
  attributes: readonly PickerAttribute[],
  path: string,
  service: AttributeService,
): PickerAttribute | undefined {
  return (
    attributes.find((a) => a.path === path && a.service === service) ??
    attributes.find((a) => a.path === path)
  );
}
