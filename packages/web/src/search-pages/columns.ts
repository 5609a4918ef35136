import type { ReturnType } from '@pdb-stats/search-model';
import type { KeyDocument } from '@pdb-stats/charts';
import { formatNumber } from '../charts/format.ts';

export type { KeyDocument };

export interface Column {
  header: string;
  /** The text of the cell; empty when the document lacks the value. */
  text: (document: KeyDocument) => string;
  /** Long text (titles, names) gets the room. */
  wide?: boolean;
}

const values = (document: KeyDocument, path: string): unknown[] => {
  const value = document[path];
  return Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
};

const text =
  (path: string): Column['text'] =>
  (document) =>
    values(document, path).map(String).join(', ');

const number =
  (path: string, digits: number, unit = ''): Column['text'] =>
  (document) => {
    const [first] = values(document, path);
    return typeof first === 'number' ? `${formatNumber(Number(first.toFixed(digits)))}${unit}` : '';
  };

/** Symmetry of the whole assembly: the record of kind "Global Symmetry". */
const globalSymmetry: Column['text'] = (document) => {
  const kinds = values(document, 'rcsb_struct_symmetry.kind');
  const index = Math.max(kinds.indexOf('Global Symmetry'), 0);
  const symbol = values(document, 'rcsb_struct_symmetry.symbol')[index];
  const type = values(document, 'rcsb_struct_symmetry.type')[index];
  return symbol === undefined ? '' : `${String(symbol)} (${String(type)})`;
};

const TITLE: Column = { header: 'Entry title', text: text('struct.title'), wide: true };
const RELEASE: Column = { header: 'Released', text: text('rcsb_accession_info.initial_release_date') };

/** The columns of a results table after the identifier, per return type (key attributes, server-side). */
export const RESULT_COLUMNS: Record<ReturnType, readonly Column[]> = {
  entry: [
    { header: 'Title', text: text('struct.title'), wide: true },
    { header: 'Method', text: text('rcsb_entry_info.experimental_method') },
    { header: 'Resolution', text: number('rcsb_entry_info.resolution_combined', 2, ' Å') },
    RELEASE,
  ],
  polymer_entity: [
    { header: 'Description', text: text('rcsb_polymer_entity.pdbx_description'), wide: true },
    { header: 'Polymer type', text: text('entity_poly.rcsb_entity_polymer_type') },
    { header: 'Formula weight', text: number('rcsb_polymer_entity.formula_weight', 2, ' kDa') },
    { header: 'Source organism', text: text('rcsb_entity_source_organism.ncbi_scientific_name') },
    RELEASE,
  ],
  polymer_instance: [
    { header: 'Chain', text: text('rcsb_polymer_entity_instance_container_identifiers.auth_asym_id') },
    { header: 'Description', text: text('rcsb_polymer_entity.pdbx_description'), wide: true },
    { header: 'Polymer type', text: text('entity_poly.rcsb_entity_polymer_type') },
    RELEASE,
  ],
  non_polymer_entity: [
    { header: 'Component', text: text('pdbx_entity_nonpoly.comp_id') },
    { header: 'Name', text: text('pdbx_entity_nonpoly.name'), wide: true },
    TITLE,
    RELEASE,
  ],
  assembly: [
    { header: 'Oligomeric state', text: text('pdbx_struct_assembly.oligomeric_details') },
    { header: 'Symmetry', text: globalSymmetry },
    TITLE,
    RELEASE,
  ],
  mol_definition: [
    { header: 'Name', text: text('chem_comp.name'), wide: true },
    { header: 'Formula weight', text: number('chem_comp.formula_weight', 2, ' Da') },
    { header: 'Type', text: text('chem_comp.type') },
    { header: 'Formula', text: text('chem_comp.formula') },
  ],
};
