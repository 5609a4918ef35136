import { readdir, readFile, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { generateDemoArchive } from '@pdb-stats/demo';
import { isSnapshot } from '@pdb-stats/snapshot';

/** Folder of the benchmark's demo archive of `entries` entries (git-ignored `data/`). */
export function benchArchiveDir(entries: number): string {
  return resolve(`data/bench-${entries}`);
}

/** The demo archive of `entries` entries in `dir`, generated first when the folder holds none. */
export async function ensureArchive(entries: number, dir = benchArchiveDir(entries)): Promise<string> {
  if (await isSnapshot(dir)) return dir;
  const started = performance.now();
  console.log(`generating a demo archive of ${entries.toLocaleString('en-US')} entries in ${dir} …`);
  await generateDemoArchive({ entries, outDir: dir });
  console.log(`  done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return dir;
}

/**
 * Removes the archive folder `dir` with what lies beside it: its published versions
 * (`dir.snapshots`) and the server's database files (`dir.duckdb`, `dir.kept.duckdb`).
 */
export async function removeArchive(dir: string): Promise<void> {
  const base = basename(dir);
  const names = await readdir(dirname(dir)).catch(() => [] as string[]);
  for (const name of names)
    if (name === base || name.startsWith(`${base}.`))
      await rm(join(dirname(dir), name), { recursive: true, force: true });
}

/** Row counts per level, from the snapshot's manifest. */
export async function archiveCounts(dir: string): Promise<Record<string, number>> {
  const manifest = JSON.parse(await readFile(resolve(dir, 'manifest.json'), 'utf8')) as {
    counts: Record<string, number>;
  };
  return manifest.counts;
}

/** "250,000 entries, 405,906 polymer_entity, …" */
export function describeCounts(counts: Record<string, number>): string {
  return Object.entries(counts)
    .map(([level, n]) => `${n.toLocaleString('en-US')} ${level === 'entry' ? 'entries' : level}`)
    .join(', ');
}
