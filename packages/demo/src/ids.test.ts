import { describe, expect, it } from 'vitest';
import { COMMON_COMPONENTS } from './vocabulary/chemistry.ts';
import {
  ACCESSION_PATTERN,
  AccessionFactory,
  asymId,
  COMPONENT_ID_PATTERN,
  ComponentIds,
  ENTRY_ID_PATTERN,
  entryId,
  LEGACY_ID_CAPACITY,
} from './ids.ts';
import { Random } from './random.ts';

describe('identifiers', () => {
  it('gives every entry a distinct PDB id, extended ids past the 4-character space', () => {
    const total = LEGACY_ID_CAPACITY + 5000;
    const ids = Array.from({ length: total }, (_, i) => entryId(i, total));
    expect(new Set(ids).size).toBe(total);
    expect(ids.filter((id) => !ENTRY_ID_PATTERN.test(id))).toEqual([]);
    expect(entryId(0, total)).toMatch(/^1[0-9A-Z]{3}$/);
    expect(entryId(total - 1, total)).toMatch(/^PDB_0001[1-9][0-9A-Z]{3}$/);
    expect(entryId(249_999, 250_000)).toMatch(/^9/);
  });

  it('names chains A..Z, then AA, BA, ...', () => {
    expect([0, 1, 25, 26, 27, 51, 52].map(asymId)).toEqual(['A', 'B', 'Z', 'AA', 'BA', 'ZA', 'AB']);
    const ids = new Set(Array.from({ length: 2000 }, (_, i) => asymId(i)));
    expect(ids.size).toBe(2000);
  });

  it('gives made-up components distinct ids, never a real common one, 5 characters past 3', () => {
    const taken = new Set(COMMON_COMPONENTS.map((c) => c.id));
    const ids = new ComponentIds(taken);
    const made = Array.from({ length: 60_000 }, () => ids.take());
    expect(new Set(made).size).toBe(made.length);
    expect(made.filter((id) => taken.has(id) || !COMPONENT_ID_PATTERN.test(id))).toEqual([]);
    expect(made.some((id) => id.length === 5)).toBe(true);
  });

  it('makes UniProt accessions in the real formats', () => {
    const factory = new AccessionFactory(new Random(3));
    factory.reserve('P69905');
    const accessions = Array.from({ length: 20_000 }, () => factory.take());
    expect(new Set(accessions).size).toBe(accessions.length);
    expect(accessions.filter((a) => !ACCESSION_PATTERN.test(a))).toEqual([]);
    expect(accessions).not.toContain('P69905');
    expect(accessions.some((a) => a.length === 10)).toBe(true);
  });
});
