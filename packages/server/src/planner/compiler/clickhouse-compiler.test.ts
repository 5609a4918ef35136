import { describe, expect, it } from 'vitest';
import { planSearch } from '../search-plan.ts';
import { and, facets, plan, text } from '../testing/requests.ts';
import type { PlannedRequest } from '@pdb-stats/search-model';
import { ClickHouseCompiler, clickHouseColumn } from './clickhouse-compiler.ts';

/**
 * The ClickHouse dialect's SQL for representative requests (DuckDB's are in sql-compiler.test.ts):
 * values inlined as typed literals, records as per-field arrays, GLOBAL IN, nested USING joins.
 * The conformance suite (test/conformance) runs them on a real cluster against DuckDB.
 */
const FACTS = { methodologies: ['experimental', 'integrative'] };
const compiler = new ClickHouseCompiler();
const program = (request: PlannedRequest) => compiler.compile(planSearch(request, FACTS));

describe(`${clickHouseColumn.name}`, () => {
  it('turns the dots of a path into $, so no two lists share a Nested size stream', () => {
    expect(clickHouseColumn('rcsb_entry_info.resolution_combined')).toBe(
      'rcsb_entry_info$resolution_combined',
    );
  });
});

describe('ClickHouse statements', () => {
  it('a condition at the return level: an inlined literal, no parameters', () => {
    const compiled = program(
      plan({
        return_type: 'entry',
        query: text('rcsb_entry_info.experimental_method', 'exact_match', "X-'ray"),
        request_options: { paginate: { start: 10, rows: 5 } },
      }),
    );
    expect(compiled.count).toMatchInlineSnapshot(`
      {
        "parameters": [],
        "sql": "SELECT count(*) AS total FROM \`entry\` t WHERE lowerUTF8(t.\`rcsb_entry_info$experimental_method\`) = lowerUTF8('X-\\'ray')",
      }
    `);
    expect(compiled.page).toMatchInlineSnapshot(`
      {
        "parameters": [],
        "sql": "SELECT t.\`rcsb_id\` AS identifier FROM \`entry\` t WHERE lowerUTF8(t.\`rcsb_entry_info$experimental_method\`) = lowerUTF8('X-\\'ray') ORDER BY identifier ASC LIMIT 5 OFFSET 10",
      }
    `);
  });

  it('an entity condition for entries: GLOBAL IN', () => {
    const compiled = program(
      plan({
        return_type: 'entry',
        query: text('rcsb_entity_source_organism.ncbi_scientific_name', 'exact_match', 'Homo sapiens'),
        request_options: { return_counts: true },
      }),
    );
    expect(compiled.count.sql).toMatchInlineSnapshot(
      `"SELECT count(*) AS total FROM \`entry\` t WHERE t.\`_key\` GLOBAL IN (SELECT DISTINCT m1.\`_entry_key\` AS k FROM \`polymer_entity\` m1 WHERE arrayExists(x2 -> ifNull(lowerUTF8(x2) = lowerUTF8('Homo sapiens'), 0), m1.\`rcsb_entity_source_organism$ncbi_scientific_name\`))"`,
    );
  });

  it('conditions on one record and its inner list: arrayExists over the field arrays', () => {
    const compiled = program(
      plan({
        return_type: 'polymer_instance',
        query: and(
          text('rcsb_polymer_instance_annotation.type', 'exact_match', 'CATH'),
          text('rcsb_polymer_instance_annotation.annotation_lineage.depth', 'equals', 2),
          text('rcsb_polymer_instance_annotation.annotation_lineage.name', 'exists'),
        ),
        request_options: { return_counts: true },
      }),
    );
    expect(compiled.count.sql).toMatchInlineSnapshot(
      `"SELECT count(*) AS total FROM \`polymer_instance\` t WHERE arrayExists((r1__annotation_lineage__depth, r1__annotation_lineage__name, r1__type) -> ifNull((lowerUTF8(r1__type) = lowerUTF8('CATH') AND arrayExists((l2__depth, l2__name) -> ifNull(l2__depth = toInt64(2) AND l2__name IS NOT NULL, 0), r1__annotation_lineage__depth, r1__annotation_lineage__name)), 0), t.\`rcsb_polymer_instance_annotation$annotation_lineage$depth\`, t.\`rcsb_polymer_instance_annotation$annotation_lineage$name\`, t.\`rcsb_polymer_instance_annotation$type\`)"`,
    );
  });

  it('a facet on an inner-list field under a record filter: ARRAY JOIN in two steps', () => {
    const compiled = program(
      facets(
        [
          {
            filter: text('rcsb_polymer_instance_annotation.type', 'exact_match', 'CATH'),
            facets: [
              {
                name: 'n',
                aggregation_type: 'terms',
                attribute: 'rcsb_polymer_instance_annotation.annotation_lineage.name',
              },
            ],
          },
        ],
        'polymer_instance',
      ),
    );
    // Without a query the rows depend on the archive alone: a table the engine keeps.
    const { query } = compiled.facets[0]!;
    expect(query.sql).toMatch(
      /^SELECT \* FROM \(SELECT c1 AS b1, count\(\*\) AS population FROM `_rel_\w+` GROUP BY c1\) ORDER BY population DESC, b1 ASC NULLS LAST LIMIT 65537$/,
    );
    expect(query.derived![0]!.query.sql).toMatchInlineSnapshot(
      `"SELECT c1 FROM (SELECT k, b AS c1 FROM (SELECT DISTINCT kv3.k, kv3.v AS b FROM (SELECT k, l2__name AS v FROM (SELECT \`_key\` AS k, r1__annotation_lineage__name, r1__type FROM \`polymer_instance\` ARRAY JOIN \`rcsb_polymer_instance_annotation$annotation_lineage$name\` AS r1__annotation_lineage__name, \`rcsb_polymer_instance_annotation$type\` AS r1__type) ARRAY JOIN r1__annotation_lineage__name AS l2__name WHERE l2__name IS NOT NULL AND lowerUTF8(r1__type) = lowerUTF8('CATH')) kv3))"`,
    );
  });

  it('nested facets over two levels: one USING join per SELECT', () => {
    const compiled = program(
      facets(
        [
          {
            name: 'm',
            aggregation_type: 'terms',
            attribute: 'rcsb_entry_info.experimental_method',
            facets: [
              {
                name: 'o',
                aggregation_type: 'terms',
                attribute: 'rcsb_entity_source_organism.ncbi_scientific_name',
              },
            ],
          },
        ],
        'entry',
      ),
    );
    const [outer] = compiled.facets;
    expect(outer!.query.sql).toMatchInlineSnapshot(
      `"SELECT * FROM (SELECT t.\`rcsb_entry_info$experimental_method\` AS b1, count(*) AS population FROM \`entry\` t GROUP BY t.\`rcsb_entry_info$experimental_method\`) ORDER BY population DESC, b1 ASC NULLS LAST LIMIT 65537"`,
    );
    expect(outer!.kind === 'buckets' && outer!.children[0]!.query.sql).toMatchInlineSnapshot(
      `"SELECT c1 AS b1, c2 AS b2, count(*) AS population FROM (SELECT * FROM (SELECT t.\`_key\` AS k, t.\`rcsb_entry_info$experimental_method\` AS c1 FROM \`entry\` t) ALL INNER JOIN (SELECT k, b AS c2 FROM (SELECT DISTINCT kv2.k, kv2.v AS b FROM (SELECT \`_entry_key\` AS k, v1 AS v FROM \`polymer_entity\` ARRAY JOIN \`rcsb_entity_source_organism$ncbi_scientific_name\` AS v1 WHERE v1 IS NOT NULL) kv2)) USING k) GROUP BY c1, c2"`,
    );
  });

  it('a sort on an attribute of another level: a LEFT USING join, NULLs last', () => {
    const compiled = program(
      plan({
        return_type: 'polymer_entity',
        request_options: {
          paginate: { start: 0, rows: 3 },
          sort: [{ sort_by: 'rcsb_accession_info.initial_release_date', direction: 'desc' }],
        },
      }),
    );
    expect(compiled.page!.sql).toMatchInlineSnapshot(
      `"SELECT identifier FROM (SELECT * FROM (SELECT t.\`_key\` AS k, t.\`rcsb_id\` AS identifier FROM \`polymer_entity\` t) ALL LEFT JOIN (SELECT k, v AS s1 FROM (SELECT kv1.k, max(kv1.v) AS v FROM (SELECT k, v FROM (SELECT k AS j, v FROM (SELECT \`_key\` AS k, \`rcsb_accession_info$initial_release_date\` AS v FROM \`entry\` WHERE \`rcsb_accession_info$initial_release_date\` IS NOT NULL)) ALL INNER JOIN (SELECT \`_entry_key\` AS j, \`_key\` AS k FROM \`polymer_entity\`) USING j) kv1 GROUP BY kv1.k)) USING k) ORDER BY s1 DESC NULLS LAST, identifier ASC LIMIT 3 OFFSET 0"`,
    );
  });
});
