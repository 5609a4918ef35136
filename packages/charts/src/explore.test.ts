import { describe, expect, it } from 'vitest';
import { defaultBins, exploreChart, readExplore, writeExplore, type ExploreAttribute } from './explore.ts';
import { chartFacetRequest, searchFromDimensions } from './requests.ts';

const ATTRIBUTES: ExploreAttribute[] = [
  {
    path: 'rcsb_entry_info.resolution_combined',
    level: 'entry',
    type: 'number',
    contexts: ['default-match'],
    name: 'Resolution',
    unit: 'Å',
  },
  { path: 'exptl.method', level: 'entry', type: 'string', contexts: ['exact-match'], name: 'Method' },
  { path: 'struct.title', level: 'entry', type: 'string', contexts: ['full-text'], name: 'Title' },
  {
    path: 'rcsb_accession_info.initial_release_date',
    level: 'entry',
    type: 'date',
    contexts: ['default-match'],
    name: 'Release date',
  },
  {
    path: 'rcsb_polymer_entity.formula_weight',
    level: 'polymer_entity',
    type: 'number',
    contexts: ['default-match'],
    name: 'Weight',
  },
  {
    path: 'rcsb_entry_info.polymer_entity_count',
    level: 'entry',
    type: 'integer',
    contexts: ['default-match'],
    name: 'Entities',
  },
  {
    path: 'chem_comp.type',
    level: 'mol_definition',
    type: 'string',
    contexts: ['exact-match'],
    name: 'Type',
  },
];
const resolve = (path: string) => ATTRIBUTES.find((a) => a.path === path);
const read = (text: string) => readExplore(new URLSearchParams(text), resolve);
const problems = (text: string) => read(text).problems.map((p) => `${p.param}: ${p.message}`);

