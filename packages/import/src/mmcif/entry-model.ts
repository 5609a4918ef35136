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
  /** Per atom_site row: POLYMER_ATOM or LIGAND_ATOM for heavy atoms of the first model, else 0. */
  atomKinds: Uint8Array;
  modelCount: number;
}

export const POLYMER_ATOM = 1;
export const LIGAND_ATOM = 2;

const toNumber = (text: string | undefined) => {
  const value = text === undefined ? Number.NaN : Number(text);
  return Number.isFinite(value) ? value : undefined;
};

export function readEntryModel(block: Block): EntryModel {
  const entities = readEntities(block);
  const entityById = new Map(entities.map((entity) => [entity.id, entity]));
  const typeOfAsym = new Map<string, string>();
  const asymIds = block.texts('struct_asym', 'id');
  block.texts('struct_asym', 'entity_id').forEach((entityId, row) => {
    const type = entityById.get(entityId ?? '')?.type;
    if (asymIds[row] !== undefined && type !== undefined) typeOfAsym.set(asymIds[row]!, type);
  });
  const { atomsByAsym, authByAsym, atomKinds, modelCount } = readAtoms(block, typeOfAsym);
  const instances = readInstances(block, entityById, authByAsym);
  return {
    entities,
    entityById,
    instances,
    instanceByAsym: new Map(instances.map((instance) => [instance.asymId, instance])),
    atomsByAsym,
    atomKinds,
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

/**
 * One pass over atom_site: the number of models, atom counts of the first model per instance,
 * the author chain of each instance, and which rows are polymer or ligand heavy atoms (for the
 * neighbour search). Consecutive rows mostly share model and chain, so those are compared with
 * the row before instead of being read again.
 */
function readAtoms(block: Block, typeOfAsym: ReadonlyMap<string, string>) {
  const atomsByAsym = new Map<string, AtomCounts>();
  const authByAsym = new Map<string, string>();
  const models = block.field('atom_site', 'pdbx_PDB_model_num');
  const asyms = block.field('atom_site', 'label_asym_id');
  const auths = block.field('atom_site', 'auth_asym_id');
  const elements = block.field('atom_site', 'type_symbol');
  const residues = block.field('atom_site', 'auth_seq_id');
  const deuterated = new Set<string>();
  const rows = block.rowCount('atom_site');
  const atomKinds = new Uint8Array(rows);
  const modelNumbers = new Set<string>();
  const firstModel = models && rows > 0 ? models.str(0) : undefined;
  let inFirstModel = true;
  let asym = '';
  let type: string | undefined;
  let counts: AtomCounts = { heavy: 0, hydrogen: 0, deuteratedWaters: 0 };
  for (let row = 0; row < rows; row++) {
    if (models && (row === 0 || !models.areValuesEqual(row, row - 1))) {
      const model = models.str(row);
      modelNumbers.add(model);
      inFirstModel = model === firstModel;
    }
    if (!inFirstModel) continue;
    if (row === 0 || !asyms || !asyms.areValuesEqual(row, row - 1)) {
      asym = asyms ? asyms.str(row) : '';
      type = typeOfAsym.get(asym);
      let known = atomsByAsym.get(asym);
      if (!known) {
        atomsByAsym.set(asym, (known = { heavy: 0, hydrogen: 0, deuteratedWaters: 0 }));
        if (auths) authByAsym.set(asym, auths.str(row));
      }
      counts = known;
    }
    const element = elements ? elements.str(row) : '';
    const isDeuterium = element === 'D' || element === 'd';
    if (isDeuterium || element === 'H' || element === 'h') {
      counts.hydrogen++;
      if (isDeuterium && type === 'water') {
        const water = `${asym} ${residues ? residues.str(row) : row}`;
        if (!deuterated.has(water)) {
          deuterated.add(water);
          counts.deuteratedWaters++;
        }
      }
      continue;
    }
    counts.heavy++;
    if (type === 'polymer') atomKinds[row] = POLYMER_ATOM;
    else if (type === 'non-polymer') atomKinds[row] = LIGAND_ATOM;
  }
  const modelCount = rows === 0 ? 0 : Math.max(1, modelNumbers.size);
  return { atomsByAsym, authByAsym, atomKinds, modelCount };
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
