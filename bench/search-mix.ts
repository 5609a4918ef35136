/**
 * A mix of search requests that miss the answer cache: every request carries a value derived from
 * a counter, so no two are equal. Four shapes, taken in turn: a page of entries in a resolution
 * range sorted by release date; release years of entries above a molecular weight; experimental
 * methods of entries released in a date window; polymer entities of one organism deposited since
 * a date, counted.
 */

const text = (attribute: string, operator: string, value: unknown) => ({
  type: 'terminal',
  service: 'text',
  parameters: { attribute, operator, value },
});
const and = (...nodes: object[]) => ({ type: 'group', logical_operator: 'and', nodes });

const ORGANISMS = ['Homo sapiens', 'Mus musculus', 'Escherichia coli', 'Saccharomyces cerevisiae'];

/** An ISO date `days` days after 1990-01-01. */
function date(days: number): string {
  return new Date(Date.UTC(1990, 0, 1) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The n-th request of the mix (n ≥ 0); equal n, equal request. */
export function uncachedSearch(n: number): object {
  const fine = (n % 100_000) / 100_000;
  switch (n % 4) {
    case 0: {
      const from = 1 + 2 * fine;
      return {
        query: text('rcsb_entry_info.resolution_combined', 'range', {
          from,
          to: from + 0.5,
          include_lower: true,
          include_upper: false,
        }),
        return_type: 'entry',
        request_options: {
          paginate: { start: 0, rows: 25 },
          sort: [{ sort_by: 'rcsb_accession_info.initial_release_date', direction: 'desc' }],
        },
      };
    }
    case 1:
      return {
        query: text('rcsb_entry_info.molecular_weight', 'greater', 20 + 200 * fine),
        return_type: 'entry',
        request_options: {
          paginate: { start: 0, rows: 0 },
          facets: [
            {
              name: 'Release year',
              aggregation_type: 'date_histogram',
              attribute: 'rcsb_accession_info.initial_release_date',
              interval: 'year',
            },
          ],
        },
      };
    case 2: {
      const start = Math.floor(fine * 11_000);
      return {
        query: text('rcsb_accession_info.initial_release_date', 'range', {
          from: date(start),
          to: date(start + 365),
          include_lower: true,
          include_upper: false,
        }),
        return_type: 'entry',
        request_options: {
          paginate: { start: 0, rows: 10 },
          facets: [
            { name: 'Method', aggregation_type: 'terms', attribute: 'rcsb_entry_info.experimental_method' },
          ],
        },
      };
    }
    default:
      return {
        query: and(
          text(
            'rcsb_entity_source_organism.ncbi_scientific_name',
            'exact_match',
            ORGANISMS[n % ORGANISMS.length],
          ),
          text('rcsb_accession_info.deposit_date', 'greater_or_equal', date(Math.floor(fine * 12_000))),
        ),
        return_type: 'polymer_entity',
        request_options: { return_counts: true },
      };
  }
}
