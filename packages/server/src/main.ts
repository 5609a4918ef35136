import { existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { join } from 'node:path';
import { generateDemoArchive, isSnapshot } from '@pdb-stats/archive';
import { buildApp, type AnswerSourceOption, type AppOptions } from './app.ts';
import { registryChartRequests } from './chart-requests.ts';
import { readConfig, type ServerConfig } from './config.ts';
import { DataApiDocuments, DocumentStore } from './documents/index.ts';
import { openClickHouseEngine, openDuckDbEngine, type Engine } from './engine/index.ts';

/** Starts the service: `npm start`. Composition lives in app.ts. */
/**
 * The embedded engine over a snapshot, its tables in the database file beside it (built on the first
 * start, reused after); where that file cannot be written, loaded into memory at every start.
 */
async function openDuckDb(archiveDir: string, config: ServerConfig): Promise<Engine> {
  const file = config.duckdbFile ?? `${archiveDir}.duckdb`;
  const options = {
    timeoutMs: config.queryTimeoutMs,
    ...(config.memoryLimitMb !== undefined && { memoryLimitMb: config.memoryLimitMb }),
    onReady: (how: string, seconds: number) =>
      console.log(
        `Archive tables ${how === 'reused' ? 'reused from' : how === 'built' ? 'built into' : 'loaded into'} ${
          how === 'loaded' ? 'memory' : file
        } in ${seconds.toFixed(1)} s`,
      ),
  };
  if (file === 'none') return openDuckDbEngine(archiveDir, options);
  try {
    return await openDuckDbEngine(archiveDir, { ...options, databaseFile: file });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const denied =
      code === 'EACCES' || code === 'EROFS' || /permission denied|read-only/i.test(String(error));
    if (!denied) throw error;
    console.warn(
      `cannot write ${file} (${String(error)}); loading the archive into memory instead (DUCKDB_FILE)`,
    );
    return openDuckDbEngine(archiveDir, options);
  }
}

/** The archive to serve: ARCHIVE_DIR, or the demo archive (generated on first start). */
async function archiveDirOf(config: ServerConfig): Promise<string> {
  const archiveDir = config.archiveDir;
  if (archiveDir) {
    if (!(await isSnapshot(archiveDir)))
      throw new Error(
        `ARCHIVE_DIR ${archiveDir} is not an archive snapshot (manifest.json and one Parquet file per level)`,
      );
    return archiveDir;
  }
  if (!(await isSnapshot(config.demoDir))) {
    const started = Date.now();
    console.log(
      `No archive yet: generating the demo archive (${config.demoEntries.toLocaleString('en-US')} entries) in ${config.demoDir}`,
    );
    await generateDemoArchive({
      entries: config.demoEntries,
      outDir: config.demoDir,
      onProgress: (m) => console.log(`  ${m}`),
    });
    console.log(`Demo archive ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  return config.demoDir;
}

/** Where answers come from: the upstream service when one is set (no archive on disk), else the engine. */
async function openSource(config: ServerConfig): Promise<Pick<AppOptions, 'documents'> & AnswerSourceOption> {
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
  const archiveDir = await archiveDirOf(config);
  const engine =
    config.engine.kind === 'clickhouse'
      ? await openClickHouseEngine(archiveDir, {
          shards: config.engine.shards,
          cluster: config.engine.cluster,
          database: config.engine.database,
          timeoutMs: config.queryTimeoutMs,
          onProgress: (m) => console.log(`  loading into ClickHouse: ${m}`),
        })
      : await openDuckDb(archiveDir, config);
  return { engine, documents: await DocumentStore.open(archiveDir, engine.held) };
}

async function main(): Promise<void> {
  const config = readConfig();
  const source = await openSource(config);
  const hasWeb = existsSync(join(config.webDir, 'index.html'));
  const app = await buildApp({
    ...source,
    corsOrigin: config.corsOrigin,
    ...(config.trustProxy !== undefined && { trustProxy: config.trustProxy }),
    cacheBytes: config.cacheMb * 2 ** 20,
    rateLimitPerMinute: config.rateLimitPerMinute,
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
        ...(!config.serverRendering && { render: false as const }),
      },
    }),
  });
  if (!hasWeb) app.log.warn(`no dashboard build in ${config.webDir}: serving the API only`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
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
  await app.listen({ port: config.port, host: config.host });
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

/** Computes the answers of the registry's charts; from an upstream service, at its polite rate. */
async function warmCharts(app: FastifyInstance): Promise<void> {
  const started = Date.now();
  const charts = registryChartRequests(new Date(), app.searchService.source.held);
  const done = await app.searchService.warm(
    charts.map((c) => c.request),
    (error, request) =>
      app.log.error({ err: error, request }, 'chart request failed while warming the cache'),
  );
  app.log.info(`answers of ${done}/${charts.length} chart requests cached in ${Date.now() - started} ms`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
