import { describe, expect, it } from 'vitest';
import { CHARTS } from '@pdb-stats/charts';
import {
  chartDataParams,
  correctedChartParams,
  readGrowthLook,
  readPlotState,
  withParent,
  withSeriesToggled,
  withVariant,
  withView,
} from './plot-state.ts';

describe(readPlotState.name, () => {
  it('falls back to the default view and reads hidden series and the variant', () => {
    const chart = CHARTS['unique-protein-sequences'];
    expect(readPlotState(new URLSearchParams(''), chart, 'cumulative')).toEqual({
      view: 'cumulative',
      hidden: [],
    });
    expect(
      readPlotState(new URLSearchParams('view=annual&identity=50&hide=a&hide=b%2Fc'), chart, 'cumulative'),
    ).toEqual({
      view: 'annual',
      hidden: ['a', 'b/c'],
      variant: '50',
    });
    expect(readPlotState(new URLSearchParams('view=weekly'), CHARTS.resolution, 'cumulative').view).toBe(
      'cumulative',
    );
  });

  it('a trend chart reads its own views, quartiles by default, never a growth view', () => {
    const chart = CHARTS['resolution-by-year'];
    const read = (query: string) => readPlotState(new URLSearchParams(query), chart, 'annual').view;
    expect(read('')).toBe('quartiles');
    expect(read('view=shares')).toBe('shares');
    expect(read('view=annual')).toBe('quartiles');
    expect(read('view=shares&hide=1-1.2')).toBe('shares');
    expect(
      readPlotState(new URLSearchParams('view=shares'), CHARTS['overall-structures'], 'annual').view,
    ).toBe('annual');
    expect(withView(new URLSearchParams('view=shares'), 'quartiles', 'quartiles').toString()).toBe('');
  });
});

describe('URL updates', () => {
  it('keeps the default view out of the URL', () => {
    expect(withView(new URLSearchParams('view=annual'), 'cumulative', 'cumulative').toString()).toBe('');
    expect(withView(new URLSearchParams(''), 'annual', 'cumulative').toString()).toBe('view=annual');
  });

  it('toggles a series', () => {
    const hidden = withSeriesToggled(new URLSearchParams('view=annual'), 'Protein/NA');
    expect(hidden.getAll('hide')).toEqual(['Protein/NA']);
    expect(withSeriesToggled(hidden, 'Protein/NA').getAll('hide')).toEqual([]);
    expect(hidden.get('view')).toBe('annual');
  });

  it('sets a variant and forgets hidden series of the old one', () => {
    const chart = CHARTS['source-organism'];
    expect(withVariant(new URLSearchParams('hide=x'), chart, 'synthetic').toString()).toBe(
      'source=synthetic',
    );
    expect(withVariant(new URLSearchParams('source=synthetic'), chart, 'natural').toString()).toBe('');
  });
});

describe(chartDataParams.name, () => {
  it('names the view of a growth chart always, with the hidden series and the variant', () => {
    const chart = CHARTS['unique-protein-sequences'];
    const state = readPlotState(new URLSearchParams('identity=50&hide=a&scale=log'), chart, 'cumulative');
    expect(chartDataParams(state, chart).toString()).toBe('view=cumulative&hide=a&identity=50');
  });

  it('gives a distribution chart no view, and leaves out what does not change the data', () => {
    const state = readPlotState(
      new URLSearchParams('view=annual&scheme=pastel'),
      CHARTS.resolution,
      'cumulative',
    );
    expect(chartDataParams(state, CHARTS.resolution).toString()).toBe('');
  });
});

describe('the level of a drilled-down chart (parent)', () => {
  const chart = CHARTS['enzyme-classification'];

  it('round trips through the URL: opened, read back, sent to the chart data API, closed', () => {
    for (const parent of ['3', '3.4', '3.4.21']) {
      const opened = withParent(new URLSearchParams('query=%7B%7D&scale=log'), chart, parent);
      expect(opened.get('parent')).toBe(parent);
      // Other parameters (a scope, the scale) are kept.
      expect(opened.get('query')).toBe('{}');
      expect(opened.get('scale')).toBe('log');
      const state = readPlotState(new URLSearchParams(opened.toString()), chart, 'cumulative');
      expect(state.parent).toBe(parent);
      expect(chartDataParams(state, chart).get('parent')).toBe(parent);
      expect(withParent(opened, chart, undefined).toString()).toBe('query=%7B%7D&scale=log');
    }
  });

  it('is read only on charts with levels', () => {
    expect(readPlotState(new URLSearchParams('parent=3'), CHARTS.resolution, 'cumulative')).toEqual({
      view: 'cumulative',
      hidden: [],
    });
    expect(withParent(new URLSearchParams('a=1'), CHARTS.resolution, '3').toString()).toBe('a=1');
  });

  it('keeps a value it cannot draw, for the page to say so', () => {
    expect(readPlotState(new URLSearchParams('parent=Hydrolases'), chart, 'cumulative').parent).toBe(
      'Hydrolases',
    );
  });
});

describe('the events switch of a growth chart', () => {
  const chart = CHARTS['overall-structures'];
  it('reads the usual spellings of on and off, and sends an address to the one written', () => {
    for (const on of ['on', '1', 'true', 'TRUE', 'yes'])
      expect(readGrowthLook(new URLSearchParams(`events=${on}`)).events).toBe(true);
    for (const off of ['0', 'off', 'false', 'no', 'bogus'])
      expect(readGrowthLook(new URLSearchParams(`events=${off}`)).events).toBe(false);
    expect(correctedChartParams(new URLSearchParams('view=annual&events=1'), chart)?.toString()).toBe(
      'view=annual&events=on',
    );
    expect(correctedChartParams(new URLSearchParams('events=false&view=annual'), chart)?.toString()).toBe(
      'view=annual',
    );
    expect(correctedChartParams(new URLSearchParams('events=bogus'), chart)?.toString()).toBe('');
    expect(correctedChartParams(new URLSearchParams('view=annual&events=on'), chart)).toBeUndefined();
  });
});
