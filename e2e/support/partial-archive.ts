/**
 * A real-looking archive that lacks some attributes, and the real server over it, started from a
 * spec (beside the suite's own server): a generated demo archive whose Parquet files are rewritten
 * without some columns (DuckDB) and whose manifest says it is not a demo.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { makeArchive, ROOT, SERVER_ARGS, WEB_ROOT } from './real-server.ts';

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
const identifier = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** Rewrites `<level>.parquet` of `dir` without `columns`. */
export async function dropColumns(dir: string, level: string, columns: readonly string[]): Promise<void> {
  const file = join(dir, `${level}.parquet`);
  const aside = `${file}.rewrite`;
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    await connection.run(
      `COPY (SELECT * EXCLUDE (${columns.map(identifier).join(', ')}) FROM read_parquet(${literal(file)})) ` +
        `TO ${literal(aside)} (FORMAT parquet)`,
    );
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
  renameSync(aside, file);
}

/** Generates a 2,000-entry archive in `dir` without `drop` columns, with `manifest` fields over its own. */
export async function makePartialArchive(
  dir: string,
  drop: Record<string, readonly string[]>,
  manifest: Record<string, unknown>,
): Promise<void> {
  if (!makeArchive(dir)) throw new Error(`could not generate an archive in ${dir}`);
  for (const [level, columns] of Object.entries(drop)) await dropColumns(dir, level, columns);
  const path = join(dir, 'manifest.json');
  const current = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  writeFileSync(path, `${JSON.stringify({ ...current, ...manifest }, null, 2)}\n`);
}

/** A loopback port nobody listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/**
 * Starts the real server over `archive` on `port`, serving the built dashboard, with `env` added to
 * its environment (an upstream service in place of an archive: no `archive`); resolves once it answers.
 */
export async function startServer(
  archive: string | undefined,
  port: number,
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  const what = archive ? `the server over ${archive}` : 'the server';
  const server = spawn(process.execPath, SERVER_ARGS, {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      ...(archive && { ARCHIVE_DIR: archive }),
      LOG_LEVEL: 'warn',
      WEB_DIR: WEB_ROOT,
      // One loopback client for the whole suite: see real-server.ts.
      RATE_LIMIT_PER_MINUTE: '0',
      ...env,
    },
  });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`${what} exited (${server.exitCode})`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  server.kill('SIGTERM');
  throw new Error(`${what} did not answer on port ${port} within 90 s`);
}
