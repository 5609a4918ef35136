import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sleep } from './stats.ts';

const MAIN = fileURLToPath(new URL('../packages/server/src/main.ts', import.meta.url));

/** The real server (`packages/server/src/main.ts`) in a child process of its own, on loopback. */
export interface BenchServer {
  child: ChildProcess;
  url: string;
  /** Milliseconds from spawning the process until `/health` answered. */
  startMs: number;
  /**
   * The steps of a start as the server reported them in its log, in seconds: `generation` (the
   * demo archive's entries generated and written), `archive` (the demo archive ready, generation
   * included), `database` (its tables built into the database file, or reused, or loaded).
   */
  steps: StartSteps;
  /** Resolves with the milliseconds the server reports for computing every chart answer ahead. */
  warmed: Promise<number>;
  /** Resolves with the time (performance.now()) when a line of the server's log first matches `pattern` from now on. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<number>;
  /** Resident set size and its peak (VmRSS, VmHWM) in bytes, from /proc. */
  memory(): Promise<{ rss: number; peak: number }>;
  stop(): Promise<void>;
}

export interface StartSteps {
  generation?: number;
  archive?: number;
  database?: number;
}

/** The log lines of main.ts and the demo generator that time a step of the start. */
const STEP_LINES: [keyof StartSteps, RegExp][] = [
  ['generation', /generated ([\d,]+) \/ \1 entries \(([\d.]+) s\)/],
  ['archive', /^Demo archive ready in ()([\d.]+) s/],
  ['database', /^Archive tables .* in ()([\d.]+) s$/],
];

export interface StartOptions {
  port: number;
  /** Environment of the server (ARCHIVE_DIR or DEMO_DIR and DEMO_ENTRIES, WEB_DIR, …). */
  env: Record<string, string>;
  /** Longest wait for `/health` (ms); generating an archive first takes a while. */
  timeoutMs?: number;
}

async function healthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(1000) });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Spawns the server as `npm start` runs it (node with the tsx loader, no dashboard build step)
 * and waits until `/health` answers. The server's own log is kept out of the benchmark's output.
 */
export async function startServer({ port, env, timeoutMs = 180_000 }: StartOptions): Promise<BenchServer> {
  const url = `http://127.0.0.1:${port}`;
  if (await healthy(url)) throw new Error(`port ${port} is taken by another server`);
  const started = performance.now();
  // V8's heap limit as `npm start` (package.json) gives it: the figures are those of what ships.
  const heapLimit = `--max-old-space-size=${process.env.HEAP_LIMIT_MB ?? 512}`;
  const child = spawn(process.execPath, [heapLimit, '--import', 'tsx', MAIN], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
  });
  let output = '';
  let exited = false;
  child.on('exit', () => (exited = true));
  // The log is read all along: a full pipe would block the server's writes.
  let onWarm: ((ms: number) => void) | undefined;
  const warmed = new Promise<number>((resolve) => (onWarm = resolve));
  const watchers = new Set<(line: string) => void>();
  let partial = '';
  const steps: StartSteps = {};
  watchers.add((line) => {
    for (const [step, pattern] of STEP_LINES) {
      const match = pattern.exec(line);
      if (match) steps[step] = Number(match[2]);
    }
  });
  child.stdout!.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) for (const watch of watchers) watch(line);
    if (!onWarm) return;
    output = (output + chunk.toString()).slice(-20_000);
    const match = /answers of \d+\/\d+ chart requests cached in (\d+) ms/.exec(output);
    if (match) {
      onWarm(Number(match[1]));
      onWarm = undefined;
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  while (!(await healthy(url))) {
    if (exited || performance.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start on ${url}:\n${output.slice(-3000)}`);
    }
    await sleep(25);
  }
  const startMs = performance.now() - started;
  return {
    child,
    url,
    startMs,
    steps,
    warmed,
    waitFor: (pattern, waitMs = 600_000) =>
      new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => {
          watchers.delete(watch);
          reject(new Error(`no log line matching ${pattern} within ${waitMs} ms`));
        }, waitMs);
        const watch = (line: string) => {
          if (!pattern.test(line)) return;
          clearTimeout(timer);
          watchers.delete(watch);
          resolve(performance.now());
        };
        watchers.add(watch);
      }),
    memory: async () => {
      const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
      const field = (name: string) =>
        Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
      return { rss: field('VmRSS'), peak: field('VmHWM') };
    },
    stop: async () => {
      if (exited) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await gone;
      clearTimeout(timer);
    },
  };
}
