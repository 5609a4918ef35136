import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '@pdb-stats/search-model';
import { MmcifError, parseComponents } from './parse-component.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

describe('parseComponents', () => {
  it('gives one row per block of a chemical component dictionary', async () => {
    const rows = await parseComponents(fixture('components.cif'), { attributes: CATALOGUE });
    expect(rows.map((r) => r.rcsb_id)).toEqual(['ATP', 'NAG']);
    expect(rows[0]).toMatchObject({
      'chem_comp.id': 'ATP',
      'chem_comp.name': "ADENOSINE-5'-TRIPHOSPHATE",
      'chem_comp.type': 'NON-POLYMER',
      'chem_comp.formula': 'C10 H16 N5 O13 P3',
      'chem_comp.formula_weight': 507.181, // daltons, as the dictionary gives it
      'rcsb_chem_comp_container_identifiers.comp_id': 'ATP',
      'rcsb_chem_comp_info.atom_count_heavy': 3,
      'rcsb_chem_comp_info.atom_count_chiral': 2,
      'rcsb_chem_comp_info.bond_count': 2,
      'rcsb_chem_comp_info.bond_count_aromatic': 1,
      'rcsb_chem_comp_info.initial_release_date': '1999-07-08',
      'rcsb_chem_comp_descriptor.InChIKey': 'ZKHQWZAMYRWXGA-KQYNXXCUSA-N',
    });
    expect(rows[0]!['rcsb_chem_comp_container_identifiers.prd_id']).toBeUndefined();
    expect(rows[1]!['chem_comp.formula_weight']).toBeUndefined(); // '?' is missing
    expect(rows[1]!['rcsb_chem_comp_synonyms.name']).toEqual(['2-acetamido-2-deoxy-beta-D-glucopyranose']);
  });

  it('reads a BIRD reference molecule', async () => {
    const [row] = await parseComponents(fixture('PRD_000001.cif'), { attributes: CATALOGUE });
    expect(row).toMatchObject({
      rcsb_id: 'PRD_000001',
      'rcsb_chem_comp_container_identifiers.prd_id': 'PRD_000001',
      'pdbx_reference_molecule.prd_id': 'PRD_000001',
      'pdbx_reference_molecule.name': 'Test peptide antibiotic',
      'pdbx_reference_molecule.class': 'Antibiotic',
      'pdbx_reference_molecule_synonyms.name': ['Testicin A', 'Testicin'],
      'chem_comp.name': 'Test peptide antibiotic',
      'chem_comp.formula_weight': 232.28,
    });
    expect(row!['rcsb_chem_comp_container_identifiers.comp_id']).toBeUndefined();
  });

  it('rejects a file with neither a component nor a reference molecule', async () => {
    const options = { attributes: CATALOGUE, source: 'empty.cif' };
    await expect(parseComponents('data_X\n_other.item 1\n', options)).rejects.toThrow(MmcifError);
    await expect(parseComponents('data_X\n_other.item 1\n', options)).rejects.toThrow(
      /empty\.cif: no chemical component/,
    );
    await expect(parseComponents('just text', options)).rejects.toThrow(/empty\.cif: not a CIF file/);
  });
});
