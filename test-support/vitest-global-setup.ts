import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireSchemaDir } from './response-schema.ts';

/**
 * Says once per run when the official response schema is absent (every suite's search answers
 * then go unchecked); under `CI=1` its absence fails the run.
 *
 * Gives the run a temporary folder of its own (`TMPDIR`, which the test workers and the servers
 * they start inherit), so that what a test leaves in it is told apart from other runs on the same
 * machine: the end of the run names the test folders left there (`pdb-stats-*`; tools keep their
 * caches there too, tsx's), then removes the run's folder with everything in it.
 */
export default function setup(): () => void {
  requireSchemaDir();
  const runDir = mkdtempSync(join(tmpdir(), 'pdb-stats-run-'));
  const outer = process.env.TMPDIR;
  process.env.TMPDIR = runDir;
  return () => {
    if (outer === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = outer;
    const left = readdirSync(runDir).filter((name) => name.startsWith('pdb-stats-'));
    if (left.length > 0)
      console.warn(
        `Temporary files the tests left (removed now; a test should remove its own): ${left.join(', ')}`,
      );
    rmSync(runDir, { recursive: true, force: true });
  };
}
