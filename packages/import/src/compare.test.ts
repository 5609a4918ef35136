import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE, type CatalogueAttribute } from '@pdb-stats/search-model';
import { DEMO_ATTRIBUTES } from '@pdb-stats/demo';
import {
  emptyDocuments,
  fullCounts,
  LEVELS,
  type DemoDocuments,
  type Row,
  SnapshotWriter,
} from '@pdb-stats/snapshot';
import {
  compareSnapshots,
  formatComparison,
  type LevelComparison,
  type SnapshotComparison,
} from './compare.ts';

let root: string;
let dirA: string;
let dirB: string;
let report: SnapshotComparison;

/** Writes rows as a snapshot holding exactly the given attributes' columns. */
async function write(
  dir: string,
  documents: DemoDocuments,
  attributes: readonly CatalogueAttribute[],
  source: string,
) {
  const writer = await SnapshotWriter.open(dir);
  try {
    const files = await writer.levelFiles(LEVELS, attributes);
    await files.append(documents);
    await files.toParquet();
    await writer.complete(fullCounts(files.counts), { source, archive_date: '2026-06-30' });
  } finally {
    await writer.close();
  }
}

const entry = (key: number, id: string, values: Row): Row => ({
  _key: key,
  rcsb_id: id,
  'rcsb_entry_container_identifiers.entry_id': id,
  ...values,
});

const symmetry = (kind: string, symbol: string) => ({
  kind,
  type: symbol === 'C1' ? 'Asymmetric' : 'Cyclic',
  symbol,
  oligomeric_state: 'Homo 2-mer',
});

const lineage = (...ids: string[]) =>
  ids.map((id) => ({ id, name: `CATH ${id}`, depth: id.split('.').length }));

function snapshotA(): DemoDocuments {
  const documents = emptyDocuments();
  documents.entry = [
    entry(0, '1ABC', {
      'rcsb_accession_info.initial_release_date': '2020-01-01',
      'exptl.method': ['X-RAY DIFFRACTION', 'NEUTRON DIFFRACTION'],
      'rcsb_entry_info.resolution_combined': [1.9, 2.5],
      'rcsb_entry_info.molecular_weight': 64.45,
      'rcsb_primary_citation.rcsb_journal_abbrev': 'Cell',
      'rcsb_primary_citation.pdbx_database_id_PubMed': 10000000,
      'struct.title': 'Haemoglobin',
      'audit_author.name': ['Perutz, M.F.'],
    }),
    entry(1, '1C58', {
      'rcsb_accession_info.initial_release_date': '2019-05-05',
      'exptl.method': ['X-RAY DIFFRACTION'],
      'rcsb_entry_info.resolution_combined': [2],
      'rcsb_entry_info.molecular_weight': 30,
      'rcsb_primary_citation.rcsb_journal_abbrev': 'J.Mol.Biol.',
      'rcsb_primary_citation.pdbx_database_id_PubMed': 10000001,
      'struct.title': 'Lysozyme',
      'audit_author.name': ['Blake, C.C.F.'],
    }),
    entry(2, '2XYZ', {
      'rcsb_accession_info.initial_release_date': '2021-02-03',
      'exptl.method': ['SOLUTION NMR'],
      'rcsb_entry_info.molecular_weight': 50,
      'rcsb_primary_citation.rcsb_journal_abbrev': 'Nature',
      'rcsb_primary_citation.pdbx_database_id_PubMed': 10000002,
    }),
    entry(3, '3DEF', { 'rcsb_entry_info.molecular_weight': 12 }),
  ];
  documents.assembly = [
    {
      _key: 0,
      _entry_key: 0,
      rcsb_id: '1ABC-1',
      'pdbx_struct_assembly.oligomeric_count': 2,
      rcsb_struct_symmetry: [symmetry('Global Symmetry', 'C2'), symmetry('Local Symmetry', 'C1')],
    },
    {
      _key: 1,
      _entry_key: 1,
      rcsb_id: '1C58-1',
      'pdbx_struct_assembly.oligomeric_count': 2,
      rcsb_struct_symmetry: [symmetry('Global Symmetry', 'C2')],
    },
  ];
  documents.mol_definition = [{ _key: 0, rcsb_id: 'HEM', 'chem_comp.id': 'HEM' }];
  documents.polymer_instance = [
    {
      _key: 0,
      _entry_key: 0,
      _entity_key: 0,
      rcsb_id: '1ABC.A',
      rcsb_polymer_instance_annotation: [
        {
          type: 'CATH',
          annotation_id: '3.40.50',
          name: 'Rossmann',
          annotation_lineage: lineage('3', '3.40'),
        },
      ],
    },
  ];
  return documents;
}

