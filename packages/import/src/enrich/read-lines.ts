import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { EnrichmentSourceError, type SourceReport } from './types.ts';

const GZIP_MAGIC = [0x1f, 0x8b];
const EXAMPLES = 5;

/** Whether the file starts with the gzip magic bytes (names can lie: `x.csv` may be gzipped). */
async function isGzipped(file: string): Promise<boolean> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'file not found' : `cannot be read (${code ?? String(error)})`;
    throw new EnrichmentSourceError(file, reason);
  }
  try {
    const head = Buffer.alloc(2);
    const { bytesRead } = await handle.read(head, 0, 2, 0);
    return bytesRead === 2 && head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1];
  } finally {
    await handle.close();
  }
}

/**
 * Calls `onLine` for every line of a plain or gzipped text file, streamed (memory stays flat).
 * Line numbers start at 1. A missing file or a broken gzip stream throws an error naming the file.
 */
export async function forEachLine(file: string, onLine: (line: string, lineNumber: number) => void) {
  const gzipped = await isGzipped(file);
  const raw = createReadStream(file);
  const input = gzipped ? raw.pipe(createGunzip()) : raw;
  const failure = new Promise<never>((_, reject) => {
    const fail = (error: Error) =>
      reject(new EnrichmentSourceError(file, `cannot be read (${error.message})`));
    raw.on('error', fail);
    input.on('error', fail);
  });
  const lines = createInterface({ input, crlfDelay: Infinity });
  let lineNumber = 0;
  const reading = (async () => {
    for await (const line of lines) onLine(line, ++lineNumber);
  })();
  // Whichever settles second must not become an unhandled rejection.
  reading.catch(() => undefined);
  failure.catch(() => undefined);
  try {
    await Promise.race([reading, failure]);
  } finally {
    lines.close();
    raw.destroy();
  }
}

/** Counts malformed lines of one file and keeps the first few as examples. */
export class SourceCounter {
  readonly report: SourceReport;

  constructor(file: string) {
    this.report = { file, lines: 0, malformed: 0, examples: [] };
  }

  line() {
    this.report.lines++;
  }

  malformed(lineNumber: number, line: string, reason: string) {
    this.report.malformed++;
    if (this.report.examples.length < EXAMPLES) {
      const shown = line.length > 120 ? `${line.slice(0, 120)}…` : line;
      this.report.examples.push(`line ${lineNumber}: ${reason}: ${JSON.stringify(shown)}`);
    }
  }
}
