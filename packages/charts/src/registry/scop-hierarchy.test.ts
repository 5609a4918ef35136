import { describe, expect, it } from 'vitest';
import { CHARTS, levelTitle, resolveChart } from '../registry.ts';
import { chartFacetRequest, searchFromDimensions } from '../requests.ts';
import { toDistributionData } from '../transform.ts';
import { SCOP_HIERARCHY } from './scop-hierarchy.ts';

const SCOP = CHARTS['scop-classification'];
const TYPE = 'rcsb_polymer_instance_annotation.type';
const ID = 'rcsb_polymer_instance_annotation.annotation_lineage.id';
const DEPTH = 'rcsb_polymer_instance_annotation.annotation_lineage.depth';
const text = (attribute: string, operator: string, value: string | number) => ({
  type: 'terminal',
  service: 'text',
  parameters: { attribute, operator, value },
});

describe('SCOP drill-down', () => {
  it('opens a top-level bar by its class name, a deeper one by the sunid of its label', () => {
    expect(SCOP_HIERARCHY.childOf('Alpha and beta proteins (a/b)', undefined)).toBe('51349');
    expect(SCOP_HIERARCHY.childOf('Low resolution protein structures', undefined)).toBeUndefined();
    expect(SCOP_HIERARCHY.childOf('51735 NAD(P)-binding Rossmann-fold domains', '51349')).toBe('51349.51735');
    expect(SCOP_HIERARCHY.childOf('51736', '51349.51735')).toBe('51349.51735.51736');
    // The deepest level (domains, depth 7) has nothing below it.
    expect(SCOP_HIERARCHY.childOf('7 x', '1.2.3.4.5.6')).toBeUndefined();
  });

  it('refuses a path its answer shows is not one lineage: each sunid must be found at its depth', () => {
    const { pathProblem, opensBelow } = SCOP_HIERARCHY;
    expect(pathProblem('51349.51735', [['51349'], ['51735']])).toBeUndefined();
    expect(pathProblem('51349.999999', undefined)).toContain(
      'no SCOP annotation of the archive holds 999999',
    );
    expect(pathProblem('46456.51735', [['51349'], ['51735']])).toBe(
      '"46456.51735" is not a path of the archive\'s SCOP classes: the lineage of 51735 is 51349 › 51735, not 46456 at depth 1',
    );
    // A superfamily named as a fold.
    expect(pathProblem('51349.51736', [['51349'], ['51735']])).toContain('not 51736 at depth 2');
    // The items below the bars are read for the whole level: any opens every bar.
    expect(opensBelow('51736', ['51737'])).toBe(true);
    expect(opensBelow('51736', [])).toBe(false);
  });

  it('reads a path of sunids and explains any other value', () => {
    expect(SCOP_HIERARCHY.problem('51349')).toBeUndefined();
    expect(SCOP_HIERARCHY.problem('51349.51735.51736')).toBeUndefined();
    for (const bad of ['', 'Peptides', '51349.', '51349..1', '1.2.3.4.5.6.7', '-1'])
      expect(SCOP_HIERARCHY.problem(bad), bad).toContain(`got "${bad}"`);
  });

  it("asks the annotations holding the class for their items one deeper, each bar's search one annotation and one item", () => {
    const chart = resolveChart(SCOP, undefined, '51349.51735');
    const request = chartFacetRequest(chart.query, { now: new Date('2026-07-01') });
    const holds = {
      type: 'group',
      logical_operator: 'and',
      nodes: [text(TYPE, 'exact_match', 'SCOP'), text(ID, 'exact_match', '51735')],
    };
    expect(request.query).toEqual(holds);
    expect(request.request_options?.facets?.[0]).toMatchObject({
      filter: holds,
      facets: [
        { filter: text(DEPTH, 'equals', 3), facets: [{ name: 'SCOP Classification', attribute: ID }] },
      ],
    });
    // The breadcrumb's classes, one facet per depth.
    expect(request.request_options?.facets?.slice(1)).toMatchObject([
      {
        filter: holds,
        facets: [{ filter: text(DEPTH, 'equals', 1), facets: [{ name: 'Class at depth 1' }] }],
      },
      {
        filter: holds,
        facets: [{ filter: text(DEPTH, 'equals', 2), facets: [{ name: 'Class at depth 2' }] }],
      },
      // The items one deeper than the bars, on the same annotations: which bars have a level below.
      {
        filter: holds,
        facets: [{ filter: text(DEPTH, 'equals', 4), facets: [{ name: 'Classes below', attribute: ID }] }],
      },
    ]);
    expect(
      searchFromDimensions({ x: '51736 Tyrosine-dependent oxidoreductases', view: 'annual' }, chart.query)
        .query,
    ).toEqual({
      type: 'group',
      logical_operator: 'and',
      nodes: [text(TYPE, 'exact_match', 'SCOP'), text(DEPTH, 'equals', 3), text(ID, 'exact_match', '51736')],
    });
  });

  it('names the breadcrumb and title from the answer, the class by its SCOP name without one', () => {
    const chart = resolveChart(SCOP, undefined, '51349.51735');
    expect(chart.title).toBe(`${SCOP.title}: Alpha and beta proteins (a/b) › 51735`);
    const names = (population: number, name: string) => ({
      label: '',
      population,
      facets: [{ name: 'Names', buckets: [{ label: name, population }] }],
    });
    const data = toDistributionData(
      {
        query_id: 'q',
        result_type: 'entry',
        total_count: 3,
        facets: [
          {
            name: 'Class at depth 1',
            buckets: [{ ...names(3, 'Alpha and beta proteins (a/b)'), label: '51349' }],
          },
          {
            name: 'Class at depth 2',
            buckets: [{ ...names(3, 'NAD(P)-binding Rossmann-fold domains'), label: '51735' }],
          },
        ],
      },
      chart.query,
    );
    expect(data.names).toEqual({
      '51349': 'Alpha and beta proteins (a/b)',
      '51735': 'NAD(P)-binding Rossmann-fold domains',
    });
    expect(levelTitle(SCOP, '51349.51735', data.names)).toBe(
      `${SCOP.title}: Alpha and beta proteins (a/b) › NAD(P)-binding Rossmann-fold domains`,
    );
    expect(SCOP_HIERARCHY.trail('51349.51735', data.names).map((s) => s.value)).toEqual([
      '51349',
      '51349.51735',
    ]);
  });
});
