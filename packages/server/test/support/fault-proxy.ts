import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** An answer the proxy gives instead of forwarding: a status, headers and a body. */
export interface ScriptedAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * A loopback proxy in front of a stand-in upstream that a test can break: killed (connection
 * refused), slow (each answer held back), or answering scripted statuses. It counts the requests
 * it receives and the most it held in flight at once.
 */
export interface FaultProxy {
  url: string;
  /** Requests received, with their arrival time (epoch ms). */
  arrivals: number[];
  /** Most requests in flight at once since the last `resetCounts`. */
  maxInFlight: number;
  /** Requests in flight now. */
  readonly inFlight: number;
  /** Milliseconds every answer is held back; 0 by default. */
  delayMs: number;
  /** Answers given, in order, instead of forwarding the next requests. */
  script: ScriptedAnswer[];
  resetCounts(): void;
  /** Stops listening and drops open connections: the upstream is down. */
  kill(): Promise<void>;
  /** Listens again on the same port. */
  revive(): Promise<void>;
  close(): Promise<void>;
}

export async function startFaultProxy(targetUrl: string): Promise<FaultProxy> {
  const target = new URL(targetUrl);
  let inFlight = 0;
  const sockets = new Set<Socket>();

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    proxy.arrivals.push(Date.now());
    inFlight++;
    proxy.maxInFlight = Math.max(proxy.maxInFlight, inFlight);
    res.on('close', () => inFlight--);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const scripted = proxy.script.shift();
      const answer = () => {
        if (res.destroyed) return;
        if (scripted) {
          res.writeHead(scripted.status, scripted.headers ?? {});
          res.end(scripted.body ?? '');
          return;
        }
        const upstream = forward(
          {
            host: target.hostname,
            port: target.port,
            method: req.method,
            path: req.url,
            headers: { ...req.headers, host: target.host },
          },
          (reply) => {
            res.writeHead(reply.statusCode ?? 502, reply.headers);
            reply.pipe(res);
          },
        );
        upstream.on('error', () => res.destroy());
        upstream.end(Buffer.concat(chunks));
      };
      if (proxy.delayMs > 0) setTimeout(answer, proxy.delayMs);
      else answer();
    });
  };

  const server = createServer(handle);
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  const stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });

  const proxy: FaultProxy = {
    url: `http://127.0.0.1:${port}`,
    arrivals: [],
    maxInFlight: 0,
    get inFlight() {
      return inFlight;
    },
    delayMs: 0,
    script: [],
    resetCounts: () => {
      proxy.arrivals.length = 0;
      proxy.maxInFlight = 0;
    },
    kill: stop,
    revive: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    close: async () => {
      if (server.listening) await stop();
    },
  };
  return proxy;
}
