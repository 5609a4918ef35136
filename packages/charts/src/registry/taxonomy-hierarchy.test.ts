import type { SearchResponse } from '@pdb-stats/search-model';
import { describe, expect, it } from 'vitest';
import { CHARTS, levelTitle, resolveChart } from '../registry.ts';
import { chartFacetRequest, searchFromDimensions } from '../requests.ts';
import { MEMBERS_FACET, memberCheckRequest, withMemberCheck } from '../member-check.ts';
import { toDistributionData } from '../transform.ts';

const TAXONOMY = CHARTS.taxonomy;
const hierarchy = TAXONOMY.hierarchy!;
const GROUP = 'rcsb_entity_source_organism.ncbi_parent_scientific_name';
const ORGANISM = 'rcsb_entity_source_organism.ncbi_scientific_name';

const text = (attribute: string, operator: string, value: unknown) => ({
  type: 'terminal',
  service: 'text',
  parameters: { attribute, operator, value },
});

describe('taxonomy levels', () => {
  it('open a group by its one-word name, onto its organisms, which open nothing', () => {
    expect(hierarchy.childOf('Eukaryota', undefined)).toBe('Eukaryota');
    expect(hierarchy.childOf('Riboviria', undefined)).toBe('Riboviria');
    expect(hierarchy.childOf('unclassified sequences', undefined)).toBeUndefined();
    expect(hierarchy.childOf('Homo sapiens', 'Eukaryota')).toBeUndefined();
    expect(hierarchy.problem('Bacteria')).toBeUndefined();
    for (const bad of ['bacteria', 'Homo sapiens', '', 'Eukaryota.Metazoa', 'E'])
      expect(hierarchy.problem(bad)).toContain(`got "${bad}"`);
    expect(levelTitle(TAXONOMY, 'Eukaryota')).toBe(`${TAXONOMY.title}: Eukaryota`);
    expect(hierarchy.trail('Eukaryota')).toEqual([{ value: 'Eukaryota', label: 'Eukaryota' }]);
  });

  it("count the group's entries by organism; a bar's search is the organism alone", () => {
    const chart = resolveChart(TAXONOMY, undefined, 'Viruses');
    const request = chartFacetRequest(chart.query);
    expect(request.return_type).toBe('entry');
    expect(request.query).toEqual(text(GROUP, 'exact_match', 'Viruses'));
    expect(request.request_options?.facets).toEqual([
      {
        name: 'Source Organism',
        aggregation_type: 'terms',
        attribute: ORGANISM,
        min_interval_population: 1,
        max_num_intervals: 50,
      },
    ]);
    expect(searchFromDimensions({ x: 'Influenza A virus', view: 'cumulative' }, chart.query)).toEqual({
      query: {
        type: 'group',
        logical_operator: 'and',
        nodes: [text(ORGANISM, 'exact_match', 'Influenza A virus')],
      },
      return_type: 'entry',
    });
  });

  it('keep the organisms whose entities all hold the group, and it alone', () => {
    const chart = resolveChart(TAXONOMY, undefined, 'Viruses');
    const bucket = (label: string, population: number, groups: [string, number][] = []) => ({
      label,
      population,
      ...(groups.length > 0 && {
        facets: [
          {
            name: 'Names',
            buckets: groups.map(([g, p]) => ({ label: g, population: p })),
          },
        ],
      }),
    });
    const answer: SearchResponse = {
      total_count: 30,
      facets: [
        {
          name: 'Source Organism',
          buckets: [
            bucket('Homo sapiens', 20),
            bucket('Influenza A virus', 12),
            bucket('Escherichia coli', 5),
            bucket('Chimera only', 2),
          ],
        },
      ],
    } as SearchResponse;
    // The entities of the group, whatever the scope: one request per level.
    const check = memberCheckRequest(chart.query)!;
    expect(check.return_type).toBe('polymer_entity');
    expect(check.query).toEqual(text(GROUP, 'exact_match', 'Viruses'));
    expect(check.request_options?.facets).toEqual([
      {
        name: MEMBERS_FACET,
        aggregation_type: 'terms',
        attribute: ORGANISM,
        min_interval_population: 1,
        facets: [{ name: 'Names', aggregation_type: 'terms', attribute: GROUP, min_interval_population: 1 }],
      },
    ]);
    const checked = {
      total_count: 900,
      facets: [
        {
          name: MEMBERS_FACET,
          buckets: [
            // The human entities of the group are chimeras with a viral part: they hold Eukaryota too.
            // (E. coli, in the group's entries beside its proteins, has none of its entities.)
            bucket('Homo sapiens', 3, [
              ['Eukaryota', 3],
              ['Viruses', 3],
            ]),
            bucket('Influenza A virus', 90, [['Viruses', 90]]),
            // Only ever fused with a human protein: both groups in all of its entities.
            bucket('Chimera only', 2, [
              ['Eukaryota', 2],
              ['Viruses', 2],
            ]),
          ],
        },
      ],
    } as SearchResponse;
    const data = toDistributionData(withMemberCheck(answer, checked), chart.query, { truncate: true });
    expect(data.bars).toEqual([{ label: 'Influenza A virus', value: 12 }]);
    // No second answer: nothing is known to be the group's.
    expect(toDistributionData(withMemberCheck(answer, null), chart.query).bars).toEqual([]);
    // The top level needs no check.
    expect(memberCheckRequest(resolveChart(TAXONOMY).query)).toBeUndefined();
  });
});
