import { terminal } from '../requests.ts';
import type { ChartHierarchy, DistributionQuery, FixedCondition } from '../types.ts';
import { terms } from './common.ts';

const GROUP = 'rcsb_entity_source_organism.ncbi_parent_scientific_name';
const ORGANISM = 'rcsb_entity_source_organism.ncbi_scientific_name';

/** The organisms a level answers, to find its 25 drawn among (the others are of other groups). */
const ANSWERED = 50;

/**
 * A group of the top level: a superkingdom or a virus realm, which the NCBI taxonomy names in one
 * word ("Eukaryota", "Bacteria", "Riboviria").
 */
const GROUP_NAME = /^[A-Z][a-z]{2,49}$/;

/**
 * The level below a group is its source organisms. Source organisms are not nested-indexed, so "the
 * organism of a group" cannot be asked in one condition, and a level below the group's lineage
 * cannot be asked at all (its depths, ids and names are three independent lists): the organisms are
 * the bottom level. The entries of the group are counted by organism; those of other groups that
 * come with them (the other entities of the same entries) are left out by a second search, which
 * asks the entities of the group for their organisms and the groups each organism's entities hold
 * (`memberOf`). Every entity of a kept organism holds the group, so its bar counts every entry with
 * that organism: its search is the organism alone.
 * The chart draws the group's 25 most frequent organisms, found among the 50 most frequent answered.
 */
function levelQuery(parent: string): DistributionQuery {
  const group: FixedCondition = { attribute: GROUP, operator: 'exact_match', value: parent };
  return {
    returnType: 'entry',
    parentCondition: terminal(group),
    first: terms('Source Organism', ORGANISM, {
      maxIntervals: ANSWERED,
      memberOf: { returnType: 'polymer_entity', attribute: GROUP, value: parent },
    }),
  };
}

/** Taxonomy groups, opened one level down by name (`parent=Eukaryota`) onto their source organisms. */
export const TAXONOMY_HIERARCHY: ChartHierarchy = {
  param: 'parent',
  topLabel: 'All groups',
  levelAxisTitle: 'Source Organism',
  problem: (value) =>
    GROUP_NAME.test(value)
      ? undefined
      : `must be a group of the taxonomy chart, a superkingdom or virus realm named in one word ("Eukaryota", "Bacteria", "Riboviria"), got "${value}"`,
  levelQuery,
  trail: (parent) => [{ value: parent, label: parent }],
  // Only the groups open: their organisms are the bottom level.
  childOf: (barLabel, parent) => (parent === undefined && GROUP_NAME.test(barLabel) ? barLabel : undefined),
  opensBelow: () => false,
  // A group is one name, with no ancestors in the address to disagree with the archive's.
  pathProblem: () => undefined,
};
