import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { CHECK_SEARCH_RESPONSES } from '../../../../test-support/response-schema.ts';

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

/** One line of the server's structured (pino) log. */
export type LogLine = Record<string, unknown> & { level: number; msg?: string };

/** The real server (`src/main.ts`) in a child process, as `npm start` and the browser tests run it. */
export interface ServerProcess {
  child: ChildProcess;
  url: string;
  port: number;
  /** Log lines so far, parsed; stdout lines that are not JSON are kept as `{ level: 0, msg }`. */
  logs: LogLine[];
  /** Resolves with the first log line (past or future) for which `test` holds. */
  waitForLog(test: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** Sends SIGTERM if still running and waits for the exit. */
  stop(): Promise<number | null>;
}

/** A free loopback port: the OS picks one, then lets it go. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

/** Starts the server over `archiveDir` on a free loopback port and waits until `/health` answers. */
export async function startServerProcess(
  archiveDir: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await freePort();
  // Its search answers are checked against the official response schema, as the tests' own are;
  // V8's heap limit is the one `npm start` (package.json) gives, so that memory is measured as it ships.
  const node = [`--max-old-space-size=${process.env.HEAP_LIMIT_MB ?? 512}`, '--import', 'tsx'];
  const child = spawn(process.execPath, [...node, '--import', CHECK_SEARCH_RESPONSES, MAIN], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      ARCHIVE_DIR: archiveDir,
      // No dashboard: these tests speak to the API.
      WEB_DIR: '/nonexistent',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  const logs: LogLine[] = [];
  const watchers = new Set<(line: LogLine) => void>();
  let rest = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const text of lines) {
      if (text.trim() === '') continue;
      let line: LogLine;
      try {
        line = JSON.parse(text) as LogLine;
      } catch {
        line = { level: 0, msg: text };
      }
      logs.push(line);
      for (const watch of watchers) watch(line);
    }
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const waitForLog = (test: (line: LogLine) => boolean, timeoutMs = 30_000) => {
    const seen = logs.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise<LogLine>((resolve, reject) => {
      const timer = setTimeout(() => {
        watchers.delete(watch);
        reject(new Error(`no such log line within ${timeoutMs} ms; stderr: ${stderr}`));
      }, timeoutMs);
      const watch = (line: LogLine) => {
        if (!test(line)) return;
        clearTimeout(timer);
        watchers.delete(watch);
        resolve(line);
      };
      watchers.add(watch);
    });
  };

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${stderr}`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer /health within 60 s: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    child,
    url,
    port,
    logs,
    waitForLog,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Resident set size of a process in bytes, from /proc (Linux). */
export async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
  if (kb === undefined) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) * 1024;
}
