import type { AttributeSpec } from './types.ts';

/** A value read as its attribute's type, or `invalid` when the text cannot be read so. */
export type Converted = { value: string | number } | 'missing' | 'invalid';

const INTEGER = /^[+-]?\d+$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * Reads one value as the attribute's type. Text comes from the file; derived values are already
 * typed and pass through. Dates keep their `YYYY-MM-DD` part (some files add a time).
 */
export function convertValue(raw: unknown, type: AttributeSpec['type']): Converted {
  if (raw === undefined || raw === null || raw === '') return 'missing';
  switch (type) {
    case 'string':
      return { value: typeof raw === 'string' ? raw : String(raw) };
    case 'integer': {
      if (typeof raw === 'number') return Number.isInteger(raw) ? { value: raw } : 'invalid';
      const text = String(raw).trim();
      return INTEGER.test(text) ? { value: Number.parseInt(text, 10) } : 'invalid';
    }
    case 'number': {
      const value = typeof raw === 'number' ? raw : Number(String(raw).trim() || Number.NaN);
      // BinaryCIF stores decimals as scaled integers: 1.7 comes back as 1.7000000000000002. No
      // mmCIF value has 12 significant digits, so rounding there gives the written number back.
      return Number.isFinite(value) ? { value: Number(value.toPrecision(12)) } : 'invalid';
    }
    case 'date': {
      const match = DATE.exec(String(raw).trim());
      if (!match) return 'invalid';
      const [, year, month, day] = match;
      const valid = Number(month) >= 1 && Number(month) <= 12 && Number(day) >= 1 && Number(day) <= 31;
      return valid ? { value: `${year}-${month}-${day}` } : 'invalid';
    }
  }
}
