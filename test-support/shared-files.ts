import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * `../shared` beside the repository: real archive files and the official schemas that some suites
 * check against. They are not part of the repository, so such suites skip with a message when the
 * folder is absent, except under `CI=1`, where a missing folder is a failure.
 */
export const SHARED_DIR = resolve(import.meta.dirname, '..', '..', 'shared');

/** The path of a file or folder under `../shared`, or undefined (with a warning) when it is absent. */
export function sharedPath(relative: string, suite: string): string | undefined {
  const path = join(SHARED_DIR, relative);
  if (existsSync(path)) return path;
  if (process.env.CI === '1') throw new Error(`${suite}: ${path} is missing, and CI=1 requires it`);
  console.warn(`Skipping ${suite}: ${path} is absent`);
  return undefined;
}
