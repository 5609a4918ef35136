import { SCOP_CLASS_NAMES } from '@pdb-stats/search-model';
import { andGroup, idOfNamedLabel, terminal } from '../requests.ts';
import type { ChartHierarchy, DistributionQuery, FixedCondition, HierarchyStep } from '../types.ts';
import { terms } from './common.ts';

const TYPE = 'rcsb_polymer_instance_annotation.type';
const ID = 'rcsb_polymer_instance_annotation.annotation_lineage.id';
const DEPTH = 'rcsb_polymer_instance_annotation.annotation_lineage.depth';
const NAME = 'rcsb_polymer_instance_annotation.annotation_lineage.name';

const SCOP: FixedCondition = { attribute: TYPE, operator: 'exact_match', value: 'SCOP' };

/** SCOPe's hierarchy has seven levels (class down to domain): a class at depth 6 has the last level below it. */
const MAX_PATH = 7;

/** A path of sunids from a class down: `51349` (a class), `51349.51735` (a fold under it), … */
const PATH = new RegExp(`^\\d{1,9}(\\.\\d{1,9}){0,${MAX_PATH - 2}}$`);

const idsOf = (parent: string) => parent.split('.');

/**
 * A SCOP sunid does not hold its ancestors (unlike an EC number), so the level below class P is read
 * from P's annotations: the SCOP annotations whose lineage holds P (the annotation is the scope of
 * the type and the id), then their lineage item one deeper than P, counted by id and named by the
 * item's name. The address keeps the path of sunids from the class down, so the level's depth and
 * breadcrumb are in it; the names of the classes above come with the level's answer (`trail`).
 */
function levelQuery(parent: string): DistributionQuery {
  const ids = idsOf(parent);
  const holdsParent: FixedCondition = { attribute: ID, operator: 'exact_match', value: ids.at(-1)! };
  const within = { record: [SCOP], parent: holdsParent };
  return {
    returnType: 'entry',
    parentCondition: andGroup([SCOP, holdsParent].map(terminal)),
    first: terms('SCOP Classification', ID, {
      filters: [{ attribute: DEPTH, operator: 'equals', value: ids.length + 1 }],
      within,
      namedBy: NAME,
    }),
    // P's annotations hold P and its ancestors, one at each depth from 1 to P's own.
    trail: ids.map((_, i) =>
      terms(`Class at depth ${i + 1}`, ID, {
        filters: [{ attribute: DEPTH, operator: 'equals', value: i + 1 }],
        within,
        namedBy: NAME,
      }),
    ),
    // Items one deeper than the bars on the same annotations: the level below the bars, if any.
    ...(ids.length + 2 <= MAX_PATH && {
      below: terms('Classes below', ID, {
        filters: [{ attribute: DEPTH, operator: 'equals', value: ids.length + 2 }],
        within,
      }),
    }),
  };
}

/**
 * Why the answer of the level below `parent` shows it is not a path of the archive's SCOP classes:
 * the trail facets read the lineage of the annotations holding the last sunid, one depth each, so
 * each sunid of the path must be found at its depth.
 */
function pathProblem(parent: string, trailIds: readonly (readonly string[])[] | undefined) {
  const ids = idsOf(parent);
  const last = ids.at(-1)!;
  if (trailIds === undefined)
    return `no SCOP annotation of the archive holds ${last}, so "${parent}" is not a path of its classes`;
  const wrong = ids.findIndex((id, i) => !trailIds[i]?.includes(id));
  if (wrong < 0) return undefined;
  const lineage = trailIds.map((found) => found.join(' or ')).join(' › ');
  return `"${parent}" is not a path of the archive's SCOP classes: the lineage of ${last} is ${lineage}, not ${ids[wrong]} at depth ${wrong + 1}`;
}

function trail(parent: string, names: Readonly<Record<string, string>> = {}): HierarchyStep[] {
  const ids = idsOf(parent);
  return ids.map((id, i) => ({
    value: ids.slice(0, i + 1).join('.'),
    label: names[id] ?? (i === 0 ? SCOP_CLASS_NAMES[id] : undefined) ?? id,
  }));
}

function childOf(barLabel: string, parent: string | undefined): string | undefined {
  if (parent === undefined)
    return Object.keys(SCOP_CLASS_NAMES).find((id) => SCOP_CLASS_NAMES[id] === barLabel);
  const path = `${parent}.${idOfNamedLabel(barLabel)}`;
  return PATH.test(path) ? path : undefined;
}

/** SCOP classes, opened one level down by their path of sunids: `parent=51349` (a/b), `parent=51349.51735`. */
export const SCOP_HIERARCHY: ChartHierarchy = {
  param: 'parent',
  topLabel: 'All classes',
  problem: (value) =>
    PATH.test(value)
      ? undefined
      : `must be a path of SCOP sunids from a class down, joined by dots, at most ${MAX_PATH - 1} ("51349" or "51349.51735"), got "${value}"`,
  levelQuery,
  trail,
  childOf,
  // A sunid does not tell its parent: the level's items one deeper are read together, so the bars
  // of a level have a level below when the level's annotations go deeper (they do, or do not, all
  // together: the archive's SCOP lineages reach one depth).
  opensBelow: (_child, below) => below.length > 0,
  pathProblem,
};
