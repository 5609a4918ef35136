import { rmSync } from 'node:fs';
import {
  CHECKS_FILE_VARIABLE,
  describeViolations,
  readChecks,
  type Violation,
} from '../../test-support/response-schema.ts';

/**
 * Global teardown of the browser tests: fails the run when a search answer of a server it started
 * (support/real-server.ts, partial-archive.ts) broke the official response schema, naming each
 * request and the schema's errors. Fails too when no server of this run was checking, e.g. one
 * already listening on the port was reused: its answers would have gone unchecked.
 */
export default function checkSearchAnswers(): void {
  if (process.env.E2E_SERVER === 'mock') {
    console.warn('E2E_SERVER=mock: the answers are the mock service’s; none was checked against the schema');
    return;
  }
  const file = process.env[CHECKS_FILE_VARIABLE]!;
  const lines = readChecks(file);
  rmSync(file, { force: true });
  if (lines.length === 0) {
    throw new Error(
      `no server of this run checked its search answers against the official response schema (${file} is empty): ` +
        'was a server already listening on the port reused? Stop it, or use another E2E_PORT.',
    );
  }
  const violations = lines.filter((line): line is Violation => line.event === 'violation');
  if (violations.length > 0) throw new Error(describeViolations(violations));
}
