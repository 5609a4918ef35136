import { CIF, type CifBlock, type CifCategory, type CifField } from 'molstar/lib/mol-io/reader/cif.js';
import { Column } from 'molstar/lib/mol-data/db.js';
import { MmcifError } from './mmcif-error.ts';

/** One row of a category: item names lower-cased (with `-` read as `_`), missing values left out. */
export type CifRecord = Record<string, unknown>;

/**
 * Case-insensitive access to one data block. mmCIF names are case-insensitive, and the public
 * catalogue spells some of them differently from the files (`space_group_name_H-M` is
 * `space_group_name_H_M` there), so every name is looked up in one normal form.
 */
export class Block {
  readonly header: string;
  private readonly categories = new Map<string, CifCategory>();
  private readonly recordCache = new Map<string, CifRecord[]>();
  private readonly groupCache = new Map<string, Map<string, CifRecord[]>>();

  constructor(block: CifBlock) {
    this.header = block.header;
    for (const name of block.categoryNames) {
      const category = block.categories[name];
      if (category) this.categories.set(normalName(name), category);
    }
  }

  has(category: string): boolean {
    return this.categories.has(normalName(category));
  }

  categoryNames(): string[] {
    return [...this.categories.keys()];
  }

  rowCount(category: string): number {
    return this.categories.get(normalName(category))?.rowCount ?? 0;
  }

  /** A column of a category, or undefined when the file lacks it. */
  field(category: string, item: string): CifField | undefined {
    const found = this.categories.get(normalName(category));
    if (!found) return undefined;
    const direct = found.getField(item);
    if (direct) return direct;
    const wanted = normalName(item);
    const name = found.fieldNames.find((candidate) => normalName(candidate) === wanted);
    return name === undefined ? undefined : found.getField(name);
  }

  /** The text of one value, or undefined when it is `?`, `.` or absent. */
  text(category: string, item: string, row = 0): string | undefined {
    const column = this.field(category, item);
    if (!column || row >= column.rowCount) return undefined;
    return textAt(column, row);
  }

  /** Every value of a column as text (missing values as undefined). */
  texts(category: string, item: string): (string | undefined)[] {
    const column = this.field(category, item);
    if (!column) return [];
    const values: (string | undefined)[] = new Array(column.rowCount);
    for (let row = 0; row < column.rowCount; row++) values[row] = textAt(column, row);
    return values;
  }

  /**
   * The rows of a category as plain records. Meant for the small categories that describe an
   * entry; the big per-atom and per-residue ones are read column by column instead.
   */
  records(category: string): CifRecord[] {
    const key = normalName(category);
    const cached = this.recordCache.get(key);
    if (cached) return cached;
    const found = this.categories.get(key);
    const records: CifRecord[] = [];
    if (found) {
      const columns = found.fieldNames.map((name) => [normalName(name), found.getField(name)!] as const);
      for (let row = 0; row < found.rowCount; row++) {
        const record: CifRecord = {};
        for (const [name, column] of columns) {
          const value = textAt(column, row);
          if (value !== undefined) record[name] = value;
        }
        records.push(record);
      }
    }
    this.recordCache.set(key, records);
    return records;
  }

  /**
   * The records of a category whose item has the given value, from an index built once per
   * category and item (rules ask this for every chain, so a scan each time would be quadratic).
   */
  recordsWhere(category: string, item: string, value: string): CifRecord[] {
    const key = `${normalName(category)} ${normalName(item)}`;
    let index = this.groupCache.get(key);
    if (!index) {
      index = new Map();
      const field = normalName(item);
      for (const record of this.records(category)) {
        const id = record[field];
        if (typeof id !== 'string') continue;
        const list = index.get(id);
        if (list) list.push(record);
        else index.set(id, [record]);
      }
      this.groupCache.set(key, index);
    }
    return index.get(value) ?? [];
  }
}

/** The one spelling used for category and item names. */
export function normalName(name: string): string {
  return name.toLowerCase().replaceAll('-', '_');
}

function textAt(column: CifField, row: number): string | undefined {
  if (column.valueKind(row) !== Column.ValueKind.Present) return undefined;
  return column.str(row);
}

/** BinaryCIF is MessagePack: a map marker comes first, where text CIF has `data_`, `#` or blanks. */
function isBinaryCif(data: Uint8Array): boolean {
  const first = data[0];
  return first !== undefined && ((first >= 0x80 && first <= 0x8f) || first === 0xde || first === 0xdf);
}

/** Text CIF opens with `data_` once blank and comment lines are passed. */
function startsWithDataBlock(text: string): boolean {
  for (const line of text.slice(0, 65_536).split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    return /^data_/i.test(trimmed);
  }
  return false;
}

/**
 * The data blocks of a text or binary CIF file. Throws MmcifError when the bytes are not CIF or hold
 * no data block; `source` names the file in the message.
 */
export async function readCifBlocks(data: Uint8Array | string, source: string): Promise<Block[]> {
  let parsed;
  try {
    if (typeof data !== 'string' && isBinaryCif(data)) parsed = await CIF.parseBinary(data).run();
    else {
      const text = typeof data === 'string' ? data : new TextDecoder('utf-8').decode(data);
      if (!startsWithDataBlock(text))
        throw new MmcifError(source, `not a CIF file (no 'data_' block header at the start)`);
      parsed = await CIF.parseText(text).run();
    }
  } catch (error) {
    if (error instanceof MmcifError) throw error;
    throw new MmcifError(source, `not a readable CIF file (${(error as Error).message})`);
  }
  if (parsed.isError) throw new MmcifError(source, `not a readable CIF file (${parsed.message})`);
  const blocks = parsed.result.blocks;
  if (blocks.length === 0) throw new MmcifError(source, `the file holds no data block`);
  return blocks.map((block) => new Block(block));
}
