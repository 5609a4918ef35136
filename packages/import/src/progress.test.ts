import { describe, expect, it } from 'vitest';
import { formatDuration, ProgressReporter } from './progress.ts';

function reporter(tty: boolean) {
  let now = 0;
  const out: string[] = [];
  const progress = new ProgressReporter({ tty, write: (text) => out.push(text), now: () => now });
  return { progress, out, advance: (ms: number) => (now += ms) };
}

describe('ProgressReporter', () => {
  it('redraws one line on a terminal at most every 100 ms, with count, rate and time left', () => {
    const { progress, out, advance } = reporter(true);
    advance(5000);
    progress.update({ done: 0, total: 40, bytes: 0 });
    expect(out).toEqual([]);
    advance(1000);
    progress.update({ done: 10, total: 40, bytes: 2e6 });
    advance(50);
    progress.update({ done: 11, total: 40, bytes: 2.2e6 });
    expect(out).toHaveLength(1);
    expect(out[0]?.startsWith('\r')).toBe(true);
    expect(out[0]?.endsWith('\x1b[K')).toBe(true);
    expect(out[0]).toContain('files [######------------------] 10/40 (25%), 10.0/s, 2.0 MB/s, 3s left');
    advance(60);
    progress.update({ done: 40, total: 40, bytes: 8e6 });
    progress.finish();
    expect(out.at(-2)).toContain('done in 1s');
    expect(out.at(-1)).toBe('\n');
  });

  it('logs plain lines every few seconds elsewhere', () => {
    const { progress, out, advance } = reporter(false);
    progress.update({ done: 0, total: 100, bytes: 0 });
    for (let i = 1; i <= 100; i++) {
      advance(100);
      progress.update({ done: i, total: 100, bytes: 0 });
    }
    expect(out.length).toBe(2);
    expect(out.every((line) => line.endsWith('\n') && !line.includes('\r'))).toBe(true);
  });

  it('ends the line of a step and starts a new one, with its own clock, when the label changes', () => {
    const { progress, out, advance } = reporter(false);
    progress.update({ done: 0, total: 10, bytes: 0, label: 'entries' });
    advance(10_000);
    progress.update({ done: 10, total: 10, bytes: 0, label: 'entries' });
    advance(60_000);
    progress.update({ done: 0, total: 4, bytes: 0, label: 'chemical components' });
    advance(2000);
    progress.update({ done: 4, total: 4, bytes: 0, label: 'chemical components' });
    progress.finish();
    expect(out).toEqual([
      expect.stringMatching(/^entries 10\/10 \(100%\), 1\.0\/s, .* done in 10s\n$/),
      expect.stringMatching(/^chemical components 4\/4 \(100%\), 2\.0\/s, .* done in 2s\n$/),
    ]);
  });

  it('formats durations', () => {
    expect([formatDuration(5), formatDuration(125), formatDuration(7300), formatDuration(Infinity)]).toEqual([
      '5s',
      '2m05s',
      '2h01m',
      '?',
    ]);
  });
});
