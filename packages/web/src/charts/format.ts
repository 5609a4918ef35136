/**
 * Numbers in US thousands format, as `Intl.NumberFormat('en-US')` writes them, without it:
 * a page's first Intl.NumberFormat costs 20–60 ms of ICU set-up on the way to the first chart
 * (measured in headless Chromium on a 2-core machine). Like ICU, it rounds the shortest decimal
 * form of the number (1.0005 → 1.001) half away from zero to at most three decimals, and keeps
 * the sign of a negative number that rounds to zero. Numbers of 1e21 and more, NaN and the
 * infinities go to Intl.
 */
export function formatNumber(value: number): string {
  if (!(Math.abs(value) < 1e21)) return new Intl.NumberFormat('en-US').format(value);
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  // Below 1e-6 String() writes an exponent; such numbers round to 0 anyway.
  const [whole = '0', fraction = ''] = Math.abs(value) < 1e-6 ? ['0'] : String(Math.abs(value)).split('.');
  let digits = BigInt(whole + fraction.slice(0, 3).padEnd(3, '0'));
  if ((fraction[3] ?? '0') >= '5') digits += 1n;
  const text = digits.toString().padStart(4, '0');
  const decimals = text.slice(-3).replace(/0+$/, '');
  const grouped = text.slice(0, -3).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${sign}${grouped}${decimals ? `.${decimals}` : ''}`;
}

/** A value in percent as written on the chart and in the table: "12.3%". */
export function formatPercent(value: number): string {
  return `${formatNumber(Math.round(value * 10) / 10)}%`;
}

/** Most value-axis ticks before a fixed step is widened. */
export const MAX_VALUE_TICKS = 10;

/** A 1, 2 or 5 times a power of ten, at least 1 (counts are integers). */
export function niceStep(raw: number): number {
  if (!(raw > 1)) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  const mantissa = raw / power;
  return (mantissa <= 1 ? 1 : mantissa <= 2 ? 2 : mantissa <= 5 ? 5 : 10) * power;
}

/**
 * Ticks of the value axis from 0 to at least `max`, with at most `maxTicks` steps. A chart's fixed
 * step (500, 1000, 5000, 10000 or 25000) is used when it gives between 2 and `maxTicks` steps; it is
 * widened by 2, 5, 10, … when it would crowd the axis, and replaced by an automatic step when the data
 * are too small for it. An automatic step is about a fifth of `max`, widened the same way.
 */
export function valueTicks(max: number, step?: number, maxTicks: number = MAX_VALUE_TICKS): number[] {
  if (!(max > 0)) return [0, 1];
  const most = Math.max(1, maxTicks);
  let size: number;
  if (step && max / step >= 2) {
    size = step;
    for (let k = 0; max / size > most; k++) size = step * [2, 5, 10][k % 3]! * 10 ** Math.floor(k / 3);
  } else {
    size = niceStep(max / Math.min(5, most));
    while (Math.ceil(max / size) > most) size = niceStep(size * 1.5);
  }
  const top = Math.ceil(max / size) * size;
  const ticks: number[] = [];
  for (let t = 0; t <= top + size / 2; t += size) ticks.push(t);
  return ticks;
}

/** Every n-th label, so that labels of about `labelWidth` px fit in `width` px. */
export function thinLabels<T>(labels: readonly T[], width: number, labelWidth: number): T[] {
  const fit = Math.max(1, Math.floor(width / labelWidth));
  const every = Math.max(1, Math.ceil(labels.length / fit));
  return labels.filter((_, i) => i % every === 0);
}
