// @ts-check
/**
 * `npm start`: builds the dashboard and the server if either is missing or older than its sources
 * (scripts/build.mjs), then runs the compiled server in this one process, on `node` alone.
 */
import console from 'node:console';
import process from 'node:process';
import { pathToFileURL } from 'node:url';
import { buildIfStale, serverEntry } from './build.mjs';

try {
  await buildIfStale();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
await import(pathToFileURL(serverEntry()).href);
