import type { SearchResponse } from '@pdb-stats/search-model';

/** Where an answer differs from the Search API's response shape, e.g. `facets[0].buckets[2].population`. */
export class ResponseShapeError extends Error {
  override readonly name = 'ResponseShapeError';
  constructor(
    /** Path of the offending part of the answer; empty for the answer itself. */
    readonly path: string,
    readonly reason: string,
  ) {
    super(`${path ? `${path} ` : 'the answer '}${reason}`);
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function checkList(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) throw new ResponseShapeError(path, 'is not a list');
  return value;
}

function checkFacets(value: unknown, path: string): void {
  checkList(value, path).forEach((facet, i) => {
    const at = `${path}[${i}]`;
    if (!isObject(facet)) throw new ResponseShapeError(at, 'is not an object');
    if (typeof facet.name !== 'string') throw new ResponseShapeError(`${at}.name`, 'is not a string');
    if ('value' in facet && !('buckets' in facet)) {
      if (typeof facet.value !== 'number') throw new ResponseShapeError(`${at}.value`, 'is not a number');
      return;
    }
    checkList(facet.buckets, `${at}.buckets`).forEach((bucket, j) => {
      const bucketAt = `${at}.buckets[${j}]`;
      if (!isObject(bucket)) throw new ResponseShapeError(bucketAt, 'is not an object');
      if (typeof bucket.label !== 'string')
        throw new ResponseShapeError(`${bucketAt}.label`, 'is not a string');
      if (typeof bucket.population !== 'number') {
        throw new ResponseShapeError(`${bucketAt}.population`, 'is not a number');
      }
      if (bucket.facets !== undefined) checkFacets(bucket.facets, `${bucketAt}.facets`);
    });
  });
}

/**
 * Checks that a search answer has the parts the dashboard reads (the count, the facets with their
 * buckets) before any chart transforms it: an answer of another shape, from a proxy or another
 * service version, becomes the data error screen instead of a broken chart or a rendering error.
 */
export function checkSearchResponse(value: unknown): SearchResponse {
  if (!isObject(value)) throw new ResponseShapeError('', 'is not an object');
  if (typeof value.total_count !== 'number') throw new ResponseShapeError('total_count', 'is not a number');
  if (value.result_set !== undefined) checkList(value.result_set, 'result_set');
  if (value.facets !== undefined) checkFacets(value.facets, 'facets');
  return value as unknown as SearchResponse;
}
