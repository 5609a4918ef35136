import { describe, expect, it } from 'vitest';
import { CHARTS, resolveChart } from './registry.ts';
import { chartQueryAttributes, requestAttributes } from './required-attributes.ts';

describe('the attributes a chart needs', () => {
  it('are every attribute its facet request names, sub-facets and filters included', () => {
    const attributes = chartQueryAttributes(resolveChart(CHARTS['assembly-symmetry']).query);
    expect(attributes.some((a) => a.startsWith('rcsb_struct_symmetry.'))).toBe(true);
  });

  it('are read from queries, facets and sorts alike', () => {
    expect(
      requestAttributes({
        return_type: 'entry',
        query: { type: 'terminal', service: 'text', parameters: { attribute: 'a.b', operator: 'exists' } },
        request_options: {
          sort: [{ sort_by: 'score' }, { sort_by: 'c.d' }],
          facets: [
            {
              name: 'f',
              aggregation_type: 'filter',
              filter: { type: 'terminal', parameters: { attribute: 'e.f', operator: 'exists' } },
              facets: [{ name: 'g', aggregation_type: 'terms', attribute: 'g.h' }],
            },
          ],
        },
      } as never),
    ).toEqual(['a.b', 'c.d', 'e.f', 'g.h']);
  });
});
