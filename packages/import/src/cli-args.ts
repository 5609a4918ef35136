import { availableParallelism } from 'node:os';

export interface MmcifCliOptions {
  source: 'mmcif';
  from?: string;
  ihm?: string;
  csm?: string;
  ccd?: string;
  bird?: string;
  clusters?: string;
  sifts?: string;
  flat?: string;
  holdings?: string;
  outDir: string;
  cacheDir?: string;
  strict: boolean;
  workers: number;
  help: boolean;
}

export interface RcsbApiCliOptions {
  source: 'rcsb-api';
  outDir: string;
  /** Enrich this snapshot (then `outDir`) with the attributes it lacks, for its own entries. */
  into?: string;
  idsFile?: string;
  baseUrl?: string;
  record?: string;
  replay?: string;
  since?: string;
  spoolDir?: string;
  batchSize?: number;
  ratePerSecond?: number;
  help: boolean;
}

export interface CompareCliOptions {
  source: 'compare';
  a: string;
  b: string;
  json: boolean;
  examples?: number;
  help: boolean;
}

export type ImportCliOptions = MmcifCliOptions | RcsbApiCliOptions | CompareCliOptions;

export const IMPORT_USAGE = `Usage: npm run import -- mmcif --from DIR --out DIR [options]
       npm run import -- rcsb-api --out DIR [options]
       npm run import -- rcsb-api --into SNAPSHOT [options]
       npm run import -- compare SNAPSHOT_A SNAPSHOT_B [--json] [--examples N]

mmcif: imports wwPDB mmCIF files as an archive snapshot (manifest.json and one Parquet file per
level). The snapshot is written aside and renamed into place when complete; unchanged files are not
parsed again on a re-run (a cache beside the snapshot: <out>.import-cache).
  --from DIR          PDB entries: the divided/<xy>/<id>.cif.gz tree, or a flat folder (.cif or .cif.gz)
  --ihm DIR           integrative structures (PDB-IHM)
  --csm DIR           computed structure models (AlphaFold DB, ModelArchive)
  --ccd FILE|DIR      chemical components: components.cif(.gz), or one file per component
  --bird FILE|DIR     BIRD reference molecules: prd-all.cif(.gz), or one file per molecule (PRD_*.cif)
  --clusters DIR      sequence clusters: clusters-by-entity-NN.txt files
  --sifts DIR         SIFTS summary files: pdb_chain_uniprot.csv.gz, pdb_chain_enzyme.csv.gz, ...
  --flat DIR          chem-comp-release-data-summary.json (first release dates of components)
  --holdings DIR      wwPDB holdings (all_removed_entries.json.gz, unreleased_entries.json.gz): files of
                      obsolete or unreleased entries left in the mirror are not imported
  --out DIR           snapshot folder; replaced only if empty or a snapshot
  --cache DIR         parse cache (default <out>.import-cache)
  --strict            stop at the first bad file (exit code 1) instead of skipping it
  --workers N         parser threads (default: the cores, ${availableParallelism()} here; 0: none)

rcsb-api: imports entries from the RCSB Data API (GraphQL), with RCSB's own derived attributes
(assembly symmetry, lineages, normalised journal names, ...). Answers are kept beside the snapshot
(<out>.rcsb-api-spool): an interrupted import resumes where it stopped.
  --out DIR           snapshot folder; replaced only if empty or a snapshot
  --into SNAPSHOT     enrich an existing snapshot instead (an mmCIF import): ask only for the attributes
                      it lacks, for its own entries, merge them by id and publish its next version
  --ids FILE          entry ids, one per line (default: every current entry, from the holdings list)
  --base-url URL      the Data API (default https://data.rcsb.org)
  --since DATE|last   ask again for entries released or revised since DATE (YYYY-MM-DD) or the last import
  --record DIR        keep every request and answer in DIR
  --replay DIR        answer from a folder written by --record, with no network
  --spool DIR         where answers are kept (default <out>.rcsb-api-spool)
  --batch N           ids per request (default 200)
  --rate N            requests started per second at most (default 5; never more than 4 in flight)

compare: the attributes two snapshots both hold, and the objects whose values differ.
  --json              the report as JSON
  --examples N        differing objects shown per attribute (default 5)`;

export class ImportCliError extends Error {}

/** The options each command takes a value for; flags take none. */
const VALUE_OPTIONS: Record<ImportCliOptions['source'], readonly string[]> = {
  mmcif: [
    '--from',
    '--ihm',
    '--csm',
    '--ccd',
    '--bird',
    '--clusters',
    '--sifts',
    '--flat',
    '--holdings',
    '--out',
    '--cache',
    '--workers',
  ],
  'rcsb-api': [
    '--out',
    '--into',
    '--ids',
    '--base-url',
    '--record',
    '--replay',
    '--since',
    '--spool',
    '--batch',
    '--rate',
  ],
  compare: ['--examples'],
};
const FLAGS: Record<ImportCliOptions['source'], readonly string[]> = {
  mmcif: ['--strict'],
  'rcsb-api': [],
  compare: ['--json'],
};

const isCommand = (name: string): name is ImportCliOptions['source'] => Object.hasOwn(VALUE_OPTIONS, name);

/** An integer option within bounds, or the reason it is refused. */
function integerOption(name: string, value: string, min: number, max: number): number {
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max)
    throw new ImportCliError(`${name} must be an integer from ${min} to ${max}, got "${value}"`);
  return Number(value);
}

