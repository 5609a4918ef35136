import { existsSync, watch } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { basename, dirname, join } from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { generateDemoArchive } from '@pdb-stats/demo';
import { isSnapshot, markServed } from '@pdb-stats/snapshot';
import type { AttributeSet } from '@pdb-stats/search-model';
import { cleanArchive, snapshotToServe } from './archive-folder.ts';
import { ArchiveSwitch, type ServedArchive } from './archive-switch.ts';
import { buildApp, type AnswerSourceOption, type AppOptions } from './app.ts';
import { registryChartRequests } from './chart-requests.ts';
import { readConfig, type ServerConfig } from './config.ts';
import { DataApiDocuments, DocumentStore } from './documents/index.ts';
import { openClickHouseEngine, openDuckDbEngine, type Engine, type KeptTables } from './engine/index.ts';
import { EngineSource } from './sources/engine-source.ts';
import { SearchService } from './search-service.ts';
import type { ResponseCache } from './cache/response-cache.ts';

/** Starts the service: `npm start`. Composition lives in app.ts. */

/**
 * The embedded engine over a snapshot: its tables in the database files it carries (a demo
 * archive's), else in the database file beside it (built on the first start, reused after); where
 * that file cannot be written, loaded into memory at every start.
 */
async function openDuckDb(archiveDir: string, config: ServerConfig): Promise<Engine> {
  const file = config.duckdbFile ?? `${archiveDir}.duckdb`;
  // `noFile`: why the archive has no database file, so that the kept tables are in memory too.
  const options = (noFile?: string) => ({
    timeoutMs: config.queryTimeoutMs,
    queue: { waitMs: config.queueWaitMs, queueLength: config.queueLength },
    ...(config.memoryLimitMb !== undefined && { memoryLimitMb: config.memoryLimitMb }),
    // The derived tables of the dashboard's charts, made in the background from the first search
    // on (the charts computed ahead once the server is ready) and kept while the archive is served.
    keep: (held: AttributeSet) => registryChartRequests(new Date(), held).map((c) => c.request),
    onKept: (outcome: KeptTables | Error) =>
      outcome instanceof Error
        ? console.warn(`derived tables of the charts not kept for ${archiveDir}: ${outcome.message}`)
        : console.log(
            `Derived tables of the charts kept for ${archiveDir}: ${outcome.tables} tables, ${outcome.rows.toLocaleString('en-US')} rows, ${keptWhere(outcome, noFile)}`,
          ),
    onReady: (how: string, seconds: number) =>
      console.log(
        how === 'attached'
          ? `Archive tables attached from the database files of ${archiveDir} in ${seconds.toFixed(1)} s`
          : `Archive tables ${how === 'reused' ? 'reused from' : how === 'built' ? 'built into' : 'loaded into'} ${
              how === 'loaded' ? 'memory' : file
            } in ${seconds.toFixed(1)} s`,
      ),
  });
  if (file === 'none') return openDuckDbEngine(archiveDir, options('DUCKDB_FILE=none'));
  try {
    return await openDuckDbEngine(archiveDir, { ...options(), databaseFile: file });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const denied =
      code === 'EACCES' || code === 'EROFS' || /permission denied|read-only/i.test(String(error));
    if (!denied) throw error;
    console.warn(
      `cannot write ${file} (${String(error)}); loading the archive into memory instead (DUCKDB_FILE)`,
    );
    return openDuckDbEngine(archiveDir, options(`${file} cannot be written`));
  }
}

/** Where the kept tables came from: the file saved by an earlier start, or made now (and where to). */
function keptWhere({ place, seconds, made }: KeptTables, noFile?: string): string {
  const time = `${seconds.toFixed(1)} s`;
  switch (place.kind) {
    case 'read':
      return `read from ${place.file} in ${time} (saved by an earlier start)`;
    case 'saved':
      return `${made} made in ${time} and saved to ${place.file} for later starts`;
    case 'unsaved':
      return `${made} made in ${time}, not saved to ${place.file}: ${place.why}`;
    case 'memory':
      return `${made} made in ${time} in memory, again at every start (${noFile ?? place.why})`;
  }
}

