import { access, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { isReturnType, RETURN_TYPES, splitTopLevel, type ReturnType } from '@pdb-stats/search-model';
import { parquetFileOf, MANIFEST_FILE, readManifest, quoteName, quoteString } from '@pdb-stats/snapshot';

/** Relative tolerance of floating-point values: importers round and parse numbers differently. */
export const NUMBER_TOLERANCE = 1e-6;

const DEFAULT_EXAMPLES = 5;

/** One of the two snapshots, as its manifest describes it. */
export interface ComparedSnapshot {
  dir: string;
  source: string;
  archive_date: string;
  generator: string;
  generated_at: string;
}

/** How the values of an attribute were compared. */
export interface ComparisonRule {
  /**
   * `number`: floating point, equal within a relative tolerance of 1e-6; `date`: as calendar days;
   * `exact`: strings, integers and other values as they are; `text`: types that differ between the
   * snapshots, both rendered as text.
   */
  values: 'number' | 'date' | 'exact' | 'text';
  /**
   * `value`: one value per object; `set`: a list of values, order and repetitions ignored;
   * `multiset`: the values of one field over an object's nested records, order ignored.
   */
  collection: 'value' | 'set' | 'multiset';
}

/** One object where the snapshots disagree, both values rendered as JSON text (null: no value). */
export interface ValueExample {
  rcsb_id: string;
  a: string | null;
  b: string | null;
}

/** An attribute the two snapshots disagree on, over the objects both hold. */
export interface AttributeDifference {
  /** The column name, or `<record>.<field>` (`<record>.<inner>.<field>`) for a nested record field. */
  attribute: string;
  rule: ComparisonRule;
  /** Shared objects where both snapshots hold a value. */
  compared: number;
  /** Of those, the objects whose values differ. */
  differ: number;
  /** Shared objects where only A (only B) holds a value. */
  onlyInA: number;
  onlyInB: number;
  /** The first differing objects by `rcsb_id`: different values first, then values held by one side. */
  examples: ValueExample[];
}

/** The objects of a level, matched on `rcsb_id`. */
export interface ObjectCounts {
  shared: number;
  onlyInA: number;
  onlyInB: number;
  /** The first ids held by one snapshot only, in `rcsb_id` order. */
  onlyInAIds: string[];
  onlyInBIds: string[];
  /** Rows repeating an `rcsb_id` already seen: only the first row of each id is compared. */
  duplicatesInA: number;
  duplicatesInB: number;
}

export interface LevelComparison {
  level: ReturnType;
  objects: ObjectCounts;
  /** Attributes with at least one differing value or one value held by a single side. */
  differences: AttributeDifference[];
  /** Attributes equal on every shared object. */
  agreeing: string[];
  /** Columns (or record fields) one snapshot has and the other lacks. */
  columnsOnlyInA: string[];
  columnsOnlyInB: string[];
  /** Attributes both snapshots have, left uncompared because this side holds no value on a shared object. */
  unfilledInA: string[];
  unfilledInB: string[];
}

/** A plain JSON-able comparison of two snapshots. */
export interface SnapshotComparison {
  a: ComparedSnapshot;
  b: ComparedSnapshot;
  levels: LevelComparison[];
  /** Levels with a Parquet file in one snapshot only. */
  levelsOnlyInA: ReturnType[];
  levelsOnlyInB: ReturnType[];
}

export interface CompareOptions {
  /** Differing objects listed per attribute, and ids listed per level for objects held by one side. */
  examples?: number;
  /** The levels to compare (every level by default). */
  levels?: readonly ReturnType[];
}

type ValueKind = 'integer' | 'number' | 'date' | 'string' | 'other' | 'json';

/** One comparable attribute of a snapshot's level: a column, or one field of a nested record column. */
interface Leaf {
  attribute: string;
  column: string;
  /** DuckDB type of a single value. */
  scalarType: string;
  kind: ValueKind;
  /** `records`: the field's values gathered over the nested records of an object. */
  shape: 'value' | 'list' | 'records';
  /** SQL of the raw value (or list of values) of the row aliased `alias`. */
  expr: (alias: string) => string;
}

function scalarKind(type: string): ValueKind | undefined {
  const t = type.trim().toUpperCase();
  if (/^U?(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT)$/.test(t)) return 'integer';
  if (/^(FLOAT|DOUBLE|REAL|DECIMAL(\(\d+,\s*\d+\))?)$/.test(t)) return 'number';
  // A timestamp written for a date is compared as its day.
  if (t === 'DATE' || t.startsWith('TIMESTAMP')) return 'date';
  if (t === 'VARCHAR') return 'string';
  if (/^[A-Z][A-Z0-9_ ]*$/.test(t)) return 'other';
  return undefined;
}

/** True when no parenthesis outside quotes closes before it opens, and all close by the end. */
function balanced(text: string): boolean {
  let depth = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (char === '(') depth++;
    else if (char === ')' && --depth < 0) return false;
  }
  return depth === 0 && !quoted;
}

