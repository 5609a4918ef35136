import { ServiceBusyError, type Lane, type QueueLimits } from '../engine.ts';

/** A request waiting for a connection. */
interface Waiter<TConnection> {
  lane: Lane;
  resolve: (connection: TConnection) => void;
  timer?: NodeJS.Timeout;
}

/**
 * A fixed set of connections lent out one request at a time; callers wait when all are busy, in
 * a bounded queue, each at most `waitMs` (then ServiceBusyError, answered 503 with Retry-After).
 * Heavy searches never hold every connection: `reserved` connections are left to light ones
 * (cheap searches, chart answers computed ahead), so that a few costly requests cannot make a
 * count wait behind them.
 * @internal
 */
export class ConnectionPool<TConnection> {
  private readonly idle: TConnection[];
  private readonly waiting: Waiter<TConnection>[] = [];
  /** Requests holding or waiting for a connection. */
  private busy = 0;
  /** Connections held by heavy searches. */
  private heavy = 0;
  private drained?: () => void;
  private closed = false;
  private readonly limits: Required<QueueLimits>;

  constructor(
    private readonly connections: readonly TConnection[],
    limits: QueueLimits = {},
  ) {
    this.idle = [...connections];
    this.limits = {
      waitMs: limits.waitMs ?? Infinity,
      queueLength: limits.queueLength ?? Infinity,
      // One connection alone is shared by all.
      reserved: Math.min(limits.reserved ?? 1, connections.length - 1),
    };
  }

  async use<T>(work: (connection: TConnection) => Promise<T>, lane: Lane = 'light'): Promise<T> {
    if (this.closed) throw new Error('the engine is closed');
    const connection = await this.acquire(lane);
    try {
      return await work(connection);
    } finally {
      this.release(connection, lane);
    }
  }

  /** Whether a request of `lane` may take an idle connection now. */
  private mayTake(lane: Lane): boolean {
    if (this.idle.length === 0) return false;
    return lane === 'light' || this.heavy < this.connections.length - this.limits.reserved;
  }

  private take(lane: Lane): TConnection {
    if (lane === 'heavy') this.heavy += 1;
    return this.idle.pop() as TConnection;
  }

  private acquire(lane: Lane): Promise<TConnection> {
    if (this.mayTake(lane)) {
      this.busy += 1;
      return Promise.resolve(this.take(lane));
    }
    if (this.waiting.length >= this.limits.queueLength) {
      return Promise.reject(
        new ServiceBusyError(`${this.waiting.length} searches are waiting for the database already`),
      );
    }
    this.busy += 1;
    return new Promise((resolve, reject) => {
      const waiter: Waiter<TConnection> = { lane, resolve };
      if (Number.isFinite(this.limits.waitMs)) {
        waiter.timer = setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(waiter), 1);
          this.busy -= 1;
          if (this.busy === 0) this.drained?.();
          reject(new ServiceBusyError(`no database connection was free within ${this.limits.waitMs} ms`));
        }, this.limits.waitMs);
      }
      this.waiting.push(waiter);
    });
  }

  private release(connection: TConnection, lane: Lane): void {
    this.busy -= 1;
    if (lane === 'heavy') this.heavy -= 1;
    this.idle.push(connection);
    // The first waiter that may take a connection now: a light one may pass heavy ones.
    for (let i = 0; i < this.waiting.length && this.idle.length > 0;) {
      const waiter = this.waiting[i]!;
      if (!this.mayTake(waiter.lane)) {
        i++;
        continue;
      }
      this.waiting.splice(i, 1);
      clearTimeout(waiter.timer);
      waiter.resolve(this.take(waiter.lane));
    }
    if (this.busy === 0) this.drained?.();
  }

  /** Refuses new work, waits for the work in flight, then hands every connection to `dispose`. */
  async close(dispose: (connection: TConnection) => void): Promise<void> {
    this.closed = true;
    if (this.busy > 0) await new Promise<void>((resolve) => (this.drained = resolve));
    for (const connection of this.connections) dispose(connection);
  }
}
