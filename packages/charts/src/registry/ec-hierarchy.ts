import { EC_CLASS_NAMES } from '@pdb-stats/search-model';
import { idOfNamedLabel, terminal } from '../requests.ts';
import type { ChartHierarchy, DistributionQuery, HierarchyStep } from '../types.ts';
import { terms } from './common.ts';

const EC_ID = 'rcsb_polymer_entity.rcsb_ec_lineage.id';
const EC_DEPTH = 'rcsb_polymer_entity.rcsb_ec_lineage.depth';
const EC_NAME = 'rcsb_polymer_entity.rcsb_ec_lineage.name';

/** Depth of the deepest EC level (serial numbers: single enzymes, nothing below them). */
const EC_LEAF_DEPTH = 4;

/** An EC class that has a level below: depth 1 to 3 ("3", "3.4", "3.4.21"). */
const OPENABLE = /^[1-7](\.\d{1,3}){0,2}$/;

const depthOf = (id: string) => id.split('.').length;

/** "3.4.21" → ["3", "3.4", "3.4.21"]: the class and every class above it, from the top. */
function pathOf(id: string): string[] {
  const parts = id.split('.');
  return parts.map((_, i) => parts.slice(0, i + 1).join('.'));
}

/**
 * The children of an EC class are read by lineage id, not name: an id holds its ancestors ("3.4.21"
 * is under "3.4" and "3"), whereas names repeat under different parents ("With NAD(+) or NADP(+) as
 * acceptor" is under 1.1, 1.2 and 1.5) and archives built from mmCIF files and SIFTS carry ids only.
 * A bar is named where the archive holds names: `3.4.21 Serine endopeptidases`.
 */
function levelQuery(parent: string): DistributionQuery {
  return {
    returnType: 'entry',
    parentCondition: terminal({ attribute: EC_ID, operator: 'exact_match', value: parent }),
    first: terms('Enzyme Classification', EC_ID, {
      filters: [{ attribute: EC_DEPTH, operator: 'equals', value: depthOf(parent) + 1 }],
      childrenOf: parent,
      namedBy: EC_NAME,
    }),
    // The classes above the level below the top, named where the archive names them: every object
    // of the level holds its parent and the parent's ancestors, one at each depth. Each facet keeps
    // the one lineage item of its ancestor (not every class at that depth, which doubled a deep
    // level's time) and counts its names: its number is known, so no facet of ids is asked.
    ...(depthOf(parent) > 1 && {
      trail: pathOf(parent)
        .slice(1)
        .map((ancestor) =>
          terms(`Class at depth ${depthOf(ancestor)}`, EC_NAME, {
            filters: [
              { attribute: EC_DEPTH, operator: 'equals', value: depthOf(ancestor) },
              { attribute: EC_ID, operator: 'exact_match', value: ancestor },
            ],
            namesOf: ancestor,
          }),
        ),
    }),
    // Classes one level below the bars: a bar has a level below when one of them is under it.
    ...(depthOf(parent) + 2 <= EC_LEAF_DEPTH && {
      below: terms('Classes below', EC_ID, {
        filters: [{ attribute: EC_DEPTH, operator: 'equals', value: depthOf(parent) + 2 }],
      }),
    }),
  };
}

/** The way down: a top class by its name, a deeper one by its number and the archive's name for it. */
function trail(parent: string, names: Readonly<Record<string, string>> = {}): HierarchyStep[] {
  return pathOf(parent).map((value, i) => {
    const name = i === 0 ? EC_CLASS_NAMES[value] : names[value] && `${value} ${names[value]}`;
    return { value, label: name ?? value };
  });
}

function childOf(barLabel: string, parent: string | undefined): string | undefined {
  if (parent === undefined) return Object.keys(EC_CLASS_NAMES).find((id) => EC_CLASS_NAMES[id] === barLabel);
  const id = idOfNamedLabel(barLabel);
  return id.startsWith(`${parent}.`) && depthOf(id) < EC_LEAF_DEPTH && OPENABLE.test(id) ? id : undefined;
}

/** EC classes, opened one level down by number: `parent=3` (Hydrolases), `parent=3.4`, `parent=3.4.21`. */
export const EC_HIERARCHY: ChartHierarchy = {
  param: 'parent',
  topLabel: 'All classes',
  problem: (value) =>
    OPENABLE.test(value)
      ? undefined
      : `must be an EC class with a level below it, its number of one to three parts ("3", "3.4" or "3.4.21"), got "${value}"`,
  levelQuery,
  trail,
  childOf,
  // An EC number holds its ancestors: 3.4.24 is under 3.4 (and no other class) by its number.
  opensBelow: (child, below) => below.some((id) => id.startsWith(`${child}.`)),
  // The same: a number names no ancestors but its own, so only a class no entry holds is refused.
  pathProblem: (parent, trailIds) =>
    trailIds === undefined ? `no entry of the archive holds the EC class ${parent}` : undefined,
};
