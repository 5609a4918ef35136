/**
 * Start-up time of the real server, from spawning the process until `/health` answers: a first
 * start that generates the demo archive (into a fresh folder), then later starts over the archive
 * it left. Also when the server reports every chart answer computed (it does so after listening).
 */
import { loadavg } from 'node:os';
import { removeArchive } from './archives.ts';
import { startServer, type StartSteps } from './server-process.ts';
import { heading, median, printTable } from './stats.ts';

export interface StartupOptions {
  port: number;
  /** Entries of the demo archive the first start generates. */
  entries: number;
  /** Later starts to time. */
  restarts: number;
  folder: string;
}

export interface StartupSummary {
  firstStartMs: number;
  /** The first start's steps as the server reported them (seconds). */
  firstSteps: StartSteps;
  laterStartMs: number;
  warmMs: number;
}

export async function benchStartup(options: StartupOptions): Promise<StartupSummary> {
  heading('start-up of the server (packages/server/src/main.ts, no dashboard build)');
  await removeArchive(options.folder);
  const env = {
    DEMO_DIR: options.folder,
    DEMO_ENTRIES: String(options.entries),
    WEB_DIR: '/nonexistent',
  };
  const rows: string[][] = [];
  const later: number[] = [];
  const warm: number[] = [];
  let firstSteps: StartSteps = {};
  try {
    for (let run = 0; run <= options.restarts; run++) {
      const load = loadavg()[0]!.toFixed(1);
      const server = await startServer({ port: options.port, env, timeoutMs: 600_000 });
      const warmMs = await Promise.race([
        server.warmed,
        new Promise<number>((r) => setTimeout(() => r(NaN), 120_000)),
      ]);
      await server.stop();
      if (run > 0) later.push(server.startMs);
      else firstSteps = { ...server.steps };
      const seconds = (value?: number) => (value === undefined ? '—' : value.toFixed(1));
      warm.push(warmMs);
      rows.push([
        run === 0
          ? `first start, generating ${options.entries.toLocaleString('en-US')} entries`
          : `later start ${run}`,
        (server.startMs / 1000).toFixed(2),
        seconds(server.steps.generation),
        seconds(server.steps.archive),
        seconds(server.steps.database),
        (warmMs / 1000).toFixed(2),
        load,
      ]);
    }
  } finally {
    await removeArchive(options.folder);
  }
  printTable(
    [
      'start',
      'until /health answers (s)',
      'entries generated (s)',
      'demo archive ready (s)',
      'database file (s)',
      'then all chart answers computed (s)',
      'load average at its start',
    ],
    rows,
  );
  return {
    firstStartMs: Number(rows[0]![1]) * 1000,
    firstSteps,
    laterStartMs: median(later),
    warmMs: median(warm.slice(1)),
  };
}
