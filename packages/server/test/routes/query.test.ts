import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETURN_TYPES, type ReturnType } from '@pdb-stats/search-model';
import {
  count,
  intersect,
  LevelMap,
  list,
  search,
  startArchiveFixture,
  termsBuckets,
  type ArchiveFixture,
  type Row,
} from '../support/archive-fixture.ts';

/**
 * The search service over HTTP, on a small generated archive. Every expected number is computed
 * here from the generated documents in plain TypeScript, never through the engine.
 */

let fixture: ArchiveFixture;
let levels: LevelMap;

beforeAll(async () => {
  fixture = await startArchiveFixture();
  levels = new LevelMap(fixture.docs);
});
afterAll(() => fixture?.close());

const text = (attribute: string, operator: string, value?: unknown, extra: object = {}) => ({
  type: 'terminal',
  service: 'text',
  parameters: { attribute, operator, ...(value !== undefined && { value }), ...extra },
});
const and = (...nodes: object[]) => ({ type: 'group', logical_operator: 'and', nodes });
const or = (...nodes: object[]) => ({ type: 'group', logical_operator: 'or', nodes });
const query = (node: object, return_type: ReturnType = 'entry', request_options: object = {}) => ({
  query: node,
  return_type,
  request_options,
});
const entries = () => levels.rows('entry');
const numbers = (row: Row, column: string) => list<number>(row[column]);
const time = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** Count of entries satisfying a test on the entry row. */
const entryCount = (test: (row: Row) => boolean) => entries().filter(test).length;