/** Fields (name and type) of a `STRUCT(...)[]` type; undefined for any other type. */
function structListFields(type: string): { name: string; type: string }[] | undefined {
  const t = type.trim();
  if (!t.startsWith('STRUCT(') || !t.endsWith(')[]')) return undefined;
  const body = t.slice('STRUCT('.length, -')[]'.length);
  // The parenthesis after STRUCT must close at the end: `STRUCT(a INT)[][]` ends the same way.
  if (!balanced(body)) return undefined;
  const fields: { name: string; type: string }[] = [];
  for (const part of splitTopLevel(body)) {
    const named = /^\s*("(?:[^"]|"")*"|[^\s"]+)\s+(.*)$/s.exec(part);
    if (!named) return undefined;
    const raw = named[1] as string;
    const name = raw.startsWith('"') ? raw.slice(1, -1).replaceAll('""', '"') : raw;
    fields.push({ name, type: (named[2] as string).trim() });
  }
  return fields;
}

const listElement = (type: string): string | undefined =>
  type.trim().endsWith('[]') ? type.trim().slice(0, -2) : undefined;

/** The comparable attributes of one column. */
function leavesOf(column: string, type: string): Leaf[] {
  const ref = (alias: string) => `${alias}.${quoteName(column)}`;
  const kind = scalarKind(type);
  if (kind) return [{ attribute: column, column, scalarType: type, kind, shape: 'value', expr: ref }];
  const element = listElement(type);
  const elementKind = element === undefined ? undefined : scalarKind(element);
  if (element && elementKind)
    return [{ attribute: column, column, scalarType: element, kind: elementKind, shape: 'list', expr: ref }];
  const fields = structListFields(type);
  if (!fields) {
    return [
      {
        attribute: column,
        column,
        scalarType: 'VARCHAR',
        kind: 'json',
        shape: 'value',
        expr: (alias) => `to_json(${ref(alias)})::VARCHAR`,
      },
    ];
  }
  // Each field of a nested record is an attribute of its own, compared as the multiset of its values
  // over the object's records: a whole-record comparison would report every record once a single
  // field differs, and hide which field it is.
  const leaves: Leaf[] = [];
  const gather = (alias: string, value: string) => `list_transform(${ref(alias)}, lambda __r: ${value})`;
  for (const field of fields) {
    const path = `${column}.${field.name}`;
    const access = `__r.${quoteName(field.name)}`;
    const fieldKind = scalarKind(field.type);
    if (fieldKind) {
      leaves.push({
        attribute: path,
        column,
        scalarType: field.type,
        kind: fieldKind,
        shape: 'records',
        expr: (alias) => gather(alias, access),
      });
      continue;
    }
    const fieldElement = listElement(field.type);
    const fieldElementKind = fieldElement === undefined ? undefined : scalarKind(fieldElement);
    if (fieldElement && fieldElementKind) {
      leaves.push({
        attribute: path,
        column,
        scalarType: fieldElement,
        kind: fieldElementKind,
        shape: 'records',
        expr: (alias) => `flatten(${gather(alias, access)})`,
      });
      continue;
    }
    const inner = structListFields(field.type);
    const innerScalars = inner?.filter((f) => scalarKind(f.type));
    if (inner && innerScalars && innerScalars.length === inner.length) {
      // An inner list's field is the catalogue's `<record>.<inner>.<field>` attribute.
      for (const innerField of innerScalars) {
        leaves.push({
          attribute: `${path}.${innerField.name}`,
          column,
          scalarType: innerField.type,
          kind: scalarKind(innerField.type) as ValueKind,
          shape: 'records',
          expr: (alias) =>
            `flatten(${gather(alias, `list_transform(${access}, lambda __s: __s.${quoteName(innerField.name)})`)})`,
        });
      }
      continue;
    }
    // Deeper shapes than the catalogue's are compared as the JSON text of each record's field.
    leaves.push({
      attribute: path,
      column,
      scalarType: 'VARCHAR',
      kind: 'json',
      shape: 'records',
      expr: (alias) => gather(alias, `to_json(${access})::VARCHAR`),
    });
  }
  return leaves;
}

