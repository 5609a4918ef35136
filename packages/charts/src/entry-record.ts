/**
 * What this site's service holds for one entry (`GET /api/entries/<id>`): its attributes grouped as
 * the catalogue groups them, each with a readable label and unit, and its polymer entities and
 * assemblies. The server shapes it from the archive, the entry page draws it; both import this.
 */

/** One attribute of a record with the values the archive stores for it (empty ones left out). */
export interface EntryFact {
  /** The catalogue path, as searches name it. */
  path: string;
  /** Its name as the dashboard writes names (sentence case). */
  label: string;
  /** The unit's symbol (Å, kDa), when the catalogue gives one. */
  unit?: string;
  /** Strings, numbers, and dates as `YYYY-MM-DD`; a list attribute has several. */
  values: (string | number)[];
  /** How many values there are beyond those listed (the record is bounded). */
  more?: number;
}

/** The attributes of one search group of the catalogue (the public metadata's `rcsb_search_group`). */
export interface EntryFactGroup {
  name: string;
  facts: EntryFact[];
}

/** A polymer entity or an assembly of the entry, with its own attributes in the catalogue's order. */
export interface EntryPart {
  id: string;
  facts: EntryFact[];
}

/** The parts of one kind: those listed, and how many the entry has in all. */
export interface EntryParts {
  items: EntryPart[];
  total: number;
}

export interface EntryRecord {
  /** The entry's identifier as the archive writes it. */
  id: string;
  groups: EntryFactGroup[];
  polymer_entities: EntryParts;
  assemblies: EntryParts;
}

/**
 * An entry identifier: a classic PDB id (a digit and three letters or digits) or the extended
 * `PDB_` and eight. Case is not significant; the archive writes ids in capitals.
 */
export const ENTRY_ID_PATTERN = /^(?:[0-9][A-Za-z0-9]{3}|[Pp][Dd][Bb]_[0-9A-Za-z]{8})$/;

/** Where the API serves an entry's record, under the service's base address. */
export const ENTRY_API_PREFIX = '/api/entries';

/** The entry page of an entry, under the dashboard's base path. */
export function entryPagePath(id: string): string {
  return `/entry/${encodeURIComponent(id)}`;
}

/** The first value of the fact at `path` among `facts`, if there is one. */
export function factValue(facts: readonly EntryFact[], path: string): string | number | undefined {
  return facts.find((fact) => fact.path === path)?.values[0];
}
