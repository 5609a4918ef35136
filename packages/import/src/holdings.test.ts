import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readLevel } from './fixtures/read-snapshot.ts';
import { entryCif, STAND_IN_PARSER, writeTree } from './fixtures/trees.ts';
import { entryIdOfFile } from './holdings.ts';
import { ImportError, importMmcif } from './pipeline.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pdb-stats-holdings-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Holdings files as the wwPDB writes them: objects keyed by entry id. */
async function holdings(
  removed: Record<string, object>,
  unreleased: Record<string, object>,
): Promise<string> {
  const folder = join(dir, 'holdings');
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, 'all_removed_entries.json.gz'), gzipSync(JSON.stringify(removed)));
  await writeFile(join(folder, 'unreleased_entries.json.gz'), gzipSync(JSON.stringify(unreleased)));
  return folder;
}

it('leaves out the files of entries the holdings name obsolete or not released; counts and date follow', async () => {
  const input = join(dir, 'mirror');
  await writeTree(input, {
    'aa/1aaa.cif.gz': entryCif('1aaa', { release: '2000-01-01' }),
    'bb/1bbb.cif.gz': entryCif('1bbb', { release: '2003-01-01' }),
    'cc/1ccc.cif.gz': entryCif('1ccc', { release: '2001-01-01' }),
    'dd/pdb_00001ddd.cif.gz': entryCif('1ddd', { release: '2002-01-01' }),
  });
  const folder = await holdings(
    { '1BBB': { obsolete_date: '2004-01-01T00:00:00+00:00', superseded_by: ['1CCC'] } },
    { '1DDD': { status_code: 'WDRN' } },
  );
  const summary = await importMmcif({
    from: input,
    holdings: folder,
    outDir: join(dir, 'out'),
    workers: 0,
    parserModule: STAND_IN_PARSER,
  });
  expect(summary.files).toMatchObject({ found: 2, parsed: 2, notReleased: 2 });
  expect(summary.counts.entry).toBe(2);
  expect((await readLevel(join(dir, 'out'), 'entry')).map((e) => e.rcsb_id)).toEqual(['1AAA', '1CCC']);
  // The archive date is the latest release among the entries kept, not the obsolete one's.
  expect(summary.manifest.archive_date).toBe('2001-01-01');
  expect(summary.manifest.sources).toContain('wwPDB holdings');
});

it('refuses a holdings folder without its files, naming the file', async () => {
  await expect(
    importMmcif({
      from: join(dir, 'mirror'),
      holdings: join(dir, 'nowhere'),
      outDir: join(dir, 'out-2'),
      workers: 0,
      parserModule: STAND_IN_PARSER,
    }),
  ).rejects.toThrow(ImportError);
});

it('reads entry ids from file names of both wwPDB layouts', () => {
  expect(entryIdOfFile('1abc.cif.gz')).toBe('1ABC');
  expect(entryIdOfFile('pdb_00001abc.cif')).toBe('1ABC');
  expect(entryIdOfFile('ab/1abc.cif.gz')).toBe('1ABC');
  expect(entryIdOfFile('AF-P12345-F1-model_v4.cif')).toBe('AF-P12345-F1-MODEL_V4');
});
