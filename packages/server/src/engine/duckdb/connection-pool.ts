/**
 * A fixed set of connections lent out one request at a time; callers wait when all are busy.
 * @internal
 */
export class ConnectionPool<TConnection> {
  private readonly idle: TConnection[];
  private readonly waiting: ((connection: TConnection) => void)[] = [];
  /** Requests holding or waiting for a connection. */
  private busy = 0;
  private drained?: () => void;
  private closed = false;

  constructor(private readonly connections: readonly TConnection[]) {
    this.idle = [...connections];
  }

  async use<T>(work: (connection: TConnection) => Promise<T>): Promise<T> {
    if (this.closed) throw new Error('the engine is closed');
    const connection = await this.acquire();
    try {
      return await work(connection);
    } finally {
      this.release(connection);
    }
  }

  private acquire(): Promise<TConnection> {
    this.busy += 1;
    const connection = this.idle.pop();
    if (connection !== undefined) return Promise.resolve(connection);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(connection: TConnection): void {
    this.busy -= 1;
    const next = this.waiting.shift();
    if (next) {
      next(connection);
      return;
    }
    this.idle.push(connection);
    if (this.busy === 0) this.drained?.();
  }

  /** Refuses new work, waits for the work in flight, then hands every connection to `dispose`. */
  async close(dispose: (connection: TConnection) => void): Promise<void> {
    this.closed = true;
    if (this.busy > 0) await new Promise<void>((resolve) => (this.drained = resolve));
    for (const connection of this.connections) dispose(connection);
  }
}
