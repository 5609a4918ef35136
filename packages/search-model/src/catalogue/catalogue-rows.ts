import type { ReturnType } from '../levels.ts';

/**
 * Object levels of the public catalogue. Three have no table of their own here: their attributes are
 * held, as lists, by the level that contains them (see `STORAGE_LEVEL`).
 */
export type NativeLevel = ReturnType | 'branched_entity' | 'branched_instance' | 'non_polymer_instance';

/**
 * One searchable attribute of the public metadata, compact: path, scalar type, search contexts
 * (e exact-match, t full-text, d default-match, s suggest), 1 when one object can hold several
 * values, the metadata that lists it (s structure, c chemical), then optionally the nested-indexed
 * record holding it, its inner list, and the units.
 */
export type AttributeRow = readonly [
  path: string,
  type: 'string' | 'integer' | 'number' | 'date',
  contexts: string,
  multi: 0 | 1,
  metadata: string,
  nested?: string,
  inner?: string,
  units?: string,
];

/**
 * What the public metadata says of one searchable attribute (generated into
 * `public-descriptions.generated.ts`); the service's metadata schema repeats it.
 */
export interface PublicDescription {
  description?: string;
  rcsb_description?: { text: string; context: string }[];
  rcsb_search_group?: { group_name: string; priority_order: number }[];
  rcsb_full_text_priority?: number;
  enum?: string[];
  rcsb_enum_annotated?: { value: string; detail?: string; name?: string; units?: string }[];
  examples?: unknown[];
}

/**
 * The keys of an attribute's public metadata that are kept whole: what the catalogue generator
 * copies into `public-descriptions.generated.ts`, and what the service's metadata schema repeats.
 */
export const PUBLIC_DESCRIPTION_KEYS = [
  'description',
  'rcsb_description',
  'rcsb_search_group',
  'rcsb_full_text_priority',
  'enum',
  'rcsb_enum_annotated',
  'examples',
] as const satisfies readonly (keyof PublicDescription)[];
