import { availableParallelism } from 'node:os';

export interface ImportCliOptions {
  source: 'mmcif';
  from?: string;
  ihm?: string;
  csm?: string;
  ccd?: string;
  bird?: string;
  clusters?: string;
  sifts?: string;
  flat?: string;
  outDir: string;
  cacheDir?: string;
  strict: boolean;
  workers: number;
  help: boolean;
}

export const IMPORT_USAGE = `Usage: npm run import -- mmcif --from DIR --out DIR [options]

Imports wwPDB mmCIF files as an archive snapshot (manifest.json and one Parquet file per level). The
snapshot is written aside and renamed into place when complete; unchanged files are not parsed again
on a re-run (a cache beside the snapshot: <out>.import-cache).
  --from DIR          PDB entries: the divided/<xy>/<id>.cif.gz tree, or a flat folder (.cif or .cif.gz)
  --ihm DIR           integrative structures (PDB-IHM)
  --csm DIR           computed structure models (AlphaFold DB, ModelArchive)
  --ccd FILE|DIR      chemical components: components.cif(.gz), or one file per component
  --bird FILE|DIR     BIRD reference molecules: prd-all.cif(.gz), or one file per molecule (PRD_*.cif)
  --clusters DIR      sequence clusters: clusters-by-entity-NN.txt files
  --sifts DIR         SIFTS summary files: pdb_chain_uniprot.csv.gz, pdb_chain_enzyme.csv.gz, ...
  --flat DIR          chem-comp-release-data-summary.json (first release dates of components)
  --out DIR           snapshot folder; replaced only if empty or a snapshot
  --cache DIR         parse cache (default <out>.import-cache)
  --strict            stop at the first bad file (exit code 1) instead of skipping it
  --workers N         parser threads (default: the cores, ${availableParallelism()} here; 0: none)`;

export class ImportCliError extends Error {}

const VALUE_OPTIONS = new Set([
  '--from',
  '--ihm',
  '--csm',
  '--ccd',
  '--bird',
  '--clusters',
  '--sifts',
  '--flat',
  '--out',
  '--cache',
  '--workers',
]);

/** Parses `mmcif --name value` / `--name=value` arguments; throws ImportCliError with a readable reason. */
export function parseImportArguments(argv: readonly string[]): ImportCliOptions {
  const values = new Map<string, string>();
  let strict = false;
  let help = false;
  let source: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const argument = argv[i] as string;
    if (argument === '--help' || argument === '-h') {
      help = true;
      continue;
    }
    if (!argument.startsWith('-')) {
      if (source !== undefined) throw new ImportCliError(`unexpected argument "${argument}"`);
      source = argument;
      continue;
    }
    const [name, inline] = argument.includes('=') ? argument.split(/=(.*)/s, 2) : [argument, undefined];
    if (name === '--strict') {
      if (inline !== undefined) throw new ImportCliError('--strict takes no value');
      strict = true;
      continue;
    }
    if (!VALUE_OPTIONS.has(name as string)) throw new ImportCliError(`unknown argument "${argument}"`);
    const value = inline ?? argv[++i];
    if (value === undefined || value === '' || (inline === undefined && value.startsWith('--')))
      throw new ImportCliError(`${name} needs a value`);
    if (values.has(name as string)) throw new ImportCliError(`${name} given twice`);
    values.set(name as string, value);
  }
  const options: ImportCliOptions = {
    source: 'mmcif',
    outDir: values.get('--out') ?? '',
    strict,
    workers: availableParallelism(),
    help,
  };
  if (help) return options;
  if (source === undefined) throw new ImportCliError('name the source to import: mmcif');
  if (source !== 'mmcif') throw new ImportCliError(`unknown source "${source}": the importer reads mmcif`);
  if (!values.has('--out')) throw new ImportCliError('--out DIR is required');
  if (!values.has('--from') && !values.has('--ihm') && !values.has('--csm'))
    throw new ImportCliError('give the entries to import: --from DIR (and/or --ihm DIR, --csm DIR)');
  const workers = values.get('--workers');
  if (workers !== undefined) {
    if (!/^\d+$/.test(workers) || Number(workers) > 256)
      throw new ImportCliError(`--workers must be an integer from 0 to 256, got "${workers}"`);
    options.workers = Number(workers);
  }
  const optional = ['from', 'ihm', 'csm', 'ccd', 'bird', 'clusters', 'sifts', 'flat'] as const;
  for (const key of optional) {
    const value = values.get(`--${key}`);
    if (value !== undefined) options[key] = value;
  }
  const cache = values.get('--cache');
  if (cache !== undefined) options.cacheDir = cache;
  return options;
}