describe('operators on every type', () => {
  it('exact_match is case-insensitive unless case_sensitive', async () => {
    const expected = entryCount((e) => e['rcsb_entry_info.experimental_method'] === 'X-ray');
    expect(expected).toBeGreaterThan(0);
    const app = fixture.app;
    expect(await count(app, query(text('rcsb_entry_info.experimental_method', 'exact_match', 'X-ray')))).toBe(
      expected,
    );
    expect(await count(app, query(text('rcsb_entry_info.experimental_method', 'exact_match', 'x-RAY')))).toBe(
      expected,
    );
    const sensitive = text('rcsb_entry_info.experimental_method', 'exact_match', 'x-ray', {
      case_sensitive: true,
    });
    expect(await search(app, query(sensitive))).toBeNull();
  });

  it('in matches any listed value, case-sensitively', async () => {
    const expected = entryCount((e) =>
      ['EM', 'NMR'].includes(e['rcsb_entry_info.experimental_method'] as string),
    );
    expect(
      await count(fixture.app, query(text('rcsb_entry_info.experimental_method', 'in', ['EM', 'NMR']))),
    ).toBe(expected);
    expect(await count(fixture.app, query(text('rcsb_entry_info.experimental_method', 'in', ['em'])))).toBe(
      0,
    );
  });

  it('in on a list attribute matches when any element is listed', async () => {
    const wanted = ['SOLUTION NMR', 'ELECTRON MICROSCOPY'];
    const expected = entryCount((e) => list<string>(e['exptl.method']).some((m) => wanted.includes(m)));
    expect(await count(fixture.app, query(text('exptl.method', 'in', wanted)))).toBe(expected);
  });

  it('contains_words ORs the words, contains_phrase needs them in order', async () => {
    const tokens = (s: unknown) =>
      String(s ?? '')
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean);
    const title = tokens(entries()[0]!['struct.title']);
    expect(title.length).toBeGreaterThan(1);
    const [w1, w2] = [title[0]!, title[1]!];
    const anyWord = entryCount((e) => tokens(e['struct.title']).some((t) => t === w1 || t === 'zzzunseen'));
    expect(
      await count(
        fixture.app,
        query(text('struct.title', 'contains_words', `${w1.toUpperCase()} zzzunseen`)),
      ),
    ).toBe(anyWord);
    const phrase = entryCount((e) => ` ${tokens(e['struct.title']).join(' ')} `.includes(` ${w1} ${w2} `));
    expect(phrase).toBeGreaterThan(0);
    expect(await count(fixture.app, query(text('struct.title', 'contains_phrase', `${w1}, ${w2}`)))).toBe(
      phrase,
    );
  });

  it('comparisons on a number, an integer, a date and a list of numbers', async () => {
    const app = fixture.app;
    const weight = (e: Row) => e['rcsb_entry_info.molecular_weight'] as number | null;
    const atoms = (e: Row) => e['rcsb_entry_info.deposited_atom_count'] as number | null;
    const released = (e: Row) => time(e['rcsb_accession_info.initial_release_date'] as string);
    const w = weight(entries()[3]!)!;
    expect(await count(app, query(text('rcsb_entry_info.molecular_weight', 'equals', w)))).toBe(
      entryCount((e) => weight(e) === w),
    );
    expect(await count(app, query(text('rcsb_entry_info.molecular_weight', 'greater', 100)))).toBe(
      entryCount((e) => (weight(e) ?? -Infinity) > 100),
    );
    expect(await count(app, query(text('rcsb_entry_info.deposited_atom_count', 'less_or_equal', 5000)))).toBe(
      entryCount((e) => atoms(e) !== null && atoms(e)! <= 5000),
    );
    expect(await count(app, query(text('rcsb_entry_info.deposited_atom_count', 'less', 5000)))).toBe(
      entryCount((e) => atoms(e) !== null && atoms(e)! < 5000),
    );
    expect(
      await count(
        app,
        query(text('rcsb_accession_info.initial_release_date', 'greater_or_equal', '2015-01-01')),
      ),
    ).toBe(entryCount((e) => released(e) >= time('2015-01-01')));
    expect(
      await count(
        app,
        query(text('rcsb_accession_info.initial_release_date', 'less', '2015-01-01T00:00:00Z')),
      ),
    ).toBe(entryCount((e) => released(e) < time('2015-01-01')));
    expect(await count(app, query(text('rcsb_entry_info.resolution_combined', 'less', 2)))).toBe(
      entryCount((e) => numbers(e, 'rcsb_entry_info.resolution_combined').some((r) => r < 2)),
    );
  });

  it('range bounds are exclusive by default and inclusive on request', async () => {
    const app = fixture.app;
    const released = (e: Row) => time(e['rcsb_accession_info.initial_release_date'] as string);
    const r = (e: Row) => numbers(e, 'rcsb_entry_info.resolution_combined');
    expect(
      await count(app, query(text('rcsb_entry_info.resolution_combined', 'range', { from: 1.5, to: 2.5 }))),
    ).toBe(entryCount((e) => r(e).some((x) => x > 1.5 && x < 2.5)));
    const inclusive = { from: '2010-01-01', to: '2010-12-31', include_lower: true, include_upper: true };
    expect(
      await count(app, query(text('rcsb_accession_info.initial_release_date', 'range', inclusive))),
    ).toBe(entryCount((e) => released(e) >= time('2010-01-01') && released(e) <= time('2010-12-31')));
    expect(await count(app, query(text('rcsb_entry_info.resolution_combined', 'range', { to: 1.2 })))).toBe(
      entryCount((e) => r(e).some((x) => x < 1.2)),
    );
  });

  it('date math resolves against its anchor', async () => {
    const released = (e: Row) => time(e['rcsb_accession_info.initial_release_date'] as string);
    expect(
      await count(
        fixture.app,
        query(text('rcsb_accession_info.initial_release_date', 'less', '2020-06-01||-12M')),
      ),
    ).toBe(entryCount((e) => released(e) < time('2019-06-01')));
  });

  it('exists, and negation: missing values included, any matching element excludes', async () => {
    const app = fixture.app;
    const rfree = (e: Row) => numbers(e, 'refine.ls_R_factor_R_free');
    const withRfree = entryCount((e) => rfree(e).length > 0);
    expect(withRfree).toBeGreaterThan(0);
    expect(withRfree).toBeLessThan(entries().length);
    expect(await count(app, query(text('refine.ls_R_factor_R_free', 'exists')))).toBe(withRfree);
    expect(
      await count(app, query(text('refine.ls_R_factor_R_free', 'exists', undefined, { negation: true }))),
    ).toBe(entries().length - withRfree);
    const notXray = text('exptl.method', 'exact_match', 'X-RAY DIFFRACTION', { negation: true });
    expect(await count(app, query(notXray))).toBe(
      entryCount((e) => !list<string>(e['exptl.method']).includes('X-RAY DIFFRACTION')),
    );
    const notSmall = text('rcsb_entry_info.resolution_combined', 'less', 2, { negation: true });
    expect(await count(app, query(notSmall))).toBe(
      entryCount((e) => !numbers(e, 'rcsb_entry_info.resolution_combined').some((x) => x < 2)),
    );
  });

  it('and, or and nested groups combine sets', async () => {
    const app = fixture.app;
    const method = (e: Row) => e['rcsb_entry_info.experimental_method'];
    const r = (e: Row) => numbers(e, 'rcsb_entry_info.resolution_combined');
    const request = and(
      or(
        text('rcsb_entry_info.experimental_method', 'exact_match', 'EM'),
        text('rcsb_entry_info.resolution_combined', 'less', 1.5),
      ),
      text('rcsb_accession_info.initial_release_date', 'greater', '2018-01-01'),
    );
    expect(await count(app, query(request))).toBe(
      entryCount(
        (e) =>
          (method(e) === 'EM' || r(e).some((x) => x < 1.5)) &&
          time(e['rcsb_accession_info.initial_release_date'] as string) > time('2018-01-01'),
      ),
    );
  });
});

