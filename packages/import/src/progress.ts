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
  private label: string;
  private updatedAt: number | undefined;
  private drawnState: ProgressState | undefined;

  constructor(private readonly options: ProgressOptions) {
    this.label = options.label ?? 'files';
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** The line for a state reached at a time, without terminal control characters. */
  line(state: ProgressState, at = this.now()): string {
    const seconds = (at - (this.started ?? at)) / 1000;
    const rate = seconds > 0 ? state.done / seconds : 0;
    const left = rate > 0 ? (state.total - state.done) / rate : Infinity;
    const share = state.total > 0 ? Math.min(1, state.done / state.total) : 1;
    const filled = Math.round(share * WIDTH);
    const bar = this.options.tty ? `[${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ` : '';
    const mb = seconds > 0 ? state.bytes / 1e6 / seconds : 0;
    return (
      `${this.label} ${bar}${count(state.done)}/${count(state.total)} ` +
      `(${(share * 100).toFixed(0)}%), ${rate.toFixed(1)}/s, ${mb.toFixed(1)} MB/s, ` +
      `${state.done >= state.total ? `done in ${formatDuration(seconds)}` : `${formatDuration(left)} left`}`
    );
  }

  /**
   * The first call starts the clock (a call with nothing done yet only does that). A state with
   * another label starts a new line and a new clock: the import has gone on to its next step.
   */
  update(state: ProgressState & { label?: string }): void {
    if (state.label !== undefined && state.label !== this.label) {
      if (this.started !== undefined) this.finish();
      this.label = state.label;
      this.started = undefined;
      this.drawn = false;
      this.last = -Infinity;
    }
    this.state = state;
    const now = this.now();
    this.updatedAt = now;
    if (this.started === undefined) {
      this.started = now;
      if (state.done === 0) return;
    }
    const interval = this.options.tty ? (this.options.redrawMs ?? 100) : (this.options.logMs ?? 5000);
    if (now - this.last < interval) return;
    this.last = now;
    this.draw();
  }

  /** Draws the latest state with the time it was reached (a step's end is not when the next began). */
  private draw(): void {
    this.drawnState = this.state;
    const line = this.line(this.state, this.updatedAt ?? this.now());
    if (this.options.tty) {
      this.options.write(`\r${line}\x1b[K`);
      this.drawn = true;
    } else this.options.write(`${line}\n`);
  }

  /** Draws the final state and ends the line. */
  finish(): void {
    if (this.drawnState !== this.state) this.draw();
    if (this.options.tty && this.drawn) this.options.write('\n');
  }

  /** Clears a terminal bar so that a message can be printed on its own line. */
  interrupt(): void {
    if (this.options.tty && this.drawn) {
      this.options.write('\r\x1b[K');
      this.drawn = false;
      this.drawnState = undefined;
      this.last = -Infinity;
    }
  }
}