function snapshotB(): DemoDocuments {
  const documents = emptyDocuments();
  documents.entry = [
    entry(0, '1ABC', {
      'rcsb_accession_info.initial_release_date': '2020-01-01',
      // Same set: another order, a repetition, float noise.
      'exptl.method': ['NEUTRON DIFFRACTION', 'X-RAY DIFFRACTION', 'X-RAY DIFFRACTION'],
      'rcsb_entry_info.resolution_combined': [2.5, 1.9000000001],
      'rcsb_entry_info.molecular_weight': 64.45000000001,
      'rcsb_primary_citation.rcsb_journal_abbrev': 'Cell',
      'rcsb_primary_citation.pdbx_database_id_PubMed': 10000000,
      'rcsb_entry_info.diffrn_resolution_high.value': 1.9,
    }),
    entry(1, '1C58', {
      'rcsb_accession_info.initial_release_date': '2019-05-05',
      'exptl.method': ['X-RAY DIFFRACTION'],
      'rcsb_entry_info.resolution_combined': [2],
      'rcsb_entry_info.molecular_weight': 30,
      'rcsb_primary_citation.rcsb_journal_abbrev': 'J Mol Biol',
      'rcsb_primary_citation.pdbx_database_id_PubMed': 10000001,
      'audit_author.name': ['Blake, C.C.F.'],
    }),
    entry(2, '2XYZ', {
      'rcsb_accession_info.initial_release_date': '2021-02-03',
      'exptl.method': ['SOLUTION NMR'],
      'rcsb_entry_info.molecular_weight': 51,
      // A neighbouring identifier: integers take no tolerance.
      'rcsb_primary_citation.pdbx_database_id_PubMed': 10000003,
    }),
    entry(3, '9NEW', { 'rcsb_entry_info.molecular_weight': 99 }),
  ];
  documents.assembly = [
    {
      _key: 0,
      _entry_key: 0,
      rcsb_id: '1ABC-1',
      'pdbx_struct_assembly.oligomeric_count': 2,
      rcsb_struct_symmetry: [symmetry('Local Symmetry', 'C1'), symmetry('Global Symmetry', 'C2')],
    },
    {
      _key: 1,
      _entry_key: 1,
      rcsb_id: '1C58-1',
      'pdbx_struct_assembly.oligomeric_count': 2,
      rcsb_struct_symmetry: [{ ...symmetry('Global Symmetry', 'C2'), symbol: 'D2' }],
    },
  ];
  // A repeated id: only its first row is compared.
  documents.mol_definition = [
    { _key: 0, rcsb_id: 'HEM', 'chem_comp.id': 'HEM' },
    { _key: 1, rcsb_id: 'HEM', 'chem_comp.id': 'XXX' },
  ];
  documents.polymer_instance = [
    {
      _key: 0,
      _entry_key: 0,
      _entity_key: 0,
      rcsb_id: '1ABC.A',
      rcsb_polymer_instance_annotation: [
        {
          type: 'CATH',
          annotation_id: '3.40.50',
          name: 'Rossmann',
          annotation_lineage: lineage('3.30', '3'),
        },
      ],
    },
  ];
  return documents;
}

function catalogueAttribute(path: string): CatalogueAttribute {
  const attribute = CATALOGUE.find((a) => a.path === path && a.level === 'entry');
  if (!attribute) throw new Error(`${path} is not in the catalogue`);
  return attribute;
}

const levelOf = (level: string): LevelComparison => {
  const found = report.levels.find((l) => l.level === level);
  if (!found) throw new Error(`no ${level} in the report`);
  return found;
};

const differenceOf = (level: string, attribute: string) =>
  levelOf(level).differences.find((d) => d.attribute === attribute);

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'pdb-stats-compare-test-'));
  dirA = join(root, 'mmcif');
  dirB = join(root, 'rcsb-api');
  // B lacks struct.title and has an attribute the demo lacks: each supplies a column alone.
  await write(dirA, snapshotA(), DEMO_ATTRIBUTES, 'mmcif');
  await write(
    dirB,
    snapshotB(),
    [
      ...DEMO_ATTRIBUTES.filter((a) => a.path !== 'struct.title'),
      catalogueAttribute('rcsb_entry_info.diffrn_resolution_high.value'),
    ],
    'rcsb-api',
  );
  report = await compareSnapshots(dirA, dirB);
});

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

