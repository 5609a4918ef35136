import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { buildClientSchema, getIntrospectionQuery, type IntrospectionQuery } from 'graphql';
import type { CoreEntry } from '@rcsb/rcsb-api-tools/lib/RcsbGraphQL/Types/Yosemite/GqlTypes.js';
import type { CatalogueAttribute, ReturnType } from '@pdb-stats/search-model';
import {
  fullCounts,
  LevelFiles,
  LEVELS,
  type Manifest,
  type ManifestExtras,
  SnapshotWriter,
} from '@pdb-stats/snapshot';
import packageJson from '../../package.json' with { type: 'json' };
import { IMPORT_ATTRIBUTES } from '../attributes.ts';
import { chartSupport, type ChartNeeds, type ChartSupport } from '../chart-support.ts';
import { ImportAbortedError, ImportError, type ImportEvent } from '../pipeline.ts';
import { SnapshotRows } from '../snapshot-rows.ts';
import { DataApiClient, DataApiError, type DataApiClientOptions, type GraphQLAnswer } from './client.ts';
import { DocumentFlattener, type ApiDocument } from './flatten.ts';
import { planDataApi, REVISIONS_QUERY, type DataApiPlan } from './query.ts';
import { attributeCounts, SnapshotToEnrich } from './enrich-snapshot.ts';
import { DocumentSpool, type SpooledItem, type SpoolKind } from './spool.ts';

export const RCSB_API_GENERATOR = `pdb-statistics rcsb-api-import ${packageJson.version}`;

export interface RcsbApiImportOptions extends Pick<
  DataApiClientOptions,
  'baseUrl' | 'concurrency' | 'ratePerSecond' | 'retries' | 'backoffMs' | 'timeoutMs' | 'record' | 'replay'
> {
  outDir: string;
  /**
   * Enrich this snapshot instead of importing a new one (`--into`): only the attributes it lacks are
   * asked for, for its own entries, merged into its rows by identifier and published as its next
   * version (`outDir` is then this snapshot).
   */
  into?: string;
  /** The dashboard's charts, for the summary's "charts this archive can draw"; default none. */
  charts?: readonly ChartNeeds[];
  /** A file of entry ids (one per line; `#` starts a comment); default: every current entry. */
  idsFile?: string;
  /** Documents received so far; default `<outDir>.rcsb-api-spool` beside the snapshot. */
  spoolDir?: string;
  /**
   * Ask again for entries released or revised on or after this date (`YYYY-MM-DD`), or since the
   * last completed import (`last`). Without it, only entries not received yet are asked for.
   */
  since?: string;
  /** Ids per request. */
  batchSize?: number;
  /** Catalogue the snapshot's columns come from. */
  attributes?: readonly CatalogueAttribute[];
  onEvent?: (event: ImportEvent) => void;
  signal?: AbortSignal;
}

export interface FailedId {
  id: string;
  reason: string;
}

export interface RcsbApiImportSummary {
  outDir: string;
  manifest: Manifest;
  counts: Record<ReturnType, number>;
  entries: { listed: number; fetched: number; reused: number; refreshed: number; failed: number };
  components: { listed: number; fetched: number; reused: number; failed: number };
  /** Ids the server did not serve, or served with an error (the first 1,000). */
  failures: FailedId[];
  requests: { sent: number; retried: number };
  /** Catalogue attributes the server's schema has no field for. */
  unavailable: string[];
  /** Values that are not of their attribute's type, left out. */
  invalidValues: number;
  attributes: { structure: { filled: number; total: number }; chemical: { filled: number; total: number } };
  charts: ChartSupport;
  /** With `into`: per level that took columns, its rows and how many the Data API served by id. */
  merged?: Partial<Record<ReturnType, { rows: number; found: number }>>;
  seconds: number;
}

const DEFAULT_BATCH = 200;
/** The light query of `--since` asks for this many entries at once. */
const REVISION_BATCH = 2000;
const MAX_FAILURES_LISTED = 1000;
const HOLDINGS_PATH = '/rest/v1/holdings/current/entry_ids';
const ID = /^[A-Za-z0-9_-]{1,40}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Connection failures that mean the server cannot be reached at all (rather than a busy server). */
const UNREACHABLE = /connection failed \((ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ENETUNREACH|EHOSTUNREACH)\)/;

