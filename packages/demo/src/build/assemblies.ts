import type { SymmetryType } from '../plan.ts';
import { Weighted, type Random } from '../random.ts';
import type { EntryContext } from './context.ts';
import type { PolymerSummary } from './polymers.ts';

const ASSEMBLY_COUNT = {
  crystal: new Weighted([
    [1, 0.68],
    [2, 0.24],
    [3, 0.08],
  ] as const),
  single: new Weighted([
    [1, 0.95],
    [2, 0.05],
  ] as const),
};

/**
 * Chance that an assembly has a large point-group or helical symmetry, by method: capsids, cages and
 * filaments are mostly EM structures.
 */
const SPECIAL: Record<'EM' | 'crystal' | 'other', ReadonlyArray<readonly [SymmetryType, number]>> = {
  EM: [
    ['Icosahedral', 0.03],
    ['Octahedral', 0.01],
    ['Tetrahedral', 0.02],
    ['Helical', 0.07],
  ],
  crystal: [
    ['Icosahedral', 0.003],
    ['Octahedral', 0.003],
    ['Tetrahedral', 0.005],
    ['Helical', 0.001],
  ],
  other: [['Helical', 0.004]],
};

const CYCLIC_ORDERS = new Weighted([
  [3, 0.45],
  [4, 0.2],
  [5, 0.12],
  [6, 0.12],
  [7, 0.06],
  [8, 0.05],
] as const);

const DETAILS: Record<number, string> = {
  1: 'monomeric',
  2: 'dimeric',
  3: 'trimeric',
  4: 'tetrameric',
  5: 'pentameric',
  6: 'hexameric',
  7: 'heptameric',
  8: 'octameric',
  9: 'nonameric',
  10: 'decameric',
  11: 'undecameric',
  12: 'dodecameric',
  14: 'tetradecameric',
  16: 'hexadecameric',
  24: '24-meric',
  60: '60-meric',
};

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

interface Symmetry {
  type: SymmetryType;
  symbol: string;
  /** Copies of the protomer. */
  order: number;
}

function special(type: SymmetryType, rng: Random): Symmetry {
  switch (type) {
    case 'Icosahedral':
      return { type, symbol: 'I', order: 60 };
    case 'Octahedral':
      return { type, symbol: 'O', order: 24 };
    case 'Tetrahedral':
      return { type, symbol: 'T', order: 12 };
    case 'Helical':
      return { type, symbol: 'H', order: rng.between(10, 40) };
    case 'Dihedral': {
      const n = rng.chance(0.6) ? 2 : rng.between(3, 7);
      return { type, symbol: `D${n}`, order: 2 * n };
    }
    case 'Cyclic': {
      const n = rng.chance(0.6) ? 2 : CYCLIC_ORDERS.draw(rng);
      return { type, symbol: `C${n}`, order: n };
    }
    case 'Asymmetric':
      return { type, symbol: 'C1', order: 1 };
  }
}

function fromOrder(order: number, rng: Random): Symmetry {
  if (order <= 1) return { type: 'Asymmetric', symbol: 'C1', order: 1 };
  if (order >= 4 && order % 2 === 0 && rng.chance(0.6)) {
    return { type: 'Dihedral', symbol: `D${order / 2}`, order };
  }
  return { type: 'Cyclic', symbol: `C${order}`, order };
}

function oligomericState(chains: number, homomer: boolean): string {
  if (chains === 1) return 'Monomer';
  return `${homomer ? 'Homo' : 'Hetero'} ${chains}-mer`;
}

