import type { ChartEvent } from '@pdb-stats/charts';
import { describe, expect, it } from 'vitest';
import { eventOffset, placeEventLabels } from './event-markers.tsx';

const event = (date: string, label: string): ChartEvent => ({ date, label, detail: '', source: 'https://x' });
const measure = (text: string) => text.length * 10;

describe(placeEventLabels.name, () => {
  it('puts labels that would overlap in rows above each other, and others in the first row', () => {
    const events = [event('2013', 'aaaaa'), event('2014', 'bbbbb'), event('2021', 'ccccc')];
    const xs: Record<string, number> = { '2013': 100, '2014': 120, '2021': 400 };
    const { placed, rows } = placeEventLabels(events, (e) => xs[e.date]!, 500, measure);
    expect(placed.map((p) => p.row)).toEqual([0, 1, 0]);
    expect(rows).toBe(2);
    expect(placed[0]).toMatchObject({ left: 75, width: 50 });
  });

  it('keeps labels inside the plot, and off what the first row already holds', () => {
    const { placed } = placeEventLabels([event('2025', 'dddddd')], () => 495, 500, measure, [[430, 500]]);
    expect(placed[0]).toMatchObject({ left: 440, row: 1 });
  });
});

describe(eventOffset.name, () => {
  it('is the share of the year gone by, the middle for a year alone', () => {
    expect(eventOffset(event('2014', ''))).toBe(0.5);
    expect(eventOffset(event('2021-01-01', ''))).toBe(0);
    expect(eventOffset(event('2021-07-22', ''))).toBeCloseTo(202 / 366, 5);
  });
});
