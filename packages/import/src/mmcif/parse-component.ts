import { readCifBlocks, type Block, type CifRecord } from './cif-file.ts';
import { planOf, placeFacts } from './catalogue-plan.ts';
import { Facts } from './facts.ts';
import { MmcifError } from './mmcif-error.ts';
import type { AttributeSpec, InvalidValueCounts, Row } from './types.ts';

export { MmcifError };

export interface ParseComponentsOptions {
  attributes: readonly AttributeSpec[];
  /** Names the file in error messages (defaults to 'component data'). */
  source?: string;
  invalidValues?: InvalidValueCounts;
}

/**
 * A chemical component dictionary file (one component, or the whole `components.cif` with one
 * block per component) or a BIRD file → mol_definition rows, one per data block. Blocks that are
 * neither a component nor a reference molecule are skipped; a file without any throws MmcifError.
 */
export async function parseComponents(
  data: Uint8Array | string,
  options: ParseComponentsOptions,
): Promise<Row[]> {
  const source = options.source ?? 'component data';
  const blocks = await readCifBlocks(data, source);
  const plan = planOf(options.attributes).get('mol_definition');
  const invalid = options.invalidValues ?? new Map<string, number>();
  const rows: Row[] = [];
  for (const block of blocks) {
    const facts = componentFacts(block, plan?.roots ?? new Set());
    if (!facts) continue;
    rows.push({ rcsb_id: facts.id, ...(plan ? placeFacts(facts.facts, plan, invalid) : {}) });
  }
  if (rows.length === 0)
    throw new MmcifError(
      source,
      `no chemical component (chem_comp.id) or BIRD molecule (pdbx_reference_molecule.prd_id)`,
    );
  return rows;
}

function componentFacts(block: Block, roots: Set<string>): { id: string; facts: Facts } | undefined {
  const prdId = block.text('pdbx_reference_molecule', 'prd_id');
  const compId = block.text('chem_comp', 'id');
  const id = (prdId ?? compId)?.trim();
  if (id === undefined || id === '') return undefined;
  const facts = new Facts();
  // One block describes one molecule: every row of the catalogue's categories belongs to it.
  for (const category of roots) if (block.has(category)) facts.add(category, block.records(category));
  facts.setAll('rcsb_chem_comp_container_identifiers', {
    rcsb_id: id,
    comp_id: compId ?? block.text('pdbx_reference_molecule', 'chem_comp_id'),
    prd_id: prdId,
  });
  if (compId !== undefined) componentInfo(block, facts);
  if (prdId !== undefined && compId === undefined) referenceMoleculeAsComponent(block, facts);
  return { id, facts };
}

const isHydrogen = (atom: CifRecord) => {
  const element = String(atom.type_symbol ?? '').toUpperCase();
  return element === 'H' || element === 'D';
};

/**
 * rcsb_chem_comp_info counted from the definition's atoms and bonds; the first release date is the
 * dictionary's pdbx_initial_date (the release-data enricher may refine it); descriptors and
 * synonyms gathered from their categories.
 */
function componentInfo(block: Block, facts: Facts): void {
  const atoms = block.records('chem_comp_atom');
  const bonds = block.records('chem_comp_bond');
  const initialDate = block.text('chem_comp', 'pdbx_initial_date');
  facts.setAll('rcsb_chem_comp_info', {
    atom_count: atoms.length,
    atom_count_heavy: atoms.filter((atom) => !isHydrogen(atom)).length,
    atom_count_chiral: atoms.filter(
      (atom) => atom.pdbx_stereo_config === 'R' || atom.pdbx_stereo_config === 'S',
    ).length,
    bond_count: bonds.length,
    bond_count_aromatic: bonds.filter((bond) => bond.pdbx_aromatic_flag === 'Y').length,
    initial_deposition_date: initialDate,
    initial_release_date: initialDate,
    release_status: block.text('chem_comp', 'pdbx_release_status'),
  });
  const descriptors = block.records('pdbx_chem_comp_descriptor');
  const descriptor = (type: string) =>
    descriptors.find((d) => String(d.type).toUpperCase() === type)?.descriptor;
  facts.setAll('rcsb_chem_comp_descriptor', {
    InChI: descriptor('INCHI'),
    InChIKey: descriptor('INCHIKEY'),
    SMILES: descriptor('SMILES'),
    SMILES_stereo: descriptor('SMILES_CANONICAL'),
    comp_id: block.text('chem_comp', 'id'),
  });
  facts.add('rcsb_chem_comp_synonyms', synonyms(block));
}

/** The component's names: its preferred name, listed synonyms and systematic names. */
function synonyms(block: Block): CifRecord[] {
  const names: CifRecord[] = [];
  const preferred = block.text('chem_comp', 'name');
  if (preferred)
    names.push({ name: preferred, type: 'Preferred Name', provenance_source: 'PDB Reference Data' });
  for (const row of block.records('pdbx_chem_comp_synonyms'))
    names.push({
      name: row.name,
      type: 'Synonym',
      provenance_source: row.provenance ?? 'PDB Reference Data',
    });
  if (!block.has('pdbx_chem_comp_synonyms'))
    for (const name of String(block.text('chem_comp', 'pdbx_synonyms') ?? '').split(';'))
      if (name.trim())
        names.push({ name: name.trim(), type: 'Synonym', provenance_source: 'PDB Reference Data' });
  for (const row of block.records('pdbx_chem_comp_identifier'))
    if (String(row.type).toUpperCase() === 'SYSTEMATIC NAME')
      names.push({ name: row.identifier, type: 'Systematic Name', provenance_source: row.program });
  return names;
}

/** A BIRD molecule without a component definition is described by its reference molecule record. */
function referenceMoleculeAsComponent(block: Block, facts: Facts): void {
  const molecule = block.records('pdbx_reference_molecule')[0] ?? {};
  facts.setAll('chem_comp', {
    id: molecule.prd_id,
    name: molecule.name,
    formula: molecule.formula,
    formula_weight: molecule.formula_weight,
  });
}