/**
 * Parses `<command> --name value` / `--name=value` arguments; throws ImportCliError with a readable
 * reason.
 */
export function parseImportArguments(argv: readonly string[]): ImportCliOptions {
  const values = new Map<string, string>();
  const flags = new Set<string>();
  const positional: string[] = [];
  let help = false;
  let command: ImportCliOptions['source'] | undefined;
  for (let i = 0; i < argv.length; i++) {
    const argument = argv[i] as string;
    if (argument === '--help' || argument === '-h') {
      help = true;
      continue;
    }
    if (!argument.startsWith('-')) {
      if (command === undefined) {
        if (!isCommand(argument))
          throw new ImportCliError(
            `unknown source "${argument}": the importer reads mmcif or rcsb-api, or compares`,
          );
        command = argument;
      } else if (command === 'compare' && positional.length < 2) positional.push(argument);
      else throw new ImportCliError(`unexpected argument "${argument}"`);
      continue;
    }
    const [name, inline] = (argument.includes('=') ? argument.split(/=(.*)/s, 2) : [argument, undefined]) as [
      string,
      string | undefined,
    ];
    if (FLAGS[command ?? 'mmcif'].includes(name)) {
      if (inline !== undefined) throw new ImportCliError(`${name} takes no value`);
      flags.add(name);
      continue;
    }
    if (!VALUE_OPTIONS[command ?? 'mmcif'].includes(name))
      throw new ImportCliError(`unknown argument "${argument}"`);
    const value = inline ?? argv[++i];
    if (value === undefined || value === '' || (inline === undefined && value.startsWith('--')))
      throw new ImportCliError(`${name} needs a value`);
    if (values.has(name)) throw new ImportCliError(`${name} given twice`);
    values.set(name, value);
  }
  if (help)
    return { source: command ?? 'mmcif', outDir: '', strict: false, workers: 0, help } as MmcifCliOptions;
  if (command === undefined)
    throw new ImportCliError('name the source to import: mmcif or rcsb-api (or compare)');
  if (command === 'compare') {
    if (positional.length < 2) throw new ImportCliError('compare needs two snapshot folders');
    const examples = values.get('--examples');
    return {
      source: 'compare',
      a: positional[0] as string,
      b: positional[1] as string,
      json: flags.has('--json'),
      ...(examples !== undefined && { examples: integerOption('--examples', examples, 0, 1000) }),
      help,
    };
  }
  const into = command === 'rcsb-api' ? values.get('--into') : undefined;
  if (into !== undefined && values.has('--out'))
    throw new ImportCliError('--into SNAPSHOT publishes a new version of that snapshot: give no --out');
  if (into !== undefined && values.has('--ids'))
    throw new ImportCliError('--into SNAPSHOT asks for the entries of that snapshot: give no --ids');
  if (!values.has('--out') && into === undefined)
    throw new ImportCliError(
      command === 'rcsb-api' ? '--out DIR or --into SNAPSHOT is required' : '--out DIR is required',
    );
  const outDir = into ?? (values.get('--out') as string);
  if (command === 'rcsb-api') {
    if (values.has('--record') && values.has('--replay'))
      throw new ImportCliError('--record and --replay cannot be used together');
    const since = values.get('--since');
    if (since !== undefined && since !== 'last' && !/^\d{4}-\d{2}-\d{2}$/.test(since))
      throw new ImportCliError(`--since must be a date (YYYY-MM-DD) or "last", got "${since}"`);
    const baseUrl = values.get('--base-url');
    if (baseUrl !== undefined && !/^https?:\/\/[^\s/]+/.test(baseUrl))
      throw new ImportCliError(`--base-url must be an http(s) URL, got "${baseUrl}"`);
    const batch = values.get('--batch');
    const rate = values.get('--rate');
    if (rate !== undefined && !(Number(rate) > 0 && Number(rate) <= 100))
      throw new ImportCliError(
        `--rate must be a number of requests per second above 0 and at most 100, got "${rate}"`,
      );
    return {
      source: 'rcsb-api',
      outDir,
      ...(into !== undefined && { into }),
      help,
      ...(values.has('--ids') && { idsFile: values.get('--ids') as string }),
      ...(baseUrl !== undefined && { baseUrl }),
      ...(values.has('--record') && { record: values.get('--record') as string }),
      ...(values.has('--replay') && { replay: values.get('--replay') as string }),
      ...(since !== undefined && { since }),
      ...(values.has('--spool') && { spoolDir: values.get('--spool') as string }),
      ...(batch !== undefined && { batchSize: integerOption('--batch', batch, 1, 5000) }),
      ...(rate !== undefined && { ratePerSecond: Number(rate) }),
    };
  }
  const options: MmcifCliOptions = {
    source: 'mmcif',
    outDir,
    strict: flags.has('--strict'),
    workers: availableParallelism(),
    help,
  };
  if (!values.has('--from') && !values.has('--ihm') && !values.has('--csm'))
    throw new ImportCliError('give the entries to import: --from DIR (and/or --ihm DIR, --csm DIR)');
  const workers = values.get('--workers');
  if (workers !== undefined) options.workers = integerOption('--workers', workers, 0, 256);
  const optional = ['from', 'ihm', 'csm', 'ccd', 'bird', 'clusters', 'sifts', 'flat', 'holdings'] as const;
  for (const key of optional) {
    const value = values.get(`--${key}`);
    if (value !== undefined) options[key] = value;
  }
  const cache = values.get('--cache');
  if (cache !== undefined) options.cacheDir = cache;
  return options;
}
