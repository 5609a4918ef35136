import { cp, lstat, mkdir, mkdtemp, readdir, readlink, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE } from '@pdb-stats/search-model';
import { fullCounts, LEVELS } from './documents.ts';
import { readManifest } from './manifest.ts';
import { isSnapshot } from './open-snapshot.ts';
import { markServed, removeLeftovers, servedSnapshot, versionsOf } from './published.ts';
import { lockFileOf } from './snapshot-lock.ts';
import { SnapshotWriter } from './write-snapshot.ts';

const IDENTIFIERS = CATALOGUE.filter((a) => a.path === 'rcsb_id');

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'pdb-stats-publish-test-'));
});
afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

let counter = 0;
const folder = () => mkdtemp(join(root, `t${counter++}-`));

/** Publishes a snapshot of `entries` entries (identifiers only) into `outDir`. */
async function write(outDir: string, entries: number) {
  const writer = await SnapshotWriter.open(outDir);
  try {
    const files = await writer.levelFiles(LEVELS, IDENTIFIERS);
    await files.append({
      entry: Array.from({ length: entries }, (_, i) => ({ _key: i + 1, rcsb_id: `E${i + 1}` })),
    });
    await files.toParquet();
    return await writer.complete(fullCounts(files.counts), { archive_date: '2026-01-01' });
  } finally {
    await writer.close();
  }
}

const versions = async (outDir: string) =>
  (await readdir(versionsOf(outDir))).filter((name) => /^\d{8}T\d{9}Z-[0-9a-f]{8}$/.test(name)).sort();

