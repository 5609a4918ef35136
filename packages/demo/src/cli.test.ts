import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CliError, parseArguments } from './cli-args.ts';

describe('parseArguments', () => {
  it('reads every option, in both spellings', () => {
    expect(
      parseArguments(['--entries', '1200', '--out=/tmp/x', '--seed', '9', '--archive-date', '2020-02-29']),
    ).toEqual({
      entries: 1200,
      outDir: '/tmp/x',
      seed: 9,
      archiveDate: '2020-02-29',
      help: false,
    });
    expect(parseArguments(['--entries=1_200_000'])).toMatchObject({
      entries: 1_200_000,
      outDir: 'data/demo',
    });
    expect(parseArguments(['--help']).help).toBe(true);
  });

  it.each([
    [['--entries', 'many'], /--entries must be an integer/],
    [['--entries', '0'], /--entries must be an integer/],
    [['--entries'], /--entries needs a value/],
    [['--seed', '-3'], /--seed must be an integer/],
    [['--seed', '99999999999'], /--seed must be an integer/],
    [['--archive-date', '2021-02-29'], /--archive-date must be a date/],
    [['--archive-date', '1975-01-01'], /1976-05-19/],
    [['--colour', 'red'], /unknown argument "--colour"/],
  ])('rejects %j', (argv, message) => {
    expect(() => parseArguments(argv)).toThrow(CliError);
    expect(() => parseArguments(argv)).toThrow(message);
  });
});

describe('cli', () => {
  it('exits with code 2 and a usage message on bad arguments', () => {
    const loader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
    const result = spawnSync(process.execPath, ['--import', loader, cli, '--entries', 'lots'], {
      encoding: 'utf8',
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/--entries must be an integer/);
    expect(result.stderr).toMatch(/Usage: npm run demo/);
  });
});