/** The comparable attributes of a level's columns, by name (keys, links and `rcsb_id` left out). */
function leavesOfColumns(columns: ReadonlyMap<string, string>): Map<string, Leaf> {
  const leaves = new Map<string, Leaf>();
  for (const [column, type] of columns) {
    if (column.startsWith('_') || column === 'rcsb_id') continue;
    for (const leaf of leavesOf(column, type)) leaves.set(leaf.attribute, leaf);
  }
  return leaves;
}

function ruleOf(a: Leaf, b: Leaf): ComparisonRule {
  const collection =
    a.shape === 'value' && b.shape === 'value'
      ? 'value'
      : a.shape === 'records' && b.shape === 'records'
        ? 'multiset'
        : 'set';
  const kinds = new Set([a.kind, b.kind]);
  const numeric = [...kinds].every((k) => k === 'integer' || k === 'number');
  let values: ComparisonRule['values'];
  // Integers stay exact: a tolerance would make neighbouring identifiers (PubMed ids) equal.
  if (numeric) values = kinds.has('number') ? 'number' : 'exact';
  else if (kinds.has('date') && [...kinds].every((k) => k === 'date' || k === 'string')) values = 'date';
  else if (a.kind === b.kind && (a.kind !== 'other' || a.scalarType === b.scalarType)) values = 'exact';
  else values = 'text';
  return { values, collection };
}

/** SQL of a side's value, ready to compare: cast to the rule's type, lists sorted (and deduplicated). */
function normalised(leaf: Leaf, rule: ComparisonRule, alias: string): string {
  let value = leaf.expr(alias);
  if (rule.collection !== 'value' && leaf.shape === 'value') value = `list_value(${value})`;
  const target = { number: 'DOUBLE', date: 'DATE', text: 'VARCHAR', exact: undefined }[rule.values];
  const list = rule.collection === 'value' ? '' : '[]';
  // TRY_CAST: a text that is no date counts as no value rather than failing the whole comparison.
  const cast = rule.values === 'date' ? 'TRY_CAST' : 'CAST';
  if (target) value = `${cast}(${value} AS ${target}${list})`;
  if (rule.collection === 'set') return `list_sort(list_distinct(${value}))`;
  if (rule.collection === 'multiset') return `list_sort(list_filter(${value}, lambda __v: __v IS NOT NULL))`;
  return value;
}

const heldSql = (column: string, rule: ComparisonRule) =>
  rule.collection === 'value' ? `(${column} IS NOT NULL)` : `(coalesce(len(${column}), 0) > 0)`;

/** SQL true when two held values differ. */
function differSql(a: string, b: string, rule: ComparisonRule): string {
  if (rule.values !== 'number') return `(${a} <> ${b})`;
  const far = (x: string, y: string) =>
    `abs(${x} - ${y}) > ${NUMBER_TOLERANCE} * greatest(abs(${x}), abs(${y}))`;
  if (rule.collection === 'value') return `(${far(a, b)})`;
  // Sorted lists of the same length: element by element, each within the tolerance.
  return `(len(${a}) <> len(${b}) OR coalesce(list_bool_or(list_transform(${a}, lambda __x, __i: ${far('__x', `${b}[__i]`)})), false))`;
}

