import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ImportCliError, parseImportArguments } from './cli-args.ts';

describe('parseImportArguments', () => {
  it('reads the source, folders and flags, in both spellings', () => {
    expect(
      parseImportArguments([
        'mmcif',
        '--from',
        'a',
        '--out=b',
        '--ccd',
        'c.cif',
        '--strict',
        '--workers',
        '3',
      ]),
    ).toMatchObject({ source: 'mmcif', from: 'a', outDir: 'b', ccd: 'c.cif', strict: true, workers: 3 });
  });

  it('reads the Data API import and the comparison', () => {
    expect(
      parseImportArguments([
        'rcsb-api',
        '--out',
        'b',
        '--ids=ids.txt',
        '--base-url',
        'http://127.0.0.1:8080',
        '--since',
        'last',
        '--batch',
        '50',
        '--rate',
        '2.5',
        '--record',
        'rec',
      ]),
    ).toEqual({
      source: 'rcsb-api',
      outDir: 'b',
      idsFile: 'ids.txt',
      baseUrl: 'http://127.0.0.1:8080',
      since: 'last',
      batchSize: 50,
      ratePerSecond: 2.5,
      record: 'rec',
      help: false,
    });
    expect(parseImportArguments(['rcsb-api', '--into', 'snap'])).toEqual({
      source: 'rcsb-api',
      outDir: 'snap',
      into: 'snap',
      help: false,
    });
    expect(parseImportArguments(['compare', 'x', 'y', '--json', '--examples', '3'])).toEqual({
      source: 'compare',
      a: 'x',
      b: 'y',
      json: true,
      examples: 3,
      help: false,
    });
  });

  it.each([
    [['--from', 'a', '--out', 'b'], /name the source to import: mmcif/],
    [['rcsb-api', '--ids', 'i'], /--out DIR or --into SNAPSHOT is required/],
    [['rcsb-api', '--into', 'a', '--out', 'b'], /--into SNAPSHOT publishes a new version of that snapshot/],
    [['rcsb-api', '--into', 'a', '--ids', 'i'], /--into SNAPSHOT asks for the entries of that snapshot/],
    [['rcsb-api', '--out', 'b', '--from', 'a'], /unknown argument "--from"/],
    [['rcsb-api', '--out', 'b', '--since', 'yesterday'], /--since must be a date \(YYYY-MM-DD\) or "last"/],
    [
      ['rcsb-api', '--out', 'b', '--record', 'r', '--replay', 'r'],
      /--record and --replay cannot be used together/,
    ],
    [['rcsb-api', '--out', 'b', '--batch', '0'], /--batch must be an integer from 1 to 5000, got "0"/],
    [['rcsb-api', '--out', 'b', '--rate', 'fast'], /--rate must be a number/],
    [['rcsb-api', '--out', 'b', '--base-url', 'data.rcsb.org'], /--base-url must be an http\(s\) URL/],
    [['compare', 'x'], /compare needs two snapshot folders/],
    [['compare', 'x', 'y', 'z'], /unexpected argument "z"/],
    [['pdbml', '--from', 'a', '--out', 'b'], /unknown source "pdbml"/],
    [['mmcif', '--from', 'a'], /--out DIR is required/],
    [['mmcif', '--out', 'b'], /give the entries to import: --from DIR/],
    [['mmcif', '--from', '--out', 'b'], /--from needs a value/],
    [
      ['mmcif', '--from', 'a', '--out', 'b', '--workers', 'many'],
      /--workers must be an integer from 0 to 256, got "many"/,
    ],
    [['mmcif', '--from', 'a', '--out', 'b', '--colour', 'red'], /unknown argument "--colour"/],
    [['mmcif', '--from', 'a', '--from', 'c', '--out', 'b'], /--from given twice/],
    [['mmcif', '--from', 'a', '--out', 'b', 'extra'], /unexpected argument "extra"/],
  ])('%j is refused with a clear reason', (argv, message) => {
    expect(() => parseImportArguments(argv)).toThrow(ImportCliError);
    expect(() => parseImportArguments(argv)).toThrow(message);
  });

  it('the command prints the reason and the usage, exit code 2', () => {
    const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
    const result = spawnSync(process.execPath, ['--import', 'tsx', cli, 'mmcif', '--from', 'x'], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('import: --out DIR is required');
    expect(result.stderr).toContain('Usage: npm run import -- mmcif');
  });
});

describe('the import command', () => {
  it('with --strict, stops at a bad file with exit code 1 and names it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pdb-stats-import-cli-'));
    try {
      await mkdir(join(dir, 'in/ba'), { recursive: true });
      await writeFile(join(dir, 'in/ba/1bad.cif'), 'not a CIF file at all\n');
      const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
      const argv = ['--import', 'tsx', cli, 'mmcif', '--from', join(dir, 'in'), '--out', join(dir, 'out')];
      const strict = spawnSync(process.execPath, [...argv, '--strict', '--workers', '0'], {
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(strict.status).toBe(1);
      expect(strict.stderr).toContain(`${join(dir, 'in/ba/1bad.cif')}: `);
      expect(strict.stderr).toContain('--strict');
      expect((await readdir(dir)).filter((name) => name !== 'in' && !name.endsWith('.import-cache'))).toEqual(
        [],
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
