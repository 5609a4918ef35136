import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE, type ReturnType } from '@pdb-stats/search-model';
import { filledAttributes } from './filled-attributes.ts';
import { parseComponents } from './parse-component.ts';
import { parseEntry, type EntryDocuments, type EntryKind } from './parse-entry.ts';
import type { Row } from './types.ts';
import { sharedPath } from '../../../../test-support/shared-files.ts';

const REAL = sharedPath('real-data', 'the real-data mmCIF parser tests') ?? '';
const present = REAL !== '';
const MMCIF = join(REAL, 'mmcif');

/** Every entry file of the real data, with the kind of archive it comes from. */
function entryFiles(): { path: string; kind: EntryKind }[] {
  const files: { path: string; kind: EntryKind }[] = [];
  const divided = join(MMCIF, 'divided');
  for (const folder of readdirSync(divided).sort())
    for (const name of readdirSync(join(divided, folder)).sort())
      files.push({ path: join(divided, folder, name), kind: 'pdb' });
  for (const kind of ['ihm', 'csm'] as const)
    for (const name of readdirSync(join(MMCIF, kind)).sort())
      files.push({ path: join(MMCIF, kind, name), kind });
  return files;
}

describe.skipIf(!present)('parsing the real mmCIF files', () => {
  const entries = new Map<string, EntryDocuments>();
  const rows: Record<ReturnType, Row[]> = {
    entry: [],
    polymer_entity: [],
    polymer_instance: [],
    non_polymer_entity: [],
    assembly: [],
    mol_definition: [],
  };
  const invalidValues = new Map<string, number>();
  let files: { path: string; kind: EntryKind }[] = [];

  beforeAll(async () => {
    files = entryFiles();
    const texts = files.map((file) => ({ ...file, data: gunzipSync(readFileSync(file.path)) }));
    const bytes = texts.reduce((sum, file) => sum + file.data.length, 0);
    const started = performance.now();
    for (const file of texts) {
      const docs = await parseEntry(file.data, {
        kind: file.kind,
        attributes: CATALOGUE,
        source: file.path,
        invalidValues,
      });
      entries.set(String(docs.entry.rcsb_id), docs);
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `Parsed ${texts.length} entries, ${(bytes / 1e6).toFixed(1)} MB of mmCIF text, in ${seconds.toFixed(2)} s on one core: ` +
        `${(bytes / 1e6 / seconds).toFixed(1)} MB/s, ${(texts.length / seconds).toFixed(1)} entries/s`,
    );
    for (const docs of entries.values()) {
      rows.entry.push(docs.entry);
      rows.polymer_entity.push(...docs.polymer_entity);
      rows.polymer_instance.push(...docs.polymer_instance);
      rows.non_polymer_entity.push(...docs.non_polymer_entity);
      rows.assembly.push(...docs.assembly);
    }
    for (const folder of ['chem_comp', 'bird'])
      for (const name of readdirSync(join(REAL, folder)).sort())
        rows.mol_definition.push(
          ...(await parseComponents(readFileSync(join(REAL, folder, name)), {
            attributes: CATALOGUE,
            source: name,
            invalidValues,
          })),
        );
  }, 120_000);

  it('parses every entry: 41 PDB entries, 10 PDB-IHM structures, 10 computed models', () => {
    expect(files.length).toBe(61);
    expect(entries.size).toBe(61);
    expect(invalidValues).toEqual(new Map());
  });

  it('reads 6LU7 as the file says: X-ray at 2.16 Å, released 2020-02-05, two polymer entities', () => {
    const docs = entries.get('6LU7')!;
    expect(docs.entry).toMatchObject({
      'rcsb_accession_info.deposit_date': '2020-01-26',
      'rcsb_accession_info.initial_release_date': '2020-02-05',
      'exptl.method': ['X-RAY DIFFRACTION'],
      'rcsb_entry_info.experimental_method': 'X-ray',
      'rcsb_entry_info.resolution_combined': [2.16],
      'rcsb_entry_info.polymer_entity_count': 2,
      'rcsb_entry_info.molecular_weight': 34.51, // 33825.547 + 680.791 Da
      'symmetry.space_group_name_H_M': 'C 1 2 1',
      'cell.length_a': 97.931,
      'rcsb_primary_citation.pdbx_database_id_DOI': '10.1038/s41586-020-2223-y',
    });
    expect(docs.polymer_entity[0]).toMatchObject({
      'rcsb_polymer_entity.pdbx_ec': '3.4.22.69',
      'rcsb_entity_source_organism.ncbi_taxonomy_id': [2697049],
      'rcsb_entity_host_organism.ncbi_scientific_name': ['Escherichia coli BL21(DE3)'],
      'entity_poly.rcsb_sample_sequence_length': 306,
    });
  });

  it('reads the other methods: NMR (1AH1), EM (6FSZ), fibre diffraction (3HYA)', () => {
    expect(entries.get('1AH1')!.entry).toMatchObject({
      'rcsb_entry_info.experimental_method': 'NMR',
      'rcsb_entry_info.deposited_model_count': 20,
      'rcsb_accession_info.initial_release_date': '1998-04-15',
    });
    expect(entries.get('1AH1')!.entry['rcsb_entry_info.resolution_combined']).toBeUndefined();
    expect(entries.get('6FSZ')!.entry).toMatchObject({
      'rcsb_entry_info.experimental_method': 'EM',
      'rcsb_entry_info.resolution_combined': [4.6],
      'rcsb_entry_info.polymer_entity_count': 15,
    });
    expect(entries.get('3HYA')!.entry).toMatchObject({
      'exptl.method': ['FIBER DIFFRACTION'],
      'rcsb_entry_info.experimental_method': 'X-ray',
      'rcsb_entry_info.resolution_combined': [3],
      'rcsb_accession_info.initial_release_date': '1980-03-28',
    });
  });

  it('reads PDB-IHM structures and computed models', () => {
    expect(entries.get('8ZZ4')!.entry).toMatchObject({
      'rcsb_entry_info.experimental_method': 'Integrative',
      'rcsb_entry_info.structure_determination_methodology': 'integrative',
      'rcsb_ihm_dataset_list.name': [
        'SAS data',
        'Experimental model',
        'Crosslinking-MS data',
        'Single molecule FRET data',
      ],
    });
    expect(entries.get('AF_AFP0CB50F1')!.entry).toMatchObject({
      'rcsb_entry_info.structure_determination_methodology': 'computational',
      'rcsb_ma_qa_metric_global.ma_qa_metric_global': [{ type: 'pLDDT', value: 97.19 }],
      'rcsb_comp_model_provenance.source_db': 'AlphaFoldDB',
      'rcsb_comp_model_provenance.entry_id': 'AF-P0CB50-F1',
    });
    for (const docs of entries.values()) {
      const methodology = docs.entry['rcsb_entry_info.structure_determination_methodology'];
      const id = String(docs.entry.rcsb_id);
      const expected = /^(AF|MA)_/.test(id)
        ? 'computational'
        : /^8ZZ/.test(id)
          ? 'integrative'
          : 'experimental';
      expect(methodology, id).toBe(expected);
    }
  });

  it('reads the chemical components and BIRD molecules', () => {
    expect(rows.mol_definition.length).toBe(33);
    const atp = rows.mol_definition.find((r) => r.rcsb_id === 'ATP');
    expect(atp).toMatchObject({ 'chem_comp.formula_weight': 507.181, 'chem_comp.type': 'NON-POLYMER' });
    const prd = rows.mol_definition.find((r) => r.rcsb_id === 'PRD_000154');
    expect(prd).toMatchObject({ 'pdbx_reference_molecule.name': 'MINI-GRAMICIDIN A DIMER' });
  });

  it('fills a large part of the catalogue', () => {
    const filled = filledAttributes(CATALOGUE, rows);
    const structure = [...filled].filter((path) => !path.startsWith('mol_definition:')).length;
    const chemical = filled.size - structure;
    const structureTotal = CATALOGUE.filter((a) => a.level !== 'mol_definition').length;
    console.log(
      `Catalogue attributes with a value in the real files: ${structure} of ${structureTotal} structure attributes, ` +
        `${chemical} of ${CATALOGUE.length - structureTotal} chemical component attributes`,
    );
    expect(structure).toBeGreaterThanOrEqual(340);
  });
});
