import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { importMmcif, loadEnrichers, ParsedCache, type ImportSummary } from '@pdb-stats/import';
import { carryAtScale, type CarryScale } from './import-carry-scale.ts';
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
  /** Seconds loading the enrichers: parsed from their files (first run), read back from their parsed forms (re-run). */
  enricherSeconds: { parsed: number; kept: number };
  /** CPU seconds (all threads of the process) of the unchanged re-run, and of the implied weekly update. */
  unchangedCpuSeconds: number;
  weeklyUpdateCpuSeconds: number;
  /** The weekly update with the carry-over's DuckDB step measured over ~257,000 entries. */
  weeklyAtScaleSeconds: number;
  peakRssMb: number;
}

/** An import's summary with the CPU time of the process (parser threads and DuckDB's included) and the load after it. */
type Measured = ImportSummary & { cpuSeconds: number; load: number };

/** The entry id an mmCIF file names in its data block (`data_1ABC`). */
function blockIdOf(text: string, path: string): string {
  const id = /^data_(\S+)/m.exec(text)?.[1];
  if (!id) throw new Error(`${path}: no data block`);
  return id;
}

/**
 * The real mmCIF files, then `copies - 1` copies of each rewritten under a distinct entry id (every
 * occurrence of the id in the file, the data block and file name too), one flat folder per copy: the
 * importer keeps one entry per id, so copies under the same id would count once.
 */
