import { readScope, scopeSearch, writeScope, type ScopeReading } from '@pdb-stats/charts';
import type { QueryNode } from '@pdb-stats/search-model';
import { useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from '../routing/navigation.tsx';

/**
 * The scope of the page, read from its URL (`query`, `label`, `measure`), and changes to it, each a
 * history entry so that Back and Forward step through them.
 */
export function useScope() {
  const [params, setParams] = useSearchParams();
  // Parsed once per scope, so the node keeps its identity while other parameters change.
  const search = scopeSearch(params);
  const reading: ScopeReading = useMemo(() => readScope(new URLSearchParams(search)), [search]);

  /** Cohort `index` set to `node`, or removed when `node` is undefined (the last one: the whole archive). */
  const setCohort = useCallback(
    (index: number, node: QueryNode | undefined) => {
      setParams((current) => {
        const now = readScope(current);
        const cohorts =
          node === undefined
            ? now.cohorts.filter((_, i) => i !== index)
            : index < now.cohorts.length
              ? now.cohorts.map((cohort, i) => (i === index ? { ...cohort, node } : cohort))
              : [...now.cohorts, { node }];
        // An unreadable value is dropped with the change: the visitor has replaced it.
        return writeScope(current, { cohorts, measure: now.measure });
      });
    },
    [setParams],
  );

  const clear = useCallback(
    () => setParams((current) => writeScope(current, { cohorts: [], measure: 'count' })),
    [setParams],
  );

  return {
    reading,
    /** The single scope's node (the first cohort's); undefined for the whole archive. */
    node: reading.cohorts[0]?.node,
    /** The scope parameters alone (`?query=…`, or empty), for links to other scoped pages. */
    search,
    setCohort,
    clear,
  };
}

/** The scope parameters of the current address, to keep the scope on links to other chart pages. */
export function useScopeSearch(): string {
  const { search } = useLocation();
  return useMemo(() => scopeSearch(new URLSearchParams(search)), [search]);
}
