import { CHARTS, CHART_LIST } from './registry.ts';
import { describe, expect, it } from 'vitest';
import { activeKind, chartPath, matchRoute } from './pages.ts';

describe(matchRoute.name, () => {
  it('finds every chart at the path of its kind, with or without a trailing slash', () => {
    for (const chart of CHART_LIST) {
      expect(chartPath(chart)).toBe(`/${chart.kind}/${chart.key}`);
      expect(matchRoute(chartPath(chart))).toEqual({ page: 'chart', chart });
      expect(matchRoute(`${chartPath(chart)}/`)).toEqual({ page: 'chart', chart });
    }
  });

  it('finds the embedded copy of every chart page under /embed', () => {
    for (const chart of CHART_LIST)
      expect(matchRoute(`/embed${chartPath(chart)}`)).toEqual({ page: 'embed', chart });
    expect(matchRoute('/embed/distribution/experimental-method')).toBeUndefined();
    expect(matchRoute('/other/growth/experimental-method')).toBeUndefined();
  });

  it('finds the fixed pages', () => {
    expect(matchRoute('/')).toEqual({ page: 'home' });
    expect(matchRoute('/other-statistics/')).toEqual({ page: 'otherStatistics' });
    expect(matchRoute('/pdb-data-snapshot')).toEqual({ page: 'snapshot' });
  });

  it('finds the entry page of any one segment under /entry, decoded', () => {
    expect(matchRoute('/entry/1ABC')).toEqual({ page: 'entry', id: '1ABC' });
    expect(matchRoute('/entry/1ABC/')).toEqual({ page: 'entry', id: '1ABC' });
    expect(matchRoute('/entry/a%20b')).toEqual({ page: 'entry', id: 'a b' });
    expect(matchRoute('/entry/%E0%A4%A')).toEqual({ page: 'entry', id: '%E0%A4%A' });
    expect(matchRoute('/entry')).toBeUndefined();
    expect(matchRoute('/entry/1ABC/x')).toBeUndefined();
  });

  it('finds nothing for unknown charts, a chart under another kind, or deeper paths', () => {
    for (const path of [
      '/nowhere',
      '/growth/nothing',
      '/distribution/experimental-method',
      '/growth/resolution/x',
    ])
      expect(matchRoute(path), path).toBeUndefined();
    expect(CHARTS['experimental-method'].kind).toBe('growth');
  });
});

describe(activeKind.name, () => {
  it('is the kind the path starts with', () => {
    expect(activeKind('/growth/experimental-method')).toBe('growth');
    expect(activeKind('/distribution/taxonomy')).toBe('distribution');
    expect(activeKind('/')).toBeUndefined();
    expect(activeKind('/other-statistics')).toBeUndefined();
  });
});
