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
