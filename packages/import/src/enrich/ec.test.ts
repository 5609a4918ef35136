import { describe, expect, it } from 'vitest';
import { ecDepth, ecLineage, ecLineages, isEcNumber } from './ec.ts';

describe('EC numbers', () => {
  it('recognises full, partial and preliminary EC numbers', () => {
    for (const ec of ['3.4.21.4', '3.4.21.-', '1.-.-.-', '3.4.21.n1', '3', '2.7'])
      expect(isEcNumber(ec)).toBe(true);
    for (const ec of ['', 'EC 3.4', '3.4.21.4.1', '3.-.21.4', '-', '3..4', 'a.b.c.d'])
      expect(isEcNumber(ec)).toBe(false);
  });

  it('gives a lineage record per assigned level', () => {
    expect(ecLineage('3.4.21.4')).toEqual([
      { id: '3', depth: 1 },
      { id: '3.4', depth: 2 },
      { id: '3.4.21', depth: 3 },
      { id: '3.4.21.4', depth: 4 },
    ]);
    expect(ecLineage('1.14.11.-')).toEqual([
      { id: '1', depth: 1 },
      { id: '1.14', depth: 2 },
      { id: '1.14.11', depth: 3 },
    ]);
    expect(ecLineage('not an EC')).toEqual([]);
    expect(ecDepth('3.1.-.-')).toBe(2);
  });

  it('merges the lineages of several EC numbers, each level once', () => {
    expect(ecLineages(['3.1.13.-', '3.1.26.-']).map((r) => r.id)).toEqual(['3', '3.1', '3.1.13', '3.1.26']);
  });
});
