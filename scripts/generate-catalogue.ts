/**
 * Writes the generated catalogue files of `packages/search-model` (see scripts/catalogue-files.ts):
 *
 *   npm run catalogue -- [--structure FILE] [--chemical FILE] [--scopes FILE]
 *
 * Defaults read the copies of the archive's public metadata kept beside the repository in
 * `../shared/reference`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { catalogueFiles } from './catalogue-files.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reference = join(root, '..', 'shared', 'reference');
const { values } = parseArgs({
  options: {
    structure: { type: 'string', default: join(reference, 'structure_schema.json') },
    chemical: { type: 'string', default: join(reference, 'chemical_schema.json') },
    scopes: { type: 'string', default: join(reference, 'attribute-scopes.json') },
  },
});

const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as unknown;
const files = await catalogueFiles(
  { structure: read(values.structure), chemical: read(values.chemical), scopes: read(values.scopes) },
  root,
);
for (const [path, text] of files) {
  writeFileSync(join(root, path), text);
  console.log(`wrote ${path} (${text.length} characters)`);
}
