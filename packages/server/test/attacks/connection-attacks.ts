import { rawConnection, trickle, type RawOutcome } from '../support/raw-http.ts';

/**
 * Attacks on connections, as a hostile client makes them with raw sockets: each resolves once every
 * attacking connection has closed, with what each saw. The attack suite runs them at scaled-down
 * timeouts, the bench at the defaults.
 */

/** Loopback addresses of attackers, each a client of its own to the server; the probe is 127.0.0.1. */
export const attacker = (i: number) => `127.0.0.${2 + i}`;

/** How many connections saw each status ('none': closed without an answer). */
export function statusCounts(outcomes: RawOutcome[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { answer } of outcomes) {
    const status = answer?.status ?? 'none';
    counts[status] = (counts[status] ?? 0) + 1;
  }
  return counts;
}

/** `count` connections spread over the `clients` addresses, each driven by `drive`. */
export async function connections(
  url: string,
  count: number,
  clients: string[],
  drive: Parameters<typeof rawConnection>[1],
): Promise<RawOutcome[]> {
  const opened = Array.from({ length: count }, (_, i) =>
    rawConnection(url, drive, clients[i % clients.length]),
  );
  await Promise.all(opened.map((c) => c.opened));
  return Promise.all(opened.map((c) => c.closed));
}

const POST_HEAD = (length: number) =>
  `POST /rcsbsearch/v2/query HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

/** The first `count` attacker addresses. */
export const attackers = (count: number) => Array.from({ length: count }, (_, i) => attacker(i));

/** Searches over `clients` addresses whose body of 1,000 bytes comes one byte every `everyMs`. */
export function slowBodies(
  url: string,
  count: number,
  clients: number,
  everyMs: number,
): Promise<RawOutcome[]> {
  return connections(url, count, attackers(clients), (socket) =>
    trickle(socket, [POST_HEAD(1000), '{'], everyMs, ' '),
  );
}

/** Requests over `clients` addresses whose headers never end: one more line every `everyMs` (slowloris). */
export function slowHeaders(
  url: string,
  count: number,
  clients: number,
  everyMs: number,
): Promise<RawOutcome[]> {
  return connections(url, count, attackers(clients), (socket) =>
    trickle(socket, ['GET /health HTTP/1.1\r\n', 'Host: x\r\n'], everyMs, 'X-Slow: 1\r\n'),
  );
}

/** `count` connections from one address that send nothing at all. */
export function silentConnections(url: string, count: number, client: string): Promise<RawOutcome[]> {
  return connections(url, count, [client], () => undefined);
}
