import { metadataCounts, storageOf, type CatalogueAttribute, type ReturnType } from '@pdb-stats/search-model';
import type { Row } from '@pdb-stats/snapshot';

const hasValue = (value: unknown): boolean =>
  value !== null && value !== undefined && !(Array.isArray(value) && value.length === 0);

interface NestedColumn {
  /** Field -> attribute index, for fields of the record itself. */
  fields: Map<string, number>;
  /** Inner list -> (field -> attribute index). */
  inner: Map<string, Map<string, number>>;
}

/** Which catalogue attributes received at least one value, level by level. */
export class Coverage {
  private readonly filled: boolean[];
  private readonly plain = new Map<ReturnType, Map<string, number>>();
  private readonly nested = new Map<ReturnType, Map<string, NestedColumn>>();

  constructor(readonly attributes: readonly CatalogueAttribute[]) {
    this.filled = attributes.map(() => false);
    attributes.forEach((attribute, index) => {
      const storage = storageOf(attribute);
      if (!attribute.nested) {
        const columns = this.plain.get(attribute.level) ?? new Map<string, number>();
        columns.set(storage.column, index);
        this.plain.set(attribute.level, columns);
        return;
      }
      const records = this.nested.get(attribute.level) ?? new Map<string, NestedColumn>();
      const record = records.get(storage.column) ?? { fields: new Map(), inner: new Map() };
      records.set(storage.column, record);
      this.nested.set(attribute.level, records);
      if (storage.inner) {
        const inner = record.inner.get(storage.inner) ?? new Map<string, number>();
        inner.set(storage.field as string, index);
        record.inner.set(storage.inner, inner);
      } else record.fields.set(storage.field as string, index);
    });
  }

  add(level: ReturnType, rows: readonly Row[]): void {
    const plain = this.plain.get(level);
    const nested = this.nested.get(level);
    for (const row of rows) {
      for (const column in row) {
        const value = row[column];
        if (!hasValue(value)) continue;
        const index = plain?.get(column);
        if (index !== undefined) this.filled[index] = true;
        const record = nested?.get(column);
        if (record && Array.isArray(value)) this.addRecords(record, value as Row[]);
      }
    }
  }

  private addRecords(record: NestedColumn, values: readonly Row[]): void {
    for (const value of values) {
      for (const [field, index] of record.fields) if (hasValue(value[field])) this.filled[index] = true;
      for (const [name, fields] of record.inner) {
        const inner = value[name];
        if (!Array.isArray(inner)) continue;
        for (const item of inner as Row[])
          for (const [field, index] of fields) if (hasValue(item[field])) this.filled[index] = true;
      }
    }
  }

  /** Filled and total public attributes (distinct paths) of the structure and the chemical metadata. */
  counts(): { structure: { filled: number; total: number }; chemical: { filled: number; total: number } } {
    const filled = metadataCounts(this.filledAttributes());
    const total = metadataCounts(this.attributes);
    return {
      structure: { filled: filled.structure, total: total.structure },
      chemical: { filled: filled.chemical, total: total.chemical },
    };
  }

  /** Counts these attributes as filled (by level and path), as rows written elsewhere fill them. */
  include(attributes: readonly CatalogueAttribute[]): void {
    const keys = new Set(attributes.map((a) => `${a.level}:${a.path}`));
    this.attributes.forEach((a, index) => {
      if (keys.has(`${a.level}:${a.path}`)) this.filled[index] = true;
    });
  }

  /** The attributes that received a value. */
  filledAttributes(): CatalogueAttribute[] {
    return this.attributes.filter((_, index) => this.filled[index]);
  }
}
