import type { ReturnType } from '@pdb-stats/search-model';

/**
 * One step between adjacent levels. `up`: from a child to the parent its `link` column names;
 * `down`: from a parent to the children whose `link` column names it.
 */
export interface Hop {
  readonly direction: 'up' | 'down';
  readonly from: ReturnType;
  readonly to: ReturnType;
  readonly link: string;
  /** The link may be missing: a ligand whose component the archive lacks names no component. */
  readonly optional?: boolean;
}

/** Child level, parent level, link column (LEVEL_LINKS of search-model). */
const EDGES: readonly (readonly [ReturnType, ReturnType, string, 'optional'?])[] = [
  ['polymer_instance', 'polymer_entity', '_entity_key'],
  ['polymer_instance', 'entry', '_entry_key'],
  ['polymer_entity', 'entry', '_entry_key'],
  ['non_polymer_entity', 'entry', '_entry_key'],
  ['assembly', 'entry', '_entry_key'],
  // A chemical component is the "parent" of the non-polymer entities that use it.
  ['non_polymer_entity', 'mol_definition', '_chem_key', 'optional'],
];

function neighbours(level: ReturnType): Hop[] {
  const hops: Hop[] = [];
  for (const [child, parent, link, optional] of EDGES) {
    const hop = { link, ...(optional && { optional: true }) };
    if (child === level) hops.push({ direction: 'up', from: child, to: parent, ...hop });
    if (parent === level) hops.push({ direction: 'down', from: parent, to: child, ...hop });
  }
  return hops;
}

/**
 * The shortest chain of hops from one level to another. Entities and instances meet directly;
 * everything else meets through the entry (assemblies contain no entities), and chemical
 * components reach entries through their non-polymer entities.
 */
export function route(from: ReturnType, to: ReturnType): Hop[] {
  const paths = new Map<ReturnType, Hop[]>([[from, []]]);
  const queue: ReturnType[] = [from];
  while (queue.length > 0) {
    const level = queue.shift()!;
    const path = paths.get(level)!;
    if (level === to) return path;
    for (const hop of neighbours(level)) {
      if (paths.has(hop.to)) continue;
      paths.set(hop.to, [...path, hop]);
      queue.push(hop.to);
    }
  }
  throw new Error(`no route from ${from} to ${to}`);
}

/** True when one object of `to` may stand for several objects of `from` (an up hop on the way). */
export function routeMerges(from: ReturnType, to: ReturnType): boolean {
  return route(from, to).some((hop) => hop.direction === 'up');
}
