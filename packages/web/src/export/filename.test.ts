import { describe, expect, it } from 'vitest';
import { scopeFileParts, scopeTag } from '@pdb-stats/charts';
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

  it('names split bars in percent of each bar by the scope’s tag and percent, as the chart data API does', () => {
    const node: QueryNode = {
      type: 'terminal',
      service: 'text',
      parameters: { attribute: 'exptl.method', operator: 'exact_match', value: 'NMR' },
    };
    const scope = { node, summary: 'Method “NMR”' };
    expect(exportFileName(distributionInput('journal', [], { scope, measure: 'percent' }), 'csv')).toBe(
      `journal-${scopeTag(node)}-percent-2026-06-30.csv`,
    );
    expect(exportFileName(distributionInput('journal', [], { measure: 'percent' }), 'csv')).toBe(
      'journal-percent-2026-06-30.csv',
    );
  });

  it('names a compared chart by its cohorts and the measure, as the chart data API does', () => {
    const method = (value: string): QueryNode => ({
      type: 'terminal',
      service: 'text',
      parameters: { attribute: 'exptl.method', operator: 'exact_match', value },
    });
    const scope = {
      cohorts: [{ node: method('X-RAY DIFFRACTION'), label: 'X-ray' }, { node: method('NMR') }],
      measure: 'percent' as const,
    };
    const [tag] = scopeFileParts(scope);
    expect(tag).toMatch(/^cohorts-[0-9a-f]{8}$/);
    const compared = (s: typeof scope) =>
      exportFileName(distributionInput('journal', [], { comparison: { scope: s, cohorts: [] } }), 'json');
    expect(compared(scope)).toBe(`journal-${tag}-percent-2026-06-30.json`);
    // Other cohorts, other labels or counts: another name.
    expect(compared({ ...scope, measure: 'count' as never })).toBe(`journal-${tag}-2026-06-30.json`);
    expect(
      compared({ ...scope, cohorts: [scope.cohorts[0]!, { node: method('NMR'), label: 'NMR' }] }),
    ).not.toBe(compared(scope));
    // Percent of the whole archive: no cohort, the measure alone.
    expect(compared({ cohorts: [], measure: 'percent' })).toBe('journal-percent-2026-06-30.json');
  });
});