interface OpenSnapshot {
  summary: ComparedSnapshot;
  /** Parquet file of every level the snapshot has. */
  files: Map<ReturnType, string>;
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

async function openSnapshot(dir: string): Promise<OpenSnapshot> {
  const path = resolve(dir);
  const fail = (reason: string, cause?: unknown) =>
    new Error(`${path} is not an archive snapshot: ${reason}`, { cause });
  const info = await stat(path).catch(() => null);
  if (!info) throw fail('the folder does not exist');
  if (!info.isDirectory()) throw fail('it is not a folder');
  if (!(await exists(join(path, MANIFEST_FILE)))) throw fail(`it has no ${MANIFEST_FILE}`);
  let manifest;
  try {
    manifest = await readManifest(path);
  } catch (error) {
    throw fail((error as Error).message, error);
  }
  const files = new Map<ReturnType, string>();
  for (const level of RETURN_TYPES) {
    const file = join(path, parquetFileOf(level));
    // An empty table without columns holds nothing to compare (an import without components
    // writes mol_definition so); it counts as a level the snapshot lacks.
    if (await exists(file)) files.set(level, file);
  }
  if (files.size === 0)
    throw fail(
      `it holds none of ${RETURN_TYPES.map(parquetFileOf).join(', ')}` +
        (manifest.tables
          ? ' (a demo archive a server generated for itself keeps its tables in DuckDB files only; `npm run demo` writes one with Parquet files)'
          : ''),
    );
  const { source, archive_date, generator, generated_at } = manifest;
  return { summary: { dir: path, source, archive_date, generator, generated_at }, files };
}

async function columnsOf(db: DuckDBConnection, file: string): Promise<Map<string, string>> {
  let rows: unknown[][];
  try {
    const reader = await db.runAndReadAll(
      `SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM read_parquet(${quoteString(file)}))`,
    );
    rows = reader.getRowsJS();
  } catch (error) {
    throw new Error(`${file} cannot be read as a Parquet table: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const columns = new Map(rows.map(([name, type]) => [String(name), String(type)]));
  if (!columns.has('rcsb_id'))
    throw new Error(`${file} lacks the column rcsb_id that objects are matched on`);
  return columns;
}

/** False for a table with no `rcsb_id` column and no rows: one an import wrote empty. */
async function hasObjectColumn(db: DuckDBConnection, file: string): Promise<boolean> {
  const reader = await db.runAndReadAll(
    `SELECT count(*) FILTER (WHERE column_name = 'rcsb_id') AS id, ` +
      `(SELECT count(*) FROM read_parquet(${quoteString(file)})) AS n ` +
      `FROM (DESCRIBE SELECT * FROM read_parquet(${quoteString(file)}))`,
  );
  const [id, n] = reader.getRowsJS()[0] as [unknown, unknown];
  return Number(id) > 0 || Number(n) > 0;
}

const count = (value: unknown) => Number(value ?? 0);

/** Matches the objects of a level on `rcsb_id` into the temporary table `pairs` and counts them. */
async function matchObjects(
  db: DuckDBConnection,
  fileA: string,
  fileB: string,
  examples: number,
): Promise<ObjectCounts> {
  for (const [table, file] of [
    ['ids_a', fileA],
    ['ids_b', fileB],
  ] as const) {
    await db.run(
      `CREATE OR REPLACE TEMP TABLE ${table} AS SELECT rcsb_id, min(file_row_number) AS row, count(*) AS n ` +
        `FROM read_parquet(${quoteString(file)}, file_row_number = true) WHERE rcsb_id IS NOT NULL GROUP BY rcsb_id`,
    );
  }
  // Rows are picked by their position in the file: `_key` is unique only as far as the writer ensures.
  await db.run(
    'CREATE OR REPLACE TEMP TABLE pairs AS SELECT rcsb_id, ids_a.row AS row_a, ids_b.row AS row_b ' +
      'FROM ids_a JOIN ids_b USING (rcsb_id)',
  );
  const only = (from: string, other: string) =>
    `(SELECT rcsb_id FROM ${from} ANTI JOIN ${other} USING (rcsb_id))`;
  const firstIds = (from: string, other: string) =>
    `(SELECT coalesce(list(rcsb_id ORDER BY rcsb_id), []) FROM (${only(from, other)} ORDER BY rcsb_id LIMIT ${examples}))`;
  const reader = await db.runAndReadAll(
    `SELECT (SELECT count(*) FROM pairs) AS shared,
       (SELECT count(*) FROM ${only('ids_a', 'ids_b')}) AS only_a,
       (SELECT count(*) FROM ${only('ids_b', 'ids_a')}) AS only_b,
       ${firstIds('ids_a', 'ids_b')} AS only_a_ids,
       ${firstIds('ids_b', 'ids_a')} AS only_b_ids,
       (SELECT coalesce(sum(n - 1), 0) FROM ids_a) AS duplicates_a,
       (SELECT coalesce(sum(n - 1), 0) FROM ids_b) AS duplicates_b`,
  );
  const row = reader.getRowObjectsJS()[0] as Record<string, unknown>;
  return {
    shared: count(row.shared),
    onlyInA: count(row.only_a),
    onlyInB: count(row.only_b),
    onlyInAIds: (row.only_a_ids as unknown[]).map(String),
    onlyInBIds: (row.only_b_ids as unknown[]).map(String),
    duplicatesInA: count(row.duplicates_a),
    duplicatesInB: count(row.duplicates_b),
  };
}

/** Names present on one side only: a whole column once, or a record field when both have the record. */
function onlyIn(
  mine: Map<string, Leaf>,
  theirs: Map<string, Leaf>,
  theirColumns: Map<string, string>,
): string[] {
  const names = new Set<string>();
  for (const leaf of mine.values()) {
    if (theirs.has(leaf.attribute)) continue;
    names.add(theirColumns.has(leaf.column) ? leaf.attribute : leaf.column);
  }
  return [...names];
}

async function compareLevel(
  db: DuckDBConnection,
  level: ReturnType,
  fileA: string,
  fileB: string,
  examples: number,
): Promise<LevelComparison> {
  const columnsA = await columnsOf(db, fileA);
  const columnsB = await columnsOf(db, fileB);
  const leavesA = leavesOfColumns(columnsA);
  const leavesB = leavesOfColumns(columnsB);
  const objects = await matchObjects(db, fileA, fileB, examples);
  const shared = [...leavesA.values()].flatMap((a) => {
    const b = leavesB.get(a.attribute);
    return b ? [{ a, b, rule: ruleOf(a, b) }] : [];
  });
  const comparison: LevelComparison = {
    level,
    objects,
    differences: [],
    agreeing: [],
    columnsOnlyInA: onlyIn(leavesA, leavesB, columnsB),
    columnsOnlyInB: onlyIn(leavesB, leavesA, columnsA),
    unfilledInA: [],
    unfilledInB: [],
  };
  if (shared.length === 0) return comparison;

  // One view holds both sides' normalised values per shared object: `a<i>` and `b<i>` per attribute.
  const values = shared.flatMap(({ a, b, rule }, i) => [
    `${normalised(a, rule, 'a')} AS ${quoteName(`a${i}`)}`,
    `${normalised(b, rule, 'b')} AS ${quoteName(`b${i}`)}`,
  ]);
  await db.run(
    `CREATE OR REPLACE TEMP VIEW compared AS SELECT pairs.rcsb_id, ${values.join(', ')} FROM pairs ` +
      `JOIN read_parquet(${quoteString(fileA)}, file_row_number = true) a ON a.file_row_number = pairs.row_a ` +
      `JOIN read_parquet(${quoteString(fileB)}, file_row_number = true) b ON b.file_row_number = pairs.row_b`,
  );
  const predicates = shared.map(({ rule }, i) => {
    const [a, b] = [quoteName(`a${i}`), quoteName(`b${i}`)];
    const heldA = heldSql(a, rule);
    const heldB = heldSql(b, rule);
    return { heldA, heldB, differ: `(${heldA} AND ${heldB} AND ${differSql(a, b, rule)})`, a, b };
  });
  const aggregates = predicates.flatMap(({ heldA, heldB, differ }, i) => [
    `count(*) FILTER (WHERE ${heldA}) AS "filled_a${i}"`,
    `count(*) FILTER (WHERE ${heldB}) AS "filled_b${i}"`,
    `count(*) FILTER (WHERE ${heldA} AND ${heldB}) AS "both${i}"`,
    `count(*) FILTER (WHERE ${differ}) AS "differ${i}"`,
    `count(*) FILTER (WHERE ${heldA} AND NOT ${heldB}) AS "only_a${i}"`,
    `count(*) FILTER (WHERE ${heldB} AND NOT ${heldA}) AS "only_b${i}"`,
  ]);
  const stats = (
    await db.runAndReadAll(`SELECT ${aggregates.join(', ')} FROM compared`)
  ).getRowObjectsJS()[0] as Record<string, unknown>;

  for (const [i, { a, rule }] of shared.entries()) {
    const filledA = count(stats[`filled_a${i}`]);
    const filledB = count(stats[`filled_b${i}`]);
    if (filledA === 0) comparison.unfilledInA.push(a.attribute);
    if (filledB === 0) comparison.unfilledInB.push(a.attribute);
    if (filledA === 0 || filledB === 0) continue;
    const difference: AttributeDifference = {
      attribute: a.attribute,
      rule,
      compared: count(stats[`both${i}`]),
      differ: count(stats[`differ${i}`]),
      onlyInA: count(stats[`only_a${i}`]),
      onlyInB: count(stats[`only_b${i}`]),
      examples: [],
    };
    if (difference.differ + difference.onlyInA + difference.onlyInB === 0) {
      comparison.agreeing.push(a.attribute);
      continue;
    }
    if (examples > 0) {
      const p = predicates[i] as (typeof predicates)[number];
      const reader = await db.runAndReadAll(
        // A list without values renders as no value, not as [].
        `SELECT rcsb_id, CASE WHEN ${p.heldA} THEN to_json(${p.a})::VARCHAR END AS a, ` +
          `CASE WHEN ${p.heldB} THEN to_json(${p.b})::VARCHAR END AS b FROM compared ` +
          `WHERE ${p.differ} OR ${p.heldA} <> ${p.heldB} ` +
          `ORDER BY ${p.differ} DESC, rcsb_id LIMIT ${examples}`,
      );
      difference.examples = reader.getRowObjectsJS().map((row) => ({
        rcsb_id: String(row.rcsb_id),
        a: row.a === null ? null : String(row.a),
        b: row.b === null ? null : String(row.b),
      }));
    }
    comparison.differences.push(difference);
  }
  return comparison;
}

/**
 * Compares two archive snapshots level by level: which objects (matched on `rcsb_id`) each holds,
 * and for every attribute both hold, on how many shared objects their values differ. Values are
 * compared the way an operator accepts them: lists as sets, floating-point numbers within a relative
 * tolerance, dates as days, and each field of a nested record as the multiset of its values over
 * the object's records (record boundaries ignored: importers order and split records differently).
 */
export async function compareSnapshots(
  a: string,
  b: string,
  options: CompareOptions = {},
): Promise<SnapshotComparison> {
  const examples = options.examples ?? DEFAULT_EXAMPLES;
  if (!Number.isInteger(examples) || examples < 0)
    throw new Error(`examples must be a non-negative integer, not ${examples}`);
  const unknown = (options.levels ?? []).filter((level) => !isReturnType(level));
  if (unknown.length > 0)
    throw new Error(`unknown levels ${unknown.join(', ')}: the levels are ${RETURN_TYPES.join(', ')}`);
  const levels = RETURN_TYPES.filter((level) => !options.levels || options.levels.includes(level));
  const snapshotA = await openSnapshot(a);
  const snapshotB = await openSnapshot(b);
  const instance = await DuckDBInstance.create(':memory:');
  const db = await instance.connect();
  try {
    for (const snapshot of [snapshotA, snapshotB])
      for (const [level, file] of snapshot.files)
        if (!(await hasObjectColumn(db, file))) snapshot.files.delete(level);
    const report: SnapshotComparison = {
      a: snapshotA.summary,
      b: snapshotB.summary,
      levels: [],
      levelsOnlyInA: levels.filter((level) => snapshotA.files.has(level) && !snapshotB.files.has(level)),
      levelsOnlyInB: levels.filter((level) => snapshotB.files.has(level) && !snapshotA.files.has(level)),
    };
    for (const level of levels) {
      const fileA = snapshotA.files.get(level);
      const fileB = snapshotB.files.get(level);
      if (fileA && fileB) report.levels.push(await compareLevel(db, level, fileA, fileB, examples));
    }
    return report;
  } finally {
    db.closeSync();
    instance.closeSync();
  }
}

const NOUNS: Record<ReturnType, [string, string]> = {
  entry: ['entry', 'entries'],
  polymer_entity: ['polymer entity', 'polymer entities'],
  non_polymer_entity: ['non-polymer entity', 'non-polymer entities'],
  polymer_instance: ['polymer instance', 'polymer instances'],
  assembly: ['assembly', 'assemblies'],
  mol_definition: ['chemical component', 'chemical components'],
};

const noun = (level: ReturnType, n: number) => NOUNS[level][n === 1 ? 0 : 1];

/** Long values (titles, author lists) are cut so that an example stays on one line. */
const MAX_VALUE_LENGTH = 160;

function rendered(value: string | null): string {
  if (value === null) return '(none)';
  return value.length > MAX_VALUE_LENGTH ? `${value.slice(0, MAX_VALUE_LENGTH - 1)}…` : value;
}

const withIds = (n: number, ids: string[]) =>
  n === 0 ? '' : ` (${ids.join(', ')}${ids.length < n ? ', …' : ''})`;

/** The comparison as text for an operator: per level, the objects, then each differing attribute. */
export function formatComparison(report: SnapshotComparison, names: { a: string; b: string }): string {
  const lines: string[] = [];
  const describe = (name: string, side: ComparedSnapshot) =>
    `${name}: ${side.dir} (source ${side.source}, archive ${side.archive_date}, ${side.generator})`;
  lines.push(describe(`A = ${names.a}`, report.a), describe(`B = ${names.b}`, report.b));
  for (const level of report.levelsOnlyInA) lines.push('', `${level}: only in A`);
  for (const level of report.levelsOnlyInB) lines.push('', `${level}: only in B`);
  for (const level of report.levels) {
    const { objects } = level;
    lines.push(
      '',
      `${level.level}: ${objects.shared} ${noun(level.level, objects.shared)} in both, ` +
        `${objects.onlyInA} only in A${withIds(objects.onlyInA, objects.onlyInAIds)}, ` +
        `${objects.onlyInB} only in B${withIds(objects.onlyInB, objects.onlyInBIds)}`,
    );
    for (const [side, n] of [
      ['A', objects.duplicatesInA],
      ['B', objects.duplicatesInB],
    ] as const) {
      if (n > 0)
        lines.push(
          `  ${n} repeated rcsb_id ${n === 1 ? 'row' : 'rows'} in ${side}: only the first row of each id is compared`,
        );
    }
    for (const difference of level.differences) {
      const verb = difference.differ === 1 ? 'differs' : 'differ';
      const parts = [
        `${difference.differ} of ${difference.compared} ${noun(level.level, difference.compared)} ${verb}`,
      ];
      if (difference.onlyInA > 0) parts.push(`${difference.onlyInA} held only by A`);
      if (difference.onlyInB > 0) parts.push(`${difference.onlyInB} held only by B`);
      lines.push(`  ${difference.attribute}: ${parts.join(', ')}`);
      for (const example of difference.examples) {
        lines.push(`    ${example.rcsb_id}: A ${rendered(example.a)} | B ${rendered(example.b)}`);
      }
    }
    const agreeing = level.agreeing.length;
    if (agreeing > 0)
      lines.push(
        `  ${agreeing} ${agreeing === 1 ? 'attribute agrees' : 'attributes agree'} on every shared object`,
      );
    const list = (label: string, names: string[]) => {
      if (names.length > 0) lines.push(`  ${label} (${names.length}): ${names.join(', ')}`);
    };
    list('only in A', level.columnsOnlyInA);
    list('only in B', level.columnsOnlyInB);
    list('no value in A on a shared object', level.unfilledInA);
    list('no value in B on a shared object', level.unfilledInB);
  }
  return `${lines.join('\n')}\n`;
}
