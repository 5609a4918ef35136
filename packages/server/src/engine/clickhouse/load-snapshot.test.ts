import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ATTRIBUTES, generateDocuments, writeSnapshot } from '@pdb-stats/demo';
import { ClickHouseError, ClickHouseNode } from './http-client.ts';
import { loadSnapshot } from './load-snapshot.ts';
import { tempArchive, type TempArchive } from '../../../../../test-support/temp-archive.ts';

/**
 * A shard that refuses a streamed INSERT (here a stand-in server answering like ClickHouse does
 * to data it cannot parse) ends the load with its error, without waiting for data it will never
 * read. Loading into a real cluster: test/conformance/load-snapshot.test.ts.
 */

let dir: string;
let temp: TempArchive | undefined;
let server: Server;
let address: string;

beforeAll(async () => {
  temp = await tempArchive('load-refused');
  dir = temp.dir;
  // Enough rows that a shard's lines exceed the stream's buffer and the loader has to wait.
  await writeSnapshot(generateDocuments({ entries: 5000, seed: 3, archiveDate: '2026-07-01' }), dir);
  server = createServer((request, response) => {
    const query = new URL(request.url!, 'http://x').searchParams.get('query') ?? '';
    if (query.startsWith('INSERT')) {
      // Reads the first bytes, stops reading (the loader's writes must wait), then refuses.
      request.once('data', () => {
        request.pause();
        setTimeout(() => {
          response.writeHead(500).end('Code: 27, e.displayText() = DB::Exception: Cannot parse input');
          request.destroy();
        }, 300);
      });
      return;
    }
    request.resume();
    request.on('end', () => response.end(query.startsWith('SELECT') ? '{"data":[[0]]}' : ''));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  address = `127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  server?.close();
  await temp?.remove();
});

describe('loading a snapshot', () => {
  it('stops with the error of a shard that refuses the data', async () => {
    const shards = [new ClickHouseNode(address), new ClickHouseNode(address)];
    const load = loadSnapshot(dir, shards, 'db', DEMO_ATTRIBUTES);
    await expect(load).rejects.toBeInstanceOf(ClickHouseError);
    await expect(load).rejects.toThrow('Cannot parse input');
  }, 30_000);
});
