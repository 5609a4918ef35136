/**
 * Starts what the browser tests run against: the real server (default) over a small generated demo
 * archive, or the mock service (E2E_SERVER=mock). The dashboard must be built first
 * (packages/web/dist, or WEB_OUT_DIR); the Playwright config does that.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
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
  // A fresh archive per run, unless one is named: removed when the server stops, with its versions
  // and the database files the server wrote beside it (all in the temporary folder).
  const fresh = process.env.E2E_ARCHIVE_DIR ? null : mkdtempSync(join(tmpdir(), 'pdb-stats-e2e-'));
  const removeFresh = () => fresh && rmSync(fresh, { recursive: true, force: true });
  const archive = fresh ? join(fresh, 'archive') : (process.env.E2E_ARCHIVE_DIR as string);
  if (!existsSync(join(archive, 'manifest.json')) && !makeArchive(archive)) {
    removeFresh();
    process.exit(1);
  }
  runServer(archive, {}, removeFresh);
}
