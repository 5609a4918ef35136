import { forEachLine, SourceCounter } from './read-lines.ts';
import { parsedOnce, type ParsedCache } from './parsed-cache.ts';
import { EnrichmentSourceError, type SourceReport } from './types.ts';

// `101m`, also the extended ids (`pdb_00001abc`) the wwPDB has announced.
const PDB_ID = /^([0-9][a-z0-9]{3}|pdb_[0-9a-z]{8})$/i;

/**
 * Reads a SIFTS summary CSV (plain or gzipped): `#` comment lines, then a header line naming the
 * columns, then one record per line. Calls `onRow` with the values of `columns` (in that order, the
 * PDB id upper-cased); `onRow` returns a reason when the record is unusable. The header must name
 * every column of `columns`, otherwise the file is not the one expected.
 */
export async function readSiftsCsv(
  file: string,
  kind: string,
  columns: readonly string[],
  onRow: (values: string[]) => string | undefined,
): Promise<SourceReport> {
  const counter = new SourceCounter(file);
  let positions: number[] | null = null;
  let width = 0;
  await forEachLine(file, (line, lineNumber) => {
    if (line.startsWith('#')) return;
    if (positions === null) {
      const header = line.split(',').map((name) => name.trim().toUpperCase());
      const found = columns.map((column) => header.indexOf(column));
      if (found.some((position) => position < 0) || header[0] !== 'PDB')
        throw new EnrichmentSourceError(
          file,
          `not a SIFTS ${kind} file: its header line should name the columns ${columns.join(', ')} (found ${JSON.stringify(line.slice(0, 80))})`,
        );
      positions = found;
      width = header.length;
      return;
    }
    counter.line();
    if (line.trim() === '') return counter.malformed(lineNumber, line, 'empty line');
    const fields = line.split(',');
    if (fields.length !== width)
      return counter.malformed(lineNumber, line, `${fields.length} fields instead of ${width}`);
    const values = positions.map((position) => (fields[position] ?? '').trim());
    if (!PDB_ID.test(values[0] ?? '')) return counter.malformed(lineNumber, line, 'not a PDB id');
    values[0] = (values[0] ?? '').toUpperCase();
    const problem = onRow(values);
    if (problem !== undefined) counter.malformed(lineNumber, line, problem);
  });
  if (positions === null) throw new EnrichmentSourceError(file, `not a SIFTS ${kind} file: no header line`);
  return counter.report;
}

/** Strings joined by newlines (none of them holds one): one string is kept and read back at once. */
export const joinLines = (strings: readonly string[]): string => strings.join('\n');
export const splitLines = (text: string, count: number): string[] => (count === 0 ? [] : text.split('\n'));

/** `ChainValues` as the parse cache keeps them: a few strings and typed arrays, read back at once. */
export interface PackedChainValues {
  /** Entry ids, one a line. */
  entries: string;
  /** Per entry, its first pair (one more: the end of the last entry's). */
  offsets: Uint32Array;
  /** Per pair, its chain id, one a line. */
  chains: string;
  /** Per pair, its value's number in `dictionary`. */
  values: Uint32Array;
  /** The distinct values, one a line. */
  dictionary: string;
}

/** The distinct (chain, value) pairs of each entry as a SIFTS chain file is read. */
class ChainValuesBuilder {
  /** Per entry, its pairs flat: `[chain, value number, chain, value number, ...]`. */
  private readonly entries = new Map<string, (string | number)[]>();
  private readonly dictionary = new Map<string, number>();
  private pairs = 0;

  add(entry: string, chain: string, value: string) {
    let number = this.dictionary.get(value);
    if (number === undefined) {
      number = this.dictionary.size;
      this.dictionary.set(value, number);
    }
    const pairs = this.entries.get(entry);
    if (!pairs) {
      this.entries.set(entry, [chain, number]);
      this.pairs++;
      return;
    }
    for (let i = 0; i < pairs.length; i += 2) if (pairs[i] === chain && pairs[i + 1] === number) return;
    pairs.push(chain, number);
    this.pairs++;
  }

  pack(): PackedChainValues {
    const offsets = new Uint32Array(this.entries.size + 1);
    const chains: string[] = [];
    const values = new Uint32Array(this.pairs);
    let entry = 0;
    for (const pairs of this.entries.values()) {
      offsets[entry++] = chains.length;
      for (let i = 0; i < pairs.length; i += 2) {
        values[chains.length] = pairs[i + 1] as number;
        chains.push(pairs[i] as string);
      }
    }
    offsets[entry] = chains.length;
    return {
      entries: joinLines([...this.entries.keys()]),
      offsets,
      chains: joinLines(chains),
      values,
      dictionary: joinLines([...this.dictionary.keys()]),
    };
  }
}

/**
 * Per entry, the distinct (author chain id, value) pairs of a SIFTS chain file, stored flat: the real
 * files have hundreds of thousands of rows for about 150,000 entries, and a few hundred thousand
 * distinct values, each held once.
 */
export class ChainValues {
  private readonly index = new Map<string, number>();
  private readonly chains: string[];
  private readonly dictionary: string[];

  private constructor(private readonly packed: PackedChainValues) {
    const entries = splitLines(packed.entries, packed.offsets.length - 1);
    for (let i = 0; i < entries.length; i++) this.index.set(entries[i] as string, i);
    this.chains = splitLines(packed.chains, packed.values.length);
    this.dictionary = splitLines(packed.dictionary, packed.dictionary === '' ? 0 : 1);
  }

  static unpack(packed: PackedChainValues): ChainValues {
    return new ChainValues(packed);
  }

  /** Calls `visit` for each (chain, value) pair of an entry, in file order. */
  forEach(entry: string, visit: (chain: string, value: string) => void) {
    const at = this.index.get(entry);
    if (at === undefined) return;
    const { offsets, values } = this.packed;
    for (let i = offsets[at] as number; i < (offsets[at + 1] as number); i++)
      visit(this.chains[i] as string, this.dictionary[values[i] as number] as string);
  }

  get entryCount() {
    return this.index.size;
  }
}

/** A chain id as SIFTS writes it: the author chain id, case-sensitive, no spaces. */
export function isChainId(text: string): boolean {
  return text.length > 0 && text.length <= 8 && !/\s/.test(text);
}

/**
 * The distinct (chain, value) pairs per entry of a SIFTS chain file whose records carry one value
 * (`column`, checked by `check`, which returns a reason when the value is unusable), parsed or taken
 * from the parse cache.
 */
export async function readChainValues(
  file: string,
  kind: string,
  column: string,
  check: (value: string) => string | undefined,
  cache?: ParsedCache,
): Promise<{ values: ChainValues; report: SourceReport }> {
  const parsed = await parsedOnce(cache, `sifts-${kind}`, [file], async () => {
    const values = new ChainValuesBuilder();
    const report = await readSiftsCsv(file, kind, ['PDB', 'CHAIN', column], ([entry, chain, value]) => {
      if (!isChainId(chain ?? '')) return 'not a chain id';
      const problem = check(value ?? '');
      if (problem !== undefined) return problem;
      values.add(entry as string, chain as string, value as string);
      return undefined;
    });
    return { values: values.pack(), report };
  });
  return { values: ChainValues.unpack(parsed.values), report: parsed.report };
}
