import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The package graph read from the sources: each package imports only the packages below it, so a
 * newcomer can read the house from the bottom up. The import command line alone is told the charts
 * (it passes them to the importers as data), hence its one exception.
 */
const ALLOWED: Record<string, readonly string[]> = {
  'search-model': [],
  'polite-http': [],
  charts: ['search-model'],
  snapshot: ['search-model'],
  demo: ['search-model', 'snapshot'],
  import: ['search-model', 'snapshot', 'polite-http'],
  server: ['search-model', 'charts', 'snapshot', 'demo', 'polite-http'],
  web: ['search-model', 'charts'],
};
const EXCEPTIONS: Record<string, readonly string[]> = { 'import/src/cli.ts': ['charts'] };
/** Packages only the importers may load: the server and the browser never pay for them. */
const IMPORTERS_ONLY = /^(molstar|graphql|@rcsb\/rcsb-api-tools)(\/|$)/;

const PACKAGES = resolve(import.meta.dirname, '..', 'packages');
const IMPORT = /(?:from|import)\s*\(?\s*'([^']+)'/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return ['testing', 'fixtures', 'stand-in'].includes(entry.name) ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '');
  return [...text.matchAll(IMPORT)].map((match) => match[1]!);
}

describe('package boundaries', () => {
  it('knows every package of the workspace', () => {
    const found = readdirSync(PACKAGES).filter((name) => !name.startsWith('.'));
    expect(found.sort()).toEqual(Object.keys(ALLOWED).sort());
  });

  for (const [pkg, allowed] of Object.entries(ALLOWED)) {
    it(`${pkg} imports only the packages below it, and never leaves its folder by a relative path`, () => {
      const wrong: string[] = [];
      for (const file of sourceFiles(join(PACKAGES, pkg, 'src'))) {
        const name = relative(PACKAGES, file);
        for (const spec of importsOf(file)) {
          const workspace = /^@pdb-stats\/([a-z-]+)/.exec(spec)?.[1];
          if (
            workspace &&
            workspace !== pkg &&
            ![...allowed, ...(EXCEPTIONS[name] ?? [])].includes(workspace)
          )
            wrong.push(`${name} imports ${spec}`);
          if (spec.startsWith('.') && !resolve(dirname(file), spec).startsWith(join(PACKAGES, pkg)))
            wrong.push(`${name} reaches outside its package: ${spec}`);
          if ((pkg === 'server' || pkg === 'web') && IMPORTERS_ONLY.test(spec))
            wrong.push(`${name} imports ${spec}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  }
});
