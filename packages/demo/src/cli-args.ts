import { parseDay } from '@pdb-stats/snapshot';
import { MAX_ENTRIES } from './generator.ts';
import { FIRST_RELEASE } from './vocabulary/releases.ts';

export interface CliOptions {
  entries: number;
  outDir: string;
  seed?: number;
  archiveDate?: string;
  help: boolean;
}

export const USAGE = `Usage: npm run demo -- [--entries N] [--out DIR] [--seed S] [--archive-date YYYY-MM-DD]

Generates the synthetic demo archive (a snapshot: manifest.json and one Parquet file per level).
  --entries N                 number of entries (default 250000, at most ${MAX_ENTRIES})
  --out DIR                   snapshot folder (default data/demo); replaced only if empty or a snapshot
  --seed S                    integer 0..4294967295 (default 1); same seed, same archive
  --archive-date YYYY-MM-DD   last release day (default today, UTC)`;

export class CliError extends Error {}

/** Parses `--name value` and `--name=value` arguments; throws CliError with a readable reason. */
export function parseArguments(argv: readonly string[]): CliOptions {
  const options: CliOptions = { entries: 250_000, outDir: 'data/demo', help: false };
  const names = new Set(['--entries', '--out', '--seed', '--archive-date']);
  for (let i = 0; i < argv.length; i++) {
    const argument = argv[i] as string;
    if (argument === '--help' || argument === '-h') {
      options.help = true;
      continue;
    }
    const [name, inline] = argument.includes('=') ? argument.split(/=(.*)/s, 2) : [argument, undefined];
    if (!names.has(name as string)) throw new CliError(`unknown argument "${argument}"`);
    const value = inline ?? argv[++i];
    if (value === undefined || value === '') throw new CliError(`${name} needs a value`);
    switch (name) {
      case '--entries': {
        const entries = Number(value.replaceAll('_', ''));
        if (!Number.isInteger(entries) || entries < 1 || entries > MAX_ENTRIES) {
          throw new CliError(`--entries must be an integer from 1 to ${MAX_ENTRIES}, got "${value}"`);
        }
        options.entries = entries;
        break;
      }
      case '--out':
        options.outDir = value;
        break;
      case '--seed': {
        const seed = Number(value);
        if (!/^\d+$/.test(value) || seed > 0xffffffff) {
          throw new CliError(`--seed must be an integer from 0 to 4294967295, got "${value}"`);
        }
        options.seed = seed;
        break;
      }
      case '--archive-date':
        if (parseDay(value) === undefined || value < FIRST_RELEASE) {
          throw new CliError(
            `--archive-date must be a date YYYY-MM-DD from ${FIRST_RELEASE} on, got "${value}"`,
          );
        }
        options.archiveDate = value;
        break;
    }
  }
  return options;
}
