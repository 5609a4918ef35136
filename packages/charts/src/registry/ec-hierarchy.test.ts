import type { SearchResponse } from '@pdb-stats/search-model';
import { describe, expect, it } from 'vitest';
import { drillProblem, resolveChart, CHARTS } from '../registry.ts';
import { chartFacetRequest, clickRequest } from '../index.ts';
import { toDistributionData } from '../transform.ts';
import { EC_HIERARCHY } from './ec-hierarchy.ts';

const EC = CHARTS['enzyme-classification'];
const names = (pairs: [string, number][]) => ({
  name: 'Names',
  buckets: pairs.map(([label, population]) => ({ label, population })),
});
const EC_ID = 'rcsb_polymer_entity.rcsb_ec_lineage.id';
const EC_DEPTH = 'rcsb_polymer_entity.rcsb_ec_lineage.depth';

describe('EC_HIERARCHY', () => {
  it('opens classes of depth 1 to 3 by number, and says why anything else cannot be opened', () => {
    for (const value of ['1', '3', '3.4', '3.4.21', '2.7.11', '1.14.14'])
      expect(EC_HIERARCHY.problem(value)).toBeUndefined();
    for (const value of ['', '0', '8', '3.', '3.4.21.4', 'Hydrolases', '3.x', ' 3', '3.4.21.n1', '3..4'])
      expect(EC_HIERARCHY.problem(value), value).toMatch(/^must be an EC class .*got "/);
  });

  it('names the way down: the class by name, the deeper classes by number', () => {
    expect(EC_HIERARCHY.trail('3.4.21')).toEqual([
      { value: '3', label: 'Hydrolases' },
      { value: '3.4', label: '3.4' },
      { value: '3.4.21', label: '3.4.21' },
    ]);
    expect(EC_HIERARCHY.trail('3.4.21', { '3.4': 'Peptidases', '3.4.21': 'Serine endopeptidases' })).toEqual([
      { value: '3', label: 'Hydrolases' },
      { value: '3.4', label: '3.4 Peptidases' },
      { value: '3.4.21', label: '3.4.21 Serine endopeptidases' },
    ]);
  });

  it('asks the names of the classes above a level below the top, one facet per ancestor', () => {
    expect(EC_HIERARCHY.levelQuery('3').trail).toBeUndefined();
    const trail = EC_HIERARCHY.levelQuery('3.4.21').trail!;
    const item = (depth: number, id: string) => [
      { attribute: 'rcsb_polymer_entity.rcsb_ec_lineage.depth', operator: 'equals', value: depth },
      { attribute: 'rcsb_polymer_entity.rcsb_ec_lineage.id', operator: 'exact_match', value: id },
    ];
    // Each counts the names of its one class (its number is known): one statement, no nested facet.
    expect(trail.map((t) => [t.attribute, t.filters, t.namesOf, t.namedBy])).toEqual([
      ['rcsb_polymer_entity.rcsb_ec_lineage.name', item(2, '3.4'), '3.4', undefined],
      ['rcsb_polymer_entity.rcsb_ec_lineage.name', item(3, '3.4.21'), '3.4.21', undefined],
    ]);
  });

  it('tells the class a bar opens: a top class by its name, a child by its number, none below depth 3', () => {
    expect(EC_HIERARCHY.childOf('Hydrolases', undefined)).toBe('3');
    expect(EC_HIERARCHY.childOf('Unknown class', undefined)).toBeUndefined();
    expect(EC_HIERARCHY.childOf('3.4', '3')).toBe('3.4');
    expect(EC_HIERARCHY.childOf('3.4.21', '3.4')).toBe('3.4.21');
    expect(EC_HIERARCHY.childOf('3.4.21.4', '3.4.21')).toBeUndefined();
    expect(EC_HIERARCHY.childOf('2.7', '3')).toBeUndefined();
  });
});

describe('a drilled-down level of the EC chart', () => {
  it('counts, among entries of the class, the lineage ids one level down (depth and id on one record)', () => {
    const chart = resolveChart(EC, undefined, '3.4');
    expect(chart.parent).toBe('3.4');
    expect(chart.title).toBe('PDB Data Distribution by Enzyme Classification Name: Hydrolases › 3.4');
    const request = chartFacetRequest(chart.query);
    expect(request.query).toEqual({
      type: 'terminal',
      service: 'text',
      parameters: { attribute: EC_ID, operator: 'exact_match', value: '3.4' },
    });
    // The level's bars, then the trail's facet naming 3.4, then the classes one level below the bars.
    expect(request.request_options?.facets).toHaveLength(3);
    expect(request.request_options?.facets?.[2]).toEqual({
      filter: {
        type: 'terminal',
        service: 'text',
        parameters: { attribute: EC_DEPTH, operator: 'equals', value: 4 },
      },
      facets: [
        { name: 'Classes below', aggregation_type: 'terms', attribute: EC_ID, min_interval_population: 1 },
      ],
    });
    expect(request.request_options?.facets?.[0]).toEqual({
      filter: {
        type: 'terminal',
        service: 'text',
        parameters: { attribute: EC_DEPTH, operator: 'equals', value: 3 },
      },
      facets: [
        {
          name: 'Enzyme Classification',
          aggregation_type: 'terms',
          attribute: EC_ID,
          min_interval_population: 1,
          facets: [
            {
              name: 'Names',
              aggregation_type: 'terms',
              attribute: 'rcsb_polymer_entity.rcsb_ec_lineage.name',
              min_interval_population: 1,
            },
          ],
        },
      ],
    });
  });

  it('opens a class only when a class below it is in the answer; refuses a class no entry holds', () => {
    const { opensBelow, pathProblem } = EC.hierarchy!;
    expect(opensBelow('3.4.21', ['3.4.21.4', '3.4.24.1'])).toBe(true);
    // 3.4.24 holds only incomplete numbers (3.4.24.-), and 3.4.2 is not 3.4.21's parent.
    expect(opensBelow('3.4.24', ['3.4.21.4'])).toBe(false);
    expect(opensBelow('3.4.2', ['3.4.21.4'])).toBe(false);
    expect(pathProblem('3.4', [['3.4']])).toBeUndefined();
    expect(pathProblem('7.99', undefined)).toBe('no entry of the archive holds the EC class 7.99');
  });

  it('is drawn over a scope: scope AND the class', () => {
    const scope = {
      type: 'terminal',
      service: 'text',
      parameters: { attribute: 'rcsb_entry_info.resolution_combined', operator: 'less', value: 2 },
    } as const;
    const chart = resolveChart(EC, undefined, '3');
    expect(chartFacetRequest(chart.query, { scope }).query).toEqual({
      type: 'group',
      logical_operator: 'and',
      nodes: [
        scope,
        {
          type: 'group',
          logical_operator: 'and',
          nodes: [
            {
              type: 'terminal',
              service: 'text',
              parameters: { attribute: EC_ID, operator: 'exact_match', value: '3' },
            },
          ],
        },
      ],
    });
  });

  it("a bar's search is the child on one lineage record (its parent is implied), AND the scope", () => {
    const chart = resolveChart(EC, undefined, '3.4');
    const request = clickRequest(EC, { x: '3.4.21', view: 'cumulative' }, chart.query);
    expect(request.query).toEqual({
      type: 'group',
      logical_operator: 'and',
      nodes: [
        {
          type: 'terminal',
          service: 'text',
          parameters: { attribute: EC_DEPTH, operator: 'equals', value: 3 },
        },
        {
          type: 'terminal',
          service: 'text',
          parameters: { attribute: EC_ID, operator: 'exact_match', value: '3.4.21' },
        },
      ],
    });
    expect(request.return_type).toBe('entry');
  });

  it('names each class above the level by the one name all its entries hold, from that class’s facet of names', () => {
    const chart = resolveChart(EC, undefined, '3.4.21');
    const trailFacet = (depth: number, pairs: [string, number][]) => ({
      name: `Class at depth ${depth}`,
      buckets: pairs.map(([label, population]) => ({ label, population })),
    });
    const response = {
      total_count: 10,
      facets: [
        { name: 'Enzyme Classification', buckets: [] },
        trailFacet(2, [['Acting on peptide bonds (peptidases)', 10]]),
        // Two names, neither held by all: the class is left unnamed (its number stands alone).
        trailFacet(3, [
          ['Serine endopeptidases', 7],
          ['Serine proteases', 3],
        ]),
      ],
    } as SearchResponse;
    expect(toDistributionData(response, chart.query).names).toEqual({
      '3.4': 'Acting on peptide bonds (peptidases)',
    });
  });

  it("keeps only the class's children: other classes' children of entries in several classes are left out", () => {
    const chart = resolveChart(EC, undefined, '3.4');
    const response = {
      total_count: 10,
      facets: [
        {
          name: 'Enzyme Classification',
          buckets: [
            { label: '3.4.21', population: 6, facets: [names([['Serine endopeptidases', 6]])] },
            { label: '2.7.11', population: 4 },
            { label: '3.4.24', population: 3 },
            { label: '3.41.1', population: 1 },
          ],
        },
      ],
    } as SearchResponse;
    expect(toDistributionData(response, chart.query)).toEqual({
      bars: [
        { label: '3.4.21 Serine endopeptidases', value: 6 },
        { label: '3.4.24', value: 3 },
      ],
      bucketCount: 2,
      // The answer holds no trail facet: no class above is named.
      names: {},
    });
  });

  it('names a bar by the one name all its entries hold on such records, else by its number alone', () => {
    const chart = resolveChart(EC, undefined, '3');
    const bar = (facets: ReturnType<typeof names>) =>
      toDistributionData(
        {
          total_count: 5,
          facets: [
            { name: 'Enzyme Classification', buckets: [{ label: '3.4', population: 5, facets: [facets] }] },
          ],
        } as SearchResponse,
        chart.query,
      ).bars[0]!.label;
    // Entries of 3.4 that also hold another class of depth 2 bring its name, on fewer entries.
    expect(
      bar(
        names([
          ['Acting on peptide bonds (peptidases)', 5],
          ['Glycosylases', 2],
        ]),
      ),
    ).toBe('3.4 Acting on peptide bonds (peptidases)');
    // Two names on every entry: which is 3.4's is not known, so none is given.
    expect(
      bar(
        names([
          ['Acting on peptide bonds (peptidases)', 5],
          ['Glycosylases', 5],
        ]),
      ),
    ).toBe('3.4');
    // An archive without names (mmCIF and SIFTS imports).
    expect(bar(names([]))).toBe('3.4');
    // The bar's search and the level below read the number.
    expect(
      clickRequest(EC, { x: '3.4 Acting on peptide bonds (peptidases)', view: 'cumulative' }, chart.query)
        .query,
    ).toEqual(clickRequest(EC, { x: '3.4', view: 'cumulative' }, chart.query).query);
    expect(EC_HIERARCHY.childOf('3.4 Acting on peptide bonds (peptidases)', '3')).toBe('3.4');
  });

  it('is the top level when the value is not a class, and says why', () => {
    expect(resolveChart(EC, undefined, 'Hydrolases').query).toBe(EC.query);
    expect(resolveChart(EC, undefined, null).parent).toBeUndefined();
    expect(drillProblem(EC, 'Hydrolases')).toContain('got "Hydrolases"');
    expect(drillProblem(CHARTS.resolution, '3')).toBe(
      'chart "resolution" has no levels to open; parent applies to classification charts',
    );
  });
});
