import type { QueryNode, ReturnType } from '@pdb-stats/search-model';
import { catalogueAttribute } from '../query-builder/catalogue.ts';
import { conditionIn, draftOf, type ConditionDraft } from '../query-builder/condition-draft.ts';

// Apart from the chips: it reads the attribute catalogue, which is loaded only when a chip is edited.

/**
 * A chip's condition as the condition editors draft it (the query builder's draft, read and checked by
 * the same code); undefined for a chip edited as JSON: a group, a search without an attribute, or an
 * attribute the catalogue does not hold.
 */
export function chipDraft(node: QueryNode, returnType: ReturnType = 'entry'): ConditionDraft | undefined {
  const condition = conditionIn(node);
  const attribute = condition && catalogueAttribute(condition.attribute, condition.service, returnType);
  return attribute && draftOf(condition, attribute);
}
