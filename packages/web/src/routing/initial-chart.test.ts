import { describe, expect, it } from 'vitest';
import { CHARTS, chartFacetRequest, resolveChart } from '@pdb-stats/charts';
import { initialChartQuery } from './initial-chart.ts';

const API = 'https://search.example';
const at = (pathname: string, search = '') => initialChartQuery(API, '/', { pathname, search });

describe(initialChartQuery.name, () => {
  it("asks for the chart page's own query, variant included", () => {
    expect(at('/distribution/resolution')?.queryKey).toEqual([
      'chart-data',
      'resolution',
      { searchApiUrl: API, request: chartFacetRequest(CHARTS.resolution.query) },
    ]);
    const fifty = resolveChart(CHARTS['unique-protein-sequences'], '50').query;
    expect(at('/growth/unique-protein-sequences/', '?view=annual&identity=50')?.queryKey[2]).toEqual({
      searchApiUrl: API,
      request: chartFacetRequest(fifty),
      variant: '50',
    });
  });

  it('asks for the scoped chart when the address names a scope', () => {
    const scope = {
      type: 'terminal',
      service: 'text',
      parameters: { attribute: 'exptl.method', operator: 'exact_match', value: 'ELECTRON MICROSCOPY' },
    } as const;
    const search = `?query=${encodeURIComponent(JSON.stringify(scope))}`;
    expect(at('/distribution/resolution', search)?.queryKey[2]).toEqual({
      searchApiUrl: API,
      request: chartFacetRequest(CHARTS.resolution.query, { scope }),
    });
  });

  it('asks for nothing off chart pages, for unknown charts or a chart under the wrong category', () => {
    for (const path of [
      '/',
      '/other-statistics',
      '/growth/nothing',
      '/distribution/experimental-method',
      '/growth/resolution/x',
    ])
      expect(at(path), path).toBeUndefined();
  });

  it('reads the path under the basename', () => {
    const under = (pathname: string) => initialChartQuery(API, '/stats', { pathname, search: '' });
    expect(under('/stats/distribution/resolution')).toBeDefined();
    expect(under('/distribution/resolution')).toBeUndefined();
  });
});
