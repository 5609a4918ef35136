import { describe, expect, it } from 'vitest';
import type { PlannedRequest } from '@pdb-stats/search-model';
import { planSearch } from '../search-plan.ts';
import { and, facets, or, plan, text } from '../testing/requests.ts';
import type { BucketProgram } from '../program.ts';
import type { CompiledQuery } from './compiled-query.ts';
import { ClickHouseCompiler } from './clickhouse-compiler.ts';
import { DuckDbCompiler } from './duckdb-compiler.ts';
import { SqlCompiler } from './sql-compiler.ts';

/**
 * The compiled SQL of representative requests, for the default (standard SQL, relations inlined)
 * compiler and the DuckDB dialect side by side. Derived tables are shown with their own SQL and
 * named by order of appearance.
 */
const FACTS = { methodologies: ['experimental', 'integrative'] };
const DIALECTS = { standard: new SqlCompiler(), duckdb: new DuckDbCompiler() };

function show(query: CompiledQuery | undefined) {
  if (!query) return undefined;
  let sql = query.sql;
  const derived = (query.derived ?? []).map((table, i) => {
    sql = sql.replaceAll(`"${table.name}"`, `<derived ${i + 1}>`);
    return { sql: table.query.sql, parameters: table.query.parameters };
  });
  return { sql, parameters: query.parameters, ...(derived.length > 0 && { derived }) };
}
const program = (request: PlannedRequest, dialect: keyof typeof DIALECTS) =>
  DIALECTS[dialect].compile(planSearch(request, FACTS));
const count = (request: PlannedRequest, dialect: keyof typeof DIALECTS) =>
  show(program(request, dialect).count);
/** Statements of the facets, depth first. */
function facetStatements(request: PlannedRequest, dialect: keyof typeof DIALECTS) {
  const out: unknown[] = [];
  const walk = (list: readonly BucketProgram['children'][number][]) =>
    list.forEach((f) => {
      out.push(show(f.query));
      if (f.kind === 'buckets') walk(f.children);
    });
  walk(program(request, dialect).facets);
  return out;
}

