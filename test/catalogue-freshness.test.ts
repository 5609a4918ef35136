import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogueFiles } from '../scripts/catalogue-files.ts';
import { sharedPath } from '../test-support/shared-files.ts';

/**
 * The generated catalogue files are what `npm run catalogue` writes from the archive's public
 * metadata: a change of the generator or of the metadata without regenerating fails here.
 */
const ROOT = resolve(import.meta.dirname, '..');
const reference = sharedPath('reference', 'the generated catalogue against the official metadata schemas');

describe.skipIf(!reference)('the generated catalogue files', () => {
  it('are what npm run catalogue writes from the official metadata schemas', async () => {
    const read = (file: string) => JSON.parse(readFileSync(join(reference!, file), 'utf8')) as unknown;
    const files = await catalogueFiles(
      {
        structure: read('structure_schema.json'),
        chemical: read('chemical_schema.json'),
        scopes: read('attribute-scopes.json'),
      },
      ROOT,
    );
    expect(files.size).toBe(2);
    for (const [path, text] of files)
      // Compared as text; a difference is reported by the first differing line, not the whole file.
      expect(readFileSync(join(ROOT, path), 'utf8').split('\n'), `${path}: run npm run catalogue`).toEqual(
        text.split('\n'),
      );
  });
});
