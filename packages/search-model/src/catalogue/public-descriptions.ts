import type { CatalogueAttribute } from './attributes.ts';
import type { PublicDescription } from './catalogue-rows.ts';
import { PUBLIC_DESCRIPTIONS } from './public-descriptions.generated.ts';

export { PUBLIC_DESCRIPTION_KEYS, type PublicDescription } from './catalogue-rows.ts';

/**
 * What the archive's public metadata says of an attribute (descriptions, search groups, enumerations,
 * examples), when it lists it: from the metadata of the attribute's kind of object first (`rcsb_id`
 * is in both, describing an entry or a chemical component).
 */
export function publicDescription(attribute: CatalogueAttribute): PublicDescription | undefined {
  const first = attribute.level === 'mol_definition' ? 'chemical' : 'structure';
  const second = first === 'chemical' ? 'structure' : 'chemical';
  return PUBLIC_DESCRIPTIONS[first][attribute.path] ?? PUBLIC_DESCRIPTIONS[second][attribute.path];
}
