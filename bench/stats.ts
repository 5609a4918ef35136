/** Small helpers shared by the benchmark modules: percentiles, timing and table printing. */

/** The p-th percentile (nearest rank) of the samples. */
export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export const median = (samples: readonly number[]) => percentile(samples, 50);

/** Wall time of one call, in milliseconds. */
export async function time(task: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await task();
  return performance.now() - start;
}

/** Milliseconds with three decimals under 1 ms, one above. */
export const ms = (n: number) => n.toFixed(Math.abs(n) < 1 ? 3 : 1);

/** Kilobytes with one decimal. */
export const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** Prints rows as a plain-text table, numbers right-aligned. */
export function printTable(header: readonly string[], rows: readonly (readonly string[])[]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

/** A section heading. */
export function heading(title: string): void {
  console.log(`\n## ${title}\n`);
}

export const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
