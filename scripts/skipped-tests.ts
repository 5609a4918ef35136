/**
 * What `npm test` did not run, and why, in one line at its end. Two roles:
 *
 *   vitest run --reporter=default --reporter=./scripts/skipped-tests.ts
 *       as a reporter, writes the tests of each file that did not run to test-results/skipped-tests.json
 *   tsx scripts/skipped-tests.ts
 *       prints the line from that file, e.g. "skipped: 89 ClickHouse tests (no cluster: ...)"
 *
 * Suites that need a ClickHouse cluster or the files of `../shared` skip with a warning lost in the
 * scroll when those are absent (under CI=1 they fail instead), so a green local run can have tested
 * much less than CI. The printer exits 1 without the file: the line would be a guess.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Reporter, TestModule } from 'vitest/node';
import { SHARED_DIR } from '../test-support/shared-files.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const RECORD = join(ROOT, 'test-results', 'skipped-tests.json');

interface SkipRecord {
  total: number;
  /** Files with tests that did not run, and how many. */
  files: { file: string; notRun: number }[];
}

export default class SkippedTestsReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const record: SkipRecord = { total: 0, files: [] };
    for (const module of modules) {
      const tests = [...module.children.allTests()];
      record.total += tests.length;
      const notRun = tests.filter((t) => t.result().state === 'skipped').length;
      if (notRun > 0) record.files.push({ file: module.moduleId, notRun });
    }
    mkdirSync(dirname(RECORD), { recursive: true });
    writeFileSync(RECORD, JSON.stringify(record));
  }
}

/** What a test file needs that may be absent, from what it calls (support/clickhouse-cluster.ts, test-support/shared-files.ts). */
function needs(file: string): { cluster: boolean; shared: boolean } {
  const source = existsSync(file) ? readFileSync(file, 'utf8') : '';
  return { cluster: /\bclusterEnv\(|own-cluster/.test(source), shared: /\bsharedPath\(/.test(source) };
}

function summary(record: SkipRecord): string {
  const noCluster = !process.env.CLICKHOUSE_SHARDS?.trim();
  const noShared = !existsSync(SHARED_DIR);
  const counts = { cluster: 0, shared: 0, other: 0 };
  const others: string[] = [];
  for (const { file, notRun } of record.files) {
    const uses = needs(file);
    // A file may need both; without ../shared its real-data suites are the ones that skipped.
    const reason =
      uses.shared && noShared
        ? 'shared'
        : uses.cluster && noCluster
          ? 'cluster'
          : uses.shared
            ? 'shared'
            : 'other';
    counts[reason] += notRun;
    if (reason === 'other') others.push(relative(ROOT, file));
  }
  const parts = [
    counts.cluster > 0 &&
      `${counts.cluster} ClickHouse tests (no cluster: set CLICKHOUSE_SHARDS or run scripts/clickhouse-cluster.sh start)`,
    counts.shared > 0 &&
      `${counts.shared} real-data tests (${noShared ? '' : 'files of '}${relative(ROOT, SHARED_DIR)} absent)`,
    counts.other > 0 && `${counts.other} other tests (skip or todo in ${others.join(', ')})`,
  ].filter(Boolean);
  return parts.length > 0
    ? `skipped: ${parts.join('; ')}, of ${record.total} vitest tests`
    : `skipped: none (all ${record.total} vitest tests ran)`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (!existsSync(RECORD)) {
    console.log(`skipped: unknown (${relative(ROOT, RECORD)} missing: run vitest with this reporter)`);
    process.exit(1);
  }
  console.log(summary(JSON.parse(readFileSync(RECORD, 'utf8')) as SkipRecord));
}