describe('readExplore', () => {
  it('fills the defaults of what the attribute allows', () => {
    const spec = read('attribute=exptl.method').spec!;
    expect(spec).toMatchObject({ count: 'entry', dimension: 'terms', top: 25 });
    expect(read('attribute=rcsb_accession_info.initial_release_date').spec?.dimension).toBe('years');
    expect(read('attribute=rcsb_polymer_entity.formula_weight&start=0&step=10&end=100').spec).toMatchObject({
      count: 'polymer_entity',
      dimension: 'bins',
      bins: { start: 0, step: 10, end: 100 },
    });
  });

  it('names the parameter and the reason of every refusal', () => {
    expect(problems('')).toEqual([
      'attribute: is required: the path of a facetable attribute of the catalogue',
    ]);
    expect(problems('attribute=nope.nothing')).toEqual([
      'attribute: "nope.nothing" is not a facetable attribute of the catalogue',
    ]);
    expect(problems('attribute=struct.title')[0]).toMatch(
      /^attribute: .*not a facetable attribute.*full text/,
    );
    expect(problems('attribute=exptl.method&count=mol_definition')[0]).toMatch(
      /^count: must be one of "entry"/,
    );
    expect(
      problems('attribute=rcsb_polymer_entity.formula_weight&count=assembly&dimension=terms')[0],
    ).toMatch(/^count: must be one of "polymer_entity", "entry", "polymer_instance"/);
    expect(problems('attribute=exptl.method&dimension=bins')[0]).toMatch(
      /^dimension: must be one of "terms"/,
    );
    expect(problems('attribute=exptl.method&top=0')).toEqual([
      'top: must be a whole number from 1 to 100, got 0',
    ]);
    expect(problems('attribute=exptl.method&top=abc')).toEqual(['top: must be a number, got "abc"']);
    expect(problems('attribute=exptl.method&start=1')).toEqual([
      'start: applies to dimension "bins" only, not "terms"',
    ]);
    const bins = 'attribute=rcsb_entry_info.resolution_combined';
    expect(problems(bins)).toEqual([
      "start: is required for numeric bins (the first bin's lower bound)",
      'step: is required for numeric bins (the width of a bin)',
      "end: is required for numeric bins (the last bin's lower bound)",
    ]);
    expect(problems(`${bins}&start=1&step=0&end=4`)).toContain('step: must be > 0, got 0');
    expect(problems(`${bins}&start=4&step=1&end=1`)).toContain('end: must be greater than start (4), got 1');
    expect(problems(`${bins}&start=-1&step=1&end=4`)).toEqual([]);
    expect(problems(`${bins}&start=-1.005&step=1&end=4`)).toContain(
      'start: must be a multiple of 0.01 (bounds are written with two decimals), got -1.005',
    );
    expect(problems(`${bins}&start=0&step=0.001&end=1`)[0]).toMatch(/^step: must be a multiple of 0.01/);
    expect(problems(`${bins}&start=0&step=0.3&end=1`)[0]).toMatch(
      /^end: must be start plus a whole number of steps/,
    );
    expect(problems(`${bins}&start=0&step=0.01&end=10`)[0]).toMatch(/^step: makes 1002 bins .* at most 200/);
    // Bounds past what two decimals write exactly: refused, naming each.
    expect(problems(`${bins}&start=1e20&step=1e19&end=1.5e20`)).toEqual([
      'start: must be between -1000000000000 and 1000000000000, got 100000000000000000000',
      'step: must be between -1000000000000 and 1000000000000, got 10000000000000000000',
      'end: must be between -1000000000000 and 1000000000000, got 150000000000000000000',
    ]);
    expect(problems(`${bins}&start=-1e12&step=1e11&end=0`)).toEqual([]);
    const years = 'attribute=rcsb_accession_info.initial_release_date';
    expect(problems(`${years}&by=struct.title`)).toEqual([
      'by: must be a facetable attribute of the catalogue whose values are matched exactly (a keyword or number), got "struct.title"',
    ]);
    expect(problems(`${years}&by=chem_comp.type`)[0]).toMatch(
      /^by: "chem_comp.type" \(an attribute of mol_definition\) cannot count entry/,
    );
    expect(problems('attribute=exptl.method&by=chem_comp.type')[0]).toMatch(
      /^by: "chem_comp.type" \(an attribute of mol_definition\) cannot count entry/,
    );
    expect(problems('attribute=exptl.method&by=exptl.method')).toEqual([
      'by: must be another attribute than attribute ("exptl.method" is both)',
    ]);
    expect(problems(`${bins}&start=1&step=1&end=4&by=rcsb_accession_info.initial_release_date`)[0]).toMatch(
      /^by: must be a facetable attribute .* got "rcsb_accession_info.initial_release_date"/,
    );
    expect(problems('attribute=exptl.method&stack=grouped')).toEqual([
      'stack: applies only with by (a second attribute to split the bars)',
    ]);
    expect(problems('attribute=exptl.method&by=rcsb_entry_info.polymer_entity_count&stack=side')).toEqual([
      'stack: must be one of "stacked", "grouped", got "side"',
    ]);
    expect(problems(`${years}&by=exptl.method&stack=grouped`)).toEqual([
      'stack: applies to dimensions "terms" and "bins" only, not "years"',
    ]);
  });

  it('writes back what it reads, in one order', () => {
    for (const text of [
      'attribute=exptl.method&count=entry&dimension=terms&top=7',
      'attribute=rcsb_entry_info.resolution_combined&count=polymer_entity&dimension=bins&start=1&step=0.25&end=4.5',
      'attribute=rcsb_accession_info.initial_release_date&count=entry&dimension=years&by=exptl.method',
      'attribute=exptl.method&count=entry&dimension=terms&top=7&by=rcsb_entry_info.polymer_entity_count&stack=grouped',
      'attribute=rcsb_entry_info.resolution_combined&count=entry&dimension=bins&start=1&step=1&end=4&by=exptl.method&stack=stacked',
    ])
      expect(writeExplore(read(text).spec!).toString()).toBe(text);
  });
});

