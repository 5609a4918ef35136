import type { Block, CifRecord } from './cif-file.ts';
import type { EntityModel, InstanceModel } from './entry-model.ts';
import type { Facts } from './facts.ts';

/** A stretch of sequence positions (label_seq_id numbering), ends included. */
interface Segment {
  begin: number;
  end: number;
}

const position = (value: unknown) => {
  const n = Number(value);
  return Number.isInteger(n) ? n : undefined;
};

/**
 * One feature_summary record: how many features of a type, the fraction of the sequence they cover,
 * and their shortest and longest lengths.
 */
function summary(type: string, segments: readonly Segment[], sequenceLength: number | undefined): CifRecord {
  const lengths = segments.map((s) => s.end - s.begin + 1);
  const covered = new Set<number>();
  for (const s of segments) for (let p = s.begin; p <= s.end; p++) covered.add(p);
  return {
    type,
    count: segments.length,
    coverage: sequenceLength ? Number((covered.size / sequenceLength).toFixed(2)) : undefined,
    minimum_length: lengths.length ? Math.min(...lengths) : undefined,
    maximum_length: lengths.length ? Math.max(...lengths) : undefined,
  };
}

/** Consecutive positions joined into segments. */
function runsOf(positions: Iterable<number>): Segment[] {
  const sorted = [...new Set(positions)].sort((a, b) => a - b);
  const runs: Segment[] = [];
  for (const p of sorted) {
    const last = runs.at(-1);
    if (last && p === last.end + 1) last.end = p;
    else runs.push({ begin: p, end: p });
  }
  return runs;
}

function segmentsOf(records: readonly CifRecord[]): Segment[] {
  const segments: Segment[] = [];
  for (const r of records) {
    const begin = position(r.beg_label_seq_id);
    const end = position(r.end_label_seq_id);
    if (begin !== undefined && end !== undefined) segments.push({ begin, end: Math.max(begin, end) });
  }
  return segments;
}

/**
 * rcsb_polymer_instance_feature_summary for what the file itself annotates on a chain: helices and
 * strands (struct_conf, struct_sheet_range), cis peptides, and residues without coordinates. A type
 * is summarised (possibly with count 0) when the file has the category that would list it.
 */
export function instanceFeatures(
  block: Block,
  instance: InstanceModel,
  entity: EntityModel,
  facts: Facts,
): void {
  const length = entity.sequenceLength;
  const records: CifRecord[] = [];
  if (block.has('struct_conf')) {
    const helices = block
      .recordsWhere('struct_conf', 'beg_label_asym_id', instance.asymId)
      .filter((r) => String(r.conf_type_id ?? '').startsWith('HELX'));
    records.push(summary('HELIX_P', segmentsOf(helices), length));
  }
  if (block.has('struct_sheet_range'))
    records.push(
      summary(
        'SHEET',
        segmentsOf(block.recordsWhere('struct_sheet_range', 'beg_label_asym_id', instance.asymId)),
        length,
      ),
    );
  if (block.has('struct_mon_prot_cis')) {
    const firstModel = block.records('struct_mon_prot_cis')[0]?.pdbx_pdb_model_num;
    const pairs = block
      .recordsWhere('struct_mon_prot_cis', 'label_asym_id', instance.asymId)
      .filter((r) => r.pdbx_pdb_model_num === firstModel)
      .map((r) => position(r.label_seq_id))
      .filter((p): p is number => p !== undefined)
      .map((p) => ({ begin: p, end: p + 1 }));
    records.push(summary('CIS-PEPTIDE', pairs, length));
  }
  if (block.has('pdbx_poly_seq_scheme')) {
    const missing = block
      .recordsWhere('pdbx_poly_seq_scheme', 'asym_id', instance.asymId)
      .filter((r) => r.pdb_mon_id === undefined)
      .map((r) => position(r.seq_id))
      .filter((p): p is number => p !== undefined);
    records.push(summary('UNOBSERVED_RESIDUE_XYZ', runsOf(missing), length));
  }
  facts.add('rcsb_polymer_instance_feature_summary', records);
}

/** The struct_ref_seq_dif rows of an entity (through its alignments and references). */
export function sequenceDifferences(block: Block, entityId: string): CifRecord[] {
  const differences = block.records('struct_ref_seq_dif');
  if (differences.length === 0) return [];
  const refEntity = new Map(block.records('struct_ref').map((r) => [r.id, r.entity_id]));
  const alignEntity = new Map(
    block.records('struct_ref_seq').map((r) => [r.align_id, refEntity.get(r.ref_id)]),
  );
  return differences.filter((dif) => alignEntity.get(dif.align_id) === entityId);
}

