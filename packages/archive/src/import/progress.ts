/** How far an import has come, drawn as one line on a terminal or logged every few seconds otherwise. */
export interface ProgressState {
  done: number;
  total: number;
  /** Compressed bytes of the files done. */
  bytes: number;
}

export interface ProgressOptions {
  /** A terminal: one bar redrawn in place. Otherwise plain lines. */
  tty: boolean;
  write: (text: string) => void;
  label?: string;
  now?: () => number;
  /** Minimum time between two redraws on a terminal (ms). */
  redrawMs?: number;
  /** Time between two log lines otherwise (ms). */
  logMs?: number;
}

const WIDTH = 24;

export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

const count = (n: number) => n.toLocaleString('en-US');

export class ProgressReporter {
  /** Set by the first update: rates count from when the work started, not from set-up. */
  private started: number | undefined;
  private last = -Infinity;
  private drawn = false;
  private state: ProgressState = { done: 0, total: 0, bytes: 0 };

  constructor(private readonly options: ProgressOptions) {}

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** The line for a state, without terminal control characters. */
  line(state: ProgressState): string {
    const seconds = (this.now() - (this.started ?? this.now())) / 1000;
    const rate = seconds > 0 ? state.done / seconds : 0;
    const left = rate > 0 ? (state.total - state.done) / rate : Infinity;
    const share = state.total > 0 ? Math.min(1, state.done / state.total) : 1;
    const filled = Math.round(share * WIDTH);
    const bar = this.options.tty ? `[${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ` : '';
    const mb = seconds > 0 ? state.bytes / 1e6 / seconds : 0;
    return (
      `${this.options.label ?? 'files'} ${bar}${count(state.done)}/${count(state.total)} ` +
      `(${(share * 100).toFixed(0)}%), ${rate.toFixed(1)}/s, ${mb.toFixed(1)} MB/s, ` +
      `${state.done >= state.total ? `done in ${formatDuration(seconds)}` : `${formatDuration(left)} left`}`
    );
  }

  /** The first call starts the clock (a call with nothing done yet only does that). */
  update(state: ProgressState): void {
    this.state = state;
    const now = this.now();
    if (this.started === undefined) {
      this.started = now;
      if (state.done === 0) return;
    }
    const interval = this.options.tty ? (this.options.redrawMs ?? 100) : (this.options.logMs ?? 5000);
    if (now - this.last < interval) return;
    this.last = now;
    this.draw();
  }

  private draw(): void {
    if (this.options.tty) {
      this.options.write(`\r${this.line(this.state)}\x1b[K`);
      this.drawn = true;
    } else this.options.write(`${this.line(this.state)}\n`);
  }

  /** Draws the final state and ends the line. */
  finish(): void {
    this.draw();
    if (this.options.tty && this.drawn) this.options.write('\n');
  }

  /** Clears a terminal bar so that a message can be printed on its own line. */
  interrupt(): void {
    if (this.options.tty && this.drawn) {
      this.options.write('\r\x1b[K');
      this.drawn = false;
      this.last = -Infinity;
    }
  }
}
