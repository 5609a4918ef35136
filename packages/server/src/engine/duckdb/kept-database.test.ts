import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DuckDBInstance } from '@duckdb/node-api';
import { generateDemoArchive } from '@pdb-stats/demo';
import type { AttributeSet } from '@pdb-stats/search-model';
import { registryChartRequests } from '../../chart-requests.ts';
import { SearchService } from '../../search-service.ts';
import { FIXTURE_ARCHIVE } from '../testing/fixture-archive.ts';
import { tinySnapshot } from '../testing/tiny-snapshot.ts';
import { openDuckDbEngine, type DuckDbEngine } from './duckdb-engine.ts';
import { keptFileOf } from './kept-database.ts';

const keep = (held: AttributeSet) => registryChartRequests(new Date(), held).map((c) => c.request);

/** Every chart's answer, all asked at once as the server's warm-up does. */
async function chartAnswers(engine: DuckDbEngine): Promise<string[]> {
  const service = new SearchService(engine);
  const answers = await Promise.all(keep(engine.held).map((request) => service.answer(request)));
  return answers.map((answer) => answer.body ?? '');
}

/** The files beside `file` whose name starts with its own. */
async function besides(file: string): Promise<string[]> {
  const names = await readdir(dirname(file));
  return names.filter((name) => name.startsWith(basename(file))).sort();
}

describe('kept derived tables saved beside the database file', () => {
  let snapshot: Awaited<ReturnType<typeof tinySnapshot>>;
  let file: string;
  let kept: string;
  beforeEach(async () => {
    snapshot = await tinySnapshot(FIXTURE_ARCHIVE);
    file = `${snapshot.dir}.duckdb`;
    kept = keptFileOf(file);
  });
  // With the archive's database file and the kept tables' beside the snapshot (and what a failed test left).
  afterEach(() => snapshot.remove());

  const open = () => openDuckDbEngine(snapshot.dir, { databaseFile: file, keep });

  it('are made and saved on the first start; a second engine on the same file reads them, makes none, and answers alike', async () => {
    const first = await open();
    let expected: string[];
    try {
      // The warm-up's searches run while the tables are made and the file is renamed into place,
      // and searches go on until it is: none fails at that moment.
      const keeping = first.keepTables();
      let saved = false;
      void keeping.finally(() => (saved = true));
      const meanwhile = (async () => {
        const searches: Promise<unknown>[] = [];
        while (!saved) {
          const [request] = keep(first.held);
          searches.push(new SearchService(first).answer(request));
          await new Promise((resolve) => setTimeout(resolve, 2));
        }
        return (await Promise.all(searches)).length;
      })();
      const [answers, outcome, searched] = await Promise.all([chartAnswers(first), keeping, meanwhile]);
      expect(searched).toBeGreaterThan(10);
      expected = answers;
      expect(outcome.made).toBeGreaterThan(0);
      expect(outcome.made).toBe(outcome.tables);
      expect(outcome.place).toEqual({ kind: 'saved', file: kept });
      // Searches after the rename read the file attached read-only.
      expect(await chartAnswers(first)).toEqual(expected);
      expect(await besides(kept)).toEqual([basename(kept)]);

      const second = await open();
      try {
        const read = await second.keepTables();
        expect(read).toMatchObject({ made: 0, tables: outcome.tables, rows: outcome.rows });
        expect(read.place).toEqual({ kind: 'read', file: kept });
        expect(await chartAnswers(second)).toEqual(expected);
      } finally {
        await second.close();
      }
    } finally {
      await first.close();
    }
    expect(await besides(kept)).toEqual([basename(kept)]);
  });

  it('are made again, never read, when the file was saved for other tables, is damaged, or only being made', async () => {
    const first = await open();
    const { tables, rows } = await first.keepTables();
    await first.close();

    // Another digest (another snapshot, other charts or compiler): made again, the file replaced.
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    await connection.run(`ATTACH '${kept}' AS k`);
    await connection.run(`UPDATE k._kept SET digest = 'another'`);
    connection.closeSync();
    instance.closeSync();
    // Left by crashed makings: of a process gone, and of this pid's earlier owner.
    const leftovers = [
      `${kept}.99999999.building`,
      `${kept}.99999999.building.wal`,
      `${kept}.${process.pid}.building`,
    ];
    for (const path of leftovers) await writeFile(path, 'half made');

    const second = await open();
    // Not read: removed at once, and made again aside.
    expect(await besides(kept)).toEqual([`${basename(kept)}.${process.pid}.building`]);
    const made = await second.keepTables();
    expect(made).toMatchObject({ made: tables, tables, rows, place: { kind: 'saved', file: kept } });
    await second.close();
    expect(await besides(kept)).toEqual([basename(kept)]);

    await writeFile(kept, 'not a database');
    const third = await open();
    expect((await third.keepTables()).made).toBe(tables);
    await third.close();

    const fourth = await open();
    expect((await fourth.keepTables()).made).toBe(0);
    await fourth.close();
  });

  it('leave no file behind when the engine closes before they are made', async () => {
    const engine = await open();
    expect(await besides(kept)).toEqual([`${basename(kept)}.${process.pid}.building`]);
    await engine.close();
    expect(await besides(kept)).toEqual([]);
  });
});

describe('kept derived tables where no file can be written', () => {
  it('are made in memory, at every start, saying why', async () => {
    const root = await mkdtemp(join(tmpdir(), 'pdb-stats-kept-'));
    try {
      // A demo archive's tables are attached from the files it carries: nothing is written for them.
      const dir = join(root, 'demo');
      await generateDemoArchive({ entries: 500, outDir: dir });
      // Beneath a plain file: no one, not even root, can write there.
      const blocked = join(root, 'plain-file');
      await writeFile(blocked, '');
      const databaseFile = join(blocked, 'demo.duckdb');
      for (let start = 0; start < 2; start++) {
        const engine = await openDuckDbEngine(dir, { databaseFile, keep });
        try {
          const outcome = await engine.keepTables();
          expect(outcome.made).toBe(outcome.tables);
          expect(outcome.tables).toBeGreaterThan(0);
          expect(outcome.place).toMatchObject({
            kind: 'memory',
            why: expect.stringContaining('cannot write'),
          });
        } finally {
          await engine.close();
        }
      }
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
