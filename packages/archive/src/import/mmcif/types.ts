import type { ReturnType } from '@pdb-stats/search-model';
import type { Row } from '../../documents.ts';

export type { Row };

/**
 * What the parser needs to know of a catalogue attribute. Both the public catalogue's entries and
 * the held attributes have this shape, so either list can drive the parser.
 */
export interface AttributeSpec {
  path: string;
  level: ReturnType;
  type: 'string' | 'integer' | 'number' | 'date';
  multi: boolean;
  nested?: { root: string; inner?: string };
}

/** The rows one mmCIF entry gives, one list per object level below the entry. */
export interface EntryDocuments {
  entry: Row;
  polymer_entity: Row[];
  polymer_instance: Row[];
  non_polymer_entity: Row[];
  assembly: Row[];
}

/** Where an entry file comes from: the PDB archive, PDB-IHM, or a computed-model database. */
export type EntryKind = 'pdb' | 'ihm' | 'csm';

/** Values that could not be read as their attribute's type, counted per attribute path. */
export type InvalidValueCounts = Map<string, number>;
