/**
 * The real server as the browser tests run it: over a small generated demo archive, serving the
 * built dashboard on loopback. Shared by start-server.ts and start-cluster-server.ts.
 */
import { spawn, spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHECK_SEARCH_RESPONSES } from '../../test-support/response-schema.ts';

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const PORT = Number(process.env.E2E_PORT ?? 8765);
export const WEB_ROOT = process.env.WEB_OUT_DIR ?? join(ROOT, 'packages/web/dist');

/**
 * The archive's last release day. The generator spreads releases up to it, so a day of its own
 * would give the browser tests other numbers each day (one test needs an empty R-free bin).
 */
const ARCHIVE_DATE = '2026-11-23';

/**
 * Node's arguments to run the server. It checks each of its search answers against the official
 * response schema and records violations for the run's global teardown (support/search-answer-checks.ts).
 */
export const SERVER_ARGS = [
  '--import',
  'tsx',
  '--import',
  CHECK_SEARCH_RESPONSES,
  join(ROOT, 'packages/server/src/main.ts'),
];

/** Generates a demo archive of 2,000 entries in `dir` (about 2 s); false when generating failed. */
export function makeArchive(dir: string): boolean {
  const made = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      join(ROOT, 'packages/demo/src/cli.ts'),
      '--entries',
      '2000',
      '--archive-date',
      ARCHIVE_DATE,
      '--out',
      dir,
    ],
    { cwd: ROOT, stdio: 'inherit' },
  );
  return made.status === 0;
}

/**
 * Runs the server on `archive` with `env` added to its environment. SIGINT and SIGTERM go to the
 * server; when it exits, `onExit` runs and this process exits with its code.
 */
export function runServer(archive: string, env: Record<string, string> = {}, onExit = () => {}): void {
  const server = spawn(process.execPath, SERVER_ARGS, {
    cwd: ROOT,
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      ARCHIVE_DIR: archive,
      LOG_LEVEL: 'warn',
      WEB_DIR: WEB_ROOT,
      // Every test speaks from loopback, one client to the rate limit: a suite-wide budget of
      // uncached searches would fail tests by their order, not by what they check.
      RATE_LIMIT_PER_MINUTE: '0',
      ...env,
    },
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => server.kill(signal));
  server.once('exit', (code) => {
    onExit();
    process.exit(code ?? 0);
  });
}