/** The entry ids of a file: one per line (commas and spaces also separate), `#` starts a comment. */
export async function readIdsFile(path: string): Promise<string[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new ImportError(`--ids ${path}: cannot be read (${(error as Error).message})`);
  }
  const ids: string[] = [];
  text.split('\n').forEach((line, index) => {
    for (const token of line.replace(/#.*/, '').split(/[\s,]+/)) {
      if (!token) continue;
      if (!ID.test(token))
        throw new ImportError(`--ids ${path}, line ${index + 1}: "${token.slice(0, 60)}" is not an entry id`);
      ids.push(token.toUpperCase());
    }
  });
  if (ids.length === 0) throw new ImportError(`--ids ${path}: no entry ids in the file`);
  return [...new Set(ids)];
}

/**
 * Imports entries from the RCSB Data API as an archive snapshot: the entry list (holdings, or a
 * file), then GraphQL queries for every catalogue attribute the server's schema serves, in batches,
 * politely; chemical components named by the entries after them. Answers are spooled beside the
 * snapshot, so an interrupted import resumes and a later one asks only for what changed. The snapshot's
 * writer holds its lock for the whole run (the spool is the snapshot's too) and publishes it only when
 * complete.
 */
export async function importRcsbApi(options: RcsbApiImportOptions): Promise<RcsbApiImportSummary> {
  const outDir = resolve(options.into ?? options.outDir);
  // Opened first: a second import, or an output folder that may not be replaced, is refused before any request.
  const writer = await SnapshotWriter.open(outDir, { busy: (message) => new ImportError(message) });
  try {
    // Under the snapshot's lock: the version read is the one the enriched version follows.
    const into = options.into === undefined ? undefined : await SnapshotToEnrich.open(outDir);
    const attributes = into
      ? into.attributesToAsk(options.attributes ?? IMPORT_ATTRIBUTES)
      : (options.attributes ?? IMPORT_ATTRIBUTES);
    return await new RcsbApiImport({ ...options, attributes }, outDir, into).run(writer);
  } finally {
    await writer.close();
  }
}

class RcsbApiImport {
  private readonly started = performance.now();
  private readonly startedOn = new Date().toISOString().slice(0, 10);
  private readonly client: DataApiClient;
  private readonly emit: (event: ImportEvent) => void;
  private readonly attributes: readonly CatalogueAttribute[];
  private readonly batchSize: number;
  private readonly failures: FailedId[] = [];
  private failed: Record<SpoolKind, number> = { entries: 0, chem_comps: 0 };
  private fetched: Record<SpoolKind, number> = { entries: 0, chem_comps: 0 };
  private refreshed = 0;

  constructor(
    private readonly options: RcsbApiImportOptions,
    private readonly outDir: string,
    private readonly into?: SnapshotToEnrich,
  ) {
    this.emit = options.onEvent ?? (() => {});
    this.attributes = options.attributes ?? IMPORT_ATTRIBUTES;
    this.batchSize = options.batchSize ?? DEFAULT_BATCH;
    if (!Number.isInteger(this.batchSize) || this.batchSize < 1 || this.batchSize > 5000)
      throw new ImportError(`the batch size must be an integer from 1 to 5000, got ${this.batchSize}`);
    if (options.since !== undefined && options.since !== 'last' && !DATE.test(options.since))
      throw new ImportError(`--since must be a date (YYYY-MM-DD) or "last", got "${options.since}"`);
    this.client = new DataApiClient({
      ...options,
      onRetry: ({ request, reason, waitMs, attempt }) =>
        this.message(`${request}: ${reason}; retry ${attempt} in ${(waitMs / 1000).toFixed(1)} s`),
    });
  }

  private message(message: string): void {
    this.emit({ type: 'message', message });
  }

  private checkAborted(): void {
    if (this.options.signal?.aborted) throw new ImportAbortedError();
  }

  private fail(kind: SpoolKind, id: string, reason: string): void {
    this.failed[kind]++;
    if (this.failures.length < MAX_FAILURES_LISTED) this.failures.push({ id, reason });
    this.emit({ type: 'bad-file', file: id, reason });
  }