describe('nested records', () => {
  const affinity = (e: Row) => list<Row>(e['rcsb_binding_affinity']);

  it('terminals on one nested path alone in a group hold on the same record', async () => {
    const kd = text('rcsb_binding_affinity.type', 'exact_match', 'Kd');
    const strong = text('rcsb_binding_affinity.value', 'less', 100);
    const same = entryCount((e) => affinity(e).some((a) => a.type === 'Kd' && (a.value as number) < 100));
    const independent = entryCount(
      (e) => affinity(e).some((a) => a.type === 'Kd') && affinity(e).some((a) => (a.value as number) < 100),
    );
    expect(same).toBeGreaterThan(0);
    expect(await count(fixture.app, query(and(kd, strong)))).toBe(same);
    expect(await count(fixture.app, query(and(and(kd), and(strong))))).toBe(independent);
  });

  it('next to a condition on another path, they are matched independently', async () => {
    const kd = text('rcsb_binding_affinity.type', 'exact_match', 'Kd');
    const strong = text('rcsb_binding_affinity.value', 'less', 100);
    const released = text('rcsb_accession_info.initial_release_date', 'greater', '1970-01-01');
    const independent = entryCount(
      (e) => affinity(e).some((a) => a.type === 'Kd') && affinity(e).some((a) => (a.value as number) < 100),
    );
    expect(await count(fixture.app, query(and(kd, strong, released)))).toBe(independent);
    const same = entryCount((e) => affinity(e).some((a) => a.type === 'Kd' && (a.value as number) < 100));
    expect(await count(fixture.app, query(and(and(kd, strong), released)))).toBe(same);
  });

  it('a lineage inside an annotation is scoped by the outer annotation', async () => {
    const scop = text('rcsb_polymer_instance_annotation.type', 'exact_match', 'SCOP');
    const instances = levels.rows('polymer_instance');
    const name = list<Row>(
      instances
        .flatMap((i) => list<Row>(i['rcsb_polymer_instance_annotation']))
        .find((a) => a.type === 'SCOP')?.annotation_lineage,
    )[0]?.name as string;
    expect(name).toBeTruthy();
    const lineage = text('rcsb_polymer_instance_annotation.annotation_lineage.name', 'exact_match', name);
    const keys = levels.where('polymer_instance', (i) =>
      list<Row>(i['rcsb_polymer_instance_annotation']).some(
        (a) => a.type === 'SCOP' && list<Row>(a.annotation_lineage).some((l) => l.name === name),
      ),
    );
    expect(await count(fixture.app, query(and(scop, lineage), 'polymer_instance'))).toBe(keys.size);
    expect(await count(fixture.app, query(and(scop, lineage), 'entry'))).toBe(
      levels.map('polymer_instance', keys, 'entry').size,
    );
  });
});

