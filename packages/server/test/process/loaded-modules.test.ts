import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDocuments, writeSnapshot } from '@pdb-stats/demo';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { tempArchive, type TempArchive } from '../../../../test-support/temp-archive.ts';

/**
 * The server process never loads the importers' dependencies (molstar, graphql) nor
 * @rcsb/rcsb-api-tools: they are not in its production install. Every module the real process loads,
 * from its start through answers of each API, is recorded and checked.
 */
const RECORDER = fileURLToPath(new URL('../support/record-modules.mjs', import.meta.url));
const FORBIDDEN = ['molstar', 'graphql', '@rcsb/rcsb-api-tools', '@pdb-stats/import'];

let dir: string;
let temp: TempArchive | undefined;
let server: ServerProcess;
let loaded: string[];

beforeAll(async () => {
  temp = await tempArchive('modules');
  dir = temp.dir;
  await writeSnapshot(generateDocuments({ entries: 200, seed: 4, archiveDate: '2026-07-01' }), dir);
  // Beside the archive, not inside it: the archive's folder is the served snapshot.
  const file = join(dirname(dir), 'modules.txt');
  server = await startServerProcess(dir, {
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${RECORDER}`.trim(),
    RECORD_MODULES_FILE: file,
  });
  const search = encodeURIComponent(JSON.stringify({ return_type: 'entry' }));
  for (const path of [
    `/rcsbsearch/v2/query?json=${search}`,
    '/rcsbsearch/v2/metadata/schema',
    '/rcsbsearch/v2/metadata/chemical/schema',
    '/rcsbsearch/v2/archive',
    '/api/charts/resolution.json',
    '/api/openapi.json',
  ]) {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status, path).toBe(200);
  }
  await server.stop();
  loaded = (await readFile(file, 'utf8')).split('\n').filter(Boolean);
});

afterAll(async () => {
  if (server?.child.exitCode === null) server.child.kill('SIGKILL');
  await temp?.remove();
});

describe('the server process', () => {
  it('records its modules (the recorder sees ES modules and CommonJS)', () => {
    expect(loaded.some((m) => m.includes('/node_modules/fastify/'))).toBe(true);
    expect(loaded.some((m) => m.endsWith('/packages/server/src/main.ts'))).toBe(true);
  });

  it.each(FORBIDDEN)('never loads %s', (name) => {
    const offenders = loaded.filter(
      (m) =>
        m.includes(`/node_modules/${name}/`) ||
        (name.startsWith('@pdb-stats/') && m.includes('/packages/import/')),
    );
    expect(offenders).toEqual([]);
  });
});
