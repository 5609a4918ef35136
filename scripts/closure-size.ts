/**
 * Prints the size of the server's production install: the packages `npm ci --omit=dev` needs for
 * `@pdb-stats/server` and the workspaces it depends on (`npm ls --omit=dev --all`), our own workspaces
 * left out. `--list` prints them too. Exits 1 past MAX_SERVER_PACKAGES (150).
 *
 *   npm run closure [-- --list]
 */
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MAX_SERVER_PACKAGES = Number(process.env.MAX_SERVER_PACKAGES ?? 150);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const parseable = execFileSync(
  'npm',
  ['ls', '--omit=dev', '--all', '--parseable', '--workspace', '@pdb-stats/server'],
  { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
);
// One line per package folder (a package in two versions is two folders): those under node_modules,
// less the links to our own workspaces.
const folders = [...new Set(parseable.split('\n').filter((line) => line.includes('/node_modules/')))];
const packages = folders
  .map((folder) => folder.slice(folder.indexOf('/node_modules/') + '/node_modules/'.length))
  .filter((name) => !name.startsWith('@pdb-stats/'));
if (process.argv.includes('--list')) console.log(packages.sort().join('\n'));
console.log(`server production closure: ${packages.length} packages (limit ${MAX_SERVER_PACKAGES})`);
if (packages.length > MAX_SERVER_PACKAGES) process.exitCode = 1;
