/**
 * Starts what the browser tests run against: the real server (default) over a small generated demo
 * archive, or the mock service (E2E_SERVER=mock). The dashboard must be built first
 * (packages/web/dist, or WEB_OUT_DIR); the Playwright config does that.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMockServer } from './mock-server.ts';
import { makeArchive, PORT, runServer, WEB_ROOT } from './real-server.ts';

if (process.env.E2E_SERVER === 'mock' && process.env.CI) {
  console.error('E2E_SERVER=mock is refused under CI: the browser tests must run against the real server.');
  process.exit(1);
} else if (process.env.E2E_SERVER === 'mock') {
  await startMockServer(WEB_ROOT, PORT);
  console.log(`mock search service on http://127.0.0.1:${PORT}`);
} else {
  // A fresh archive per run, unless one is named.
  const archive =
    process.env.E2E_ARCHIVE_DIR ?? join(mkdtempSync(join(tmpdir(), 'pdb-stats-e2e-')), 'archive');
  if (!existsSync(join(archive, 'manifest.json')) && !makeArchive(archive)) process.exit(1);
  runServer(archive);
}