describe('level mapping for every return type', () => {
  const human = text('rcsb_entity_source_organism.ncbi_scientific_name', 'exact_match', 'Homo sapiens');
  const humanEntities = () =>
    levels.where('polymer_entity', (p) =>
      list<string>(p['rcsb_entity_source_organism.ncbi_scientific_name']).includes('Homo sapiens'),
    );

  it.each(RETURN_TYPES.filter((t) => t !== 'mol_definition'))(
    'entity condition, return type %s',
    async (returnType) => {
      const expected = levels.map('polymer_entity', humanEntities(), returnType).size;
      expect(expected).toBeGreaterThan(0);
      expect(await count(fixture.app, query(human, returnType))).toBe(expected);
    },
  );

  it.each(RETURN_TYPES)('entry condition, return type %s', async (returnType) => {
    const em = levels.where('entry', (e) => e['rcsb_entry_info.experimental_method'] === 'EM');
    expect(
      await count(
        fixture.app,
        query(text('rcsb_entry_info.experimental_method', 'exact_match', 'EM'), returnType),
      ),
    ).toBe(levels.map('entry', em, returnType).size);
  });

  it('two entity conditions with return type entry may hold on different entities', async () => {
    const ecoli = text('rcsb_entity_source_organism.ncbi_scientific_name', 'exact_match', 'Escherichia coli');
    const e1 = levels.map('polymer_entity', humanEntities(), 'entry');
    const ecoliEntities = levels.where('polymer_entity', (p) =>
      list<string>(p['rcsb_entity_source_organism.ncbi_scientific_name']).includes('Escherichia coli'),
    );
    expect(await count(fixture.app, query(and(human, ecoli)))).toBe(
      intersect(e1, levels.map('polymer_entity', ecoliEntities, 'entry')).size,
    );
    expect(await count(fixture.app, query(and(human, ecoli), 'polymer_entity'))).toBe(
      intersect(humanEntities(), ecoliEntities).size,
    );
  });

  it('assembly conditions select single assemblies; instance conditions map up', async () => {
    const cyclic = levels.where('assembly', (a) =>
      list<Row>(a['rcsb_struct_symmetry']).some((s) => s.type === 'Cyclic'),
    );
    expect(
      await count(fixture.app, query(text('rcsb_struct_symmetry.type', 'exact_match', 'Cyclic'), 'assembly')),
    ).toBe(cyclic.size);
    expect(
      await count(fixture.app, query(text('rcsb_struct_symmetry.type', 'exact_match', 'Cyclic'), 'entry')),
    ).toBe(levels.map('assembly', cyclic, 'entry').size);
  });

  it('text_chem conditions find components and the entries that contain them', async () => {
    const heavy = levels.where('mol_definition', (c) => (c['chem_comp.formula_weight'] as number) >= 500);
    const node = {
      type: 'terminal',
      service: 'text_chem',
      parameters: { attribute: 'chem_comp.formula_weight', operator: 'greater_or_equal', value: 500 },
    };
    expect(await count(fixture.app, query(node, 'mol_definition'))).toBe(heavy.size);
    expect(await count(fixture.app, query(node, 'entry'))).toBe(
      levels.map('mol_definition', heavy, 'entry').size,
    );
  });

  it('without a query, every object of the return type', async () => {
    for (const returnType of RETURN_TYPES) {
      expect(
        await count(fixture.app, { return_type: returnType, request_options: { paginate: { rows: 0 } } }),
      ).toBe(levels.rows(returnType).length);
    }
  });
});