describe('exploreChart', () => {
  it('asks a terms facet of the top values and clicks through to the value, as a number for numbers', () => {
    const chart = exploreChart(
      read('attribute=rcsb_entry_info.polymer_entity_count&dimension=terms&top=5').spec!,
    );
    expect(chart.kind).toBe('distribution');
    expect(chartFacetRequest(chart.query).request_options?.facets).toEqual([
      {
        name: 'Entities',
        aggregation_type: 'terms',
        attribute: 'rcsb_entry_info.polymer_entity_count',
        min_interval_population: 1,
        max_num_intervals: 5,
      },
    ]);
    expect(searchFromDimensions({ x: '2', view: 'cumulative' }, chart.query).query).toEqual({
      type: 'group',
      logical_operator: 'and',
      nodes: [
        {
          type: 'terminal',
          service: 'text',
          parameters: { attribute: 'rcsb_entry_info.polymer_entity_count', operator: 'equals', value: 2 },
        },
      ],
    });
  });

  it('stacks the years of a date by a second attribute', () => {
    const chart = exploreChart(
      read('attribute=rcsb_accession_info.initial_release_date&by=exptl.method').spec!,
    );
    expect(chart.kind).toBe('growth');
    expect(chart.title).toBe('Entries by Release date (Year) and Method');
    const [facet] = chartFacetRequest(chart.query).request_options?.facets ?? [];
    expect(facet).toMatchObject({
      aggregation_type: 'date_histogram',
      facets: [{ aggregation_type: 'terms', attribute: 'exptl.method' }],
    });
  });
});

describe('exploreChart with a second attribute on terms and bins', () => {
  it('asks the second attribute inside each bin and clicks a segment through to bin AND value', () => {
    const spec = read(
      'attribute=rcsb_entry_info.resolution_combined&dimension=bins&start=1&step=1&end=3&by=exptl.method',
    ).spec!;
    expect(spec.stack).toBe('stacked');
    const chart = exploreChart(spec);
    expect(chart.kind).toBe('distribution');
    expect(chart.title).toBe('Entries by Resolution and Method');
    const [facet] = chartFacetRequest(chart.query).request_options?.facets ?? [];
    expect(facet).toMatchObject({
      aggregation_type: 'range',
      facets: [{ name: 'Method', aggregation_type: 'terms', attribute: 'exptl.method' }],
    });
    const nodes = (
      searchFromDimensions({ x: '1-2', series: 'X-RAY', view: 'cumulative' }, chart.query).query as {
        nodes: unknown[];
      }
    ).nodes;
    expect(nodes).toEqual([
      {
        type: 'terminal',
        service: 'text',
        parameters: {
          attribute: 'rcsb_entry_info.resolution_combined',
          operator: 'range',
          value: { from: 1, to: 2, include_lower: true, include_upper: false },
        },
      },
      {
        type: 'terminal',
        service: 'text',
        parameters: { attribute: 'exptl.method', operator: 'exact_match', value: 'X-RAY' },
      },
    ]);
  });

  it('nests the second attribute in each term and reads a segment as a number for numbers', () => {
    const chart = exploreChart(
      read('attribute=exptl.method&top=4&by=rcsb_entry_info.polymer_entity_count&stack=grouped').spec!,
    );
    const [facet] = chartFacetRequest(chart.query).request_options?.facets ?? [];
    expect(facet).toMatchObject({
      aggregation_type: 'terms',
      max_num_intervals: 4,
      facets: [{ aggregation_type: 'terms', attribute: 'rcsb_entry_info.polymer_entity_count' }],
    });
    const click = searchFromDimensions({ x: 'NMR', series: '2', view: 'cumulative' }, chart.query);
    expect((click.query as { nodes: unknown[] }).nodes.at(-1)).toEqual({
      type: 'terminal',
      service: 'text',
      parameters: { attribute: 'rcsb_entry_info.polymer_entity_count', operator: 'equals', value: 2 },
    });
  });
});

describe('defaultBins', () => {
  it('cuts the known values into about 20 round steps', () => {
    expect(defaultBins(0.5, 9.8)).toEqual({ start: 0.5, step: 0.5, end: 10 });
    expect(defaultBins(0, 250000)).toEqual({ start: 0, step: 20000, end: 260000 });
    expect(defaultBins()).toEqual({ start: 0, step: 10, end: 100 });
    // Signed values: from below the least one.
    expect(defaultBins(-3.2, 4.5)).toEqual({ start: -3.5, step: 0.5, end: 4.5 });
  });
});
