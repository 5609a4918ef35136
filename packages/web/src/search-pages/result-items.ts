import type { ResultItem } from '@pdb-stats/search-model';

/** One row of results: a hit, or a group of hits shown by its representative. */
export interface ResultRow {
  identifier: string;
  group?: { identifier: string; count: number };
}

interface GroupItem {
  identifier: string;
  count: number;
  representative?: { identifier: string };
  result_set?: ResultItem[];
}

const identifierOf = (item: ResultItem): string => (typeof item === 'string' ? item : item.identifier);

/** The rows of an answer: `result_set` in any verbosity, or `group_set`. */
export function resultRows(
  response: { result_set?: ResultItem[]; group_set?: GroupItem[] } | null,
): ResultRow[] {
  if (!response) return [];
  if (response.group_set) {
    return response.group_set.flatMap((group) => {
      const first = group.representative?.identifier ?? group.result_set?.map(identifierOf)[0];
      return first
        ? [{ identifier: first, group: { identifier: group.identifier, count: group.count } }]
        : [];
    });
  }
  return (response.result_set ?? []).map((item) => ({ identifier: identifierOf(item) }));
}
