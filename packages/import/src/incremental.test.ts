import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cacheLine, documentsOf, ImportCache } from './incremental.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pdb-stats-cache-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A parsed file's rows, about as repetitive as a real entry's. */
const docs = (id: string) =>
  JSON.stringify({
    entry: [{ rcsb_id: id, 'exptl.method': 'X-RAY DIFFRACTION', 'struct.title': `Structure of ${id}` }],
    polymer_instance: Array.from({ length: 40 }, (_, i) => ({ rcsb_id: `${id}.${i}`, asym_id: String(i) })),
  });

it('keeps shards gzipped, reads those of earlier runs written plain, and prunes both', async () => {
  const cache = await ImportCache.open(join(dir, 'cache'), 'signature');
  const lines = ['1abc', '2abc', '3abc'].map((id) => cacheLine(`${id}.cif.gz`, 100, 1000, docs(id)));
  await cache.write('pdb/./ab', lines);
  // An earlier run's plain shard, as it wrote it.
  await writeFile(
    join(cache.dir, 'pdb~2f.~2fcd.ndjson'),
    `${cacheLine('1bcd.cif.gz', 7, 8, docs('1bcd'))}\n`,
  );
  await writeFile(join(cache.dir, 'pdb~2f.~2fzz.ndjson'), '');

  const names = await readdir(cache.dir);
  expect(names.sort()).toEqual([
    'cache.json',
    'pdb~2f.~2fab.ndjson.gz',
    'pdb~2f.~2fcd.ndjson',
    'pdb~2f.~2fzz.ndjson',
  ]);
  const text = lines.join('\n').length;
  expect((await stat(join(cache.dir, 'pdb~2f.~2fab.ndjson.gz'))).size).toBeLessThan(text / 5);

  const ab = await cache.read('pdb/./ab');
  expect([...ab.keys()]).toEqual(['1abc.cif.gz', '2abc.cif.gz', '3abc.cif.gz']);
  expect(documentsOf(ab.get('2abc.cif.gz')!)).toEqual(JSON.parse(docs('2abc')));
  const cd = await cache.read('pdb/./cd');
  expect(cd.get('1bcd.cif.gz')).toMatchObject({ size: 7, mtimeMs: 8 });

  // Rewritten, the plain shard becomes a gzipped one.
  await cache.write(
    'pdb/./cd',
    [...cd.values()].map((file) => file.line),
  );
  expect(await cache.prune(['pdb/./ab', 'pdb/./cd'])).toBe(1);
  expect((await readdir(cache.dir)).sort()).toEqual([
    'cache.json',
    'pdb~2f.~2fab.ndjson.gz',
    'pdb~2f.~2fcd.ndjson.gz',
  ]);
  expect((await cache.read('pdb/./cd')).size).toBe(1);
});