describe('publishing snapshots', () => {
  it('publishes each snapshot as a version behind a link, keeping the one before it', async () => {
    const out = join(await folder(), 'archive');
    await write(out, 3);
    expect((await lstat(out)).isSymbolicLink()).toBe(true);
    // A relative link: the whole folder may be moved.
    expect(await readlink(out)).toBe(join('archive.snapshots', (await versions(out))[0] as string));
    await write(out, 5);
    const [previous, current] = await versions(out);
    expect(await realpath(out)).toBe(join(await realpath(versionsOf(out)), current as string));
    expect((await readManifest(out)).counts.entry).toBe(5);
    expect((await readManifest(join(versionsOf(out), previous as string))).counts.entry).toBe(3);
    await write(out, 7);
    const after = await versions(out);
    expect(after).toHaveLength(2);
    expect(after[0]).toBe(current);
    expect((await readManifest(out)).counts.entry).toBe(7);
    expect(await readdir(versionsOf(out))).toEqual(after);
    expect(await readdir(join(out, '..'))).toEqual(['archive', 'archive.snapshots']);
  });

  it('keeps a version a live server marks as served, however many are published after it', async () => {
    const out = join(await folder(), 'archive');
    await write(out, 3);
    const unmark = await markServed(await realpath(out));
    const [served] = await versions(out);
    await write(out, 5);
    await write(out, 7);
    await write(out, 9);
    expect(await versions(out)).toHaveLength(3);
    expect((await versions(out))[0]).toBe(served);
    expect((await readManifest(join(versionsOf(out), served as string))).counts.entry).toBe(3);
    await unmark();
    await write(out, 11);
    expect(await versions(out)).not.toContain(served);
    expect(await versions(out)).toHaveLength(2);
    // The mark of a server that is gone is removed with the version it marked.
    const [left] = await versions(out);
    await writeFile(join(versionsOf(out), `${left}.served.999999999`), '');
    await write(out, 13);
    expect(await readdir(versionsOf(out))).toEqual(await versions(out));
    expect(await versions(out)).not.toContain(left);
  });

  it('takes over a snapshot folder of the older layout as the version before the new one', async () => {
    const dir = await folder();
    const out = join(dir, 'archive');
    await write(join(dir, 'elsewhere'), 4);
    await cp(await realpath(join(dir, 'elsewhere')), out, { recursive: true });
    expect(await servedSnapshot(out)).toBe(await realpath(out));
    await write(out, 6);
    const [legacy] = await versions(out);
    expect((await readManifest(join(versionsOf(out), legacy as string))).counts.entry).toBe(4);
    expect((await readManifest(out)).counts.entry).toBe(6);
  });

  it('refuses to replace a folder holding other files, and a snapshot another live process writes', async () => {
    const dir = await folder();
    const other = join(dir, 'notes');
    await mkdir(other);
    await writeFile(join(other, 'notes.txt'), 'keep me');
    await expect(write(other, 1)).rejects.toThrow(/refusing/);
    expect(await readdir(other)).toEqual(['notes.txt']);
    expect(await readdir(dir)).toEqual(['notes']);
    const out = join(dir, 'archive');
    await writeFile(lockFileOf(out), `${process.ppid}\n`);
    await expect(write(out, 1)).rejects.toThrow(new RegExp(`another import \\(process ${process.ppid}\\)`));
    await writeFile(lockFileOf(out), '99999999\n');
    await write(out, 1);
    expect(await readdir(dir)).not.toContain(basename(lockFileOf(out)));
  });

  it('removes what interrupted writers and builds left, but not what a live process builds', async () => {
    const dir = await folder();
    const out = join(dir, 'archive');
    await write(out, 1);
    await write(out, 2);
    await write(out, 3);
    const [previous, current] = await versions(out);
    const snapshots = versionsOf(out);
    // An older version left by a crash before its cleanup, and the database files built beside it.
    await cp(join(snapshots, current as string), join(snapshots, '20000101T000000000Z-00000000'), {
      recursive: true,
    });
    const leftovers = [
      join(snapshots, '.tmp-0badc0de/entry.ndjson'),
      join(snapshots, '20000101T000000000Z-00000000.duckdb'),
      join(snapshots, `${current}.duckdb.99999999.building`),
      join(snapshots, `${current}.duckdb.99999999.building.wal`),
      join(dir, '.archive.tmp-0badc0de/entry.parquet'),
      join(dir, 'archive.duckdb.99999999.building'),
      join(dir, 'archive.duckdb'),
    ];
    const live = [
      join(snapshots, `${current}.duckdb.${process.pid}.building`),
      join(snapshots, `${current}.duckdb`),
      join(snapshots, `${previous}.duckdb`),
    ];
    for (const path of [...leftovers, ...live]) {
      await mkdir(join(path, '..'), { recursive: true });
      await writeFile(path, 'x');
    }
    const removed = await removeLeftovers(out);
    expect(removed.length).toBeGreaterThan(0);
    expect((await readdir(snapshots)).sort()).toEqual(
      [previous, current, ...live.map((path) => basename(path))].sort(),
    );
    expect(await readdir(dir)).toEqual(['archive', 'archive.snapshots']);
    expect((await readManifest(out)).counts.entry).toBe(3);
  });

  it('serves the newest complete version when the link is missing, and the next cleanup restores it', async () => {
    const dir = await folder();
    const out = join(dir, 'archive');
    await write(out, 2);
    await write(out, 9);
    const [, current] = await versions(out);
    // A crash before the link was made: an incomplete newer version, no link.
    await mkdir(join(versionsOf(out), '29990101T000000000Z-00000000'));
    await rm(out);
    expect(await isSnapshot(out)).toBe(false);
    expect(await servedSnapshot(out)).toBe(join(versionsOf(out), current as string));
    await removeLeftovers(out);
    expect((await readManifest(out)).counts.entry).toBe(9);
    expect(await versions(out)).toHaveLength(2);
  });
});

describe('removeLeftovers and the kept tables beside the versions', () => {
  it('removes the kept tables of versions that are gone and makings of processes that are gone, nothing else', async () => {
    const top = await folder();
    const archive = join(top, 'archive');
    const snapshots = versionsOf(archive);
    await write(archive, 1);
    const served = basename((await servedSnapshot(archive)) as string);
    const old = '20261201T000000000Z-00000000';
    const files = [
      `${old}.kept.duckdb`,
      `${old}.kept.duckdb.wal`,
      `${served}.kept.duckdb`,
      `${served}.kept.duckdb.99999999.building`,
      `${served}.kept.duckdb.${process.pid}.building`,
      `${served}.duckdb`,
    ];
    for (const name of files) await writeFile(join(snapshots, name), '');
    // The older layout's, beside the folder now linked to its versions.
    await writeFile(join(top, 'archive.kept.duckdb'), '');
    expect((await removeLeftovers(archive)).sort()).toEqual(
      [
        join(top, 'archive.kept.duckdb'),
        join(snapshots, `${old}.kept.duckdb`),
        join(snapshots, `${old}.kept.duckdb.wal`),
        join(snapshots, `${served}.kept.duckdb.99999999.building`),
      ].sort(),
    );
    expect((await readdir(snapshots)).sort()).toEqual(
      [
        served,
        `${served}.duckdb`,
        `${served}.kept.duckdb`,
        `${served}.kept.duckdb.${process.pid}.building`,
      ].sort(),
    );
  });
});
