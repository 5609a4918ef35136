import { describe, expect, it } from 'vitest';
import { CHART_LIST } from '@pdb-stats/charts';
import { DEFAULT_TITLE, PAGE_ROUTES, activeCategory, chartPath, documentTitle } from './page-routes.ts';

describe(documentTitle.name, () => {
  it('is the product title on home', () => {
    expect(documentTitle('/')).toBe('PDB Statistics');
  });

  it('adds the display title of the matching route entry elsewhere', () => {
    expect(documentTitle('/growth/overall-structures')).toBe(
      'PDB Statistics: PDB Data Growth by Released Structures',
    );
    expect(documentTitle('/distribution/resolution/')).toBe(
      'PDB Statistics: PDB Data Distribution by Resolution',
    );
    expect(documentTitle('/other-statistics')).toBe('PDB Statistics: Other Statistics');
    expect(documentTitle('/pdb-data-snapshot')).toBe('PDB Statistics: PDB Data Snapshot');
  });

  it('uses the default title when no entry matches, including a chart under the wrong category', () => {
    expect(documentTitle('/nowhere')).toBe(DEFAULT_TITLE);
    expect(documentTitle('/distribution/overall-structures')).toBe(DEFAULT_TITLE);
  });

  it('has one entry per chart and page', () => {
    expect(PAGE_ROUTES).toHaveLength(CHART_LIST.length + 3);
    for (const chart of CHART_LIST) expect(chartPath(chart)).toBe(`/${chart.category}/${chart.key}`);
  });
});

describe(activeCategory.name, () => {
  it('is the category the path starts with', () => {
    expect(activeCategory('/growth/experimental-method')).toBe('growth');
    expect(activeCategory('/distribution/taxonomy')).toBe('distribution');
    expect(activeCategory('/')).toBeUndefined();
  });
});
