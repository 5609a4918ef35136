import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach } from 'vitest';
import {
  CHECKS_FILE_VARIABLE,
  checkEveryFastifyApp,
  describeViolations,
  readChecks,
  type Violation,
} from './response-schema.ts';

/**
 * Setup file of every vitest run: each search answer a test receives, from an app in this process
 * or from a server process it started (which inherits the checks file), is checked against the
 * official response schema, and a test after which a violation is recorded fails, naming it.
 */

const file = join(tmpdir(), `pdb-stats-search-checks-${process.pid}-${randomUUID()}.jsonl`);
process.env[CHECKS_FILE_VARIABLE] = file;
checkEveryFastifyApp();

function failOnViolations(): void {
  const violations = readChecks(file).filter((line): line is Violation => line.event === 'violation');
  rmSync(file, { force: true });
  if (violations.length > 0) throw new Error(describeViolations(violations));
}

afterEach(failOnViolations);
afterAll(failOnViolations);
