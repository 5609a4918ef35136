import { Weighted, round } from '../random.ts';
import type { EntryContext } from './context.ts';

/** Non-polymer entities per entry (0-4). */
const LIGAND_COUNT = {
  default: new Weighted([
    [0, 0.22],
    [1, 0.3],
    [2, 0.22],
    [3, 0.14],
    [4, 0.12],
  ] as const),
  EM: new Weighted([
    [0, 0.35],
    [1, 0.3],
    [2, 0.2],
    [3, 0.1],
    [4, 0.05],
  ] as const),
  NMR: new Weighted([
    [0, 0.7],
    [1, 0.2],
    [2, 0.1],
  ] as const),
};

const MAX_LIGANDS = 4;
/** Share of ligand slots filled by a frequent component (ions, buffers, cofactors). */
const COMMON_SHARE = 0.6;

export interface LigandSummary {
  count: number;
  /** kDa, summed over molecules. */
  weight: number;
  atoms: number;
  /** Keys of drug-like ligands and cofactors (binding-affinity candidates), in entity order. */
  ligandKeys: number[];
}

function molecules(ctx: EntryContext, kind: string, proteinInstances: number): number {
  const rng = ctx.rng;
  switch (kind) {
    case 'ion':
      return 1 + Math.min(9, Math.floor(-Math.log(1 - rng.next()) * 1.5));
    case 'additive':
      return rng.between(1, 4);
    case 'glycan':
      return rng.between(1, 6);
    default:
      return rng.between(1, Math.max(1, Math.min(12, proteinInstances)));
  }
}

/** Builds the non-polymer entity rows; entity ids continue after the polymer entities. */
export function buildLigands(
  ctx: EntryContext,
  polymerEntities: number,
  proteinInstances: number,
): LigandSummary {
  const rng = ctx.rng;
  const catalogue = ctx.pools.components;
  const chosen: number[] = [];
  const add = (key: number) => {
    if (key >= 0 && chosen.length < MAX_LIGANDS && !chosen.includes(key)) chosen.push(key);
  };

  const carbohydrateOnly = ctx.composition === 'Oligosaccharide (only)';
  if (carbohydrateOnly || ctx.composition === 'Protein/Oligosaccharide') {
    add(catalogue.byId.get('NAG') as number);
    const glycans = carbohydrateOnly ? rng.between(0, 2) : rng.chance(0.4) ? 1 : 0;
    for (let i = 0; i < glycans; i++) add(catalogue.drawGlycan());
  }
  if (ctx.forced.affinity) {
    const drug = catalogue.drawIntroduced();
    add(drug >= 0 ? drug : (catalogue.byId.get('STU') as number));
  }
  // Components first released with this entry appear in it (linking types sit in polymers instead).
  for (const key of catalogue.introduce(ctx.index, ctx.day)) {
    const component = catalogue.components[key]!;
    if (!carbohydrateOnly && (component.type === 'non-polymer' || component.kind === 'glycan')) add(key);
  }
  if (!carbohydrateOnly) {
    const table =
      ctx.method === 'EM' ? LIGAND_COUNT.EM : ctx.method === 'NMR' ? LIGAND_COUNT.NMR : LIGAND_COUNT.default;
    const wanted = table.draw(rng);
    for (let attempt = 0; chosen.length < wanted && attempt < 12; attempt++) {
      const key = rng.chance(COMMON_SHARE) ? catalogue.drawCommon() : catalogue.drawIntroduced();
      add(key >= 0 ? key : catalogue.drawCommon());
    }
  }

  const summary: LigandSummary = { count: chosen.length, weight: 0, atoms: 0, ligandKeys: [] };
  chosen.forEach((chemKey, i) => {
    const component = catalogue.components[chemKey]!;
    catalogue.use(chemKey, ctx.day);
    const count = molecules(ctx, component.kind, proteinInstances);
    const weight = round(component.weight / 1000, 5);
    const entityId = String(polymerEntities + i + 1);
    const key = ctx.sink.nextKey('non_polymer_entity');
    if (ctx.sink.wants('non_polymer_entity'))
      ctx.sink.push('non_polymer_entity', {
        _key: key,
        _entry_key: ctx.key,
        _chem_key: chemKey,
        rcsb_id: `${ctx.id}_${entityId}`,
        'rcsb_nonpolymer_entity_container_identifiers.entry_id': ctx.id,
        'rcsb_nonpolymer_entity_container_identifiers.nonpolymer_comp_id': component.id,
        'pdbx_entity_nonpoly.comp_id': component.id,
        'pdbx_entity_nonpoly.name': component.name,
        'rcsb_nonpolymer_entity.formula_weight': weight,
        'rcsb_nonpolymer_entity.pdbx_number_of_molecules': count,
      });
    summary.weight += weight * count;
    summary.atoms += Math.max(1, Math.round(component.weight / 14)) * count;
    if (component.kind === 'ligand' || component.kind === 'cofactor') summary.ligandKeys.push(chemKey);
  });
  return summary;
}