/** The archive to serve: ARCHIVE_DIR, or the demo archive (generated on first start). */
async function archiveDirOf(config: ServerConfig): Promise<string> {
  const archiveDir = config.archiveDir;
  if (archiveDir) return archiveDir;
  if (!(await isSnapshot(config.demoDir))) {
    const started = Date.now();
    console.log(
      `No archive yet: generating the demo archive (${config.demoEntries.toLocaleString('en-US')} entries) in ${config.demoDir}`,
    );
    await generateDemoArchive({
      entries: config.demoEntries,
      outDir: config.demoDir,
      // The server reads the tables of the snapshot's database files: no Parquet files on the way
      // to the first answer (about 4 s of 2 cores for 250,000 entries). `npm run demo` writes them.
      parquet: false,
      onProgress: (m) => console.log(`  ${m}`),
    });
    console.log(`Demo archive ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  return config.demoDir;
}

/** Opens one snapshot folder: its engine (the database beside it, built if needed) and its documents. */
async function openArchive(dir: string, config: ServerConfig): Promise<ServedArchive> {
  // Marked served from now until its documents are closed (they read the folder's files): a writer's
  // cleanup, should several versions be published before the switch, leaves it in place.
  const unmark = await markServed(dir);
  let engine: Engine;
  try {
    engine = await openEngine(dir, config);
  } catch (error) {
    await unmark();
    throw error;
  }
  try {
    const documents = await DocumentStore.open(dir, engine.held, config.entryMaxRows);
    return {
      dir,
      source: new EngineSource(engine, costLimitsOf(config)),
      documents: {
        lookup: (returnType, ids) => documents.lookup(returnType, ids),
        bounds: () => documents.bounds(),
        entry: (id) => documents.entry(id),
        close: () => documents.close().finally(unmark),
      },
    };
  } catch (error) {
    await engine.close();
    await unmark();
    throw error;
  }
}

function openEngine(dir: string, config: ServerConfig): Promise<Engine> {
  return config.engine.kind === 'clickhouse'
    ? openClickHouseEngine(dir, {
        shards: config.engine.shards,
        cluster: config.engine.cluster,
        database: config.engine.database,
        timeoutMs: config.queryTimeoutMs,
        onProgress: (m) => console.log(`  loading into ClickHouse: ${m}`),
      })
    : openDuckDb(dir, config);
}

/** The answers of a snapshot's charts, computed before a server switches to it. */
interface ComputedAhead {
  cache: ResponseCache;
  summary: string;
}
const computedAhead = new Map<string, ComputedAhead>();

const costLimitsOf = (config: ServerConfig) => ({
  maxBuckets: config.maxBuckets,
  maxInValues: config.maxInValues,
  maxFacetRows: config.maxFacetRows,
});

/** Where answers come from: the upstream service when one is set (no archive on disk), else the engine. */
async function openSource(
  config: ServerConfig,
  switched: (
    phase: 'switched' | 'released',
    from: ServedArchive,
    to: ServedArchive,
    ahead?: ComputedAhead,
  ) => void,
): Promise<
  { archive?: string; archives?: ArchiveSwitch } & Pick<AppOptions, 'documents'> & AnswerSourceOption
> {
  if (config.upstream) {
    const { dataUrl, ...upstream } = config.upstream;
    console.log(`Answering searches from ${upstream.url} (no archive on disk)`);
    return {
      upstream,
      ...(dataUrl && {
        documents: new DataApiDocuments({ url: dataUrl, ratePerSecond: upstream.ratePerSecond }),
      }),
    };
  }
  const archive = await archiveDirOf(config);
  for (const path of await cleanArchive(archive)) console.log(`Removed ${path}, left by an interrupted run`);
  const archives = new ArchiveSwitch(await openArchive(await snapshotToServe(archive), config), {
    resolve: () => snapshotToServe(archive),
    open: async (dir) => {
      // DUCKDB_FILE names the database of the snapshot served at start, which the old engine still
      // reads: a later snapshot's database is built beside it, as without the setting.
      const { duckdbFile, ...besideIt } = config;
      const next = await openArchive(dir, duckdbFile === 'none' ? config : besideIt);
      // The charts' answers are computed before the switch, so that no visitor after it waits for them.
      const started = Date.now();
      const service = new SearchService(next.source, config.cacheMb * 2 ** 20, costLimitsOf(config));
      const charts = registryChartRequests(new Date(), next.source.held);
      const done = await service.warm(
        charts.map((c) => c.request),
        () => undefined,
      );
      computedAhead.set(dir, {
        cache: service.cache,
        summary: `${done}/${charts.length} chart answers computed ahead in ${Date.now() - started} ms`,
      });
      return next;
    },
    onSwitch: (phase, from, to) => {
      const ahead = computedAhead.get(to.dir);
      computedAhead.delete(to.dir);
      switched(phase, from, to, ahead);
    },
  });
  return { archive, archives, source: archives.source, documents: archives.documents };
}

/**
 * Serves each snapshot newly published at `archive` without a restart: on SIGHUP, and (ARCHIVE_WATCH,
 * on by default) when the archive's link is replaced. Failures leave the served archive in place.
 */
function followArchive(app: FastifyInstance, archive: string, archives: ArchiveSwitch, config: ServerConfig) {
  if (config.engine.kind === 'clickhouse') {
    process.on('SIGHUP', () =>
      app.log.warn('SIGHUP: a ClickHouse cluster is loaded once per start; restart to serve a new snapshot'),
    );
    return;
  }
  const reload = (why: string) => {
    void archives.reload().then(
      (outcome) => {
        if (!outcome.switched) app.log.info(`${why}: ${outcome.dir} is served already`);
        // Older versions and their database files, no longer served, go (skipped while an import runs).
        else void cleanArchive(archive).catch((error: unknown) => app.log.warn({ err: error }, 'cleaning'));
      },
      (error: unknown) =>
        app.log.error(
          { err: error },
          `${why}: the new snapshot could not be opened; still serving the old one`,
        ),
    );
  };
  process.on('SIGHUP', () => reload('SIGHUP'));
  if (!config.archiveWatch) return;
  // The link is replaced by a rename in its folder: a watch of that folder sees it at once.
  let timer: NodeJS.Timeout | undefined;
  const watcher = watch(dirname(archive), (_event, name) => {
    if (name !== basename(archive)) return;
    clearTimeout(timer);
    timer = setTimeout(() => reload(`${archive} changed`), 200);
  });
  watcher.on('error', (error) => app.log.warn({ err: error }, `no longer watching ${archive}`));
  app.addHook('onClose', async () => {
    clearTimeout(timer);
    watcher.close();
  });
}

async function main(): Promise<void> {
  const config = readConfig();
  // The app, once built: a switch before it exists has no answers to drop.
  const served: { app?: FastifyInstance } = {};
  const { archive, archives, ...source } = await openSource(config, (phase, from, to, ahead) => {
    const { app } = served;
    if (!app) return;
    // The old archive's answers are never served again (their keys name its version): let them go.
    if (from.source.version !== to.source.version)
      app.searchService.cache.drop((key) => key.startsWith(`${from.source.version}:`));
    if (ahead) {
      app.searchService.cache.adopt(ahead.cache);
      app.log.info(ahead.summary);
    }
    if (phase === 'switched') {
      app.log.info(
        `serving ${to.dir} (archive of ${String(to.source.archiveInfo().archive_date)}) in place of ${from.dir}`,
      );
      void warmCharts(app);
    } else app.log.info(`released ${from.dir}`);
  });
  const hasWeb = existsSync(join(config.webDir, 'index.html'));
  const app = await buildApp({
    ...source,
    corsOrigin: config.corsOrigin,
    ...(config.trustProxy !== undefined && { trustProxy: config.trustProxy }),
    connections: config.connections,
    bodyLimit: config.maxBodyBytes,
    cacheBytes: config.cacheMb * 2 ** 20,
    rateLimitPerMinute: config.rateLimitPerMinute,
    costLimits: costLimitsOf(config),
    chartBatch: config.chartBatch,
    loadShedding: {
      maxEventLoopDelayMs: config.maxEventLoopDelayMs,
      maxHeapUsedBytes: config.maxHeapMb * 2 ** 20,
      maxRssBytes: config.maxRssMb * 2 ** 20,
    },
    logger: { level: process.env.LOG_LEVEL || 'info' },
    ...(hasWeb && {
      web: {
        root: config.webDir,
        ...(config.publicUrl && { publicUrl: config.publicUrl }),
        render: config.serverRendering && {
          timeoutMs: config.renderTimeoutMs,
          rendersPerClient: config.rendersPerClient,
          cacheBytes: config.renderCacheMb * 2 ** 20,
        },
      },
    }),
  });
  if (!hasWeb) app.log.warn(`no dashboard build in ${config.webDir}: serving the API only`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      closing = true;
      app.log.info(`${signal}: finishing requests in flight`);
      // Searches stop at their time limit; whatever still runs well after it does not hold the exit.
      const grace = config.queryTimeoutMs + 10_000;
      setTimeout(() => {
        app.log.error(`requests still in flight ${grace} ms after ${signal}: exiting anyway`);
        process.exit(1);
      }, grace).unref();
      void app.close().then(() => process.exit(0));
    });
  }
  served.app = app;
  if (archive && archives) followArchive(app, archive, archives, config);
  // Left to its default, SIGHUP would end the process: a reload asked of a server with nothing to reload.
  else
    process.on('SIGHUP', () =>
      app.log.warn('SIGHUP: answers come from the upstream service; nothing to reload'),
    );
  await app.listen({ port: config.port, host: config.host });
  // `npm start` gives V8 its heap limit (HEAP_LIMIT_MB): a server started otherwise shows what it got.
  const heapLimitMb = Math.round(getHeapStatistics().heap_size_limit / 2 ** 20);
  app.log.info(`V8 heap limit ${heapLimitMb} MiB; the API answers 503 past ${config.maxHeapMb} MiB in use`);
  // Chart answers are computed in the background so that the first visitor waits for nothing.
  void warmCharts(app);
  // Answers of an upstream service hold for their UTC day: the next day's are fetched just after it begins.
  if (app.searchService.source.lifetime === 'day') {
    const untilTomorrow = DAY_MS - (Date.now() % DAY_MS) + 60_000;
    setTimeout(() => {
      void warmCharts(app);
      setInterval(() => void warmCharts(app), DAY_MS).unref();
    }, untilTomorrow).unref();
  }
}

const DAY_MS = 86_400_000;

/** Set once a signal asked the server to stop: background work ending with it is no error. */
let closing = false;

/** Computes the answers of the registry's charts; from an upstream service, at its polite rate. */
async function warmCharts(app: FastifyInstance): Promise<void> {
  const started = Date.now();
  const charts = registryChartRequests(new Date(), app.searchService.source.held);
  const done = await app.searchService.warm(
    charts.map((c) => c.request),
    (error, request) => {
      // The engine closes under the warm-up when the server stops during it.
      if (closing) app.log.debug({ err: error, request }, 'chart request left unanswered: the server stops');
      else app.log.error({ err: error, request }, 'chart request failed while warming the cache');
    },
  );
  if (closing) return;
  app.log.info(`answers of ${done}/${charts.length} chart requests cached in ${Date.now() - started} ms`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