describe('compareSnapshots', () => {
  it('matches objects on rcsb_id and lists those held by one side', () => {
    expect(report.a).toMatchObject({ dir: dirA, source: 'mmcif' });
    expect(report.b).toMatchObject({ dir: dirB, source: 'rcsb-api' });
    expect(report.levels.map((l) => l.level)).toEqual(LEVELS);
    expect(levelOf('entry').objects).toEqual({
      shared: 3,
      onlyInA: 1,
      onlyInB: 1,
      onlyInAIds: ['3DEF'],
      onlyInBIds: ['9NEW'],
      duplicatesInA: 0,
      duplicatesInB: 0,
    });
    expect(levelOf('assembly').objects).toMatchObject({ shared: 2, onlyInA: 0, onlyInB: 0 });
  });

  it('does not report float noise, list order, repetitions or reordered records', () => {
    const entries = levelOf('entry');
    for (const attribute of [
      'rcsb_entry_info.resolution_combined',
      'exptl.method',
      'rcsb_accession_info.initial_release_date',
      'rcsb_entry_container_identifiers.entry_id',
    ]) {
      expect(entries.agreeing).toContain(attribute);
      expect(differenceOf('entry', attribute)).toBeUndefined();
    }
    // Reordered records, and the other fields of a record whose symbol differs.
    expect(levelOf('assembly').agreeing).toEqual(
      expect.arrayContaining([
        'pdbx_struct_assembly.oligomeric_count',
        'rcsb_struct_symmetry.kind',
        'rcsb_struct_symmetry.type',
        'rcsb_struct_symmetry.oligomeric_state',
      ]),
    );
  });

  it('reports a changed string and a missing value with their examples', () => {
    expect(differenceOf('entry', 'rcsb_primary_citation.rcsb_journal_abbrev')).toEqual({
      attribute: 'rcsb_primary_citation.rcsb_journal_abbrev',
      rule: { values: 'exact', collection: 'value' },
      compared: 2,
      differ: 1,
      onlyInA: 1,
      onlyInB: 0,
      examples: [
        { rcsb_id: '1C58', a: '"J.Mol.Biol."', b: '"J Mol Biol"' },
        { rcsb_id: '2XYZ', a: '"Nature"', b: null },
      ],
    });
  });

  it('reports a list held by one side only as no value on the other', () => {
    expect(differenceOf('entry', 'audit_author.name')).toEqual({
      attribute: 'audit_author.name',
      rule: { values: 'exact', collection: 'set' },
      compared: 1,
      differ: 0,
      onlyInA: 1,
      onlyInB: 0,
      examples: [{ rcsb_id: '1ABC', a: '["Perutz, M.F."]', b: null }],
    });
  });

  it('reports a changed number beyond the tolerance, and any change of an integer', () => {
    expect(differenceOf('entry', 'rcsb_entry_info.molecular_weight')).toMatchObject({
      rule: { values: 'number', collection: 'value' },
      compared: 3,
      differ: 1,
      onlyInA: 0,
      onlyInB: 0,
      examples: [{ rcsb_id: '2XYZ', a: '50.0', b: '51.0' }],
    });
    expect(differenceOf('entry', 'rcsb_primary_citation.pdbx_database_id_PubMed')).toMatchObject({
      rule: { values: 'exact', collection: 'value' },
      compared: 3,
      differ: 1,
      examples: [{ rcsb_id: '2XYZ', a: '10000002', b: '10000003' }],
    });
  });

  it('compares each field of nested records as a multiset of its values', () => {
    expect(differenceOf('assembly', 'rcsb_struct_symmetry.symbol')).toEqual({
      attribute: 'rcsb_struct_symmetry.symbol',
      rule: { values: 'exact', collection: 'multiset' },
      compared: 2,
      differ: 1,
      onlyInA: 0,
      onlyInB: 0,
      examples: [{ rcsb_id: '1C58-1', a: '["C2"]', b: '["D2"]' }],
    });
    const instances = levelOf('polymer_instance');
    expect(
      differenceOf('polymer_instance', 'rcsb_polymer_instance_annotation.annotation_lineage.id'),
    ).toMatchObject({
      compared: 1,
      differ: 1,
      examples: [{ rcsb_id: '1ABC.A', a: '["3","3.40"]', b: '["3","3.30"]' }],
    });
    expect(instances.agreeing).toEqual(
      expect.arrayContaining([
        'rcsb_polymer_instance_annotation.type',
        'rcsb_polymer_instance_annotation.annotation_lineage.depth',
      ]),
    );
  });

  it('lists the columns one snapshot holds alone, and those without a value on a side', () => {
    const entries = levelOf('entry');
    expect(entries.columnsOnlyInA).toEqual(['struct.title']);
    expect(entries.columnsOnlyInB).toEqual(['rcsb_entry_info.diffrn_resolution_high.value']);
    expect(entries.unfilledInA).toContain('cell.length_a');
    expect(entries.unfilledInB).toContain('cell.length_a');
    expect(entries.agreeing).not.toContain('cell.length_a');
    expect(levelOf('polymer_entity')).toMatchObject({ differences: [], agreeing: [], columnsOnlyInA: [] });
  });

  it('compares the first row of a repeated id and counts the repetitions', () => {
    expect(levelOf('mol_definition')).toMatchObject({
      objects: { shared: 1, onlyInA: 0, onlyInB: 0, duplicatesInA: 0, duplicatesInB: 1 },
      differences: [],
      agreeing: ['chem_comp.id'],
    });
  });

  it('is plain JSON', () => {
    expect(JSON.parse(JSON.stringify(report))).toEqual(report);
  });

  it('compares the chosen levels with the chosen number of examples', async () => {
    const narrow = await compareSnapshots(dirA, dirB, { levels: ['entry'], examples: 1 });
    expect(narrow.levels.map((l) => l.level)).toEqual(['entry']);
    expect(
      narrow.levels[0]?.differences.find((d) => d.attribute.endsWith('rcsb_journal_abbrev'))?.examples,
    ).toEqual([{ rcsb_id: '1C58', a: '"J.Mol.Biol."', b: '"J Mol Biol"' }]);
  });

  it('names the folder and the reason when it is not a snapshot', async () => {
    const missing = join(root, 'missing');
    await expect(compareSnapshots(missing, dirB)).rejects.toThrow(
      `${missing} is not an archive snapshot: the folder does not exist`,
    );
    const plain = join(root, 'plain');
    await mkdir(plain);
    await writeFile(join(plain, 'notes.txt'), 'not a snapshot');
    await expect(compareSnapshots(dirA, plain)).rejects.toThrow(
      `${plain} is not an archive snapshot: it has no manifest.json`,
    );
    await writeFile(join(plain, 'manifest.json'), '{"source": "mmcif"}');
    await expect(compareSnapshots(dirA, plain)).rejects.toThrow(
      `${plain} is not an archive snapshot: ${join(plain, 'manifest.json')}: "demo" must be true or false`,
    );
  });
});

