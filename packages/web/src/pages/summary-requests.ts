import type { QueryNode, ReturnType, SearchRequest, SearchResponse } from '@pdb-stats/search-model';
import { andGroup, finalizeRequest, terminal, withScope } from '@pdb-stats/charts';

/**
 * Counts and summary tables of the home, other-statistics and snapshot pages. The home page's are
 * over its scope (`scope`, the whole archive when absent).
 */

const METHOD_ATTRIBUTE = 'rcsb_entry_info.experimental_method';
const POLYMER_TYPES_ATTRIBUTE = 'rcsb_entry_info.selected_polymer_entity_types';

/**
 * The headline counts: one count-only request per return type. `scoped`: what the count means over
 * a scope, where that is not plain (a scope of structure attributes is met by the structures that
 * use a chemical component, not by the component).
 */
export const HEADLINE_COUNTS: { returnType: ReturnType; label: string; scoped?: string }[] = [
  { returnType: 'entry', label: 'Structures' },
  { returnType: 'polymer_entity', label: 'Polymer entities' },
  { returnType: 'assembly', label: 'Assemblies' },
  {
    returnType: 'mol_definition',
    label: 'Small molecules',
    scoped: 'Chemical components found in the structures of this scope',
  },
];

export function countRequest(returnType: ReturnType, scope?: QueryNode): SearchRequest {
  return finalizeRequest({ ...(scope && { query: scope }), return_type: returnType });
}

/** Entries by experimental method, and within each method by molecular type. */
export function holdingsRequest(scope?: QueryNode): SearchRequest {
  return finalizeRequest({
    ...(scope && { query: scope }),
    return_type: 'entry',
    request_options: {
      facets: [
        {
          name: 'Experimental Method',
          aggregation_type: 'terms',
          attribute: METHOD_ATTRIBUTE,
          min_interval_population: 1,
          facets: [
            {
              name: 'Polymer Type',
              aggregation_type: 'terms',
              attribute: POLYMER_TYPES_ATTRIBUTE,
              min_interval_population: 1,
            },
          ],
        },
      ],
    },
  });
}

export interface Holdings {
  methods: string[];
  types: string[];
  /** cells[method][type] */
  cells: Record<string, Record<string, number>>;
  methodTotals: Record<string, number>;
  typeTotals: Record<string, number>;
  total: number;
}

/** The holdings table; methods and types in descending order of their totals. */
export function toHoldings(response: SearchResponse | null): Holdings {
  const facet = response?.facets?.find((f) => f.name === 'Experimental Method');
  const buckets = facet && 'buckets' in facet ? facet.buckets : [];
  const cells: Holdings['cells'] = {};
  const methodTotals: Record<string, number> = {};
  const typeTotals: Record<string, number> = {};
  for (const bucket of buckets) {
    methodTotals[bucket.label] = bucket.population;
    const row: Record<string, number> = (cells[bucket.label] = {});
    const inner = bucket.facets?.find((f) => f.name === 'Polymer Type');
    for (const cell of inner && 'buckets' in inner ? inner.buckets : []) {
      row[cell.label] = cell.population;
      typeTotals[cell.label] = (typeTotals[cell.label] ?? 0) + cell.population;
    }
  }
  const byTotal = (totals: Record<string, number>) =>
    Object.keys(totals).sort((a, b) => (totals[b] ?? 0) - (totals[a] ?? 0) || a.localeCompare(b));
  return {
    methods: byTotal(methodTotals),
    types: byTotal(typeTotals),
    cells,
    methodTotals,
    typeTotals,
    total: response?.total_count ?? 0,
  };
}

/** The search behind a holdings cell, row or column total: scope AND the cell. */
export function holdingsCellRequest(method?: string, type?: string, scope?: QueryNode): SearchRequest {
  const nodes = [
    ...(method === undefined
      ? []
      : [terminal({ attribute: METHOD_ATTRIBUTE, operator: 'exact_match', value: method })]),
    ...(type === undefined
      ? []
      : [terminal({ attribute: POLYMER_TYPES_ATTRIBUTE, operator: 'exact_match', value: type })]),
  ];
  const query = withScope(scope, nodes.length > 0 ? andGroup(nodes) : undefined);
  return finalizeRequest({ ...(query && { query }), return_type: 'entry' });
}
