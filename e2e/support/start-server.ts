/**
 * Starts what the browser tests run against: the real server (default) over a small generated demo
 * archive, or the mock service (E2E_SERVER=mock). The dashboard must be built first
 * (packages/web/dist, or WEB_OUT_DIR); the Playwright config does that.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMockServer } from './mock-server.ts';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const PORT = Number(process.env.E2E_PORT ?? 8765);
const WEB_ROOT = process.env.WEB_OUT_DIR ?? join(ROOT, 'packages/web/dist');

if (process.env.E2E_SERVER === 'mock') {
  await startMockServer(WEB_ROOT, PORT);
  console.log(`mock search service on http://127.0.0.1:${PORT}`);
} else {
  // A fresh archive of 2,000 entries per run (about 2 s), unless one is named.
  const archive =
    process.env.E2E_ARCHIVE_DIR ?? join(mkdtempSync(join(tmpdir(), 'pdb-stats-e2e-')), 'archive');
  if (!existsSync(join(archive, 'manifest.json'))) {
    const made = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'packages/archive/src/cli.ts'), '--entries', '2000', '--out', archive],
      { cwd: ROOT, stdio: 'inherit' },
    );
    if (made.status !== 0) process.exit(made.status ?? 1);
  }
  const server = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'packages/server/src/main.ts')], {
    cwd: ROOT,
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      ARCHIVE_DIR: archive,
      LOG_LEVEL: 'warn',
      WEB_DIR: WEB_ROOT,
    },
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => server.kill(signal));
  server.once('exit', (code) => process.exit(code ?? 0));
}
