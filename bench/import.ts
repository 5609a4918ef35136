import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, readlink, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { importMmcif, type ImportSummary } from '../packages/archive/src/import/pipeline.ts';
import { heading, printTable } from './stats.ts';

/** The real archive's size (mid 2026), for the extrapolations. */
const ARCHIVE_ENTRIES = 257_000;
const ARCHIVE_GZ_BYTES = 80e9;
/** Entries changed by a weekly update. */
const WEEKLY_CHANGES = 400;

export interface ImportBenchSummary {
  files: number;
  entries: number;
  threads: number;
  /** Parsing step only. */
  mbPerSecondCompressed: number;
  mbPerSecondDecompressed: number;
  entriesPerSecond: number;
  fullArchiveHours: number;
  firstSeconds: number;
  unchangedSeconds: number;
  changedSeconds: number;
  changedFiles: number;
  /** Seconds per entry taken from the cache on a re-run (rows, enrichers, keys, NDJSON, Parquet). */
  reuseSecondsPerEntry: number;
  weeklyUpdateSeconds: number;
  enricherSeconds: number;
  peakRssMb: number;
}

/**
 * The real mmCIF files linked `copies` times under distinct names (a divided tree per copy), so that
 * per-entry costs are measured over more than a few dozen files.
 */
async function linkCopies(realData: string, dir: string, copies: number): Promise<number> {
  let files = 0;
  const sources = ['mmcif/ihm', 'mmcif/csm'].map((s) => join(realData, s));
  const divided = join(realData, 'mmcif/divided');
  const originals: string[] = [];
  for (const shard of await readdir(divided))
    for (const name of await readdir(join(divided, shard))) originals.push(join(divided, shard, name));
  for (const source of sources) for (const name of await readdir(source)) originals.push(join(source, name));
  for (let copy = 0; copy < copies; copy++) {
    const folder = join(dir, `copy${String(copy).padStart(3, '0')}`);
    await mkdir(folder, { recursive: true });
    for (const original of originals) {
      await symlink(original, join(folder, original.split('/').at(-1) as string));
      files++;
    }
  }
  return files;
}

export async function benchImport(options: {
  realData: string;
  copies: number;
  workers?: number;
}): Promise<ImportBenchSummary | undefined> {
  heading('mmCIF import');
  const realData = resolve(options.realData);
  if (!existsSync(join(realData, 'mmcif/divided'))) {
    console.log(`skipped: ${realData} is absent`);
    return undefined;
  }
  const root = await mkdtemp(join(tmpdir(), 'pdb-stats-bench-import-'));
  try {
    const input = join(root, 'in');
    const files = await linkCopies(realData, input, options.copies);
    const run = () =>
      importMmcif({
        from: input,
        ccd: join(realData, 'chem_comp'),
        bird: join(realData, 'bird'),
        clusters: join(realData, 'clusters'),
        sifts: join(realData, 'sifts'),
        flat: join(realData, 'flat'),
        outDir: join(root, 'out'),
        ...(options.workers !== undefined && { workers: options.workers }),
      });
    console.log(
      `${files.toLocaleString('en-US')} files (the ${files / options.copies} real entry files linked ${options.copies} times), with CCD, BIRD, clusters and SIFTS`,
    );
    const first = await run();
    const unchanged = await run();
    // An update: some links become copies (a new modification time, so they are parsed again). The
    // real files themselves are never touched.
    const changed = Math.max(1, Math.round(files / 20));
    let touched = 0;
    for (const copy of (await readdir(input)).sort()) {
      for (const name of await readdir(join(input, copy))) {
        if (touched >= changed) break;
        const link = join(input, copy, name);
        const original = await readlink(link);
        await rm(link);
        await copyFile(original, link);
        touched++;
      }
    }
    const update = await run();
    return report(files, first, unchanged, update, touched);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

function report(
  files: number,
  first: ImportSummary,
  unchanged: ImportSummary,
  update: ImportSummary,
  changedFiles: number,
): ImportBenchSummary {
  const entries = first.counts.entry;
  const parse = first.phases.rows;
  const mbc = first.bytes.compressed / 1e6 / parse;
  const mbd = first.bytes.decompressed / 1e6 / parse;
  const entriesPerSecond = entries / parse;
  const fixed = (s: ImportSummary) => s.phases.enrichers + s.phases.discovery;
  const reusePerEntry = (unchanged.seconds - fixed(unchanged)) / entries;
  const parsePerEntry = 1 / entriesPerSecond;
  // Weekly update over the whole archive: every entry comes from the cache, the changed ones are parsed.
  const weekly = fixed(unchanged) + reusePerEntry * ARCHIVE_ENTRIES + parsePerEntry * WEEKLY_CHANGES;
  const summary: ImportBenchSummary = {
    files,
    entries,
    threads: first.threads,
    mbPerSecondCompressed: mbc,
    mbPerSecondDecompressed: mbd,
    entriesPerSecond,
    fullArchiveHours: ARCHIVE_GZ_BYTES / 1e6 / mbc / 3600,
    firstSeconds: first.seconds,
    unchangedSeconds: unchanged.seconds,
    changedSeconds: update.seconds,
    changedFiles,
    reuseSecondsPerEntry: reusePerEntry,
    weeklyUpdateSeconds: weekly,
    enricherSeconds: first.phases.enrichers,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  };
  const s = (n: number) => `${n.toFixed(1)} s`;
  printTable(
    ['figure', 'measured'],
    [
      ['parser threads', String(summary.threads)],
      ['first import', `${s(first.seconds)} (parsing ${s(parse)}, Parquet ${s(first.phases.parquet)})`],
      ['throughput, compressed', `${mbc.toFixed(1)} MB/s`],
      ['throughput, decompressed', `${mbd.toFixed(1)} MB/s`],
      ['throughput, entries', `${entriesPerSecond.toFixed(1)} entries/s`],
      [
        'implied full archive (80 GB gzipped)',
        `${summary.fullArchiveHours.toFixed(1)} h (by entries: ${(ARCHIVE_ENTRIES / entriesPerSecond / 3600).toFixed(1)} h)`,
      ],
      ['loading enrichers (each run)', s(first.phases.enrichers)],
      ['re-run, nothing changed', `${s(unchanged.seconds)} (${unchanged.files.parsed} parsed)`],
      [`re-run, ${changedFiles} files changed`, `${s(update.seconds)} (${update.files.parsed} parsed)`],
      ['re-run cost per unchanged entry', `${(reusePerEntry * 1000).toFixed(2)} ms`],
      [
        `implied weekly update (${WEEKLY_CHANGES} of ${ARCHIVE_ENTRIES.toLocaleString('en-US')} entries)`,
        s(weekly),
      ],
      ['peak resident memory', `${summary.peakRssMb.toFixed(0)} MB`],
    ],
  );
  console.log(
    `\nThe weekly figure: enrichers and listing once, plus the measured re-run cost per unchanged entry ` +
      `times ${ARCHIVE_ENTRIES.toLocaleString('en-US')}, plus ${WEEKLY_CHANGES} entries at the parse rate.`,
  );
  return summary;
}