describe('formatComparison', () => {
  it('prints a line per differing attribute, its examples and the agreeing count', () => {
    const text = formatComparison(report, { a: 'mmcif', b: 'rcsb-api' });
    const lines = text.split('\n');
    expect(lines).toContain('entry: 3 entries in both, 1 only in A (3DEF), 1 only in B (9NEW)');
    expect(lines).toContain(
      '  rcsb_primary_citation.rcsb_journal_abbrev: 1 of 2 entries differs, 1 held only by A',
    );
    expect(lines).toContain('    1C58: A "J.Mol.Biol." | B "J Mol Biol"');
    expect(lines).toContain('    2XYZ: A "Nature" | B (none)');
    expect(lines).toContain('    1ABC: A ["Perutz, M.F."] | B (none)');
    expect(lines).toContain('  1 repeated rcsb_id row in B: only the first row of each id is compared');
    expect(lines).toContain('  rcsb_entry_info.molecular_weight: 1 of 3 entries differs');
    expect(lines).toContain('  rcsb_struct_symmetry.symbol: 1 of 2 assemblies differs');
    expect(lines).toContain('    1C58-1: A ["C2"] | B ["D2"]');
    expect(lines).toContain(`  ${levelOf('entry').agreeing.length} attributes agree on every shared object`);
    expect(lines).toContain('  only in A (1): struct.title');
    expect(lines).toContain('  only in B (1): rcsb_entry_info.diffrn_resolution_high.value');
    expect(text).not.toContain('resolution_combined:');
    expect(lines[0]).toBe(`A = mmcif: ${dirA} (source mmcif, archive 2026-06-30, ${report.a.generator})`);
  });
});