  async run(writer: SnapshotWriter): Promise<RcsbApiImportSummary> {
    try {
      const plan = await this.plan();
      const spool = await DocumentSpool.open(
        this.options.spoolDir ?? `${this.outDir}.rcsb-api-spool`,
        createHash('sha256').update(plan.entriesQuery).update(plan.chemCompsQuery).digest('hex'),
      );
      if (spool.fresh)
        this.message(`spool ${spool.dir}: empty, or made with other queries (every entry is asked for)`);
      const ids = await this.entryIds();
      const refresh = await this.entriesToRefresh(spool, ids);
      const entriesToFetch = ids.filter((id) => refresh.has(id) || !spool.has('entries', id));
      const reusedEntries = ids.length - entriesToFetch.length;
      this.message(
        `${ids.length.toLocaleString('en-US')} entries: ${entriesToFetch.length.toLocaleString('en-US')} to ask for, ${reusedEntries.toLocaleString('en-US')} from the spool`,
      );
      await this.fetchAll(spool, 'entries', entriesToFetch, plan.entriesQuery, 'entries');

      const components = new Set<string>();
      for (const id of ids)
        for (const component of spool.item('entries', id)?.components ?? []) components.add(component);
      const componentIds = [...components].sort();
      const componentsToFetch = componentIds.filter((id) => !spool.has('chem_comps', id));
      this.message(
        `${componentIds.length.toLocaleString('en-US')} chemical components: ${componentsToFetch.length.toLocaleString('en-US')} to ask for`,
      );
      await this.fetchAll(spool, 'chem_comps', componentsToFetch, plan.chemCompsQuery, 'chem_comps');

      this.message(this.into ? `merging into ${this.into.dir}` : 'writing the snapshot');
      // Enriching, the Data API's rows are written aside first, then merged into the snapshot's by id.
      const apiDir = this.into ? await mkdtemp(join(writer.workDir, '.api-')) : writer.workDir;
      const files = this.into
        ? await LevelFiles.open(apiDir, LEVELS, this.attributes)
        : await writer.levelFiles(LEVELS, this.attributes);
      const flattener = new DocumentFlattener(plan);
      const rows = new SnapshotRows(files, this.attributes);
      try {
        for await (const { document } of spool.documents('chem_comps', componentIds)) {
          rows.addComponents([flattener.component(document)]);
          await rows.flushIfFull();
        }
        for await (const { document } of spool.documents('entries', ids)) {
          this.checkAborted();
          rows.addEntry(flattener.entry(document));
          await rows.flushIfFull();
        }
        await rows.flush();
        await files.toParquet({
          attributes: rows.coverage.filledAttributes(),
          onProgress: (message) => this.message(message),
        });
      } finally {
        if (this.into) await files.close();
      }
      this.checkAborted();
      const source = `RCSB Data API (${this.options.replay ? `replayed from ${this.options.replay}` : this.client.baseUrl})`;
      let filled = rows.coverage.filledAttributes();
      let attributes = rows.coverage.counts();
      let counts = fullCounts(files.counts);
      let matched: RcsbApiImportSummary['merged'];
      let extras: ManifestExtras = {
        source: 'RCSB Data API',
        sources: [source],
        demo: false,
        archive_date: rows.latestRelease || this.startedOn,
        generator: RCSB_API_GENERATOR,
      };
      if (this.into) {
        const merged = await this.into.merge(apiDir, writer.workDir, (message) => this.message(message));
        await rm(apiDir, { recursive: true, force: true });
        filled = merged.held;
        attributes = attributeCounts(merged.held, IMPORT_ATTRIBUTES);
        counts = merged.counts;
        matched = merged.matched;
        const before = this.into.manifest;
        // The snapshot stays what it was (its source, date and counts), with the Data API among its sources.
        extras = {
          ...before,
          sources: [...(before.sources ?? [before.source]), `${source}: ${merged.columns} columns by id`],
          generated_at: new Date().toISOString(),
        };
      }
      const manifest = await writer.complete(counts, extras);
      await spool.completed(this.startedOn);
      const invalidValues = [...flattener.invalid.values()].reduce((sum, n) => sum + n, 0);
      return {
        outDir: this.outDir,
        manifest,
        counts: manifest.counts,
        entries: {
          listed: ids.length,
          fetched: this.fetched.entries,
          reused: reusedEntries,
          refreshed: this.refreshed,
          failed: this.failed.entries,
        },
        components: {
          listed: componentIds.length,
          fetched: this.fetched.chem_comps,
          reused: componentIds.length - componentsToFetch.length,
          failed: this.failed.chem_comps,
        },
        failures: this.failures,
        requests: { sent: this.client.requests, retried: this.client.retried },
        unavailable: plan.unavailable.map((a) => `${a.level}:${a.path}`),
        invalidValues,
        attributes,
        charts: chartSupport(filled, this.options.charts ?? []),
        ...(matched && { merged: matched }),
        seconds: (performance.now() - this.started) / 1000,
      };
    } catch (error) {
      if (error instanceof DataApiError) {
        const unreachable = UNREACHABLE.exec(error.message)?.[1];
        throw new ImportError(
          `${unreachable ? `cannot reach the Data API at ${this.client.baseUrl} (${unreachable}: no network, or a wrong --base-url): ` : ''}${error.message}. ${
            this.into ? `${this.into.dir} is unchanged; the` : 'The'
          } answers received so far are kept: run the same command again to go on from there`,
        );
      }
      throw error;
    }
  }

