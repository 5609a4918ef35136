import type { Block } from './cif-file.ts';
import { polymerClassOf, type PolymerClass } from './polymer-types.ts';

/** One entity of the entry, with what the derivation rules need of it. */
export interface EntityModel {
  id: string;
  /** entity.type: polymer, non-polymer, branched, water (macrolide is read as non-polymer). */
  type: string;
  polymerClass?: PolymerClass;
  /** Daltons, as entity.formula_weight gives it. */
  formulaWeight?: number;
  numberOfMolecules?: number;
  /** Number of monomers of the sample sequence (polymers). */
  sequenceLength?: number;
  /** Distinct monomer ids of the sample sequence, in order of first use. */
  monomers: string[];
  /** Label asym ids of the entity's instances, in file order. */
  asymIds: string[];
}

/** One instance (struct_asym) of an entity. */
export interface InstanceModel {
  asymId: string;
  entityId: string;
  authAsymId?: string;
  /** Polymer monomers with coordinates (pdbx_poly_seq_scheme rows naming a deposited monomer). */
  modeledMonomers: number;
}

/** Atom counts of the first model, per label asym id. */
export interface AtomCounts {
  heavy: number;
  hydrogen: number;
  /** Water molecules with deuterium (neutron structures), counted by residue. */
  deuteratedWaters: number;
}

/** The entities, instances and atoms of an entry, read once and shared by the rules. */
export interface EntryModel {
  entities: EntityModel[];
  entityById: Map<string, EntityModel>;
  instances: InstanceModel[];
  instanceByAsym: Map<string, InstanceModel>;
  /** Atoms of the first model, per label asym id. */
  atomsByAsym: Map<string, AtomCounts>;
  modelCount: number;
}

const toNumber = (text: string | undefined) => {
  const value = text === undefined ? Number.NaN : Number(text);
  return Number.isFinite(value) ? value : undefined;
};

export function readEntryModel(block: Block): EntryModel {
  const entities = readEntities(block);
  const entityById = new Map(entities.map((entity) => [entity.id, entity]));
  const waterIds = new Set(entities.filter((e) => e.type === 'water').map((e) => e.id));
  const { atomsByAsym, authByAsym, modelCount } = readAtoms(block, waterIds);
  const instances = readInstances(block, entityById, authByAsym);
  return {
    entities,
    entityById,
    instances,
    instanceByAsym: new Map(instances.map((instance) => [instance.asymId, instance])),
    atomsByAsym,
    modelCount,
  };
}

function readEntities(block: Block): EntityModel[] {
  const polyTypes = new Map<string, string | undefined>();
  const ids = block.texts('entity_poly', 'entity_id');
  const types = block.texts('entity_poly', 'type');
  ids.forEach((id, row) => id !== undefined && polyTypes.set(id, types[row]));
  const sequences = readSequences(block);
  const entityIds = block.texts('entity', 'id');
  const entityTypes = block.texts('entity', 'type');
  const weights = block.texts('entity', 'formula_weight');
  const molecules = block.texts('entity', 'pdbx_number_of_molecules');
  const entities: EntityModel[] = [];
  entityIds.forEach((id, row) => {
    if (id === undefined) return;
    const type = (entityTypes[row] ?? '').toLowerCase();
    const sequence = sequences.get(id);
    const isPolymer = type === 'polymer' || polyTypes.has(id);
    entities.push({
      id,
      type: isPolymer ? 'polymer' : type === 'macrolide' ? 'non-polymer' : type,
      ...(isPolymer && { polymerClass: polymerClassOf(polyTypes.get(id)) }),
      formulaWeight: toNumber(weights[row]),
      numberOfMolecules: toNumber(molecules[row]),
      sequenceLength: sequence?.length ?? oneLetterLength(block, id),
      monomers: sequence?.monomers ?? [],
      asymIds: [],
    });
  });
  return entities;
}

/** Sample sequence per entity from entity_poly_seq: distinct residue numbers (microheterogeneity counts once). */
function readSequences(block: Block): Map<string, { length: number; monomers: string[] }> {
  const entityIds = block.texts('entity_poly_seq', 'entity_id');
  const numbers = block.texts('entity_poly_seq', 'num');
  const monomerIds = block.texts('entity_poly_seq', 'mon_id');
  const seen = new Map<string, { numbers: Set<string>; monomers: Set<string> }>();
  entityIds.forEach((id, row) => {
    if (id === undefined) return;
    let entry = seen.get(id);
    if (!entry) seen.set(id, (entry = { numbers: new Set(), monomers: new Set() }));
    entry.numbers.add(numbers[row] ?? String(row));
    const monomer = monomerIds[row];
    if (monomer !== undefined) entry.monomers.add(monomer);
  });
  return new Map([...seen].map(([id, s]) => [id, { length: s.numbers.size, monomers: [...s.monomers] }]));
}

