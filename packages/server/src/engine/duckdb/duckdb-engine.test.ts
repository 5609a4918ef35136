import { mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDBInstance } from '@duckdb/node-api';
import { generateDemoArchive } from '@pdb-stats/demo';
import { findAttribute, type PlannedRequest } from '@pdb-stats/search-model';
import { FIXTURE_ARCHIVE } from '../testing/fixture-archive.ts';
import { openFixtureEngine, type FixtureEngine } from '../testing/fixture-engine.ts';
import { facets, plan, text } from '../../planner/testing/requests.ts';
import { tinySnapshot } from '../testing/tiny-snapshot.ts';
import { tempArchive } from '../../../../../test-support/temp-archive.ts';
import { SearchService } from '../../search-service.ts';
import { SearchPipeline } from '../../pipeline/index.ts';
import { openDuckDbEngine } from './duckdb-engine.ts';

describe(`${openDuckDbEngine.name}`, () => {
  let fixture: FixtureEngine;
  beforeAll(async () => {
    fixture = await openFixtureEngine();
  });
  afterAll(() => fixture?.close());

  it('reports the manifest and the rows of each level', () => {
    const counts = {
      entry: 5,
      polymer_entity: 6,
      non_polymer_entity: 4,
      polymer_instance: 5,
      assembly: 6,
      mol_definition: 4,
    };
    expect(fixture.engine.archiveInfo()).toEqual({
      source: 'test',
      demo: true,
      archive_date: '2026-01-01',
      generated_at: '2026-01-01T00:00:00Z',
      generator: 'tiny-snapshot',
      counts,
      row_counts: {
        entry: 5,
        polymer_entity: 6,
        non_polymer_entity: 4,
        polymer_instance: 5,
        assembly: 6,
        mol_definition: 4,
      },
    });
  });

  it('answers concurrent requests with the same answers as one by one', async () => {
    const requests = [
      facets([
        {
          name: 'O',
          aggregation_type: 'terms',
          attribute: 'rcsb_entity_source_organism.ncbi_scientific_name',
        },
      ]),
      plan({
        return_type: 'polymer_instance',
        query: text('rcsb_polymer_instance_annotation.type', 'exact_match', 'SCOP'),
      }),
      facets([{ name: 'S', aggregation_type: 'terms', attribute: 'rcsb_struct_symmetry.type' }], 'assembly'),
    ];
    const strip = (r: unknown) => ({ ...(r as object), query_id: '' });
    const serial: object[] = [];
    for (const request of requests) serial.push(strip(await fixture.search(request)));
    const parallel = await Promise.all(
      Array.from({ length: 12 }, (_, i) => fixture.search(requests[i % requests.length]!)),
    );
    parallel.forEach((response, i) => expect(strip(response)).toEqual(serial[i % requests.length]));
  });

  it('surfaces database errors as thrown Errors', async () => {
    const real = findAttribute('rcsb_entry_info.molecular_weight', 'entry')!;
    const broken: PlannedRequest = {
      ...plan({ return_type: 'entry' }),
      query: {
        kind: 'condition',
        attribute: { ...real, path: 'no.such_column' },
        comparison: { operator: 'exists' },
        negation: false,
      },
    };
    await expect(fixture.search(broken)).rejects.toBeInstanceOf(Error);
    // The engine keeps working afterwards.
    expect((await fixture.search(plan({ return_type: 'entry' })))?.total_count).toBe(4);
  });
});

describe('derived tables', () => {
  it('give the same answers when the budget forces them out after every request', async () => {
    const tight = await openFixtureEngine(FIXTURE_ARCHIVE, { derivedRowBudget: 1, connections: 2 });
    const roomy = await openFixtureEngine(FIXTURE_ARCHIVE);
    try {
      const request = facets(
        [
          {
            name: 'O',
            aggregation_type: 'terms',
            attribute: 'rcsb_entity_source_organism.ncbi_scientific_name',
          },
          {
            filter: text('rcsb_struct_symmetry.kind', 'exact_match', 'Global Symmetry'),
            facets: [{ name: 'S', aggregation_type: 'terms', attribute: 'rcsb_struct_symmetry.type' }],
          },
        ],
        'entry',
        text('rcsb_polymer_instance_annotation.type', 'exact_match', 'SCOP'),
      );
      const expected = (await roomy.search(request))?.facets;
      const answers = await Promise.all(Array.from({ length: 6 }, () => tight.search(request)));
      for (const answer of answers) expect(answer?.facets).toEqual(expected);
    } finally {
      await tight.close();
      await roomy.close();
    }
  });
});