describe('queries', () => {
  it('a condition at the return level, with a page', () => {
    const request = plan({
      return_type: 'entry',
      query: text('rcsb_entry_info.experimental_method', 'exact_match', 'X-ray'),
      request_options: { paginate: { start: 10, rows: 5 } },
    });
    expect(count(request, 'standard')).toMatchInlineSnapshot(`
      {
        "parameters": [
          "X-ray",
        ],
        "sql": "SELECT count(*) AS total FROM "entry" t WHERE lower(t."rcsb_entry_info.experimental_method") = lower($1)",
      }
    `);
    expect(show(program(request, 'duckdb').page)).toMatchInlineSnapshot(`
      {
        "derived": [
          {
            "parameters": [
              "X-ray",
            ],
            "sql": "SELECT t."_key" AS k FROM "entry" t WHERE lower(t."rcsb_entry_info.experimental_method") = lower($1)",
          },
        ],
        "parameters": [
          5,
          10,
        ],
        "sql": "SELECT t."rcsb_id" AS identifier FROM "entry" t JOIN <derived 1> h ON h.k = t."_key" ORDER BY t."rcsb_id" ASC LIMIT CAST($1 AS BIGINT) OFFSET CAST($2 AS BIGINT)",
      }
    `);
  });

  it('an entity condition for entries: a semi-join, materialized by DuckDB', () => {
    const request = plan({
      return_type: 'entry',
      query: text('rcsb_entity_source_organism.ncbi_scientific_name', 'exact_match', 'Homo sapiens'),
    });
    expect(count(request, 'standard')).toMatchInlineSnapshot(`
      {
        "parameters": [
          "Homo sapiens",
        ],
        "sql": "SELECT count(*) AS total FROM "entry" t WHERE t."_key" IN (SELECT k1.k FROM (SELECT DISTINCT m2."_entry_key" AS k FROM "polymer_entity" m2 WHERE EXISTS (SELECT 1 FROM UNNEST(m2."rcsb_entity_source_organism.ncbi_scientific_name") AS _(x3) WHERE lower(x3) = lower($1))) k1)",
      }
    `);
    expect(count(request, 'duckdb')).toMatchInlineSnapshot(`
      {
        "derived": [
          {
            "parameters": [
              "Homo sapiens",
            ],
            "sql": "SELECT DISTINCT m1."_entry_key" AS k FROM "polymer_entity" m1 WHERE len(list_filter(m1."rcsb_entity_source_organism.ncbi_scientific_name", lambda x2: lower(x2) = lower($1))) > 0",
          },
        ],
        "parameters": [],
        "sql": "SELECT count(*) AS total FROM <derived 1> h",
      }
    `);
  });

  it('entry conditions for polymer entities: carried down once; entity conditions for entries: each up', () => {
    const sql = (returnType: string, query: object) =>
      program(plan({ return_type: returnType, query }), 'duckdb')
        .count.derived!.flatMap((table) => [
          table.query.sql,
          ...(table.query.derived ?? []).map((t) => t.query.sql),
        ])
        .join('\n');
    const method = text('rcsb_entry_info.experimental_method', 'exact_match', 'X-ray');
    const resolution = text('rcsb_entry_info.resolution_combined', 'less', 2.5);
    // An entity's one entry matches both conditions (or either): one key set of entries.
    for (const [group, joined] of [
      [and(method, resolution), 'AND'],
      [or(method, resolution), 'OR'],
    ] as const) {
      const down = sql('polymer_entity', group);
      expect(down.match(/ IN \(SELECT /g)).toHaveLength(1);
      expect(down).toMatch(new RegExp(`FROM "entry" m1 WHERE \\(lower\\(.*\\) ${joined} len\\(`));
    }
    // An entry with a human entity and another heavy one need not have one both: one key set each.
    const up = sql(
      'entry',
      and(
        text('rcsb_entity_source_organism.ncbi_scientific_name', 'exact_match', 'Homo sapiens'),
        text('rcsb_polymer_entity.formula_weight', 'greater', 30),
      ),
    );
    expect(up.match(/FROM "polymer_entity"/g)).toHaveLength(2);
  });

  it('a chemical condition for polymer entities: through components, entities and entries', () => {
    const request = plan({
      return_type: 'polymer_entity',
      query: { ...text('chem_comp.formula_weight', 'greater', 500), service: 'text_chem' },
    });
    expect(count(request, 'standard')).toMatchInlineSnapshot(`
      {
        "parameters": [
          500,
        ],
        "sql": "SELECT count(*) AS total FROM "polymer_entity" t WHERE t."_entry_key" IN (SELECT k1.k FROM (SELECT DISTINCT m2."_entry_key" AS k FROM "non_polymer_entity" m2 WHERE m2."_chem_key" IN (SELECT m3."_key" AS k FROM "mol_definition" m3 WHERE m3."chem_comp.formula_weight" > $1)) k1)",
      }
    `);
  });

  it('conditions on one nested record: one list predicate', () => {
    const request = plan({
      return_type: 'entry',
      query: and(
        text('rcsb_polymer_instance_annotation.type', 'exact_match', 'SCOP'),
        text('rcsb_polymer_instance_annotation.annotation_lineage.name', 'exact_match', 'All alpha'),
        text('rcsb_polymer_instance_annotation.annotation_lineage.depth', 'equals', 1),
      ),
    });
    expect(count(request, 'standard')).toMatchInlineSnapshot(`
      {
        "parameters": [
          "SCOP",
          "All alpha",
          1,
        ],
        "sql": "SELECT count(*) AS total FROM "entry" t WHERE t."_key" IN (SELECT k1.k FROM (SELECT DISTINCT m2."_entry_key" AS k FROM "polymer_instance" m2 WHERE EXISTS (SELECT 1 FROM UNNEST(m2."rcsb_polymer_instance_annotation") AS _(r3) WHERE (lower(r3."type") = lower($1) AND EXISTS (SELECT 1 FROM UNNEST(r3."annotation_lineage") AS _(l4) WHERE lower(l4."name") = lower($2) AND l4."depth" = $3)))) k1)",
      }
    `);
    expect(count(request, 'duckdb')).toMatchInlineSnapshot(`
      {
        "derived": [
          {
            "parameters": [
              "All alpha",
              1,
            ],
            "sql": "SELECT DISTINCT i2.k FROM "_rel_b0c7fb8cdec4089c921b" i2 WHERE (lower(i2.l."name") = lower($1) AND i2.l."depth" = CAST($2 AS BIGINT))",
          },
        ],
        "parameters": [],
        "sql": "SELECT count(*) AS total FROM <derived 1> h",
      }
    `);
  });

  it('negation, text operators and dates', () => {
    const request = plan({
      return_type: 'entry',
      query: and(
        text('exptl.method', 'exact_match', 'X-RAY DIFFRACTION', { negation: true }),
        text('struct.title', 'contains_words', 'actin binding'),
        text('struct.title', 'contains_phrase', 'Actin-binding protein'),
        text('rcsb_accession_info.initial_release_date', 'range', {
          from: '2020-01-01',
          to: '2020-06-01T12:00:00Z',
        }),
      ),
    });
    expect(count(request, 'duckdb')).toMatchInlineSnapshot(`
      {
        "derived": [
          {
            "parameters": [
              "X-RAY DIFFRACTION",
              "actin",
              "binding",
              " actin binding protein ",
              "2020-01-01",
              "2020-06-01T12:00:00.000Z",
            ],
            "sql": "SELECT t."_key" AS k FROM "entry" t WHERE (NOT coalesce(len(list_filter(t."exptl.method", lambda x1: lower(x1) = lower($1))) > 0, false) AND list_has_any(string_split_regex(lower(t."struct.title"), '[^\\p{L}\\p{N}]+'), [$2, $3]) AND contains(' ' || regexp_replace(lower(t."struct.title"), '[^\\p{L}\\p{N}]+', ' ', 'g') || ' ', $4) AND (t."rcsb_accession_info.initial_release_date" > CAST($5 AS DATE) AND t."rcsb_accession_info.initial_release_date" < CAST($6 AS TIMESTAMP)))",
          },
        ],
        "parameters": [],
        "sql": "SELECT count(*) AS total FROM <derived 1> h",
      }
    `);
  });

  it('the content type as an entry condition when the archive holds computed models', () => {
    const request = plan({ return_type: 'assembly', request_options: { return_counts: true } });
    const compiled = new DuckDbCompiler().compile(
      planSearch(request, { methodologies: ['experimental', 'computational'] }),
    );
    expect(show(compiled.count)).toMatchInlineSnapshot(`
      {
        "derived": [
          {
            "parameters": [],
            "sql": "SELECT t."_key" AS k FROM "assembly" t WHERE t."_entry_key" IN (SELECT k1.k FROM "_rel_b6a866ec0e2319038535" k1)",
          },
        ],
        "parameters": [],
        "sql": "SELECT count(*) AS total FROM <derived 1> h",
      }
    `);
  });

  it('a sort by an attribute of another level', () => {
    const request = plan({
      return_type: 'polymer_entity',
      request_options: { sort: [{ sort_by: 'rcsb_accession_info.initial_release_date', direction: 'desc' }] },
    });
    expect(show(program(request, 'duckdb').page)).toMatchInlineSnapshot(`
      {
        "parameters": [
          10,
          0,
        ],
        "sql": "SELECT t."rcsb_id" AS identifier FROM "polymer_entity" t LEFT JOIN "entry" p1 ON p1."_key" = t."_entry_key" ORDER BY p1."rcsb_accession_info.initial_release_date" DESC NULLS LAST, t."rcsb_id" ASC LIMIT CAST($1 AS BIGINT) OFFSET CAST($2 AS BIGINT)",
      }
    `);
  });
  it('a sort by an attribute of the entities: the max per entry', () => {
    const request = plan({
      return_type: 'entry',
      request_options: { sort: [{ sort_by: 'rcsb_polymer_entity.formula_weight', direction: 'desc' }] },
    });
    expect(show(program(request, 'standard').page)).toMatchInlineSnapshot(`
      {
        "parameters": [
          10,
          0,
        ],
        "sql": "SELECT t."rcsb_id" AS identifier FROM "entry" t LEFT JOIN (SELECT kv2.k, max(kv2.v) AS v FROM (SELECT x3."_entry_key" AS k, x3."rcsb_polymer_entity.formula_weight" AS v FROM "polymer_entity" x3 WHERE x3."rcsb_polymer_entity.formula_weight" IS NOT NULL) kv2 GROUP BY kv2.k) s1 ON s1.k = t."_key" ORDER BY s1.v DESC NULLS LAST, t."rcsb_id" ASC LIMIT $1 OFFSET $2",
      }
    `);
  });
});

describe('chart requests', () => {
  it('releases per year by method: one scan, no join, one statement grouped by both keys', () => {
    const request = facets([
      {
        name: 'Year',
        aggregation_type: 'date_histogram',
        attribute: 'rcsb_accession_info.initial_release_date',
        interval: 'year',
        facets: [
          { name: 'Method', aggregation_type: 'terms', attribute: 'rcsb_entry_info.experimental_method' },
        ],
      },
    ]);
    expect(facetStatements(request, 'standard')).toMatchInlineSnapshot(`
      [
        {
          "parameters": [],
          "sql": "SELECT EXTRACT(YEAR FROM t."rcsb_accession_info.initial_release_date") AS b1, t."rcsb_entry_info.experimental_method" AS b2, count(*) AS population FROM "entry" t GROUP BY EXTRACT(YEAR FROM t."rcsb_accession_info.initial_release_date"), t."rcsb_entry_info.experimental_method"",
        },
        {
          "parameters": [],
          "sql": "SELECT EXTRACT(YEAR FROM t."rcsb_accession_info.initial_release_date") AS b1, t."rcsb_entry_info.experimental_method" AS b2, count(*) AS population FROM "entry" t GROUP BY EXTRACT(YEAR FROM t."rcsb_accession_info.initial_release_date"), t."rcsb_entry_info.experimental_method"",
        },
      ]
    `);
    expect(facetStatements(request, 'duckdb')).toMatchInlineSnapshot(`
      [
        {
          "parameters": [],
          "sql": "SELECT year(t."rcsb_accession_info.initial_release_date") AS b1, t."rcsb_entry_info.experimental_method" AS b2, count(*) AS population FROM "entry" t GROUP BY year(t."rcsb_accession_info.initial_release_date"), t."rcsb_entry_info.experimental_method"",
        },
        {
          "parameters": [],
          "sql": "SELECT year(t."rcsb_accession_info.initial_release_date") AS b1, t."rcsb_entry_info.experimental_method" AS b2, count(*) AS population FROM "entry" t GROUP BY year(t."rcsb_accession_info.initial_release_date"), t."rcsb_entry_info.experimental_method"",
        },
      ]
    `);
    // The year's rows are the method rows added up per year; the method rows are the statement's.
    const [year] = program(request, 'duckdb').facets as BucketProgram[];
    expect([year!.rollUp, (year!.children[0] as BucketProgram).rollUp]).toEqual([[0], undefined]);
  });

  it('bins of a list of values split by a column of the row: one statement, the bins rolled up', () => {
    const split = (by: string) =>
      program(
        facets([
          {
            name: 'Bins',
            aggregation_type: 'range',
            attribute: 'rcsb_entry_info.resolution_combined',
            ranges: [{ to: 2 }, { from: 2, to: 3 }, { from: 3 }],
            facets: [{ name: 'By', aggregation_type: 'terms', attribute: by }],
          },
        ]),
        'duckdb',
      ).facets[0] as BucketProgram;
    // resolution_combined is a list: its bins are a joined relation, and an entry may be in two.
    const bins = split('rcsb_entry_info.experimental_method');
    const methods = bins.children[0] as BucketProgram;
    expect(bins.query).toBe(methods.query);
    expect([bins.rollUp, methods.rollUp]).toEqual([[0], undefined]);
    // Both relations (the bins and the row's method) joined once into a table, then grouped.
    expect(methods.query.sql).toMatch(/^SELECT q1\.c1 AS b1, q1\.c2 AS b2, .* GROUP BY q1\.c1, q1\.c2$/);
    expect(methods.query.derived?.at(-1)?.query.sql).toMatch(
      /^SELECT t\."_key" AS k, r\d+\.b AS c1, t\."rcsb_entry_info\.experimental_method" AS c2 FROM /,
    );
    // A sub-facet's joined relation would repeat an entry's rows once per value: a statement each.
    const byOrganism = split('rcsb_entity_source_organism.ncbi_scientific_name');
    expect(byOrganism.rollUp).toBeUndefined();
    expect(byOrganism.query).not.toBe((byOrganism.children[0] as BucketProgram).query);
  });

  it('an entity attribute per entry, under a query: distinct (entry, value) pairs', () => {
    const request = facets(
      [
        {
          name: 'Organism',
          aggregation_type: 'terms',
          attribute: 'rcsb_entity_source_organism.ncbi_scientific_name',
        },
      ],
      'entry',
      text('rcsb_entry_info.experimental_method', 'exact_match', 'EM'),
    );
    expect(facetStatements(request, 'standard')).toMatchInlineSnapshot(`
      [
        {
          "parameters": [
            "EM",
          ],
          "sql": "SELECT * FROM (SELECT q4.b AS b1, count(*) AS population FROM "entry" t JOIN (SELECT DISTINCT kv3.k, kv3.v AS b FROM (SELECT u2.k, u2.v FROM (SELECT x1."_entry_key" AS k, UNNEST(x1."rcsb_entity_source_organism.ncbi_scientific_name") AS v FROM "polymer_entity" x1) u2 WHERE u2.v IS NOT NULL) kv3) q4 ON q4.k = t."_key" WHERE lower(t."rcsb_entry_info.experimental_method") = lower($1) GROUP BY q4.b) ORDER BY population DESC, b1 ASC NULLS LAST LIMIT 65537",
        },
      ]
    `);
    expect(facetStatements(request, 'duckdb')).toMatchInlineSnapshot(`
      [
        {
          "derived": [
            {
              "parameters": [],
              "sql": "SELECT DISTINCT kv3.k, kv3.v AS b FROM (SELECT u2.k, u2.v FROM (SELECT x1."_entry_key" AS k, UNNEST(x1."rcsb_entity_source_organism.ncbi_scientific_name") AS v FROM "polymer_entity" x1) u2 WHERE u2.v IS NOT NULL) kv3",
            },
            {
              "parameters": [
                "EM",
              ],
              "sql": "SELECT t."_key" AS k FROM "entry" t WHERE lower(t."rcsb_entry_info.experimental_method") = lower($1)",
            },
          ],
          "parameters": [],
          "sql": "SELECT * FROM (SELECT q2.b AS b1, count(*) AS population FROM <derived 2> q1 JOIN <derived 1> q2 ON q2.k = q1.k GROUP BY q2.b) ORDER BY population DESC, b1 ASC NULLS LAST LIMIT 65537",
        },
      ]
    `);
  });

  it('under a query, a facet reads its relations joined in one table, the same for every query', () => {
    // A trend chart's shape (years by bins of a list), and a growth chart's (distinct values per year).
    const shapes = [
      {
        name: 'Years',
        aggregation_type: 'date_histogram',
        attribute: 'rcsb_accession_info.initial_release_date',
        interval: 'year',
        facets: [
          {
            name: 'Bins',
            aggregation_type: 'range',
            attribute: 'rcsb_entry_info.resolution_combined',
            ranges: [{ to: 2 }, { from: 2 }],
          },
        ],
      },
      {
        name: 'Years',
        aggregation_type: 'date_histogram',
        attribute: 'rcsb_accession_info.initial_release_date',
        interval: 'year',
        facets: [
          {
            name: 'Sequences',
            aggregation_type: 'cardinality',
            attribute: 'rcsb_polymer_entity_group_membership.group_id',
          },
        ],
      },
    ];
    const compiled = (query?: object) => program(facets(shapes, 'polymer_entity', query), 'duckdb');
    /** The tables the facets read, but those the count reads too (the hits). */
    const read = (query?: object) => {
      const { count, facets: programs } = compiled(query);
      const hits = new Set((count.derived ?? []).map((table) => table.name));
      const tables = new Map<string, string>();
      const walk = (list: readonly BucketProgram['children'][number][]) =>
        list.forEach((f) => {
          for (const table of f.query.derived ?? [])
            if (!hits.has(table.name)) tables.set(table.name, table.query.sql);
          if (f.kind === 'buckets') walk(f.children);
        });
      walk(programs);
      return tables;
    };
    const whole = read();
    const [xray, em] = [
      read(text('rcsb_entry_info.experimental_method', 'exact_match', 'X-ray')),
      read(text('rcsb_entry_info.experimental_method', 'exact_match', 'EM')),
    ];
    // The same tables over either query (the registry's kept tables include them, see
    // engine/kept-tables.ts): the years and bins of a trend chart, a distinct count's values
    // still keyed by the entity, to be filtered by the hits before they are counted.
    expect([...xray.keys()]).toEqual([...em.keys()]);
    const joined = [...xray].filter(([, sql]) =>
      /^SELECT r1\.k AS k, r1\.b AS c1, r2\.[bv] AS c2 FROM /.test(sql),
    );
    expect(joined).toHaveLength(2);
    // The years and bins are read as they are over the whole archive too (no join per request);
    // the distinct count's values, de-duplicated there, only under a query.
    expect(joined.map(([name]) => whole.has(name))).toEqual([true, false]);
  });

  it('disjoint ranges: one comparison per bound', () => {
    const request = facets([
      {
        name: 'Atoms',
        aggregation_type: 'range',
        attribute: 'rcsb_entry_info.deposited_atom_count',
        ranges: [{ to: 1000 }, { from: 1000, to: 2000 }, { from: 3000 }],
      },
    ]);
    expect(facetStatements(request, 'duckdb')).toMatchInlineSnapshot(`
      [
        {
          "parameters": [
            1000,
            2000,
            3000,
          ],
          "sql": "SELECT CASE WHEN g1.c1 < CAST($1 AS BIGINT) THEN 0 WHEN g1.c1 < CAST($2 AS BIGINT) THEN 1 WHEN g1.c1 < CAST($3 AS BIGINT) THEN NULL WHEN g1.c1 IS NOT NULL THEN 2 END AS b1, sum(g1.n) AS population FROM (SELECT t."rcsb_entry_info.deposited_atom_count" AS c1, count(*) AS n FROM "entry" t GROUP BY t."rcsb_entry_info.deposited_atom_count") g1 GROUP BY CASE WHEN g1.c1 < CAST($1 AS BIGINT) THEN 0 WHEN g1.c1 < CAST($2 AS BIGINT) THEN 1 WHEN g1.c1 < CAST($3 AS BIGINT) THEN NULL WHEN g1.c1 IS NOT NULL THEN 2 END",
        },
      ]
    `);
  });

  it('cumulative date ranges with a per-record filter and a cardinality: each value’s first year, looked up as its segment’s mask', () => {
    const request = facets([
      {
        name: 'Cumulative',
        aggregation_type: 'date_range',
        attribute: 'rcsb_accession_info.initial_release_date',
        ranges: [
          { from: '2010-01-01', to: '2011-01-01' },
          { from: '2010-01-01', to: '2012-01-01' },
        ],
        facets: [
          {
            filter: text(
              'rcsb_polymer_entity_group_membership.aggregation_method',
              'exact_match',
              'matching_uniprot_accession',
            ),
            facets: [
              {
                name: 'UniProt',
                aggregation_type: 'cardinality',
                attribute: 'rcsb_polymer_entity_group_membership.group_id',
              },
            ],
          },
        ],
      },
    ]);
    expect(facetStatements(request, 'duckdb')).toMatchInlineSnapshot(`
      [
        {
          "parameters": [],
          "sql": "SELECT year(t."rcsb_accession_info.initial_release_date") AS b1, count(*) AS population FROM "entry" t GROUP BY year(t."rcsb_accession_info.initial_release_date")",
        },
        {
          "derived": [
            {
              "parameters": [
                "2010-01-01",
              ],
              "sql": "SELECT q1.v AS v, year(min(CASE WHEN t."rcsb_accession_info.initial_release_date" >= CAST($1 AS DATE) THEN t."rcsb_accession_info.initial_release_date" END)) AS m FROM "entry" t JOIN "_rel_3a62ec57f474aa1e0f9b" q1 ON q1.k = t."_key" GROUP BY q1.v",
            },
          ],
          "parameters": [],
          "sql": "SELECT z1.m AS b1, count(z1.v) AS value FROM <derived 1> z1 GROUP BY z1.m",
        },
      ]
    `);
    expect((program(request, 'duckdb').facets[0] as BucketProgram).mask).toEqual({
      position: 0,
      members: [[0], [0, 1]],
    });
  });

  it('date ranges at year starts beside a year histogram: one statement of years in every dialect', () => {
    const released = 'rcsb_accession_info.initial_release_date';
    const request = facets([
      { name: 'Y', aggregation_type: 'date_histogram', attribute: released, interval: 'year' },
      {
        name: 'D',
        aggregation_type: 'date_range',
        attribute: released,
        ranges: [{ to: '2000-01-01' }, { from: '2000-01-01' }],
      },
    ]);
    for (const compiler of [...Object.values(DIALECTS), new ClickHouseCompiler()]) {
      const [histogram, ranges] = compiler.compile(planSearch(request, FACTS)).facets as BucketProgram[];
      expect(ranges!.query).toEqual(histogram!.query);
      expect(ranges!.years).toEqual({
        position: 0,
        intervals: [
          { to: 2000, key: 0 },
          { from: 2000, key: 1 },
        ],
      });
    }
    // A bound inside a year keeps a comparison per bound.
    const inside = facets([
      { name: 'D', aggregation_type: 'date_range', attribute: released, ranges: [{ to: '2000-07-01' }] },
    ]);
    const [mid] = program(inside, 'duckdb').facets as BucketProgram[];
    expect(mid!.years).toBeUndefined();
    expect(mid!.query.sql).toContain('CASE WHEN');
  });

  it('SCOP classes: nested filters per record, a lineage inside an annotation', () => {
    const request = facets([
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
    expect(facetStatements(request, 'duckdb')).toMatchInlineSnapshot(`
      [
        {
          "derived": [
            {
              "parameters": [
                1,
              ],
              "sql": "SELECT DISTINCT kv4.k, kv4.v AS b FROM (SELECT i3.k, i3.l."name" AS v FROM "_rel_b0c7fb8cdec4089c921b" i3 WHERE i3.l."name" IS NOT NULL AND i3.l."depth" = CAST($1 AS BIGINT)) kv4",
            },
          ],
          "parameters": [],
          "sql": "SELECT * FROM (SELECT q1.b AS b1, count(*) AS population FROM <derived 1> q1 GROUP BY q1.b) ORDER BY population DESC, b1 ASC NULLS LAST LIMIT 65537",
        },
      ]
    `);
  });

  it('terms with min_interval_population 0: the archive’s values, once', () => {
    const request = facets([
      {
        name: 'Type',
        aggregation_type: 'terms',
        attribute: 'entity_poly.rcsb_entity_polymer_type',
        min_interval_population: 0,
      },
    ]);
    expect(show((program(request, 'duckdb').facets[0] as BucketProgram).universe)).toMatchInlineSnapshot(`
      {
        "parameters": [],
        "sql": "SELECT DISTINCT kv2.v AS b FROM (SELECT x1."_key" AS k, x1."entity_poly.rcsb_entity_polymer_type" AS v FROM "polymer_entity" x1 WHERE x1."entity_poly.rcsb_entity_polymer_type" IS NOT NULL) kv2",
      }
    `);
  });
});
