import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emptyDocuments, openSnapshot } from '@pdb-stats/snapshot';
import { writeSnapshot } from './write-documents.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pdb-stats-open-'));
  await writeSnapshot(emptyDocuments(), join(dir, 'snapshot'), { source: 'test' });
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('openSnapshot', () => {
  it('gives the validated manifest, the layout and the table files', async () => {
    const snapshot = await openSnapshot(join(dir, 'snapshot'));
    expect(snapshot.manifest.source).toBe('test');
    expect(snapshot.layout.held.some((a) => a.path === 'rcsb_id' && a.level === 'entry')).toBe(true);
    expect(snapshot.fileOf('assembly')).toBe(join(dir, 'snapshot', 'assembly.parquet'));
  });

  it('names the folder and the faulty field of a manifest', async () => {
    const file = join(dir, 'snapshot', 'manifest.json');
    const manifest = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
    await writeFile(file, JSON.stringify({ ...manifest, demo: 'yes' }));
    await expect(openSnapshot(join(dir, 'snapshot'))).rejects.toThrow(
      `${join(dir, 'snapshot')} is not a snapshot that can be served: ${file}: "demo" must be true or false`,
    );
  });

  it('names a missing table', async () => {
    await rm(join(dir, 'snapshot', 'polymer_instance.parquet'));
    await expect(openSnapshot(join(dir, 'snapshot'))).rejects.toThrow(/polymer_instance\.parquet/);
  });
});
