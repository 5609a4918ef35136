import { describe, expect, it } from 'vitest';
import { applyContentTypes } from './content-types.ts';
import { plan, text } from '../testing/requests.ts';

const request = (contentTypes: string[], query?: object) =>
  plan({
    return_type: 'entry',
    ...(query && { query }),
    request_options: { results_content_type: contentTypes },
  });
const MIXED = { methodologies: ['experimental', 'integrative', 'computational', null] };

describe(`${applyContentTypes.name}`, () => {
  it('adds nothing when the condition would exclude nothing', () => {
    const step = applyContentTypes({ methodologies: ['experimental', 'integrative', null] });
    expect(step(request(['experimental'])).query).toBeUndefined();
    expect(applyContentTypes(MIXED)(request(['experimental', 'computational'])).query).toBeUndefined();
  });

  it('experimental: every entry that is not a computed model', () => {
    const query = applyContentTypes(MIXED)(request(['experimental'])).query;
    expect(query).toMatchObject({
      kind: 'condition',
      attribute: { path: 'rcsb_entry_info.structure_determination_methodology' },
      comparison: { operator: 'exact_match', value: 'computational', caseSensitive: true },
      negation: true,
    });
  });

  it('computational: computed models only', () => {
    const query = applyContentTypes(MIXED)(request(['computational'])).query;
    expect(query).toMatchObject({ comparison: { value: 'computational' }, negation: false });
    expect(
      applyContentTypes({ methodologies: ['computational'] })(request(['computational'])).query,
    ).toBeUndefined();
  });

  it('joins the query in a group of its own, so same-record groups stay intact', () => {
    const affinity = {
      type: 'group',
      logical_operator: 'and',
      nodes: [
        text('rcsb_binding_affinity.type', 'exact_match', 'Kd'),
        text('rcsb_binding_affinity.value', 'less', 1),
      ],
    };
    const query = applyContentTypes(MIXED)(request(['experimental'], affinity)).query;
    expect(query).toMatchObject({
      kind: 'group',
      logicalOperator: 'and',
      nodes: [
        { kind: 'group', nodes: [{ kind: 'condition' }, { kind: 'condition' }] },
        { kind: 'condition' },
      ],
    });
  });
});
