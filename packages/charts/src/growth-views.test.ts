import { describe, expect, it } from 'vitest';
import { CHART_EVENTS, eventsInYears } from './annotations.ts';
import { readYearWindow, windowGrowthData } from './growth-views.ts';

const DATA = {
  years: ['1990', '1991', '1992', '1993'],
  series: [
    { label: 'X-ray', annual: [1, 2, 3, 4], cumulative: [1, 3, 6, 10] },
    { label: 'NMR', annual: [0, 1, 0, 2], cumulative: [0, 1, 1, 3] },
  ],
};

describe(windowGrowthData.name, () => {
  it('keeps the years inside the window, cumulative totals still counting the years before it', () => {
    expect(windowGrowthData(DATA, { from: 1991, to: 1992 })).toEqual({
      years: ['1991', '1992'],
      series: [
        { label: 'X-ray', annual: [2, 3], cumulative: [3, 6] },
        { label: 'NMR', annual: [1, 0], cumulative: [1, 1] },
      ],
    });
  });

  it('takes an open end as the data’s own, and no window as all', () => {
    expect(windowGrowthData(DATA, { from: 1993 }).years).toEqual(['1993']);
    expect(windowGrowthData(DATA, { to: 1990 }).years).toEqual(['1990']);
    expect(windowGrowthData(DATA, {})).toBe(DATA);
    expect(windowGrowthData(DATA, { from: 2000 }).years).toEqual([]);
  });
});

describe(readYearWindow.name, () => {
  it('reads four-digit years, ignores anything else, and orders the ends', () => {
    expect(readYearWindow('1990', '2020')).toEqual({ from: 1990, to: 2020 });
    expect(readYearWindow('2020', '1990')).toEqual({ from: 1990, to: 2020 });
    expect(readYearWindow('19x0', null)).toEqual({});
    expect(readYearWindow(null, '2001')).toEqual({ to: 2001 });
  });
});

describe(eventsInYears.name, () => {
  it('gives the events of the years shown, in date order', () => {
    expect(eventsInYears(['2012', '2013', '2014']).map((e) => e.label)).toEqual([
      'Cryo-EM at 3.4 Å',
      'PDBx/mmCIF standard',
    ]);
    expect(eventsInYears(['1980'])).toEqual([]);
  });

  it('has, for every event, a date, a short label, one line and an https source', () => {
    for (const event of CHART_EVENTS) {
      expect(event.date).toMatch(/^\d{4}(-\d{2}(-\d{2})?)?$/);
      expect(event.label.length).toBeLessThanOrEqual(20);
      expect(event.detail).not.toContain('\n');
      expect(event.source).toMatch(/^https:\/\//);
    }
  });
});
