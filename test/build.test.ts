import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverSourceHash, webSourceHash } from '../scripts/build.mjs';

/** What `npm start` decides to rebuild from: the sources of the dashboard and the server, not their outputs. */
let root: string;
const put = async (path: string, text: string) => {
  await mkdir(dirname(join(root, path)), { recursive: true });
  await writeFile(join(root, path), text);
};

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'pdb-stats-build-web-'));
  await put('package-lock.json', '{}');
  await put('packages/web/index.html', '<div id="root"></div>');
  await put('packages/web/src/main.tsx', 'export {};');
  await put('packages/charts/src/index.ts', 'export const a = 1;');
  await put('packages/search-model/src/index.ts', 'export const b = 1;');
});
afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

describe('the hash of what the dashboard is built from', () => {
  it('changes with a source of the web, of a package it bundles, or the lockfile', async () => {
    let hash = webSourceHash(root);
    expect(webSourceHash(root)).toBe(hash);
    for (const [path, text] of [
      ['packages/web/src/main.tsx', 'export const c = 2;'],
      ['packages/web/src/new-page.tsx', 'export {};'],
      ['packages/charts/src/index.ts', 'export const a = 2;'],
      ['packages/search-model/src/index.ts', 'export const b = 2;'],
      ['package-lock.json', '{"lockfileVersion":3}'],
    ]) {
      await put(path!, text!);
      const next = webSourceHash(root);
      expect(next, path).not.toBe(hash);
      hash = next;
    }
  });

  it('does not change with the build output, installed packages, or other packages', async () => {
    const hash = webSourceHash(root);
    await put('packages/web/dist/index.html', 'built');
    await put('packages/web/dist/.build-hash', hash);
    await put('packages/web/node_modules/x/index.js', '');
    await put('packages/server/src/main.ts', 'export {};');
    await put('packages/charts/README.md', 'notes');
    expect(webSourceHash(root)).toBe(hash);
  });
});

describe('the hash of what the server is built from', () => {
  const inputs = ['packages/server/src/main.ts', 'packages/charts/src/index.ts'];

  it('changes with a file the last build read, and when one is gone', async () => {
    await put('packages/server/src/main.ts', 'export {};');
    let hash = serverSourceHash(inputs, root);
    expect(serverSourceHash(inputs, root)).toBe(hash);
    await put('packages/server/src/main.ts', 'export const d = 1;');
    let next = serverSourceHash(inputs, root);
    expect(next).not.toBe(hash);
    hash = next;
    await rm(join(root, 'packages/charts/src/index.ts'));
    next = serverSourceHash(inputs, root);
    expect(next).not.toBe(hash);
    await put('packages/charts/src/index.ts', 'export const a = 2;');
  });

  it('does not change with its output, tests or files the build did not read', async () => {
    const hash = serverSourceHash(inputs, root);
    await put('packages/server/dist/main.js', 'built');
    await put('packages/server/src/app.test.ts', 'test');
    await put('packages/web/src/main.tsx', 'export const e = 3;');
    await put('package-lock.json', '{"lockfileVersion":4}');
    expect(serverSourceHash([...inputs].reverse(), root)).toBe(hash);
  });
});
