import { spawn } from 'node:child_process';
import { access, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSnapshot, lockFileOf, readManifest, servedSnapshot, versionsOf } from '@pdb-stats/snapshot';
import { entryCif, STAND_IN_PARSER, writeTree } from './fixtures/trees.ts';
import { importMmcif } from './pipeline.ts';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'pdb-stats-crash-test-'));
});
afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const CHILD = fileURLToPath(new URL('./fixtures/import-child.ts', import.meta.url));

/** Starts an import in a child process and kills it (SIGKILL) once it is writing rows. */
async function killMidWrite(from: string, outDir: string): Promise<void> {
  const child = spawn(process.execPath, ['--import', TSX, CHILD, JSON.stringify({ from, outDir })], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (data: Buffer) => {
      if (data.toString().includes('writing')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the import ended (${code}) before it was killed`)));
  });
  child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');
}

const tree = (ids: string[]) =>
  Object.fromEntries(
    ids.map((id) => [`${id.slice(1, 3)}/${id}.cif`, entryCif(id, { release: '2001-01-01' })]),
  );

describe('an import killed in the middle of writing', () => {
  it('leaves the previous archive served intact, and the next run removes its leftovers', async () => {
    const input = join(root, 'in');
    const out = join(root, 'archive');
    await writeTree(input, tree(['1aaa', '1bbb', '1ccc']));
    await importMmcif({ from: input, outDir: out, workers: 0, parserModule: STAND_IN_PARSER });
    const served = await servedSnapshot(out);
    const before = await readManifest(out);
    const files = await Promise.all(
      (await readdir(out)).sort().map(async (name) => [name, await readFile(join(out, name))]),
    );

    await writeTree(input, tree(['2aaa', '2bbb', '3aaa', '3bbb']));
    await killMidWrite(input, out);
    // What the killed import left: its lock and its half-written folder.
    await access(lockFileOf(out));
    const leftovers = (await readdir(versionsOf(out))).filter((name) => name.startsWith('.tmp-'));
    expect(leftovers).toHaveLength(1);
    expect((await readdir(join(versionsOf(out), leftovers[0] as string))).length).toBeGreaterThan(0);

    expect(await isSnapshot(out)).toBe(true);
    expect(await servedSnapshot(out)).toBe(served);
    expect(await readManifest(out)).toEqual(before);
    for (const [name, bytes] of files) expect(await readFile(join(out, name as string))).toEqual(bytes);

    const summary = await importMmcif({
      from: input,
      outDir: out,
      workers: 0,
      parserModule: STAND_IN_PARSER,
    });
    expect(summary.counts.entry).toBe(7);
    expect((await readManifest(out)).counts.entry).toBe(7);
    expect((await readdir(versionsOf(out))).filter((name) => name.startsWith('.'))).toEqual([]);
    expect(await readdir(versionsOf(out))).toHaveLength(2);
    expect((await readdir(root)).sort()).toEqual([
      'archive',
      'archive.import-cache',
      'archive.snapshots',
      'in',
    ]);
  });
});
