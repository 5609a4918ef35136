import { describe, expect, it } from 'vitest';
import { ConnectionPool } from './connection-pool.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe(`${ConnectionPool.name}`, () => {
  it('lends each connection to one request at a time; others wait', async () => {
    const pool = new ConnectionPool(['a', 'b']);
    const inUse = new Set<string>();
    let most = 0;
    const work = (connection: string) => async () => {
      expect(inUse.has(connection)).toBe(false);
      inUse.add(connection);
      most = Math.max(most, inUse.size);
      await tick();
      inUse.delete(connection);
      return connection;
    };
    const results = await Promise.all(Array.from({ length: 7 }, () => pool.use((c) => work(c)())));
    expect(results).toHaveLength(7);
    expect(most).toBe(2);
  });

  it('returns the connection when the work fails', async () => {
    const pool = new ConnectionPool(['only']);
    await expect(pool.use(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await pool.use(async (c) => c)).toBe('only');
  });

  it('closes after the work in flight, then refuses new work', async () => {
    const pool = new ConnectionPool(['a']);
    const disposed: string[] = [];
    let finished = false;
    const running = pool.use(async () => {
      await tick();
      finished = true;
    });
    const waiting = pool.use(async () => undefined);
    await pool.close((c) => disposed.push(c));
    expect(finished).toBe(true);
    await Promise.all([running, waiting]);
    expect(disposed).toEqual(['a']);
    await expect(pool.use(async () => undefined)).rejects.toThrow(/closed/);
  });

  it('leaves a connection to light work while heavy work holds the others', async () => {
    const pool = new ConnectionPool(['a', 'b', 'c'], { reserved: 1 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const heavy = Array.from({ length: 4 }, () => pool.use(() => held, 'heavy'));
    // Two heavy ones run, two wait; a light one gets the third connection at once.
    const light = await Promise.race([pool.use(async (c) => c, 'light'), tick().then(() => 'waited')]);
    expect(light).not.toBe('waited');
    release();
    await Promise.all(heavy);
  });

  it('refuses with 503 and Retry-After past the wait limit or the queue length', async () => {
    const pool = new ConnectionPool(['a'], { waitMs: 20, queueLength: 1 });
    let release!: () => void;
    const running = pool.use(() => new Promise<void>((resolve) => (release = resolve)));
    const waiting = pool.use(async () => 'late');
    await expect(pool.use(async () => 'third')).rejects.toMatchObject({
      statusCode: 503,
      retryAfterS: 5,
      message: expect.stringContaining('1 searches are waiting for the database already'),
    });
    await expect(waiting).rejects.toThrow('no database connection was free within 20 ms');
    release();
    await running;
    // The refused ones left nothing behind: the connection is free again.
    expect(await pool.use(async (c) => c)).toBe('a');
    await pool.close(() => undefined);
  });
});