/** Depositor-annotated sequence changes that are not part of the natural protein. */
const ARTIFACT = /expression tag|cloning artifact|linker|initiating methionine/i;

/**
 * rcsb_polymer_entity_feature_summary for the sequence annotations of the file: engineered
 * mutations and artifacts (struct_ref_seq_dif) and modified monomers (pdbx_struct_mod_residue).
 * Positions are counted once per entity, however many chains carry them.
 */
export function entityFeatures(block: Block, entity: EntityModel, facts: Facts): void {
  const length = entity.sequenceLength;
  const records: CifRecord[] = [];
  if (block.has('struct_ref_seq_dif')) {
    const differences = sequenceDifferences(block, entity.id);
    const positionsOf = (pattern: RegExp) =>
      differences
        .filter((d) => pattern.test(String(d.details ?? '')))
        .map((d) => position(d.seq_num))
        .filter((p): p is number => p !== undefined);
    records.push(
      summary(
        'mutation',
        [...new Set(positionsOf(/engineered mutation/i))].map((p) => ({ begin: p, end: p })),
        length,
      ),
    );
    records.push(summary('artifact', runsOf(positionsOf(ARTIFACT)), length));
  }
  if (block.has('pdbx_struct_mod_residue')) {
    const asyms = new Set(entity.asymIds);
    const modified = block
      .records('pdbx_struct_mod_residue')
      .filter((r) => asyms.has(String(r.label_asym_id)))
      .map((r) => position(r.label_seq_id))
      .filter((p): p is number => p !== undefined);
    records.push(
      summary(
        'modified_monomer',
        [...new Set(modified)].map((p) => ({ begin: p, end: p })),
        length,
      ),
    );
  }
  facts.add('rcsb_polymer_entity_feature_summary', records);
}

/** struct_conn.conn_type_id → RCSB's connection type names. */
const CONNECTION_TYPES: Readonly<Record<string, string>> = {
  covale: 'covalent bond',
  covale_base: 'covalent modification of a nucleotide base',
  covale_phosphate: 'covalent modification of a nucleotide phosphate',
  covale_sugar: 'covalent modification of a nucleotide sugar',
  modres: 'covalent residue modification',
  disulf: 'disulfide bridge',
  hydrog: 'hydrogen bond',
  saltbr: 'ionic interaction',
  metalc: 'metal coordination',
  mismat: 'mismatched base pairs',
};

/** rcsb_polymer_struct_conn: the connections (struct_conn) a chain takes part in, with type, order and role. */
export function instanceConnections(block: Block, instance: InstanceModel, facts: Facts): void {
  const rows = [
    ...block.recordsWhere('struct_conn', 'ptnr1_label_asym_id', instance.asymId),
    ...block.recordsWhere('struct_conn', 'ptnr2_label_asym_id', instance.asymId),
  ];
  const unique = [...new Set(rows)];
  facts.add(
    'rcsb_polymer_struct_conn',
    unique.map((r) => ({
      connect_type: CONNECTION_TYPES[String(r.conn_type_id ?? '').toLowerCase()],
      value_order: r.pdbx_value_order,
      role: r.pdbx_role,
    })),
  );
}

/**
 * Ligands the authors name as the subject of their study (pdbx_entity_instance_feature,
 * 'SUBJECT OF INVESTIGATION'), by component and, where given, by instance: the entity's feature
 * and feature count, and a Y/N per instance. Entries without the category say nothing.
 */
export function subjectOfInvestigation(
  block: Block,
  entity: EntityModel,
  compId: unknown,
  facts: Facts,
): void {
  if (!block.has('pdbx_entity_instance_feature')) return;
  const flagged = block
    .records('pdbx_entity_instance_feature')
    .filter((r) => /subject of investigation/i.test(String(r.feature_type ?? '')) && r.comp_id === compId);
  const flaggedAsyms = new Set(flagged.map((r) => r.asym_id).filter((id) => id !== undefined));
  // A feature row without asym_id names the component, so every instance of it.
  const isFlagged = (asym: string) => flagged.some((r) => r.asym_id === undefined) || flaggedAsyms.has(asym);
  const instances = entity.asymIds.filter(isFlagged);
  if (instances.length > 0)
    facts.add('rcsb_nonpolymer_entity_feature', [{ type: 'SUBJECT_OF_INVESTIGATION' }]);
  facts.add('rcsb_nonpolymer_entity_feature_summary', [
    { type: 'SUBJECT_OF_INVESTIGATION', count: instances.length },
  ]);
  facts.add(
    'rcsb_nonpolymer_instance_validation_score',
    entity.asymIds.map((asym) => ({ is_subject_of_investigation: isFlagged(asym) ? 'Y' : 'N' })),
  );
}