export async function distinctCopies(realData: string, dir: string, copies: number): Promise<number> {
  const sources = ['mmcif/ihm', 'mmcif/csm'].map((s) => join(realData, s));
  const divided = join(realData, 'mmcif/divided');
  const originals: string[] = [];
  for (const shard of await readdir(divided))
    for (const name of await readdir(join(divided, shard))) originals.push(join(divided, shard, name));
  for (const source of sources) for (const name of await readdir(source)) originals.push(join(source, name));
  const texts = await Promise.all(
    originals.map(async (path) => {
      const bytes = await readFile(path);
      const text = (path.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('latin1');
      return { path, text, id: blockIdOf(text, path) };
    }),
  );
  const used = new Set(texts.map((t) => t.id.toUpperCase()));
  let counter = 0;
  /** A new id shaped like the old one: four characters for a PDB id, a suffix for a model's. */
  const nextId = (id: string): string => {
    for (;;) {
      const n = (counter++).toString(36).toUpperCase();
      const candidate = id.length === 4 ? `9${n.padStart(3, '0').slice(-3)}` : `${id}X${n}`;
      if (id.length === 4 && counter > 36 ** 3) throw new Error('too many copies for four-character ids');
      if (!used.has(candidate)) {
        used.add(candidate);
        return candidate;
      }
    }
  };
  let files = 0;
  for (let copy = 0; copy < copies; copy++) {
    const folder = join(dir, `copy${String(copy).padStart(3, '0')}`);
    await mkdir(folder, { recursive: true });
    for (const { path, text, id } of texts) {
      if (copy === 0) {
        await symlink(path, join(folder, path.split('/').at(-1) as string));
      } else {
        const fresh = nextId(id);
        const pattern = new RegExp(
          `(?<![A-Za-z0-9_])${id.replace(/[^A-Za-z0-9_]/g, '\\$&')}(?![A-Za-z0-9_])`,
          'gi',
        );
        const rewritten = text.replace(pattern, fresh);
        await writeFile(
          join(folder, `${fresh.toLowerCase()}.cif.gz`),
          gzipSync(Buffer.from(rewritten, 'latin1'), { level: 1 }),
        );
      }
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
    const files = await distinctCopies(realData, input, options.copies);
    const run = async (): Promise<Measured> => {
      const cpu = process.cpuUsage();
      const summary = await importMmcif({
        from: input,
        ccd: join(realData, 'chem_comp'),
        bird: join(realData, 'bird'),
        clusters: join(realData, 'clusters'),
        sifts: join(realData, 'sifts'),
        flat: join(realData, 'flat'),
        outDir: join(root, 'out'),
        ...(options.workers !== undefined && { workers: options.workers }),
      });
      const used = process.cpuUsage(cpu);
      return { ...summary, cpuSeconds: (used.user + used.system) / 1e6, load: loadavg()[0] as number };
    };
    console.log(
      `${files.toLocaleString('en-US')} files (the ${files / options.copies} real entry files and ${options.copies - 1} copies of each under distinct ids), with CCD, BIRD, clusters and SIFTS`,
    );
    // The enrichers' CPU time alone, for the weekly figure from CPU time: parsed from their files
    // (a first run), then read back from their parsed forms (every later run while they are unchanged).
    const forms = await ParsedCache.open(join(root, 'enricher-forms'));
    const enricherCpu = async () => {
      const started = process.cpuUsage();
      await loadEnrichers(
        {
          clusters: join(realData, 'clusters'),
          sifts: join(realData, 'sifts'),
          flat: join(realData, 'flat'),
        },
        forms,
      );
      const used = process.cpuUsage(started);
      return (used.user + used.system) / 1e6;
    };
    const enricherCpuSeconds = { parsed: await enricherCpu(), kept: await enricherCpu() };
    const first = await run();
    const unchanged = await run();
    // An update: some files get a new modification time, so they are parsed again (the real files,
    // linked in the first folder, are never touched).
    const changed = Math.max(1, Math.round(files / 20));
    let touched = 0;
    const later = new Date(Date.now() + 5000);
    for (const copy of (await readdir(input)).sort().reverse()) {
      if (copy === 'copy000') continue;
      for (const name of await readdir(join(input, copy))) {
        if (touched >= changed) break;
        await utimes(join(input, copy, name), later, later);
        touched++;
      }
    }
    // And some entries withdrawn: their files removed (from the first copy, which no change touched).
    const withdrawn = Math.max(1, Math.round(files / 100));
    const victims = (await readdir(join(input, 'copy001'))).sort().slice(0, withdrawn);
    for (const name of victims) await rm(join(input, 'copy001', name));
    const update = await run();
    console.log(
      `re-runs: unchanged phases ${JSON.stringify(unchanged.phases)} ${unchanged.seconds.toFixed(1)} s, ${unchanged.files.carried} carried over / ${unchanged.files.reused} reused; ` +
        `update ${update.files.parsed} parsed, ${update.files.carried} carried over, ${update.files.removed} removed, ` +
        `phases ${JSON.stringify(update.phases)}`,
    );
    const scale = await carryAtScale(
      join(root, 'out'),
      join(root, 'scale'),
      Math.ceil(ARCHIVE_ENTRIES / first.counts.entry),
    );
    return report(files, first, unchanged, update, touched, victims.length, enricherCpuSeconds, scale);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

function report(
  files: number,
  first: Measured,
  unchanged: Measured,
  update: Measured,
  changedFiles: number,
  removedFiles: number,
  enricherCpuSeconds: { parsed: number; kept: number },
  scale: CarryScale,
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
  // The CPU seconds of the same update (all threads), which other work on the machine changes less
  // than the elapsed time: the enrichers' read back from their parsed forms (measured alone), the
  // unchanged re-run's other CPU per entry, and the first import's CPU per entry for the changed ones.
  const cpuPerEntry = (unchanged.cpuSeconds - enricherCpuSeconds.kept) / entries;
  const weeklyCpu =
    enricherCpuSeconds.kept + cpuPerEntry * ARCHIVE_ENTRIES + (first.cpuSeconds / entries) * WEEKLY_CHANGES;
  // The same with the carry-over's DuckDB step measured at the archive's size instead of scaled from
  // this run (whose fixed costs the formula above counts per entry): the listing and the rows step of
  // the unchanged re-run are still scaled per entry.
  const weeklyAtScale =
    unchanged.phases.enrichers +
    ((unchanged.phases.discovery + unchanged.phases.rows) / entries) * ARCHIVE_ENTRIES +
    scale.seconds * (ARCHIVE_ENTRIES / scale.entries) +
    parsePerEntry * WEEKLY_CHANGES;
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
    enricherSeconds: { parsed: first.phases.enrichers, kept: unchanged.phases.enrichers },
    unchangedCpuSeconds: unchanged.cpuSeconds,
    weeklyUpdateCpuSeconds: weeklyCpu,
    weeklyAtScaleSeconds: weeklyAtScale,
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
      [
        'loading enrichers, parsed (first run)',
        `${s(first.phases.enrichers)} (CPU ${s(enricherCpuSeconds.parsed)} alone)`,
      ],
      [
        'loading enrichers, parsed forms read back (later runs)',
        `${s(unchanged.phases.enrichers)} (CPU ${s(enricherCpuSeconds.kept)} alone)`,
      ],
      [
        're-run, nothing changed',
        `${s(unchanged.seconds)} (${unchanged.files.parsed} parsed; CPU ${s(unchanged.cpuSeconds)}; load ${unchanged.load.toFixed(1)})`,
      ],
      [
        `re-run, ${changedFiles} files changed and ${removedFiles} removed`,
        `${s(update.seconds)} (${update.files.parsed} parsed, ${update.files.carried} carried; CPU ${s(update.cpuSeconds)}; load ${update.load.toFixed(1)})`,
      ],
      [
        're-run cost per unchanged entry',
        `${(reusePerEntry * 1000).toFixed(2)} ms (CPU ${(cpuPerEntry * 1000).toFixed(2)} ms)`,
      ],
      [
        `implied weekly update (${WEEKLY_CHANGES} of ${ARCHIVE_ENTRIES.toLocaleString('en-US')} entries)`,
        `${s(weekly)} (CPU ${s(weeklyCpu)})`,
      ],
      [
        `carry-over's tables at ${scale.entries.toLocaleString('en-US')} entries (the snapshot repeated)`,
        `${s(scale.seconds)} (CPU ${s(scale.cpuSeconds)}; load ${loadavg()[0]?.toFixed(1)})`,
      ],
      ['implied weekly update, carry-over measured at that size', s(weeklyAtScale)],
      ['peak resident memory', `${summary.peakRssMb.toFixed(0)} MB`],
    ],
  );
  console.log(
    `\nThe weekly figure: enrichers and listing once, plus the measured re-run cost per unchanged entry ` +
      `times ${ARCHIVE_ENTRIES.toLocaleString('en-US')}, plus ${WEEKLY_CHANGES} entries at the parse rate; ` +
      `extrapolated from ${entries.toLocaleString('en-US')} entries (fixed costs of a run are counted per entry too). ` +
      `Its CPU time: the enrichers' alone, the re-run's other CPU seconds per entry, the first import's per parsed entry.`,
  );
  return summary;
}
