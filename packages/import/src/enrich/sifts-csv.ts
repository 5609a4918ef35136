import { forEachLine, SourceCounter } from './read-lines.ts';
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

/**
 * Per entry, the distinct (author chain id, value) pairs of a SIFTS chain file, stored flat
 * (`[chain, value, chain, value, ...]`) with the values interned: the real files have hundreds of
 * thousands of rows for about 150,000 entries.
 */
export class ChainValues {
  private readonly entries = new Map<string, string[]>();
  private readonly interned = new Map<string, string>();

  add(entry: string, chain: string, value: string) {
    let shared = this.interned.get(value);
    if (shared === undefined) {
      shared = value;
      this.interned.set(value, value);
    }
    const pairs = this.entries.get(entry);
    if (!pairs) {
      this.entries.set(entry, [chain, shared]);
      return;
    }
    for (let i = 0; i < pairs.length; i += 2) if (pairs[i] === chain && pairs[i + 1] === shared) return;
    pairs.push(chain, shared);
  }

  /** Calls `visit` for each (chain, value) pair of an entry, in file order. */
  forEach(entry: string, visit: (chain: string, value: string) => void) {
    const pairs = this.entries.get(entry);
    if (!pairs) return;
    for (let i = 0; i < pairs.length; i += 2) visit(pairs[i] as string, pairs[i + 1] as string);
  }

  get entryCount() {
    return this.entries.size;
  }
}

/** A chain id as SIFTS writes it: the author chain id, case-sensitive, no spaces. */
export function isChainId(text: string): boolean {
  return text.length > 0 && text.length <= 8 && !/\s/.test(text);
}