/** Without entity_poly_seq, the canonical one-letter sequence gives the length. */
function oneLetterLength(block: Block, entityId: string): number | undefined {
  const row = block.texts('entity_poly', 'entity_id').indexOf(entityId);
  if (row < 0) return undefined;
  const sequence = block.text('entity_poly', 'pdbx_seq_one_letter_code_can', row);
  return sequence === undefined ? undefined : sequence.replace(/\s+/g, '').length;
}

function readAtoms(block: Block, waterEntityIds: ReadonlySet<string>) {
  const atomsByAsym = new Map<string, AtomCounts>();
  const authByAsym = new Map<string, string>();
  const models = block.field('atom_site', 'pdbx_PDB_model_num');
  const asyms = block.field('atom_site', 'label_asym_id');
  const auths = block.field('atom_site', 'auth_asym_id');
  const elements = block.field('atom_site', 'type_symbol');
  const entityIds = block.field('atom_site', 'label_entity_id');
  const residues = block.field('atom_site', 'auth_seq_id');
  const deuterated = new Set<string>();
  const rows = block.rowCount('atom_site');
  const modelNumbers = new Set<string>();
  const firstModel = models && rows > 0 ? models.str(0) : undefined;
  let previousModel = '';
  for (let row = 0; row < rows; row++) {
    const model = models ? models.str(row) : '';
    if (model !== previousModel) {
      modelNumbers.add(model);
      previousModel = model;
    }
    if (models && model !== firstModel) continue;
    const asym = asyms ? asyms.str(row) : '';
    let counts = atomsByAsym.get(asym);
    if (!counts) {
      atomsByAsym.set(asym, (counts = { heavy: 0, hydrogen: 0, deuteratedWaters: 0 }));
      if (auths) authByAsym.set(asym, auths.str(row));
    }
    const element = elements ? elements.str(row).toUpperCase() : '';
    if (element === 'H' || element === 'D') {
      counts.hydrogen++;
      if (element === 'D' && entityIds && waterEntityIds.has(entityIds.str(row))) {
        const water = `${asym} ${residues ? residues.str(row) : row}`;
        if (!deuterated.has(water)) {
          deuterated.add(water);
          counts.deuteratedWaters++;
        }
      }
    } else counts.heavy++;
  }
  return { atomsByAsym, authByAsym, modelCount: rows === 0 ? 0 : Math.max(1, modelNumbers.size) };
}

function readInstances(
  block: Block,
  entityById: Map<string, EntityModel>,
  authByAsym: Map<string, string>,
): InstanceModel[] {
  // The residue schemes name the author chain of instances without atoms too.
  const schemeAuth = new Map<string, string>();
  const modeled = new Map<string, number>();
  for (const scheme of ['pdbx_poly_seq_scheme', 'pdbx_nonpoly_scheme', 'pdbx_branch_scheme']) {
    const asyms = block.texts(scheme, 'asym_id');
    const strands = block.texts(scheme, 'pdb_strand_id');
    const deposited = scheme === 'pdbx_poly_seq_scheme' ? block.texts(scheme, 'pdb_mon_id') : [];
    asyms.forEach((asym, row) => {
      if (asym === undefined) return;
      const strand = strands[row];
      if (strand !== undefined && !schemeAuth.has(asym)) schemeAuth.set(asym, strand);
      if (deposited[row] !== undefined) modeled.set(asym, (modeled.get(asym) ?? 0) + 1);
    });
  }
  const instances: InstanceModel[] = [];
  const asymIds = block.texts('struct_asym', 'id');
  const entityIds = block.texts('struct_asym', 'entity_id');
  asymIds.forEach((asymId, row) => {
    const entityId = entityIds[row];
    if (asymId === undefined || entityId === undefined) return;
    entityById.get(entityId)?.asymIds.push(asymId);
    const authAsymId = schemeAuth.get(asymId) ?? authByAsym.get(asymId);
    instances.push({
      asymId,
      entityId,
      ...(authAsymId && { authAsymId }),
      modeledMonomers: modeled.get(asymId) ?? 0,
    });
  });
  return instances;
}
