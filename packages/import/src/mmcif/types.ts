import type { CatalogueAttribute } from '@pdb-stats/search-model';
import type { EntryDocuments, Row } from '@pdb-stats/snapshot';

export type { EntryDocuments, Row };

/**
 * What the parser needs to know of a catalogue attribute. Both the public catalogue's entries and
 * the held attributes have this shape, so either list can drive the parser.
 */
export type AttributeSpec = Pick<CatalogueAttribute, 'path' | 'level' | 'type' | 'multi' | 'nested'>;

/** Where an entry file comes from: the PDB archive, PDB-IHM, or a computed-model database. */
export type EntryKind = 'pdb' | 'ihm' | 'csm';

/** Values that could not be read as their attribute's type, counted per attribute path. */
export type InvalidValueCounts = Map<string, number>;
