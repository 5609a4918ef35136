import type { Block, CifRecord } from './cif-file.ts';
import { LIGAND_ATOM, POLYMER_ATOM, type EntryModel } from './entry-model.ts';

/** Contacts closer than this (in ångströms) between a ligand atom and a polymer atom are neighbours. */
const CUTOFF = 5;

/** The closest approach of one ligand instance to one polymer residue. */
export interface Contact {
  ligandAsym: string;
  polymerAsym: string;
  polymerSeq: string;
  polymerComp: string;
  distance: number;
  /** Covalent or metal-coordination bond between the two, as struct_conn lists it. */
  bound: boolean;
}

interface LigandAtoms {
  asym: string[];
  x: number[];
  y: number[];
  z: number[];
}

const cellOf = (value: number) => Math.floor(value / CUTOFF);
const cellKey = (i: number, j: number, k: number) => ((i + 2048) * 4096 + (j + 2048)) * 4096 + (k + 2048);

/**
 * Ligand–polymer contacts of the first model: for each non-polymer instance (water left out) and
 * each polymer residue within 5 Å of it, the shortest heavy-atom distance. Ligand atoms go into a
 * grid of 5 Å cells, so each polymer atom is read once and looks only at its 27 cells.
 */
export function ligandContacts(block: Block, model: EntryModel): Contact[] {
  const field = (item: string) => block.field('atom_site', item);
  const asyms = field('label_asym_id');
  const xs = field('Cartn_x');
  const ys = field('Cartn_y');
  const zs = field('Cartn_z');
  const kinds = model.atomKinds;
  if (!asyms || !xs || !ys || !zs || !kinds.includes(LIGAND_ATOM)) return [];
  const seqs = field('label_seq_id');
  const comps = field('label_comp_id');

  const ligands: LigandAtoms = { asym: [], x: [], y: [], z: [] };
  const grid = new Map<number, number[]>();
  for (let row = 0; row < kinds.length; row++) {
    if (kinds[row] !== LIGAND_ATOM) continue;
    const index = ligands.asym.length;
    const [x, y, z] = [xs.float(row), ys.float(row), zs.float(row)];
    ligands.asym.push(asyms.str(row));
    ligands.x.push(x);
    ligands.y.push(y);
    ligands.z.push(z);
    const key = cellKey(cellOf(x), cellOf(y), cellOf(z));
    const cell = grid.get(key);
    if (cell) cell.push(index);
    else grid.set(key, [index]);
  }

  // Cells next to a ligand cell: a polymer atom elsewhere is too far from every ligand atom.
  const near = new Set<number>();
  for (const key of grid.keys()) {
    const k = (key % 4096) - 2048;
    const j = (Math.floor(key / 4096) % 4096) - 2048;
    const i = Math.floor(key / 4096 / 4096) - 2048;
    for (let di = -1; di <= 1; di++)
      for (let dj = -1; dj <= 1; dj++)
        for (let dk = -1; dk <= 1; dk++) near.add(cellKey(i + di, j + dj, k + dk));
  }

  const closest = new Map<string, Contact>();
  for (let row = 0; row < kinds.length; row++) {
    if (kinds[row] !== POLYMER_ATOM) continue;
    const x = xs.float(row);
    const y = ys.float(row);
    const z = zs.float(row);
    const ci = cellOf(x);
    const cj = cellOf(y);
    const ck = cellOf(z);
    if (!near.has(cellKey(ci, cj, ck))) continue;
    const asym = asyms.str(row);
    for (let di = -1; di <= 1; di++)
      for (let dj = -1; dj <= 1; dj++)
        for (let dk = -1; dk <= 1; dk++) {
          for (const index of grid.get(cellKey(ci + di, cj + dj, ck + dk)) ?? []) {
            const d = Math.hypot(ligands.x[index]! - x, ligands.y[index]! - y, ligands.z[index]! - z);
            if (d > CUTOFF) continue;
            const seq = seqs?.str(row) ?? '';
            const key = `${ligands.asym[index]} ${asym} ${seq}`;
            const known = closest.get(key);
            if (!known || d < known.distance)
              closest.set(key, {
                ligandAsym: ligands.asym[index]!,
                polymerAsym: asym,
                polymerSeq: seq,
                polymerComp: comps?.str(row) ?? '',
                distance: d,
                bound: false,
              });
          }
        }
  }
  return recordContacts();

  function recordContacts(): Contact[] {
    const bonds = bondedPairs(block);
    return [...closest.values()].map((contact) => ({
      ...contact,
      distance: Number(contact.distance.toFixed(3)),
      bound:
        bonds.has(`${contact.ligandAsym} ${contact.polymerAsym} ${contact.polymerSeq}`) ||
        bonds.has(`${contact.ligandAsym} ${contact.polymerAsym} `),
    }));
  }
}

/** Ligand–polymer pairs joined by a covalent or metal-coordination bond (struct_conn). */
function bondedPairs(block: Block): Set<string> {
  const pairs = new Set<string>();
  for (const conn of block.records('struct_conn')) {
    const type = String(conn.conn_type_id ?? '').toLowerCase();
    if (type !== 'covale' && type !== 'metalc') continue;
    const add = (a: CifRecord, b: CifRecord) => pairs.add(`${a.asym} ${b.asym} ${b.seq ?? ''}`);
    const one = { asym: conn.ptnr1_label_asym_id, seq: conn.ptnr1_label_seq_id };
    const two = { asym: conn.ptnr2_label_asym_id, seq: conn.ptnr2_label_seq_id };
    add(one, two);
    add(two, one);
  }
  return pairs;
}

/**
 * rcsb_target_neighbors of each non-polymer entity and rcsb_ligand_neighbors of each polymer
 * instance: one record per ligand instance and polymer residue in contact, with the distance and
 * whether a bond joins them.
 */
export function neighbourRecords(
  contacts: readonly Contact[],
  model: EntryModel,
  compIdOfEntity: (entityId: string) => unknown,
): { targets: Map<string, CifRecord[]>; ligands: Map<string, CifRecord[]> } {
  const targets = new Map<string, CifRecord[]>();
  const ligands = new Map<string, CifRecord[]>();
  const push = (map: Map<string, CifRecord[]>, key: string, record: CifRecord) => {
    const list = map.get(key);
    if (list) list.push(record);
    else map.set(key, [record]);
  };
  for (const contact of contacts) {
    const ligandEntity = model.instanceByAsym.get(contact.ligandAsym)?.entityId ?? '';
    const polymerEntity = model.instanceByAsym.get(contact.polymerAsym)?.entityId;
    const bound = contact.bound ? 'Y' : 'N';
    push(targets, ligandEntity, {
      target_asym_id: contact.polymerAsym,
      target_entity_id: polymerEntity,
      target_comp_id: contact.polymerComp,
      target_seq_id: contact.polymerSeq,
      target_is_bound: bound,
      distance: contact.distance,
    });
    push(ligands, contact.polymerAsym, {
      ligand_asym_id: contact.ligandAsym,
      ligand_entity_id: ligandEntity,
      ligand_comp_id: compIdOfEntity(ligandEntity),
      ligand_is_bound: bound,
      seq_id: contact.polymerSeq,
      distance: contact.distance,
    });
  }
  return { targets, ligands };
}
