import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const SCRIPT = resolve(fileURLToPath(new URL('../../../../scripts/clickhouse-cluster.sh', import.meta.url)));

/**
 * A 3-shard cluster of a test's own (scripts/clickhouse-cluster.sh on other ports), for tests that
 * stop and restart shards without disturbing the suites using the shared one.
 */
export class OwnCluster {
  readonly shards: string[];
  readonly cluster = 'pdb_stats';

  private constructor(
    readonly dir: string,
    private readonly env: NodeJS.ProcessEnv,
    httpBase: number,
  ) {
    this.shards = [0, 1, 2].map((i) => `127.0.0.1:${httpBase + i}`);
  }

  static async start(dir: string, httpBase: number, tcpBase: number): Promise<OwnCluster> {
    const env = {
      ...process.env,
      CLICKHOUSE_BASE_PORT: String(httpBase),
      CLICKHOUSE_BASE_TCP_PORT: String(tcpBase),
    };
    const cluster = new OwnCluster(dir, env, httpBase);
    await cluster.script('start');
    return cluster;
  }

  private async script(...args: string[]): Promise<void> {
    const [command, ...rest] = args;
    await run('bash', [SCRIPT, command!, this.dir, ...rest], { env: this.env });
  }

  /** The server process of shard `n` (1-based), as the script recorded it. */
  async pid(n: number): Promise<number> {
    return Number((await readFile(join(this.dir, `shard${n}`, 'pid'), 'utf8')).trim());
  }

  /** Kills shard `n` by its pid and waits until it is gone. */
  async kill(n: number): Promise<void> {
    const pid = await this.pid(n);
    process.kill(pid, 'SIGKILL');
    for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 50));
  }

  /** Freezes (SIGSTOP) or thaws (SIGCONT) shard `n`: a shard that accepts connections but never answers. */
  async freeze(n: number, frozen: boolean): Promise<void> {
    process.kill(await this.pid(n), frozen ? 'SIGSTOP' : 'SIGCONT');
  }

  /** Starts shard `n` again and waits until it answers. */
  startShard(n: number): Promise<void> {
    return this.script('start-shard', String(n));
  }

  stop(): Promise<void> {
    return this.script('stop');
  }
}

/** Alive and not a zombie (a killed server stays one where PID 1 does not reap, as in containers). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
}
