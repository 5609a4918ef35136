import { describe, expect, it } from 'vitest';
import { ResponseShapeError, checkSearchResponse } from './response-shape.ts';

const ok = {
  query_id: 'q',
  result_type: 'entry',
  total_count: 12,
  facets: [
    { name: 'Year', buckets: [{ label: '2001', population: 3, facets: [{ name: 'n', value: 2 }] }] },
    { name: 'Groups', value: 7 },
  ],
};

describe(checkSearchResponse.name, () => {
  it('passes answers of the Search API shape through unchanged', () => {
    expect(checkSearchResponse(ok)).toBe(ok);
    const rows = { result_type: 'entry', total_count: 1, result_set: ['1ABC'] };
    expect(checkSearchResponse(rows)).toBe(rows);
  });

  it.each([
    ['an array', [ok], 'the answer is not an object'],
    ['null', null, 'the answer is not an object'],
    ['no count', { ...ok, total_count: undefined }, 'total_count is not a number'],
    ['facets as an object', { ...ok, facets: { Year: [] } }, 'facets is not a list'],
    ['a facet without a name', { ...ok, facets: [{ buckets: [] }] }, 'facets[0].name is not a string'],
    ['a facet without buckets', { ...ok, facets: [{ name: 'Year' }] }, 'facets[0].buckets is not a list'],
    [
      'a bucket without population',
      { ...ok, facets: [{ name: 'Year', buckets: [{ label: '2001' }] }] },
      'facets[0].buckets[0].population is not a number',
    ],
    [
      'a bucket with a numeric label',
      { ...ok, facets: [{ name: 'Year', buckets: [{ label: 2001, population: 1 }] }] },
      'facets[0].buckets[0].label is not a string',
    ],
    [
      'a broken sub-facet',
      {
        ...ok,
        facets: [
          { name: 'Y', buckets: [{ label: 'a', population: 1, facets: [{ name: 'n', value: '2' }] }] },
        ],
      },
      'facets[0].buckets[0].facets[0].value is not a number',
    ],
    ['result_set not a list', { ...ok, result_set: 'none' }, 'result_set is not a list'],
  ])('names the part that is wrong: %s', (_what, answer, message) => {
    const error = (() => {
      try {
        checkSearchResponse(answer);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ResponseShapeError);
    expect((error as Error).message).toBe(message);
  });
});