  /** The server's own schema decides what is asked: a field it lacks would fail the whole query. */
  private async plan(): Promise<DataApiPlan> {
    const answer = await this.client.graphql<IntrospectionQuery>(getIntrospectionQuery(), {}, 'the schema');
    if (!answer.data)
      throw new ImportError(
        `the Data API did not give its schema: ${answer.errors?.map((e) => e.message).join('; ') ?? 'no data'}`,
      );
    const plan = planDataApi(buildClientSchema(answer.data), this.attributes);
    if (plan.unavailable.length > 0)
      this.message(
        `${plan.unavailable.length} catalogue attributes have no field in the server's schema and are left out (first: ${plan.unavailable
          .slice(0, 3)
          .map((a) => a.path)
          .join(', ')})`,
      );
    return plan;
  }

  private async entryIds(): Promise<string[]> {
    if (this.into) return this.into.entryIds();
    if (this.options.idsFile) return readIdsFile(this.options.idsFile);
    const answer = await this.client.getJson(HOLDINGS_PATH, 'the entry list');
    if (!Array.isArray(answer) || answer.some((id) => typeof id !== 'string' || !ID.test(id)))
      throw new ImportError(`the entry list (${HOLDINGS_PATH}) is not a list of entry ids`);
    return [...new Set((answer as string[]).map((id) => id.toUpperCase()))].sort();
  }

  /**
   * With `since`: the spooled entries released or revised on or after that date, or whose revision
   * date is not the one they were received with, found with a light query of dates only.
   */
  private async entriesToRefresh(spool: DocumentSpool, ids: readonly string[]): Promise<Set<string>> {
    const refresh = new Set<string>();
    if (this.options.since === undefined) return refresh;
    const since = this.options.since === 'last' ? spool.lastImport : this.options.since;
    if (since === undefined)
      throw new ImportError('--since last: no import has completed with this spool yet; give a date instead');
    const spooled = ids.filter((id) => spool.has('entries', id));
    type Dates = Pick<CoreEntry, 'rcsb_id' | 'rcsb_accession_info'>;
    await this.inBatches(spooled, REVISION_BATCH, async (batch, label) => {
      const answer = await this.client.graphql<{ entries?: (Dates | null)[] }>(
        REVISIONS_QUERY,
        { ids: batch },
        label,
      );
      for (const entry of answer.data?.entries ?? []) {
        const id = entry?.rcsb_id?.toUpperCase();
        if (!id) continue;
        const info = entry?.rcsb_accession_info;
        const released = dateOf(info?.initial_release_date) ?? '';
        const revised = dateOf(info?.revision_date);
        if (released >= since || (revised ?? '') >= since || revised !== spool.item('entries', id)?.revision)
          refresh.add(id);
      }
    });
    this.refreshed = refresh.size;
    this.message(`${refresh.size.toLocaleString('en-US')} entries released or revised since ${since}`);
    return refresh;
  }

