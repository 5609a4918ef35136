import { connect, type Socket } from 'node:net';

/** An answer read off a socket as the bytes came: status, headers (lower-case names), body. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** What a raw connection saw: the answer (when one came), and when it closed (ms after it was established). */
export interface RawOutcome {
  answer?: RawAnswer;
  closedAfterMs: number;
}

export function parseRawAnswer(text: string): RawAnswer | undefined {
  const end = text.indexOf('\r\n\r\n');
  if (!text.startsWith('HTTP/1.1 ') || end < 0) return undefined;
  const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine!.split(' ')[1]), headers, body: text.slice(end + 4) };
}

/**
 * A connection a hostile client drives byte by byte: `drive` writes what it likes once connected
 * (it may keep writing on a timer until the socket closes); `closed` resolves once the connection
 * has closed, with the answer the server sent, if any.
 */
export function rawConnection(
  url: string,
  drive: (socket: Socket) => void,
  /** The client's own address: any of 127.0.0.0/8 on loopback, so that tests can be several clients. */
  localAddress?: string,
): { socket: Socket; opened: Promise<void>; closed: Promise<RawOutcome> } {
  const { hostname, port } = new URL(url);
  const socket = connect({ port: Number(port), host: hostname, ...(localAddress && { localAddress }) });
  let started = performance.now();
  let received = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
  // A reset after the answer is the server closing, as far as a client can tell.
  socket.on('error', () => undefined);
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('connect', () => {
      started = performance.now();
      drive(socket);
      resolve();
    });
    socket.once('error', reject);
  });
  const closed = new Promise<RawOutcome>((resolve) =>
    socket.once('close', () => {
      const answer = parseRawAnswer(received);
      resolve({ ...(answer && { answer }), closedAfterMs: performance.now() - started });
    }),
  );
  return { socket, opened, closed };
}

/** Writes `chunks` one by one every `intervalMs`, then keeps writing `filler` at that pace, until the socket closes. */
export function trickle(socket: Socket, chunks: string[], intervalMs: number, filler = 'a'): void {
  let next = 0;
  const write = () => {
    if (socket.destroyed || socket.writableEnded) return clearInterval(timer);
    socket.write(next < chunks.length ? chunks[next++]! : filler);
  };
  const timer = setInterval(write, intervalMs);
  socket.once('close', () => clearInterval(timer));
  write();
}