/** Builds the assembly rows; returns how many. */
export function buildAssemblies(ctx: EntryContext, polymers: PolymerSummary): number {
  const rng = ctx.rng;
  const crystal = ctx.exptl.some((m) => m.endsWith('DIFFRACTION'));
  const count = (crystal ? ASSEMBLY_COUNT.crystal : ASSEMBLY_COUNT.single).draw(rng);
  const copies = polymers.copies;
  const base = copies.length ? copies.reduce(gcd) : 1;
  const protomer = copies.reduce((sum, c) => sum + c / base, 0);
  const homomer = copies.length === 1;
  const specials = SPECIAL[ctx.method === 'EM' ? 'EM' : crystal ? 'crystal' : 'other'];

  for (let k = 0; k < count; k++) {
    let symmetry: Symmetry;
    const forced = k === 0 ? ctx.forced.symmetry : undefined;
    const drawn = forced ? undefined : specials.find(([, p]) => rng.chance(p))?.[0];
    const copiesHere = k === 0 ? base : Math.max(1, Math.floor(base / 2));
    if (forced === 'Dihedral' || forced === 'Cyclic') symmetry = special(forced, rng);
    else if (forced || drawn) symmetry = special((forced ?? drawn) as SymmetryType, rng);
    else {
      const roll = rng.next();
      const order =
        crystal && roll < 0.17
          ? copiesHere * 2
          : crystal && roll < 0.22 && copiesHere % 2 === 0
            ? copiesHere / 2
            : copiesHere;
      symmetry = fromOrder(order, rng);
    }
    const chains = protomer > 0 ? symmetry.order * protomer : 0;
    const records: object[] = [];
    if (chains > 0) {
      records.push({
        kind: 'Global Symmetry',
        type: symmetry.type,
        symbol: symmetry.symbol,
        oligomeric_state: oligomericState(chains, homomer),
      });
      const extra = extraSymmetry(symmetry, chains, homomer, protomer, rng);
      if (extra) records.push(extra);
    }
    const key = ctx.sink.nextKey('assembly');
    if (!ctx.sink.wants('assembly')) continue;
    ctx.sink.push('assembly', {
      _key: key,
      _entry_key: ctx.key,
      rcsb_id: `${ctx.id}-${k + 1}`,
      'rcsb_assembly_container_identifiers.entry_id': ctx.id,
      'rcsb_assembly_container_identifiers.assembly_id': String(k + 1),
      'pdbx_struct_assembly.oligomeric_details': DETAILS[Math.max(1, chains)] ?? `${chains}-meric`,
      'pdbx_struct_assembly.oligomeric_count': Math.max(1, chains),
      'rcsb_assembly_info.polymer_entity_instance_count': chains,
      rcsb_struct_symmetry: records,
    });
  }
  return count;
}

/**
 * A `Local Symmetry` (a subset of the subunits is more symmetric) or `Pseudo Symmetry` (similar but
 * not identical subunits, as the alpha2beta2 hemoglobin) record, always of another type than the
 * global one, so that per-record filtering changes the symmetry counts.
 */
function extraSymmetry(
  global: Symmetry,
  chains: number,
  homomer: boolean,
  protomer: number,
  rng: Random,
): object | null {
  if (!homomer && protomer === 2 && global.order <= 2 && rng.chance(0.25)) {
    const pseudo = global.order === 1 ? { type: 'Cyclic', symbol: 'C2' } : { type: 'Dihedral', symbol: 'D2' };
    return { kind: 'Pseudo Symmetry', ...pseudo, oligomeric_state: `Homo ${chains}-mer` };
  }
  if (chains >= 3 && rng.chance(0.06)) {
    if (global.type === 'Cyclic') return null;
    const n =
      global.type === 'Icosahedral'
        ? 5
        : global.type === 'Octahedral'
          ? 4
          : global.type === 'Tetrahedral'
            ? 3
            : global.type === 'Dihedral'
              ? global.order / 2
              : 2;
    const subunits = Math.min(n, chains - 1);
    if (subunits < 2) return null;
    return {
      kind: 'Local Symmetry',
      type: 'Cyclic',
      symbol: `C${subunits}`,
      oligomeric_state: `Homo ${subunits}-mer`,
    };
  }
  return null;
}
