import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { isIPv4, isIPv6, type Socket } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';
import { rawErrorAnswer } from './errors.ts';

/** How long a connection may take to say what it wants, and how many one client, and all, may hold open. */
export interface ConnectionLimits {
  /** `HEADERS_TIMEOUT_MS`: a request's headers must have arrived within this (408 and closed beyond). */
  headersTimeoutMs: number;
  /** `REQUEST_TIMEOUT_MS`: a request's headers and body must have arrived within this (408 and closed beyond). */
  requestTimeoutMs: number;
  /** `KEEP_ALIVE_TIMEOUT_MS`: an idle kept-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /**
   * `IDLE_TIMEOUT_MS`: a connection on which nothing is received nor sent for this long is closed, a
   * client that stops reading its answer included. Longer than the longest search, which sends nothing.
   */
  idleTimeoutMs: number;
  /** `MAX_CONNECTIONS_PER_CLIENT`: open connections of one client address (429 and closed beyond); 0: no cap. */
  maxPerClient: number;
  /**
   * `MAX_CONNECTIONS`: open connections of all clients together, trusted proxies' included (503 with
   * Retry-After and closed beyond); 0: no cap.
   */
  maxConnections: number;
  /** `MAX_HEADER_BYTES`: the request line and headers together (431 and closed beyond). */
  maxHeaderBytes: number;
}

/** The largest request body: 1 MiB, where the largest search request the dashboard makes is a few KiB. */
export const DEFAULT_BODY_LIMIT = 1_048_576;

/**
 * Headers arrive in one packet from any browser; 10 s leaves room for a slow mobile network. A
 * request body is at most the body limit (1 MiB), which 30 s carries at 35 KB/s. Kept-alive
 * connections outlive the 60 s idle time of common reverse proxies, so that a proxy never reuses a
 * connection just closed here. Ten browsers (six connections each) behind one address stay under 64.
 * All connections together: 32 clients at their cap; each open connection costs the process a file
 * descriptor and some tens of KB of buffers, so that a flood from many addresses stays far from the
 * memory budget while a proxy in front (which reuses its connections) never comes near it.
 */
export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 72_000,
  idleTimeoutMs: 60_000,
  maxPerClient: 64,
  maxConnections: 2048,
  // Node's own default: a search goes in the body, and a GET's `?json=` is rarely near it.
  maxHeaderBytes: 16_384,
};

/** How often Node checks the headers and request timeouts: a late check would let a slow client stay longer. */
const TIMEOUT_CHECK_MS = 1000;

/** Seconds a client refused for its connections is asked to wait: one of its connections ends by then, or soon. */
const RETRY_AFTER_S = 5;

/** How long a refused connection may linger to read its answer before it is destroyed. */
const REFUSED_LINGER_MS = 2000;

/** The eight groups of an IPv6 address, without a zone; undefined when it is not one. */
function ipv6Groups(address: string): string[] | undefined {
  const plain = address.split('%')[0]!;
  if (!isIPv6(plain)) return undefined;
  const [head = '', tail] = plain.split('::');
  const split = (part: string) => (part === '' ? [] : part.split(':'));
  const left = split(head);
  const right = tail === undefined ? [] : split(tail);
  // An embedded IPv4 address takes two groups.
  const last = right.at(-1) ?? left.at(-1);
  const v4Groups = last !== undefined && last.includes('.') ? 1 : 0;
  const zeros = 8 - left.length - right.length - v4Groups;
  return [...left, ...Array.from({ length: tail === undefined ? 0 : zeros }, () => '0'), ...right];
}

/**
 * The client a connection counts against: its IPv4 address, or the /64 network of its IPv6 address,
 * since one subscriber is given a whole /64 and could otherwise open connections from each address.
 */
export function clientOf(address: string): string {
  if (address.startsWith('::ffff:') && isIPv4(address.slice(7))) return address.slice(7);
  const groups = ipv6Groups(address);
  if (!groups) return address;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * Counts open connections, per client and all together, and refuses those beyond a cap before they
 * are read: 429 past the client's own (its doing), 503 past the server's (the service is full).
 * Connections of trusted proxies are not counted per client (one proxy carries every visitor), but
 * count towards the whole.
 */
class ConnectionCap {
  private readonly open = new Map<string, number>();
  private total = 0;
  /** Refused connections still lingering to read their answer: a request they send is not served. */
  readonly refused = new WeakSet<Socket>();
  private readonly trusted: (address: string, i: number) => boolean;

  constructor(
    private readonly maxPerClient: number,
    private readonly maxConnections: number,
    trustProxy: string[] | undefined,
  ) {
    this.trusted = trustProxy ? proxyAddr.compile(trustProxy) : () => false;
  }

  admit = (socket: Socket): void => {
    const address = socket.remoteAddress;
    const client =
      this.maxPerClient > 0 && address !== undefined && !this.trusted(address, 0)
        ? clientOf(address)
        : undefined;
    const count = client === undefined ? 0 : (this.open.get(client) ?? 0) + 1;
    if (client !== undefined && count > this.maxPerClient) {
      this.refuse(
        socket,
        429,
        `too many open connections from your address (at most ${this.maxPerClient}); close some or retry in ${RETRY_AFTER_S} s`,
      );
      return;
    }
    if (this.maxConnections > 0 && this.total >= this.maxConnections) {
      this.refuse(
        socket,
        503,
        `the service has as many open connections as it takes (${this.maxConnections}); retry in ${RETRY_AFTER_S} s`,
      );
      return;
    }
    this.total += 1;
    if (client !== undefined) this.open.set(client, count);
    socket.once('close', () => {
      this.total -= 1;
      if (client === undefined) return;
      const left = (this.open.get(client) ?? 1) - 1;
      if (left === 0) this.open.delete(client);
      else this.open.set(client, left);
    });
  };

  private refuse(socket: Socket, status: 429 | 503, message: string): void {
    this.refused.add(socket);
    socket.end(rawErrorAnswer(status, message, { 'retry-after': String(RETRY_AFTER_S) }));
    setTimeout(() => socket.destroy(), REFUSED_LINGER_MS).unref();
  }
}

/**
 * The HTTP server of the service, for Fastify's `serverFactory`: Node's timeouts set (Fastify
 * leaves the request and idle timeouts off), and open connections capped per client and in all.
 */
export function limitedServer(
  limits: ConnectionLimits,
  trustProxy: string[] | undefined,
): (handler: (request: IncomingMessage, response: ServerResponse) => void) => Server {
  return (handler) => {
    const cap =
      limits.maxPerClient > 0 || limits.maxConnections > 0
        ? new ConnectionCap(limits.maxPerClient, limits.maxConnections, trustProxy)
        : undefined;
    const server = createServer(
      {
        headersTimeout: limits.headersTimeoutMs,
        requestTimeout: limits.requestTimeoutMs,
        connectionsCheckingInterval: TIMEOUT_CHECK_MS,
        maxHeaderSize: limits.maxHeaderBytes,
      },
      (request, response) => {
        // Already answered 429 or 503 and about to close: left unanswered, so that nothing is computed.
        if (!cap?.refused.has(request.socket)) handler(request, response);
      },
    );
    server.keepAliveTimeout = limits.keepAliveTimeoutMs;
    server.setTimeout(limits.idleTimeoutMs);
    if (cap) server.on('connection', cap.admit);
    return server;
  };
}
