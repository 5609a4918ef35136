import { describe, expect, it } from 'vitest';
import { LEVEL_LINKS, RETURN_TYPES, type ReturnType } from '@pdb-stats/search-model';
import { columnsOf, type DemoDocuments, type Row } from '@pdb-stats/snapshot';
import { DEMO_ATTRIBUTES } from './demo-attributes.ts';
import { DemoGenerator, generateDocuments, resolveOptions } from './generator.ts';
import { ACCESSION_PATTERN, COMPONENT_ID_PATTERN, ENTRY_ID_PATTERN } from './ids.ts';

const OPTIONS = { entries: 300, seed: 42, archiveDate: '2026-07-01' };
const docs = generateDocuments(OPTIONS);

const list = <T = unknown>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
const byKey = (rows: Row[]) => new Map(rows.map((row) => [row._key as number, row]));

describe('determinism', () => {
  it('gives identical documents for the same options', () => {
    expect(generateDocuments(OPTIONS)).toEqual(docs);
  });

  it('gives different documents for another seed', () => {
    const other = generateDocuments({ ...OPTIONS, seed: 43 });
    expect(other.entry.map((e) => e['struct.title'])).not.toEqual(docs.entry.map((e) => e['struct.title']));
    expect(other.polymer_entity.length).not.toBe(docs.polymer_entity.length);
  });

  it('does not depend on how entries are chunked', () => {
    const generator = new DemoGenerator(OPTIONS);
    const chunked: DemoDocuments = {
      entry: [],
      polymer_entity: [],
      non_polymer_entity: [],
      polymer_instance: [],
      assembly: [],
      mol_definition: [],
    };
    while (!generator.done) {
      const chunk = generator.nextChunk(7);
      for (const level of RETURN_TYPES) chunked[level].push(...chunk[level]);
    }
    chunked.mol_definition = generator.molDefinitions();
    expect(chunked).toEqual(docs);
  });

  it('builds the same rows when only some levels are kept', () => {
    for (const levels of [
      ['polymer_entity', 'polymer_instance'],
      ['entry', 'non_polymer_entity', 'assembly', 'mol_definition'],
    ] as const) {
      const generator = new DemoGenerator({ ...OPTIONS, levels });
      const part = generator.nextChunk(OPTIONS.entries);
      if ((levels as readonly string[]).includes('mol_definition'))
        part.mol_definition = generator.molDefinitions();
      for (const level of RETURN_TYPES)
        expect(part[level], level).toEqual((levels as readonly string[]).includes(level) ? docs[level] : []);
    }
  });

  it('copes with tiny archives and early archive dates', () => {
    for (const [entries, archiveDate] of [
      [1, '2026-01-01'],
      [3, '2100-12-31'],
      [5, '1976-05-19'],
      [40, '1990-01-01'],
    ] as const) {
      const small = generateDocuments({ entries, seed: 3, archiveDate });
      const days = small.entry.map((e) => e['rcsb_accession_info.initial_release_date']);
      expect(days).toHaveLength(entries);
      expect(days[0]).toBe('1976-05-19');
      if (entries > 1) expect(days.at(-1)).toBe(archiveDate);
      expect(small.mol_definition.length).toBeGreaterThan(0);
    }
  });

  it('checks its options', () => {
    expect(() => resolveOptions({ entries: 0 })).toThrow(/entries/);
    expect(() => resolveOptions({ entries: 10, seed: -1 })).toThrow(/seed/);
    expect(() => resolveOptions({ entries: 10, archiveDate: '2026-02-30' })).toThrow(/archiveDate/);
    expect(() => resolveOptions({ entries: 10, archiveDate: '1970-01-01' })).toThrow(/1976-05-19/);
    expect(resolveOptions({ entries: 10 }).archiveDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('rows follow the snapshot contract', () => {
  it.each(RETURN_TYPES)('%s rows have exactly the snapshot columns, in order', (level) => {
    const names = columnsOf(level, DEMO_ATTRIBUTES).map((c) => c.name);
    expect(docs[level].length).toBeGreaterThan(0);
    for (const row of docs[level]) expect(Object.keys(row)).toEqual(names);
  });

  it.each(RETURN_TYPES)('%s keys are 0..n-1 in row order', (level) => {
    docs[level].forEach((row, i) => expect(row._key).toBe(i));
  });

  it('fills every column somewhere (no attribute left empty)', () => {
    for (const level of RETURN_TYPES) {
      for (const { name } of columnsOf(level, DEMO_ATTRIBUTES)) {
        const filled = docs[level].some((row) => {
          const value = row[name];
          return value !== null && value !== undefined && !(Array.isArray(value) && value.length === 0);
        });
        expect(filled, `${level}.${name}`).toBe(true);
      }
    }
  });

  it('uses plain values: ISO dates, arrays for lists, no undefined', () => {
    const dates = [
      'rcsb_accession_info.initial_release_date',
      'rcsb_accession_info.deposit_date',
      'rcsb_accession_info.revision_date',
    ];
    for (const entry of docs.entry) {
      for (const column of dates) expect(entry[column]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Array.isArray(entry['exptl.method'])).toBe(true);
    }
    for (const level of RETURN_TYPES) {
      for (const row of docs[level])
        for (const value of Object.values(row)) expect(value).not.toBeUndefined();
    }
  });
});

describe('referential integrity and identifiers', () => {
  const entries = byKey(docs.entry);
  const entities = byKey(docs.polymer_entity);
  const components = byKey(docs.mol_definition);

  it('links every child to an existing parent of the same entry', () => {
    for (const level of RETURN_TYPES) {
      for (const link of LEVEL_LINKS[level]) {
        for (const row of docs[level]) {
          const key = row[link] as number;
          const parent =
            link === '_entry_key'
              ? entries.get(key)
              : link === '_entity_key'
                ? entities.get(key)
                : components.get(key);
          expect(parent, `${level} ${String(row.rcsb_id)} ${link}`).toBeDefined();
        }
      }
    }
    for (const instance of docs.polymer_instance) {
      expect(entities.get(instance._entity_key as number)?._entry_key).toBe(instance._entry_key);
    }
  });

  it('has unique, well-formed ids consistent with the container identifiers', () => {
    for (const level of RETURN_TYPES) {
      const ids = docs[level].map((row) => row.rcsb_id);
      expect(new Set(ids).size, level).toBe(ids.length);
    }
    for (const entry of docs.entry) {
      expect(entry.rcsb_id).toMatch(ENTRY_ID_PATTERN);
      expect(entry['rcsb_entry_container_identifiers.entry_id']).toBe(entry.rcsb_id);
    }
    for (const entity of docs.polymer_entity) {
      const entryId = entries.get(entity._entry_key as number)?.rcsb_id;
      expect(entity['rcsb_polymer_entity_container_identifiers.entry_id']).toBe(entryId);
      expect(entity.rcsb_id).toBe(
        `${entryId}_${entity['rcsb_polymer_entity_container_identifiers.entity_id']}`,
      );
    }
    for (const entity of docs.non_polymer_entity) {
      const entryId = entries.get(entity._entry_key as number)?.rcsb_id;
      const component = components.get(entity._chem_key as number);
      expect(entity.rcsb_id).toMatch(new RegExp(`^${entryId}_\\d+$`));
      expect(entity['rcsb_nonpolymer_entity_container_identifiers.entry_id']).toBe(entryId);
      expect(entity['pdbx_entity_nonpoly.comp_id']).toBe(component?.rcsb_id);
      expect(entity['rcsb_nonpolymer_entity_container_identifiers.nonpolymer_comp_id']).toBe(
        component?.rcsb_id,
      );
    }
    for (const instance of docs.polymer_instance) {
      const entity = entities.get(instance._entity_key as number) as Row;
      const asym = instance['rcsb_polymer_entity_instance_container_identifiers.asym_id'] as string;
      expect(asym).toMatch(/^[A-Z]{1,3}$/);
      expect(instance.rcsb_id).toBe(
        `${entity['rcsb_polymer_entity_container_identifiers.entry_id']}.${asym}`,
      );
      expect(instance['rcsb_polymer_entity_instance_container_identifiers.entity_id']).toBe(
        entity['rcsb_polymer_entity_container_identifiers.entity_id'],
      );
    }
    for (const assembly of docs.assembly) {
      const entryId = entries.get(assembly._entry_key as number)?.rcsb_id;
      expect(assembly.rcsb_id).toBe(
        `${entryId}-${assembly['rcsb_assembly_container_identifiers.assembly_id']}`,
      );
    }
    for (const component of docs.mol_definition) {
      expect(component.rcsb_id).toMatch(COMPONENT_ID_PATTERN);
      expect(component['chem_comp.id']).toBe(component.rcsb_id);
      const prd = component['rcsb_chem_comp_container_identifiers.prd_id'];
      if (prd) expect(component.rcsb_id).toMatch(/^PRD_\d{6}$/);
      else expect(component['rcsb_chem_comp_container_identifiers.comp_id']).toBe(component.rcsb_id);
    }
    expect(docs.mol_definition.some((c) => c['rcsb_chem_comp_container_identifiers.prd_id'])).toBe(true);
  });

  it('numbers entity ids across polymer and non-polymer entities of an entry', () => {
    const ids = new Map<number, number[]>();
    for (const row of [...docs.polymer_entity, ...docs.non_polymer_entity]) {
      const id = Number(String(row.rcsb_id).split('_').pop());
      ids.set(row._entry_key as number, [...(ids.get(row._entry_key as number) ?? []), id]);
    }
    for (const numbers of ids.values()) {
      expect([...numbers].sort((a, b) => a - b)).toEqual(numbers.map((_, i) => i + 1));
    }
  });

  it('keeps entry counts and sums consistent with the generated rows', () => {
    const count = (level: ReturnType) => {
      const counts = new Map<number, number>();
      for (const row of docs[level])
        counts.set(row._entry_key as number, (counts.get(row._entry_key as number) ?? 0) + 1);
      return counts;
    };
    const polymers = count('polymer_entity');
    const ligands = count('non_polymer_entity');
    const assemblies = count('assembly');
    const monomers = new Map<number, number>();
    const weight = new Map<number, number>();
    for (const instance of docs.polymer_instance) {
      const entity = entities.get(instance._entity_key as number) as Row;
      const key = instance._entry_key as number;
      monomers.set(
        key,
        (monomers.get(key) ?? 0) + (entity['entity_poly.rcsb_sample_sequence_length'] as number),
      );
      weight.set(key, (weight.get(key) ?? 0) + (entity['rcsb_polymer_entity.formula_weight'] as number));
    }
    for (const ligand of docs.non_polymer_entity) {
      const key = ligand._entry_key as number;
      const total =
        (ligand['rcsb_nonpolymer_entity.formula_weight'] as number) *
        (ligand['rcsb_nonpolymer_entity.pdbx_number_of_molecules'] as number);
      weight.set(key, (weight.get(key) ?? 0) + total);
    }
    for (const entry of docs.entry) {
      const key = entry._key as number;
      expect(entry['rcsb_entry_info.polymer_entity_count']).toBe(polymers.get(key) ?? 0);
      expect(entry['rcsb_entry_info.nonpolymer_entity_count']).toBe(ligands.get(key) ?? 0);
      expect(entry['rcsb_entry_info.assembly_count']).toBe(assemblies.get(key) ?? 0);
      expect(entry['rcsb_entry_info.deposited_polymer_monomer_count']).toBe(monomers.get(key) ?? 0);
      expect(entry['rcsb_entry_info.molecular_weight']).toBeCloseTo(weight.get(key) ?? 0, 1);
      expect(entry['rcsb_entry_info.deposited_atom_count'] as number).toBeGreaterThanOrEqual(
        7 * (monomers.get(key) ?? 0) * 0.9,
      );
    }
    for (const entity of docs.polymer_entity) {
      const instances = docs.polymer_instance.filter((i) => i._entity_key === entity._key).length;
      expect(entity['rcsb_polymer_entity.pdbx_number_of_molecules']).toBe(instances);
    }
  });

  it('orders dates: deposited before release, revised after, components no later than their first entry', () => {
    for (const entry of docs.entry) {
      const released = entry['rcsb_accession_info.initial_release_date'] as string;
      expect((entry['rcsb_accession_info.deposit_date'] as string) <= released).toBe(true);
      expect((entry['rcsb_accession_info.revision_date'] as string) >= released).toBe(true);
      expect(released >= '1976-05-19' && released <= OPTIONS.archiveDate).toBe(true);
    }
    for (const ligand of docs.non_polymer_entity) {
      const released = entries.get(ligand._entry_key as number)?.[
        'rcsb_accession_info.initial_release_date'
      ] as string;
      const component = components.get(ligand._chem_key as number) as Row;
      expect((component['rcsb_chem_comp_info.initial_release_date'] as string) <= released).toBe(true);
    }
    expect(docs.entry[0]?.['rcsb_accession_info.initial_release_date']).toBe('1976-05-19');
    expect(docs.entry.at(-1)?.['rcsb_accession_info.initial_release_date']).toBe(OPTIONS.archiveDate);
  });

  it('gives UniProt accessions in the real format and nested sequence clusters', () => {
    const parent = new Map<string, string>();
    for (const entity of docs.polymer_entity) {
      const groups = list<{ group_id: string; aggregation_method: string; similarity_cutoff: number | null }>(
        entity.rcsb_polymer_entity_group_membership,
      );
      const uniprot = list<string>(entity['rcsb_polymer_entity_container_identifiers.uniprot_ids']);
      for (const accession of uniprot) expect(accession).toMatch(ACCESSION_PATTERN);
      if (entity['entity_poly.rcsb_entity_polymer_type'] !== 'Protein') {
        expect(groups).toEqual([]);
        continue;
      }
      const byUniprot = groups.filter((g) => g.aggregation_method === 'matching_uniprot_accession');
      expect(byUniprot.map((g) => g.group_id)).toEqual(uniprot);
      for (const g of byUniprot) expect(g.similarity_cutoff).toBeNull();
      const clusters = groups.filter((g) => g.aggregation_method === 'sequence_identity');
      expect(clusters.map((g) => g.similarity_cutoff)).toEqual([100, 95, 90, 70, 50, 30]);
      // Same cluster at one cutoff => same cluster at every looser cutoff.
      for (let i = 0; i + 1 < clusters.length; i++) {
        const child = (clusters[i] as { group_id: string }).group_id;
        const looser = (clusters[i + 1] as { group_id: string }).group_id;
        expect(parent.get(child) ?? looser).toBe(looser);
        parent.set(child, looser);
      }
    }
  });
});

describe('a small archive already fills every chart', () => {
  const entryValues = (column: string) =>
    new Set(docs.entry.flatMap((e) => list(e[column]).concat(Array.isArray(e[column]) ? [] : [e[column]])));

  it('has every method, composition and several years', () => {
    expect([...entryValues('rcsb_entry_info.experimental_method')].sort()).toEqual(
      ['EM', 'Integrative', 'Multiple methods', 'NMR', 'Neutron', 'Other', 'X-ray'].sort(),
    );
    expect([...entryValues('rcsb_entry_info.selected_polymer_entity_types')].sort()).toEqual(
      [
        'Nucleic acid (only)',
        'Oligosaccharide (only)',
        'Other',
        'Protein (only)',
        'Protein/NA',
        'Protein/Oligosaccharide',
      ].sort(),
    );
    const years = new Set(
      docs.entry.map((e) => String(e['rcsb_accession_info.initial_release_date']).slice(0, 4)),
    );
    expect(years.size).toBeGreaterThan(15);
  });

  it('has every global symmetry type and other symmetry kinds of another type', () => {
    const records = docs.assembly.flatMap((a) =>
      list<{ kind: string; type: string }>(a.rcsb_struct_symmetry),
    );
    const global = new Set(records.filter((r) => r.kind === 'Global Symmetry').map((r) => r.type));
    expect([...global].sort()).toEqual([
      'Asymmetric',
      'Cyclic',
      'Dihedral',
      'Helical',
      'Icosahedral',
      'Octahedral',
      'Tetrahedral',
    ]);
    for (const assembly of docs.assembly) {
      const own = list<{ kind: string; type: string }>(assembly.rcsb_struct_symmetry);
      const globalType = own.find((r) => r.kind === 'Global Symmetry')?.type;
      for (const r of own) if (r.kind !== 'Global Symmetry') expect(r.type).not.toBe(globalType);
    }
  });

  it('has the seven EC classes, SCOP classes, centres, journals, integrative inputs and affinities', () => {
    const ecClasses = new Set(
      docs.polymer_entity.flatMap((p) =>
        list<{ depth: number; name: string }>(p['rcsb_polymer_entity.rcsb_ec_lineage'])
          .filter((l) => l.depth === 1)
          .map((l) => l.name),
      ),
    );
    expect(ecClasses.size).toBe(7);
    const scop = docs.polymer_instance.flatMap((i) =>
      list<{ type: string; annotation_lineage: { depth: number; name: string }[] }>(
        i.rcsb_polymer_instance_annotation,
      )
        .filter((a) => a.type === 'SCOP')
        .map((a) => a.annotation_lineage.find((l) => l.depth === 1)?.name),
    );
    expect(new Set(scop).size).toBeGreaterThan(3);
    expect(entryValues('pdbx_SG_project.full_name_of_center').size).toBeGreaterThan(1);
    expect(entryValues('rcsb_primary_citation.rcsb_journal_abbrev').has('To be published')).toBe(true);
    const integrative = docs.entry.filter(
      (e) => e['rcsb_entry_info.structure_determination_methodology'] === 'integrative',
    );
    expect(integrative.length).toBeGreaterThan(0);
    for (const entry of integrative)
      expect(list(entry['rcsb_ihm_dataset_list.name']).length).toBeGreaterThan(1);
    expect(docs.entry.some((e) => list(e.rcsb_binding_affinity).length > 0)).toBe(true);
    const parents = new Set(
      docs.polymer_entity.flatMap((p) => list(p['rcsb_entity_source_organism.ncbi_parent_scientific_name'])),
    );
    for (const name of ['Eukaryota', 'Bacteria']) expect(parents.has(name)).toBe(true);
  });

  it('only gives diffraction entries R-factors, space groups and cells; NMR entries no resolution', () => {
    for (const entry of docs.entry) {
      const methods = list<string>(entry['exptl.method']);
      const diffraction = methods.includes('X-RAY DIFFRACTION') || methods.includes('NEUTRON DIFFRACTION');
      if (!diffraction) {
        expect(entry['refine.ls_R_factor_R_free']).toEqual([]);
        expect(entry['symmetry.space_group_name_H_M']).toBeNull();
        expect(entry['cell.length_a']).toBeNull();
      }
      if (entry['rcsb_entry_info.experimental_method'] === 'NMR')
        expect(entry['rcsb_entry_info.resolution_combined']).toEqual([]);
      for (const r of list<number>(entry['refine.ls_R_factor_R_free']))
        expect(r > 0.1 && r < 0.45).toBe(true);
      expect(list(entry['rcsb_entry_info.software_programs_combined']).length).toBeGreaterThanOrEqual(2);
    }
  });

  it('gives binding affinities for ligands of the entry', () => {
    const ligandIds = new Map<number, Set<unknown>>();
    for (const ligand of docs.non_polymer_entity) {
      const key = ligand._entry_key as number;
      ligandIds.set(key, (ligandIds.get(key) ?? new Set()).add(ligand['pdbx_entity_nonpoly.comp_id']));
    }
    for (const entry of docs.entry) {
      for (const record of list<{ comp_id: string; type: string; unit: string; value: number }>(
        entry.rcsb_binding_affinity,
      )) {
        expect(ligandIds.get(entry._key as number)?.has(record.comp_id)).toBe(true);
        expect(['IC50', 'Kd', 'Ki', 'EC50']).toContain(record.type);
        expect(record.unit).toBe('nM');
        expect(record.value).toBeGreaterThan(0);
      }
    }
  });
});
