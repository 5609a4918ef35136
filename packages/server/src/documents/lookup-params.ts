import { RETURN_TYPES, RequestValidationError, isReturnType, type ReturnType } from '@pdb-stats/search-model';
import { MAX_LOOKUP_IDS } from './document-store.ts';

export interface LookupParams {
  returnType: ReturnType;
  ids: string[];
}

/** Identifiers of every level: `4HHB`, `4HHB_1`, `4HHB.A`, `4HHB-1`, `PRD_000154`. */
const IDENTIFIER = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/**
 * Checks `?return_type=<level>&ids=<id>,<id>` and names the faulty parameter, as the search route does
 * for its request fields. The route's schema has already refused unknown and repeated parameters.
 */
export function parseLookupParams(query: { return_type?: string; ids?: string }): LookupParams {
  const returnType = query.return_type;
  if (returnType === undefined || returnType === '')
    throw new RequestValidationError('REQ_ERR_REQUIRED', 'return_type', 'is required');
  if (!isReturnType(returnType))
    throw new RequestValidationError(
      'REQ_ERR_ENUM',
      'return_type',
      `must be one of ${RETURN_TYPES.join(', ')}, got ${JSON.stringify(returnType)}`,
    );
  const text = query.ids;
  if (text === undefined || text === '')
    throw new RequestValidationError(
      'REQ_ERR_REQUIRED',
      'ids',
      'is required: comma-separated identifiers such as 4HHB,1ABC',
    );
  const ids = text.split(',').map((id) => id.trim());
  if (ids.length > MAX_LOOKUP_IDS)
    throw new RequestValidationError(
      'REQ_ERR_RANGE',
      'ids',
      `names ${ids.length} identifiers; at most ${MAX_LOOKUP_IDS} are allowed`,
    );
  ids.forEach((id, i) => {
    if (!IDENTIFIER.test(id))
      throw new RequestValidationError(
        'REQ_ERR_VALUE',
        `ids[${i}]`,
        `${JSON.stringify(id)} is not an identifier (letters, digits, "_", ".", "-")`,
      );
  });
  return { returnType, ids };
}
