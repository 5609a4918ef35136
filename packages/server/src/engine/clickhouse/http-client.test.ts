import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ClickHouseNode, ClusterUnavailableError } from './http-client.ts';

/** A stand-in server that drops the connection of its first `drops` requests without answering. */
async function droppingServer(drops: number): Promise<{ server: Server; address: string; seen: string[] }> {
  const seen: string[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push(body);
      if (seen.length <= drops) request.socket.destroy();
      else response.end('1\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, address: `127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

describe('a ClickHouse node over HTTP, when the server closes a connection without answering', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  it('sends a read once more, on a fresh connection', async () => {
    const stand = await droppingServer(1);
    server = stand.server;
    await expect(new ClickHouseNode(stand.address).send('SELECT 1')).resolves.toBe('1\n');
    expect(stand.seen).toEqual(['SELECT 1', 'SELECT 1']);
  });

  it('says the server is unavailable when the second attempt is dropped too', async () => {
    const stand = await droppingServer(2);
    server = stand.server;
    await expect(new ClickHouseNode(stand.address).send('SELECT 1')).rejects.toBeInstanceOf(
      ClusterUnavailableError,
    );
    expect(stand.seen).toHaveLength(2);
  });

  it('never sends a statement that changes data twice', async () => {
    const stand = await droppingServer(1);
    server = stand.server;
    await expect(new ClickHouseNode(stand.address).send('INSERT INTO t VALUES (1)')).rejects.toBeInstanceOf(
      ClusterUnavailableError,
    );
    expect(stand.seen).toEqual(['INSERT INTO t VALUES (1)']);
  });
});

describe('a ClickHouse node over HTTP, and its kept-alive connections', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  it('sends a statement that changes data on a connection of its own, never on a kept-alive one', async () => {
    // Each request with the client port of its connection.
    const seen: { body: string; port: number }[] = [];
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        seen.push({ body, port: request.socket.remotePort! });
        response.end('1\n');
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const node = new ClickHouseNode(`127.0.0.1:${(server.address() as AddressInfo).port}`);
    await node.send('SELECT 1');
    await node.send('SELECT 2');
    await node.send('DROP TABLE IF EXISTS t');
    await node.send('SELECT 3');
    await node.send('CREATE TABLE t (x UInt8) ENGINE = Log');
    const port = (body: string) => seen.find((s) => s.body === body)!.port;
    for (const write of ['DROP TABLE IF EXISTS t', 'CREATE TABLE t (x UInt8) ENGINE = Log']) {
      const used = seen.filter((s) => s.port === port(write));
      expect(
        used.map((s) => s.body),
        `${write}: its connection`,
      ).toEqual([write]);
    }
  });
});
