/**
 * Attacks: each hostile client of the attack suite, at full size against the server with its default
 * limits, while a probe from another address asks for a cached chart and a cheap uncached search.
 * Figures per attack: how the attacker was answered, the probe's cached chart p99 and uncached
 * maximum, and the server's peak resident memory. Attacks run one after the other on one server.
 */
import { request } from 'node:http';
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
  /** For attacks on drawn pages: whether another visitor's page still came drawn. */
  othersDrawn?: boolean;
}

/** One attack: what it does, in a line, and how to make it against the server at `url`. */
export interface Attack {
  name: string;
  run(url: string): Promise<AttackOutcome>;
}

/**
 * Search attacks are drawn out to 10 s at least, a round a second, so that the probe beside them
 * takes hundreds of samples; a second apart, the rounds send what the attack says (4, 8, 40 bodies
 * at once), not a tight loop of requests the rate limit answers at once.
 */
const SEARCH_ATTACK_SPAN = { minMs: 10_000, roundEveryMs: 1000 };

/**
 * An explore page of its own for each `n`: bins from another start, a chart no one has asked for,
 * so the server would have to draw it anew.
 */
const uniqueExplorePage = (n: number) =>
  `/explore?attribute=rcsb_entry_info.resolution_combined&count=entry&dimension=bins&start=${(n / 100).toFixed(2)}&step=0.5&end=${(n / 100 + 4).toFixed(2)}`;

/** GETs a page from `localAddress`: its status (0: none) and whether it came drawn by the server. */
function getPage(
  url: string,
  path: string,
  localAddress: string,
): Promise<{ status: number; drawn: boolean }> {
  return new Promise((resolve) => {
    const sent = request(`${url}${path}`, { localAddress, timeout: 30_000 }, (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, drawn: text.includes('ps-server-state') }),
      );
      response.on('error', () => resolve({ status: 0, drawn: false }));
    });
    sent.on('timeout', () => sent.destroy());
    sent.on('error', () => resolve({ status: 0, drawn: false }));
    sent.end();
  });
}

/**
 * One client asks for `pages` explore pages never drawn before, `concurrency` at once; then another
 * client asks for one. The flood should cost its sender (its render slots and its rate limit), not
 * the other visitor, whose page should still come drawn.
 */
async function renderFlood(url: string, pages: number, concurrency: number): Promise<AttackOutcome> {
  const statuses: Record<string, number> = {};
  let drawn = 0;
  const base = Math.floor(Math.random() * 1000) * 1000;
  for (let start = 0; start < pages; start += concurrency) {
    const batch = Array.from({ length: Math.min(concurrency, pages - start) }, (_, i) =>
      getPage(url, uniqueExplorePage(base + start + i), attacker(40)),
    );
    for (const page of await Promise.all(batch)) {
      statuses[page.status] = (statuses[page.status] ?? 0) + 1;
      if (page.drawn) drawn++;
    }
  }
  const other = await getPage(url, uniqueExplorePage(base + pages), attacker(41));
  return {
    statuses,
    note: `${drawn} drawn; another visitor's page ${other.status}, ${other.drawn ? 'drawn' : 'NOT drawn'}`,
    othersDrawn: other.status === 200 && other.drawn,
  };
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
  {
    name: 'page flood: 600 explore pages never drawn, 20 at once, from one address',
    run: (url) => renderFlood(url, 600, 20),
  },
  // Costly searches, each body sent `concurrency` at once, round after round, each attack from an
  // address of its own: one attack's refusals do not decide how the next is answered.
  ...SEARCH_ATTACKS.map((search, i): Attack => ({
    name: `${search.name}: ${search.concurrency} at once, a round a second for ${SEARCH_ATTACK_SPAN.minMs / 1000} s`,
    run: async (url) => {
      const answers = await runSearchAttack(url, search, attacker(30 + i), 3, SEARCH_ATTACK_SPAN);
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
  /** A built dashboard, so that pages are drawn by the server as in production. */
  webDir: string;
  port: number;
  /** Only the attacks whose names contain one of these; all when empty. */
  names?: string[];
}

export async function benchAttacks(options: AttackOptions): Promise<AttackSummary[]> {
  heading('attacks (server defaults; probe: cached chart and cheap uncached search from another address)');
  const server = await startServer({
    port: options.port,
    env: { ARCHIVE_DIR: options.archive, WEB_DIR: options.webDir },
  });
  const summaries: AttackSummary[] = [];
  try {
    await server.warmed;
    const attacks = ATTACKS.filter(
      (a) => !options.names?.length || options.names.some((n) => a.name.includes(n)),
    );
    for (const attack of attacks) {
      // One uncached search every 150 ms at most: within the rate limit of 600 a minute. The cached
      // chart, which the limit does not count, every 20 ms: hundreds of samples for its p99.
      const probe = await startProbe(server.url, {
        pid: server.child.pid!,
        intervalMs: 150,
        chartIntervalMs: 20,
      });
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