describe('memory', () => {
  it('without MEMORY_LIMIT_MB, bounds DuckDB to twice the database files, 1 GiB at least; loaded into memory, leaves its own', async () => {
    const snapshot = await tinySnapshot(FIXTURE_ARCHIVE);
    const limitOf = async (databaseFile?: string) => {
      const engine = await openDuckDbEngine(snapshot.dir, databaseFile ? { databaseFile } : {});
      try {
        const query = { sql: "SELECT current_setting('memory_limit')", parameters: [] };
        const [[limit]] = (await engine.session(({ execute }) => execute(query))) as [[string]];
        return limit;
      } finally {
        await engine.close();
      }
    };
    try {
      expect(await limitOf(`${snapshot.dir}.duckdb`)).toBe('1.0 GiB');
      // DuckDB's own default: 80 % of the machine's memory.
      const own = await limitOf();
      expect(own).not.toBe('1.0 GiB');
      expect(own).toMatch(/GiB$/);
    } finally {
      await snapshot.remove();
    }
  });

  it('holds the tables compressed, and refuses an archive beyond MEMORY_LIMIT_MB at start, saying so', async () => {
    const { dir, remove } = await tempArchive('memory');
    try {
      await generateDemoArchive({ entries: 3000, outDir: dir });
      await expect(openDuckDbEngine(dir, { memoryLimitMb: 4 })).rejects.toThrow(
        'the archive does not fit in the memory limit of 4 MiB (MEMORY_LIMIT_MB); raise the limit or serve a smaller archive',
      );
      const engine = await openDuckDbEngine(dir);
      try {
        const response = await new SearchPipeline(engine).search(plan({ return_type: 'entry' }));
        expect(response?.total_count).toBe(3000);
      } finally {
        await engine.close();
      }
    } finally {
      await remove();
    }
  });
});

describe('memory', () => {
  it('answers a search that needs more than MEMORY_LIMIT_MB as busy (503, Retry-After), and goes on', async () => {
    const snapshot = await tinySnapshot(FIXTURE_ARCHIVE);
    const engine = await openDuckDbEngine(snapshot.dir, { memoryLimitMb: 32 });
    try {
      // A list of 50 million integers must be held whole: nothing to spill it to.
      const hungry = {
        sql: 'SELECT len(list(i)) FROM range(50000000) t(i)',
        parameters: [],
      };
      const failure = await engine.session(({ execute }) => execute(hungry), 'heavy').catch((error) => error);
      expect(failure).toMatchObject({ name: 'ServiceBusyError', statusCode: 503, retryAfterS: 5 });
      expect(String(failure.message)).toContain('no database memory to spare for this search');
      const response = await new SearchPipeline(engine).search(plan({ return_type: 'entry' }));
      expect(response?.total_count).toBe(4);
    } finally {
      await engine.close();
      await snapshot.remove();
    }
  });
});

describe('a database file beside the snapshot', () => {
  it('is built on the first start, reused by later ones and by a second server, rebuilt for another snapshot', async () => {
    const snapshot = await tinySnapshot(FIXTURE_ARCHIVE);
    const file = `${snapshot.dir}.duckdb`;
    const open = async () => {
      let how = '';
      const engine = await openDuckDbEngine(snapshot.dir, { databaseFile: file, onReady: (h) => (how = h) });
      return { engine, how };
    };
    const count = async (engine: Awaited<ReturnType<typeof openDuckDbEngine>>) =>
      (await new SearchPipeline(engine).search(plan({ return_type: 'polymer_entity' })))?.total_count;
    try {
      const inMemory = await openDuckDbEngine(snapshot.dir);
      const expected = await count(inMemory);
      await inMemory.close();
      expect(expected).toBeGreaterThan(0);
      const first = await open();
      expect(first.how).toBe('built');
      const second = await open();
      expect(second.how).toBe('reused');
      // Read-only: two servers share one file.
      expect([await count(first.engine), await count(second.engine)]).toEqual([expected, expected]);
      await first.engine.close();
      await second.engine.close();

      const manifest = join(snapshot.dir, 'manifest.json');
      const changed = {
        ...(JSON.parse(await readFile(manifest, 'utf8')) as object),
        archive_date: '2026-02-02',
      };
      await writeFile(manifest, JSON.stringify(changed));
      const third = await open();
      expect(third.how).toBe('built');
      expect(third.engine.archiveInfo().archive_date).toBe('2026-02-02');
      await third.engine.close();

      await writeFile(file, 'not a database');
      const fourth = await open();
      expect(fourth.how).toBe('built');
      expect(await count(fourth.engine)).toBe(expected);
      await fourth.engine.close();
      expect((await readdir(dirname(file))).filter((name) => name.includes('.building'))).toEqual([]);
    } finally {
      await snapshot.remove();
    }
  });
});

