import { describe, expect, it } from 'vitest';
import { scopeTag } from '@pdb-stats/charts';
import type { QueryNode } from '@pdb-stats/search-model';
import { exportFileName } from './filename.ts';
import { distributionInput, growthInput } from './test-fixtures.ts';

describe(`${exportFileName.name}`, () => {
  it('names key, view and date', () => {
    expect(exportFileName(growthInput(), 'csv')).toBe('experimental-method-annual-2026-06-30.csv');
    expect(exportFileName(distributionInput('journal', []), 'png')).toBe('journal-2026-06-30.png');
  });

  it('keeps only safe characters of a variant', () => {
    expect(exportFileName(distributionInput('journal', [], { variant: 'Top 25 / "all"' }), 'svg')).toBe(
      'journal-top-25-all-2026-06-30.svg',
    );
  });

  it('names a scoped chart by the tag of its scope, as the chart data API does', () => {
    const node: QueryNode = {
      type: 'terminal',
      service: 'text',
      parameters: { attribute: 'exptl.method', operator: 'exact_match', value: 'ELECTRON MICROSCOPY' },
    };
    const scope = { node, summary: 'Method “ELECTRON MICROSCOPY”' };
    expect(exportFileName(distributionInput('journal', [], { scope }), 'csv')).toBe(
      `journal-${scopeTag(node)}-2026-06-30.csv`,
    );
  });
});
