import { spawnSync } from 'node:child_process';
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

  it.each([
    [['--from', 'a', '--out', 'b'], /name the source to import: mmcif/],
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