  /** Runs batches of ids a few at a time (the client keeps the requests polite), in order of start. */
  private async inBatches(
    ids: readonly string[],
    size: number,
    work: (batch: string[], label: string) => Promise<void>,
  ): Promise<void> {
    const batches: string[][] = [];
    for (let i = 0; i < ids.length; i += size) batches.push(ids.slice(i, i + size));
    let next = 0;
    // The first failure stops new batches; those in flight end (and are spooled) before it is thrown.
    let failure: { error: unknown } | undefined;
    const runner = async () => {
      while (next < batches.length && !failure) {
        const index = next++;
        const batch = batches[index] as string[];
        try {
          this.checkAborted();
          await work(batch, `batch ${index + 1} of ${batches.length} (${batch[0]}…${batch.at(-1)})`);
        } catch (error) {
          failure ??= { error };
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(batches.length, 8) }, runner));
    if (failure) throw failure.error;
  }

  /** Asks for documents in batches and spools each finished batch; ids not served are reported. */
  private async fetchAll(
    spool: DocumentSpool,
    kind: SpoolKind,
    ids: readonly string[],
    query: string,
    field: 'entries' | 'chem_comps',
  ): Promise<void> {
    let done = 0;
    const label = kind === 'entries' ? 'entries' : 'chemical components';
    this.emit({ type: 'progress', done: 0, total: ids.length, bytes: 0, label });
    let bytes = 0;
    await this.inBatches(ids, this.batchSize, async (batch, label) => {
      const answer = await this.client.graphql<Record<string, (ApiDocument | null)[] | null>>(
        query,
        { ids: batch },
        `${field} ${label}`,
      );
      const received = this.received(kind, batch, answer, field);
      if (received.length > 0) bytes += await spool.add(kind, received);
      this.fetched[kind] += received.length;
      done += batch.length;
      this.emit({ type: 'progress', done, total: ids.length, bytes, label });
    });
  }

  /** The documents of a batch's answer by id; every id without one is reported with the reason. */
  private received(
    kind: SpoolKind,
    batch: readonly string[],
    answer: GraphQLAnswer<Record<string, (ApiDocument | null)[] | null>>,
    field: string,
  ): { id: string; item: SpooledItem; document: ApiDocument }[] {
    const errors = new Map<string, string>();
    const general: string[] = [];
    for (const error of answer.errors ?? []) {
      const index = error.path?.[0] === field ? error.path[1] : undefined;
      if (typeof index === 'number' && batch[index] !== undefined) errors.set(batch[index], error.message);
      else general.push(error.message);
    }
    const documents = new Map<string, ApiDocument>();
    for (const document of answer.data?.[field] ?? []) {
      if (document && typeof document.rcsb_id === 'string')
        documents.set(document.rcsb_id.toUpperCase(), document);
    }
    const received: { id: string; item: SpooledItem; document: ApiDocument }[] = [];
    for (const id of batch) {
      const document = documents.get(id.toUpperCase());
      const error = errors.get(id);
      if (error !== undefined || !document) {
        const reason =
          error ?? (general.length > 0 ? general.join('; ') : 'not served: unknown or withdrawn id');
        this.fail(
          kind,
          id,
          kind === 'entries' && error !== undefined
            ? `the Data API answered with an error: ${reason}`
            : reason,
        );
        continue;
      }
      received.push({ id: id.toUpperCase(), item: itemOf(kind, document), document });
    }
    return received;
  }
}

/** What the spool's index keeps of a document: its revision date, and the components an entry names. */
function itemOf(kind: SpoolKind, document: ApiDocument): SpooledItem {
  if (kind === 'chem_comps') return { revision: null };
  const entry = document as Partial<CoreEntry>;
  const components = new Set<string>();
  for (const entity of entry.nonpolymer_entities ?? []) {
    const component = entity?.rcsb_nonpolymer_entity_container_identifiers?.nonpolymer_comp_id;
    if (component) components.add(component);
  }
  return { revision: dateOf(entry.rcsb_accession_info?.revision_date), components: [...components] };
}

/** `YYYY-MM-DD` of the API's date-times. */
function dateOf(value: unknown): string | null {
  return typeof value === 'string' ? value.slice(0, 10) : null;
}