describe('facets', () => {
  const facetsOf = async (returnType: ReturnType, facets: object[], q?: object) =>
    (await search(fixture.app, {
      ...(q && { query: q }),
      return_type: returnType,
      request_options: { paginate: { start: 0, rows: 0 }, facets },
    }))!.facets as any[];

  it('terms: population desc, label asc; distinct return-type objects per bucket', async () => {
    const [methods] = await facetsOf('entry', [
      { name: 'M', aggregation_type: 'terms', attribute: 'rcsb_entry_info.experimental_method' },
    ]);
    expect(methods.name).toBe('M');
    expect(methods.buckets).toEqual(
      termsBuckets(entries().map((e) => [e._key as number, [e['rcsb_entry_info.experimental_method']]])),
    );
    const [organisms] = await facetsOf('entry', [
      {
        name: 'O',
        aggregation_type: 'terms',
        attribute: 'rcsb_entity_source_organism.ncbi_parent_scientific_name',
        max_num_intervals: 3,
      },
    ]);
    const expected = termsBuckets(
      levels
        .rows('polymer_entity')
        .map((p) => [
          p._entry_key as number,
          list(p['rcsb_entity_source_organism.ncbi_parent_scientific_name']),
        ]),
    );
    expect(organisms.buckets).toEqual(expected.slice(0, 3));
  });

  it('terms on an integer attribute labels numbers as strings', async () => {
    const [depth] = await facetsOf('polymer_entity', [
      { name: 'D', aggregation_type: 'terms', attribute: 'rcsb_polymer_entity.rcsb_ec_lineage.depth' },
    ]);
    const expected = termsBuckets(
      levels
        .rows('polymer_entity')
        .map((p) => [
          p._key as number,
          list<Row>(p['rcsb_polymer_entity.rcsb_ec_lineage']).map((l) => l.depth),
        ]),
    );
    expect(depth.buckets).toEqual(expected);
    expect(depth.buckets[0].label).toMatch(/^\d$/);
  });

  it('range: request order, "*" for open ends, Java double labels, empty ranges kept', async () => {
    const ranges = [
      { to: 1.5 },
      { from: 1.5, to: 2 },
      { from: 2, to: 2.2 },
      { from: 40 },
      { from: 1000, to: 2000 },
    ];
    const [facet] = await facetsOf('entry', [
      { name: 'R', aggregation_type: 'range', attribute: 'rcsb_entry_info.resolution_combined', ranges },
    ]);
    expect(facet.buckets.map((b: any) => b.label)).toEqual([
      '*-1.5',
      '1.5-2.0',
      '2.0-2.2',
      '40.0-*',
      '1000.0-2000.0',
    ]);
    const inRange = (from: number | undefined, to: number | undefined) =>
      entryCount((e) =>
        numbers(e, 'rcsb_entry_info.resolution_combined').some(
          (r) => (from === undefined || r >= from) && (to === undefined || r < to),
        ),
      );
    expect(facet.buckets.map((b: any) => b.population)).toEqual(
      ranges.map((r: any) => inRange(r.from, r.to)),
    );
  });

  it('histogram: lower bounds as doubles, ascending, empty buckets left out', async () => {
    const [facet] = await facetsOf('entry', [
      {
        name: 'H',
        aggregation_type: 'histogram',
        attribute: 'rcsb_entry_info.molecular_weight',
        interval: 50,
      },
    ]);
    const byBin = new Map<number, number>();
    for (const e of entries()) {
      const w = e['rcsb_entry_info.molecular_weight'] as number | null;
      if (w === null || w === undefined) continue;
      const bin = Math.floor(w / 50) * 50;
      byBin.set(bin, (byBin.get(bin) ?? 0) + 1);
    }
    const expected = [...byBin]
      .sort((a, b) => a[0] - b[0])
      .map(([bin, population]) => ({ label: `${bin}.0`, population }));
    expect(facet.buckets).toEqual(expected);
  });

  it('date_histogram by year with a terms sub-facet in each bucket', async () => {
    const [facet] = await facetsOf('entry', [
      {
        name: 'Release Date',
        aggregation_type: 'date_histogram',
        attribute: 'rcsb_accession_info.initial_release_date',
        interval: 'year',
        facets: [
          { name: 'Method', aggregation_type: 'terms', attribute: 'rcsb_entry_info.experimental_method' },
        ],
      },
    ]);
    const byYear = new Map<string, Row[]>();
    for (const e of entries()) {
      const year = (e['rcsb_accession_info.initial_release_date'] as string).slice(0, 4);
      byYear.set(year, [...(byYear.get(year) ?? []), e]);
    }
    const years = [...byYear.keys()].sort();
    expect(facet.buckets.map((b: any) => b.label)).toEqual(years);
    for (const bucket of facet.buckets) {
      const rows = byYear.get(bucket.label)!;
      expect(bucket.population).toBe(rows.length);
      expect(bucket.facets).toEqual([
        {
          name: 'Method',
          buckets: termsBuckets(
            rows.map((e) => [e._key as number, [e['rcsb_entry_info.experimental_method']]]),
          ),
        },
      ]);
    }
  });

  it('date_histogram with min_interval_population 0 fills the years between', async () => {
    const early = and(text('rcsb_accession_info.initial_release_date', 'less', '1995-01-01'));
    const [facet] = await facetsOf(
      'entry',
      [
        {
          name: 'Y',
          aggregation_type: 'date_histogram',
          attribute: 'rcsb_accession_info.initial_release_date',
          interval: 'year',
          min_interval_population: 0,
        },
      ],
      early,
    );
    const years = entries()
      .map((e) => Number((e['rcsb_accession_info.initial_release_date'] as string).slice(0, 4)))
      .filter((y) => y < 1995);
    const [first, last] = [Math.min(...years), Math.max(...years)];
    expect(facet.buckets.map((b: any) => b.label)).toEqual(
      Array.from({ length: last - first + 1 }, (_, i) => String(first + i)),
    );
    expect(facet.buckets.reduce((sum: number, b: any) => sum + b.population, 0)).toBe(years.length);
  });

  it('date_range: ISO labels with milliseconds, date math resolved, request order', async () => {
    const ranges = [
      { to: '2020-06-01||-12M' },
      { from: '2020-06-01', to: '2020-06-01||+12M' },
      { from: '2021-06-01' },
    ];
    const [facet] = await facetsOf('entry', [
      {
        name: 'D',
        aggregation_type: 'date_range',
        attribute: 'rcsb_accession_info.initial_release_date',
        ranges,
      },
    ]);
    expect(facet.buckets.map((b: any) => b.label)).toEqual([
      '*-2019-06-01T00:00:00.000Z',
      '2020-06-01T00:00:00.000Z-2021-06-01T00:00:00.000Z',
      '2021-06-01T00:00:00.000Z-*',
    ]);
    const released = (e: Row) => time(e['rcsb_accession_info.initial_release_date'] as string);
    expect(facet.buckets.map((b: any) => b.population)).toEqual([
      entryCount((e) => released(e) < time('2019-06-01')),
      entryCount((e) => released(e) >= time('2020-06-01') && released(e) < time('2021-06-01')),
      entryCount((e) => released(e) >= time('2021-06-01')),
    ]);
  });

  it('filter facets are transparent and apply per nested record', async () => {
    const facets = await facetsOf('assembly', [
      {
        filter: text('rcsb_struct_symmetry.kind', 'exact_match', 'Global Symmetry'),
        facets: [
          { name: 'Symmetry Type', aggregation_type: 'terms', attribute: 'rcsb_struct_symmetry.type' },
        ],
      },
    ]);
    expect(facets.map((f: any) => f.name)).toEqual(['Symmetry Type']);
    const expected = termsBuckets(
      levels.rows('assembly').map((a) => [
        a._key as number,
        list<Row>(a['rcsb_struct_symmetry'])
          .filter((s) => s.kind === 'Global Symmetry')
          .map((s) => s.type),
      ]),
    );
    expect(facets[0].buckets).toEqual(expected);
  });

  it('nested filter facets: SCOP annotations, then lineage depth 1, then names', async () => {
    const [facet] = await facetsOf('entry', [
      {
        filter: text('rcsb_polymer_instance_annotation.type', 'exact_match', 'SCOP'),
        facets: [
          {
            filter: text('rcsb_polymer_instance_annotation.annotation_lineage.depth', 'equals', 1),
            facets: [
              {
                name: 'SCOP',
                aggregation_type: 'terms',
                attribute: 'rcsb_polymer_instance_annotation.annotation_lineage.name',
              },
            ],
          },
        ],
      },
    ]);
    const expected = termsBuckets(
      levels.rows('polymer_instance').map((i) => [
        i._entry_key as number,
        list<Row>(i['rcsb_polymer_instance_annotation'])
          .filter((a) => a.type === 'SCOP')
          .flatMap((a) =>
            list<Row>(a.annotation_lineage)
              .filter((l) => l.depth === 1)
              .map((l) => l.name),
          ),
      ]),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(facet.buckets).toEqual(expected);
  });

  it('cardinality under a per-record filter counts only UniProt group ids', async () => {
    const facets = await facetsOf('entry', [
      {
        filter: text(
          'rcsb_polymer_entity_group_membership.aggregation_method',
          'exact_match',
          'matching_uniprot_accession',
        ),
        facets: [
          {
            name: 'Unique UniProtKB Entries',
            aggregation_type: 'cardinality',
            attribute: 'rcsb_polymer_entity_group_membership.group_id',
          },
        ],
      },
    ]);
    const ids = new Set(
      levels
        .rows('polymer_entity')
        .flatMap((p) => list<Row>(p['rcsb_polymer_entity_group_membership']))
        .filter((g) => g.aggregation_method === 'matching_uniprot_accession')
        .map((g) => g.group_id),
    );
    expect(facets).toEqual([{ name: 'Unique UniProtKB Entries', value: ids.size }]);
  });
});

describe('results, paging and empty answers', () => {
  it('returns identifiers sorted by identifier by default, paged', async () => {
    const ids = entries()
      .map((e) => e.rcsb_id as string)
      .sort();
    const page = await search(fixture.app, {
      return_type: 'entry',
      request_options: { paginate: { start: 5, rows: 3 } },
    });
    expect(page!.total_count).toBe(ids.length);
    expect(page!.result_set).toEqual(ids.slice(5, 8).map((identifier) => ({ identifier, score: 1 })));
    const compact = await search(fixture.app, {
      return_type: 'entry',
      request_options: { results_verbosity: 'compact' },
    });
    expect(compact!.result_set).toEqual(ids.slice(0, 10));
  });

  it('sorts by an attribute', async () => {
    const sorted = entries()
      .filter((e) => e['rcsb_entry_info.molecular_weight'] !== null)
      .sort(
        (a, b) =>
          (b['rcsb_entry_info.molecular_weight'] as number) -
          (a['rcsb_entry_info.molecular_weight'] as number),
      );
    const page = await search(fixture.app, {
      return_type: 'entry',
      request_options: {
        sort: [{ sort_by: 'rcsb_entry_info.molecular_weight', direction: 'desc' }],
        paginate: { start: 0, rows: 2 },
        results_verbosity: 'compact',
      },
    });
    expect(page!.result_set).toEqual(sorted.slice(0, 2).map((e) => e.rcsb_id));
  });

  it('echoes request_info.query_id and answers counts only', async () => {
    const response = await search(fixture.app, {
      return_type: 'entry',
      request_info: { query_id: 'abc123', src: 'ui' },
      request_options: { return_counts: true },
    });
    expect(response).toEqual({ query_id: 'abc123', result_type: 'entry', total_count: entries().length });
  });

  it('204 with no body when nothing matches, or when the page lies beyond the last hit', async () => {
    const none = await fixture.app.inject({
      method: 'POST',
      url: '/rcsbsearch/v2/query',
      payload: query(text('rcsb_entry_info.experimental_method', 'exact_match', 'cryo-EM')),
    });
    expect(none.statusCode).toBe(204);
    expect(none.body).toBe('');
    expect(
      await search(fixture.app, {
        return_type: 'entry',
        request_options: { paginate: { start: entries().length, rows: 10 } },
      }),
    ).toBeNull();
  });

  it('return_all_hits returns every identifier', async () => {
    const all = await search(fixture.app, {
      return_type: 'assembly',
      request_options: { return_all_hits: true, results_verbosity: 'compact' },
    });
    expect(all!.result_set).toHaveLength(levels.rows('assembly').length);
  });
});

describe('answer cache', () => {
  it('answers a repeated request from the cache, with an ETag and 304 on revalidation', async () => {
    const request = {
      return_type: 'entry',
      request_options: {
        paginate: { rows: 0 },
        facets: [{ name: 'M', aggregation_type: 'terms', attribute: 'rcsb_entry_info.experimental_method' }],
      },
    };
    const cache = fixture.app.searchService.cache;
    const first = await fixture.app.inject({ method: 'POST', url: '/rcsbsearch/v2/query', payload: request });
    const hits = cache.hits;
    const reordered = {
      request_options: { facets: request.request_options.facets, paginate: { rows: 0 } },
      return_type: 'entry',
    };
    const second = await fixture.app.inject({
      method: 'POST',
      url: '/rcsbsearch/v2/query',
      payload: reordered,
    });
    expect(cache.hits).toBe(hits + 1);
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(first.headers['cache-control']).toContain('max-age');
    const revalidated = await fixture.app.inject({
      method: 'GET',
      url: `/rcsbsearch/v2/query?json=${encodeURIComponent(JSON.stringify(request))}`,
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(revalidated.statusCode).toBe(304);
  });
});

describe('group_by', () => {
  /** Groups of polymer entities from their membership records, computed from the documents. */
  function expectedGroups(method: string, cutoff?: number) {
    const groups = new Map<string, Row[]>();
    for (const entity of levels.rows('polymer_entity')) {
      for (const m of list<Row>(entity['rcsb_polymer_entity_group_membership'])) {
        if (m.aggregation_method !== method || (cutoff !== undefined && m.similarity_cutoff !== cutoff))
          continue;
        const id = m.group_id as string;
        groups.set(id, [...(groups.get(id) ?? []), entity]);
      }
    }
    return [...groups]
      .map(([id, members]) => ({ id, members }))
      .sort((a, b) => b.members.length - a.members.length || (a.id < b.id ? -1 : 1));
  }
  const resolution = (entity: Row) => {
    const entry = levels.rows('entry')[entity._entry_key as number]!;
    const values = numbers(entry, 'rcsb_entry_info.resolution_combined');
    return values.length ? Math.min(...values) : Infinity;
  };

  it('groups by UniProt accession, members ranked by resolution', async () => {
    const groups = expectedGroups('matching_uniprot_accession');
    const response = await search(fixture.app, {
      return_type: 'polymer_entity',
      request_options: {
        group_by: {
          aggregation_method: 'matching_uniprot_accession',
          ranking_criteria_type: { sort_by: 'rcsb_entry_info.resolution_combined', direction: 'asc' },
        },
        group_by_return_type: 'groups',
        paginate: { start: 0, rows: 3 },
      },
    });
    const grouped = new Set(groups.flatMap((g) => g.members.map((m) => m._key)));
    expect(response!.total_count).toBe(groups.length);
    expect(response!.group_by_count).toBe(grouped.size);
    // Left out when every hit is in a group (the schema's counts start at 1).
    expect(response!.ungrouped_count ?? 0).toBe(levels.rows('polymer_entity').length - grouped.size);
    expect(response!.group_set.map((g: any) => [g.identifier, g.count])).toEqual(
      groups.slice(0, 3).map((g) => [g.id, g.members.length]),
    );
    for (const [i, group] of response!.group_set.entries()) {
      const best = Math.min(...groups[i]!.members.map(resolution));
      const representative = levels
        .rows('polymer_entity')
        .find((p) => p.rcsb_id === group.representative.identifier)!;
      expect(resolution(representative)).toBe(best);
      expect(group.result_set.map((r: any) => r.identifier).sort()).toEqual(
        groups[i]!.members.map((m) => m.rcsb_id).sort(),
      );
    }
  });

  it('groups by sequence identity cluster at a cutoff, returning representatives', async () => {
    const groups = expectedGroups('sequence_identity', 95);
    const response = await search(fixture.app, {
      return_type: 'polymer_entity',
      request_options: {
        group_by: { aggregation_method: 'sequence_identity', similarity_cutoff: 95 },
        paginate: { start: 2, rows: 4 },
      },
    });
    expect(response!.total_count).toBe(groups.length);
    expect(response!.result_set).toHaveLength(4);
    for (const [i, item] of response!.result_set.entries()) {
      expect(groups[i + 2]!.members.map((m) => m.rcsb_id)).toContain(item.identifier);
    }
  });

  it('counts groups with return_counts, and groups hits of a query only', async () => {
    const released = levels.where(
      'entry',
      (e) => time(e['rcsb_accession_info.initial_release_date'] as string) <= time('2005-12-31'),
    );
    const groups = new Set(
      levels
        .rows('polymer_entity')
        .filter((p) => released.has(p._entry_key as number))
        .flatMap((p) => list<Row>(p['rcsb_polymer_entity_group_membership']))
        .filter((m) => m.aggregation_method === 'matching_uniprot_accession')
        .map((m) => m.group_id),
    );
    const response = await search(fixture.app, {
      query: text('rcsb_accession_info.initial_release_date', 'less_or_equal', '2005-12-31'),
      return_type: 'polymer_entity',
      request_options: {
        group_by: { aggregation_method: 'matching_uniprot_accession' },
        return_counts: true,
      },
    });
    expect(response!.total_count).toBe(groups.size);
  });
});
