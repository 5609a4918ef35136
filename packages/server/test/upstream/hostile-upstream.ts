import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * An upstream search service that means harm, on loopback: each test sets how it answers the n-th
 * search (from 1). It counts what arrived and how many body bytes it managed to send, so that a test
 * can tell how much of an endless answer was read.
 */
export interface HostileUpstream {
  url: string;
  /** How the n-th search is answered; the default answers 200 with a small JSON result. */
  answer: (response: ServerResponse, n: number, request: IncomingMessage) => void;
  /** Searches that arrived, in order. */
  arrivals: number;
  /** Body bytes written to clients so far (accepted by the socket, read or not). */
  bytesSent: number;
  reset(): void;
  close(): Promise<void>;
}

export const SMALL_ANSWER = JSON.stringify({
  query_id: 'hostile',
  result_type: 'entry',
  total_count: 1,
  result_set: ['1ABC'],
});

export const answerJson = (response: ServerResponse, body = SMALL_ANSWER, status = 200) =>
  response.writeHead(status, { 'content-type': 'application/json' }).end(body);

export async function startHostileUpstream(): Promise<HostileUpstream> {
  const sockets = new Set<Socket>();
  const upstream: HostileUpstream = {
    url: '',
    answer: (response) => answerJson(response),
    arrivals: 0,
    bytesSent: 0,
    reset() {
      upstream.answer = (response) => answerJson(response);
      upstream.arrivals = 0;
      upstream.bytesSent = 0;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const write = response.write.bind(response);
      response.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
        upstream.bytesSent += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
        return write(chunk, ...rest);
      }) as typeof response.write;
      upstream.answer(response, ++upstream.arrivals, request);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  upstream.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return upstream;
}

/** Writes `chunk` again and again, as fast as the client reads, until the connection closes. */
export function endless(response: ServerResponse, chunk: string): void {
  let open = true;
  response.on('close', () => (open = false));
  const pump = () => {
    while (open && response.write(chunk));
    if (open) response.once('drain', pump);
  };
  pump();
}

/** Writes `text` one character every `everyMs` until done or closed, then ends. */
export function trickle(response: ServerResponse, text: string, everyMs: number): void {
  let at = 0;
  const timer = setInterval(() => {
    if (response.destroyed || at >= text.length) {
      clearInterval(timer);
      if (!response.destroyed) response.end();
      return;
    }
    response.write(text[at++]!);
  }, everyMs);
  response.on('close', () => clearInterval(timer));
}

/** Answers with raw bytes on the socket, for headers no well-behaved server would send. */
export function rawAnswer(response: ServerResponse, bytes: Buffer): void {
  const socket = response.socket!;
  socket.end(bytes);
}
