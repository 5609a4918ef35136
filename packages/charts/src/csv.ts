import type { Cell, ChartTable } from './table.ts';

/** Text a spreadsheet would run as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field (RFC 4180): numbers as plain digits, text quoted when it holds a comma, quote or line
 * break. Text that a spreadsheet would take for a formula gets a leading apostrophe.
 */
export function csvField(cell: Cell): string {
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The table as CSV: one header row, then one row per bar; CRLF line ends (RFC 4180). */
export function toCsv(table: ChartTable): string {
  return [table.columns, ...table.rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
