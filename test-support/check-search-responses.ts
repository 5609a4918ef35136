/**
 * Preloaded into a server started for tests (`node --import tsx --import <this file> main.ts`):
 * every Fastify app of the process checks its search answers against the official response
 * schema and records violations in the file named by `SEARCH_RESPONSE_CHECKS`, which the tests'
 * own process reads (see `response-schema.ts`). Does nothing when that variable is unset.
 */
import {
  announceServer,
  CHECKS_FILE_VARIABLE,
  checkEveryFastifyApp,
  requireSchemaDir,
} from './response-schema.ts';

if (process.env[CHECKS_FILE_VARIABLE]) {
  requireSchemaDir();
  checkEveryFastifyApp();
  announceServer();
}