describe('the database files a demo archive carries', () => {
  it('are attached as they are, answer as the Parquet files do, and are passed over when they do not match', async () => {
    const root = await mkdtemp(join(tmpdir(), 'pdb-stats-parts-'));
    const dir = join(root, 'demo');
    const file = `${dir}.duckdb`;
    try {
      await generateDemoArchive({ entries: 3000, outDir: dir, processes: 2 });
      const open = async () => {
        let how = '';
        const engine = await openDuckDbEngine(dir, { databaseFile: file, onReady: (h) => (how = h) });
        return { engine, how };
      };
      const requests = [
        plan({ return_type: 'polymer_instance' }),
        facets(
          [{ name: 'c', aggregation_type: 'terms', attribute: 'rcsb_entry_info.polymer_composition' }],
          'entry',
          text('exptl.method', 'exact_match', 'X-RAY DIFFRACTION'),
        ),
      ];
      const answers = async (engine: Awaited<ReturnType<typeof openDuckDbEngine>>) => {
        const pipeline = new SearchPipeline(engine);
        const found = await Promise.all(requests.map((request) => pipeline.search(request)));
        return found.map((answer) => ({ ...answer, query_id: undefined }));
      };
      const inMemory = await openDuckDbEngine(dir);
      const expected = await answers(inMemory);
      await inMemory.close();
      expect(expected[0]?.total_count).toBeGreaterThan(3000);
      expect(JSON.stringify(expected[1]?.facets)).toContain('homomeric protein');

      const attached = await open();
      expect(attached.how).toBe('attached');
      expect(await answers(attached.engine)).toEqual(expected);
      await attached.engine.close();
      expect(await readdir(root)).not.toContain('demo.duckdb');

      // A part from another archive (fewer rows than the manifest counts): built from the Parquet files.
      const parts = (await readdir(dir)).filter((name) => name.endsWith('.duckdb'));
      expect(parts).toEqual(['tables-1.duckdb', 'tables-2.duckdb']);
      const other = join(root, 'other');
      await generateDemoArchive({ entries: 1000, outDir: other, processes: 2 });
      await rm(join(dir, 'tables-2.duckdb'));
      await rename(join(other, 'tables-2.duckdb'), join(dir, 'tables-2.duckdb'));
      const built = await open();
      expect(built.how).toBe('built');
      expect(await answers(built.engine)).toEqual(expected);
      await built.engine.close();
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('opening a snapshot', () => {
  /** The tiny snapshot with one column of a level's file left out. */
  async function withoutColumn(level: string, column: string) {
    const snapshot = await tinySnapshot(FIXTURE_ARCHIVE);
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    const file = join(snapshot.dir, `${level}.parquet`);
    await connection.run(
      `COPY (SELECT * EXCLUDE ("${column}") FROM read_parquet('${file}')) TO '${file}.tmp' (FORMAT parquet)`,
    );
    connection.closeSync();
    instance.closeSync();
    await rename(`${file}.tmp`, file);
    return snapshot;
  }

  it('holds the attributes its columns carry, and refuses searches on the others', async () => {
    const snapshot = await withoutColumn('assembly', 'rcsb_struct_symmetry');
    try {
      const engine = await openDuckDbEngine(snapshot.dir);
      try {
        expect(engine.held.find('rcsb_struct_symmetry.symbol', 'assembly')).toBeUndefined();
        expect(engine.held.find('pdbx_struct_assembly.oligomeric_count', 'assembly')).toBeDefined();
        const request = {
          return_type: 'assembly',
          request_options: {
            facets: [{ name: 's', aggregation_type: 'terms', attribute: 'rcsb_struct_symmetry.symbol' }],
          },
        };
        await expect(new SearchService(engine).answer(request)).rejects.toThrow(
          /request_options\.facets\[0\]\.attribute.*"rcsb_struct_symmetry\.symbol".*not held by this archive/,
        );
      } finally {
        await engine.close();
      }
    } finally {
      await snapshot.remove();
    }
  });

  it('refuses a snapshot without identifiers', async () => {
    const snapshot = await withoutColumn('assembly', 'rcsb_id');
    try {
      await expect(openDuckDbEngine(snapshot.dir)).rejects.toThrow(
        /assembly\.parquet lacks the required columns rcsb_id/,
      );
    } finally {
      await snapshot.remove();
    }
  });

  it('counts no component for a ligand whose component the archive lacks', async () => {
    const ligands = [...(FIXTURE_ARCHIVE.non_polymer_entity ?? [])];
    ligands.push({ _entry_key: 0, _chem_key: null, rcsb_id: '1ABC_9', 'pdbx_entity_nonpoly.comp_id': 'XYZ' });
    const snapshot = await tinySnapshot({ ...FIXTURE_ARCHIVE, non_polymer_entity: ligands });
    try {
      const engine = await openDuckDbEngine(snapshot.dir);
      try {
        // Experimental entries only: an entry condition carried to the components of their ligands.
        const response = await new SearchPipeline(engine).search(
          plan({
            return_type: 'mol_definition',
            request_options: { paginate: { start: 0, rows: 5 }, results_content_type: ['experimental'] },
          }),
        );
        expect(response?.result_set?.map((hit) => (hit as { identifier: string }).identifier)).toEqual([
          'ATP',
          'HEM',
          'MG',
        ]);
        expect(response?.total_count).toBe(3);
      } finally {
        await engine.close();
      }
    } finally {
      await snapshot.remove();
    }
  });

  it('refuses a folder without a manifest', async () => {
    const snapshot = await tinySnapshot({});
    try {
      await rm(join(snapshot.dir, 'manifest.json'));
      await expect(openDuckDbEngine(snapshot.dir)).rejects.toThrow(/manifest\.json/);
    } finally {
      await snapshot.remove();
    }
  });

  it('fails searches after close', async () => {
    const fixture = await openFixtureEngine({});
    await fixture.close();
    await expect(fixture.search(plan({ return_type: 'entry' }))).rejects.toThrow(/closed/);
  });
});
