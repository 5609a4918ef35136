/**
 * Attacks: each hostile client of the attack suite, at full size against the server with its default
 * limits, while a probe from another address asks for a cached chart and a cheap uncached search.
 * Figures per attack: how the attacker was answered, the probe's cached chart p99 and uncached
 * maximum, and the server's peak resident memory. Attacks run one after the other on one server.
 */
import type { RawOutcome } from '../packages/server/test/support/raw-http.ts';
import {
  attacker,
  silentConnections,
  slowBodies,
  slowHeaders,
  statusCounts,
} from '../packages/server/test/attacks/connection-attacks.ts';
import { startProbe, type ProbeReport } from '../packages/server/test/attacks/probe.ts';
import {
  countStatuses,
  runSearchAttack,
  SEARCH_ATTACKS,
} from '../packages/server/test/attacks/search-attacks.ts';
import { startServer } from './server-process.ts';
import { heading, ms, printTable } from './stats.ts';

/** How the attacker was answered: count per status (`none`: closed without an answer), and what else to say. */
export interface AttackOutcome {
  statuses: Record<string, number>;
  note?: string;
}

/** One attack: what it does, in a line, and how to make it against the server at `url`. */
export interface Attack {
  name: string;
  run(url: string): Promise<AttackOutcome>;
}

/** Connections that were kept open: how long the last one lasted. */
function lasted(outcomes: RawOutcome[]): AttackOutcome {
  const longest = Math.max(...outcomes.map((o) => o.closedAfterMs));
  return { statuses: statusCounts(outcomes), note: `all closed within ${(longest / 1000).toFixed(1)} s` };
}

export const ATTACKS: Attack[] = [
  {
    name: 'slow bodies: 500 connections over 10 addresses, one byte every 5 s',
    run: async (url) => lasted(await slowBodies(url, 500, 10, 5000)),
  },
  {
    name: 'slowloris: 500 connections over 10 addresses, one header line every 5 s',
    run: async (url) => lasted(await slowHeaders(url, 500, 10, 5000)),
  },
  {
    name: 'connection flood: 1,000 silent connections from one address',
    run: async (url) => lasted(await silentConnections(url, 1000, attacker(0))),
  },
  // Costly searches, each body sent `concurrency` at once, three rounds, from one address.
  ...SEARCH_ATTACKS.map((search): Attack => ({
    name: `${search.name}: ${search.concurrency} at once, 3 rounds`,
    run: async (url) => {
      const answers = await runSearchAttack(url, search, attacker(30), 3);
      const slowest = Math.max(...answers.map((a) => a.ms));
      return { statuses: countStatuses(answers), note: `slowest answer ${(slowest / 1000).toFixed(1)} s` };
    },
  })),
];

export interface AttackSummary {
  name: string;
  outcome: AttackOutcome;
  probe: ProbeReport;
}

export interface AttackOptions {
  archive: string;
  port: number;
  /** Only the attacks whose names contain one of these; all when empty. */
  names?: string[];
}

export async function benchAttacks(options: AttackOptions): Promise<AttackSummary[]> {
  heading('attacks (server defaults; probe: cached chart and cheap uncached search from another address)');
  const server = await startServer({ port: options.port, env: { ARCHIVE_DIR: options.archive } });
  const summaries: AttackSummary[] = [];
  try {
    await server.warmed;
    const attacks = ATTACKS.filter(
      (a) => !options.names?.length || options.names.some((n) => a.name.includes(n)),
    );
    for (const attack of attacks) {
      // One uncached search every 150 ms at most: within the rate limit of 600 a minute.
      const probe = await startProbe(server.url, { pid: server.child.pid!, intervalMs: 150 });
      const outcome = await attack.run(server.url);
      summaries.push({ name: attack.name, outcome, probe: await probe.stop() });
    }
  } finally {
    await server.stop();
  }
  const statuses = (counts: Record<string, number>) =>
    Object.entries(counts)
      .map(([status, n]) => `${n} × ${status}`)
      .join(', ');
  printTable(
    ['attack', 'attacker got', 'cached chart p99', 'uncached max', 'probe statuses', 'peak RSS'],
    summaries.map(({ name, outcome, probe }) => [
      name,
      `${statuses(outcome.statuses)}${outcome.note ? `; ${outcome.note}` : ''}`,
      `${ms(probe.cachedChart.p99)} ms`,
      `${ms(probe.uncachedSearch.max)} ms`,
      `${statuses(probe.cachedChart.statuses)} | ${statuses(probe.uncachedSearch.statuses)}`,
      `${((probe.peakRssBytes ?? 0) / 2 ** 20).toFixed(0)} MiB`,
    ]),
  );
  return summaries;
}
