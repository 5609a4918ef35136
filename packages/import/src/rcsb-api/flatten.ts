import { storageOf, type CatalogueAttribute, type NativeLevel } from '@pdb-stats/search-model';
import type { EntryDocuments, Row } from '@pdb-stats/snapshot';
import { convertValue } from '../mmcif/values.ts';
import type { DataApiPlan, SourcedAttribute } from './query.ts';

/** A document of the Data API as JSON: objects, lists, scalars. */
export type ApiDocument = Record<string, unknown>;

/** Every value a dotted path reaches in a document, lists walked through at every step. */
function valuesAt(document: unknown, steps: readonly string[], from = 0): unknown[] {
  if (document === null || document === undefined) return [];
  if (Array.isArray(document)) return document.flatMap((item) => valuesAt(item, steps, from));
  if (from === steps.length) return [document];
  if (typeof document !== 'object') return [];
  return valuesAt((document as ApiDocument)[steps[from] as string], steps, from + 1);
}

/** One nested-record column: the record list's root, its plain fields and its inner lists. */
interface RecordColumn {
  column: string;
  root: string[];
  fields: { name: string; steps: string[]; attribute: CatalogueAttribute }[];
  inner: Map<string, { name: string; steps: string[]; attribute: CatalogueAttribute }[]>;
}

/** How one level's documents become row fields: plain columns and nested-record columns. */
interface LevelReader {
  plain: { column: string; steps: string[]; attribute: CatalogueAttribute }[];
  records: RecordColumn[];
}

function readerOf(attributes: readonly SourcedAttribute[]): LevelReader {
  const reader: LevelReader = { plain: [], records: [] };
  const records = new Map<string, RecordColumn>();
  for (const { attribute, source } of attributes) {
    const storage = storageOf(attribute);
    if (!attribute.nested) {
      reader.plain.push({ column: storage.column, steps: source.split('.'), attribute });
      continue;
    }
    let record = records.get(storage.column);
    if (!record) {
      // The record list's path in the document: the relation's field (if any) before the root.
      const prefix = source.slice(0, source.length - attribute.path.length);
      record = {
        column: storage.column,
        root: `${prefix}${attribute.nested.root}`.split('.'),
        fields: [],
        inner: new Map(),
      };
      records.set(storage.column, record);
      reader.records.push(record);
    }
    const field = { name: storage.field as string, steps: (storage.field as string).split('.'), attribute };
    if (storage.inner) {
      const inner = record.inner.get(storage.inner) ?? [];
      inner.push(field);
      record.inner.set(storage.inner, inner);
    } else record.fields.push(field);
  }
  return reader;
}

/** Values the Data API sent that are not of their attribute's type, counted per path. */
export type InvalidValues = Map<string, number>;

/**
 * Turns the Data API's documents into snapshot rows: every catalogue attribute the plan selected, read
 * from its path; the levels without a table (branched entities and their instances, non-polymer
 * instances) add their values to the lists of the level that holds them.
 */
export class DocumentFlattener {
  private readonly readers = new Map<NativeLevel, LevelReader>();
  readonly invalid: InvalidValues = new Map();

  constructor(plan: DataApiPlan) {
    for (const [level, selection] of plan.levels) this.readers.set(level, readerOf(selection.attributes));
  }

  private typed(values: readonly unknown[], attribute: CatalogueAttribute): (string | number)[] {
    const typed: (string | number)[] = [];
    for (const raw of values) {
      const converted = convertValue(raw, attribute.type);
      if (converted === 'missing') continue;
      if (converted === 'invalid')
        this.invalid.set(attribute.path, (this.invalid.get(attribute.path) ?? 0) + 1);
      else typed.push(converted.value);
    }
    return typed;
  }

  private first(record: unknown, field: { steps: string[]; attribute: CatalogueAttribute }): unknown {
    return this.typed(valuesAt(record, field.steps), field.attribute)[0] ?? null;
  }

  /**
   * Adds one document's values to a row. A row may collect several documents (the branched entities
   * of an entry): their list values are appended to what the row holds.
   */
  private fill(row: Row, level: NativeLevel, document: ApiDocument): void {
    const reader = this.readers.get(level);
    if (!reader) return;
    for (const { column, steps, attribute } of reader.plain) {
      const values = this.typed(valuesAt(document, steps), attribute);
      if (!attribute.multi) {
        if (values.length > 0 && (row[column] === undefined || row[column] === null)) row[column] = values[0];
        continue;
      }
      if (values.length === 0) continue;
      const held = row[column];
      row[column] = Array.isArray(held) ? [...(held as unknown[]), ...values] : values;
    }
    for (const record of reader.records) {
      const structs = valuesAt(document, record.root)
        .filter((item) => item !== null && typeof item === 'object')
        .map((item) => {
          const struct: Row = {};
          for (const field of record.fields) struct[field.name] = this.first(item, field);
          for (const [inner, fields] of record.inner) {
            struct[inner] = valuesAt(item, inner.split('.'))
              .filter((value) => value !== null && typeof value === 'object')
              .map((value) =>
                Object.fromEntries(fields.map((field) => [field.name, this.first(value, field)])),
              );
          }
          return struct;
        });
      if (structs.length === 0) continue;
      const held = row[record.column];
      row[record.column] = Array.isArray(held) ? [...(held as unknown[]), ...structs] : structs;
    }
  }

  private row(level: NativeLevel, document: ApiDocument): Row {
    const row: Row = { rcsb_id: document.rcsb_id };
    this.fill(row, level, document);
    return row;
  }

  /** The rows of one entry document with its nested entities, instances and assemblies. */
  entry(document: ApiDocument): EntryDocuments {
    const list = (value: unknown): ApiDocument[] =>
      Array.isArray(value)
        ? value.filter((item): item is ApiDocument => item !== null && typeof item === 'object')
        : [];
    const entry = this.row('entry', document);
    const docs: EntryDocuments = {
      entry,
      polymer_entity: [],
      polymer_instance: [],
      non_polymer_entity: [],
      assembly: [],
    };
    for (const entity of list(document.polymer_entities)) {
      const row = this.row('polymer_entity', entity);
      docs.polymer_entity.push(row);
      const entityId =
        row['rcsb_polymer_entity_container_identifiers.entity_id'] ?? idAfter(entity.rcsb_id, '_');
      for (const instance of list(entity.polymer_entity_instances)) {
        const instanceRow = this.row('polymer_instance', instance);
        // The instance is listed under its entity: the link holds even when the id field is not asked for.
        instanceRow['rcsb_polymer_entity_instance_container_identifiers.entity_id'] ??= entityId;
        docs.polymer_instance.push(instanceRow);
      }
    }
    for (const entity of list(document.nonpolymer_entities)) {
      const row = this.row('non_polymer_entity', entity);
      for (const instance of list(entity.nonpolymer_entity_instances))
        this.fill(row, 'non_polymer_instance', instance);
      docs.non_polymer_entity.push(row);
    }
    for (const entity of list(document.branched_entities)) {
      this.fill(entry, 'branched_entity', entity);
      for (const instance of list(entity.branched_entity_instances))
        this.fill(entry, 'branched_instance', instance);
    }
    for (const assembly of list(document.assemblies)) docs.assembly.push(this.row('assembly', assembly));
    return docs;
  }

  /** The mol_definition row of a chemical component document. */
  component(document: ApiDocument): Row {
    return this.row('mol_definition', document);
  }
}

/** `2` of `4HHB_2`. */
function idAfter(id: unknown, separator: string): string | null {
  return typeof id === 'string' && id.includes(separator) ? id.slice(id.lastIndexOf(separator) + 1) : null;
}
