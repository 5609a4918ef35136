import { CATALOGUE, type CatalogueAttribute } from '@pdb-stats/search-model';

/** The attributes an mmCIF import asks its parsers for: the whole public catalogue. */
export const IMPORT_ATTRIBUTES: readonly CatalogueAttribute[] = CATALOGUE;
