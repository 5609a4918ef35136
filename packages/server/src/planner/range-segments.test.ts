import { describe, expect, it } from 'vitest';
import { rangesOverlap, segmentsOf, sortIntervals } from './range-segments.ts';

describe(`${rangesOverlap.name}`, () => {
  it('contiguous, gapped or reordered ranges do not overlap', () => {
    expect(rangesOverlap([{ to: 1 }, { from: 1, to: 2 }, { from: 2 }])).toBe(false);
    expect(rangesOverlap([{ from: 5 }, { from: 1, to: 2 }, { to: 0 }])).toBe(false);
    expect(rangesOverlap([{ from: '2020-01-01T00:00:00.000Z', to: '2021-01-01T00:00:00.000Z' }])).toBe(false);
  });

  it('shared stretches, open ends and cumulative ranges overlap', () => {
    expect(rangesOverlap([{ to: 2 }, { from: 1, to: 3 }])).toBe(true);
    expect(rangesOverlap([{ from: 1 }, { from: 5, to: 6 }])).toBe(true);
    expect(rangesOverlap([{ to: 5 }, { to: 6 }])).toBe(true);
    expect(
      rangesOverlap([
        { from: 1, to: 2 },
        { from: 1, to: 3 },
      ]),
    ).toBe(true);
  });
});

describe(`${sortIntervals.name}`, () => {
  it('sorts by lower bound, open lower bounds first', () => {
    expect(
      sortIntervals([
        { from: 3, key: 0 },
        { to: 1, key: 1 },
        { from: 1, to: 3, key: 2 },
      ]).map((i) => i.key),
    ).toEqual([1, 2, 0]);
  });
});

describe(`${segmentsOf.name}`, () => {
  it('cuts cumulative ranges into the stretches between their bounds', () => {
    const { segments, members } = segmentsOf([
      { from: 2000, to: 2001 },
      { from: 2000, to: 2002 },
      { from: 2000, to: 2003 },
    ]);
    expect(segments).toEqual([
      { from: 2000, to: 2001, key: 0 },
      { from: 2001, to: 2002, key: 1 },
      { from: 2002, to: 2003, key: 2 },
    ]);
    expect(members).toEqual([[0], [0, 1], [0, 1, 2]]);
  });

  it('tells how the segments of one object may be combined', () => {
    expect(segmentsOf([{ to: 1 }, { to: 2 }]).combine).toBe('first');
    expect(segmentsOf([{ from: 1 }, { from: 2 }]).combine).toBe('last');
    expect(segmentsOf([{ to: 2 }, { from: 1, to: 3 }]).combine).toBe('any');
    expect(
      segmentsOf([
        { from: 0, to: 2 },
        { from: 0, to: 3 },
        { from: 5, to: 6 },
      ]).combine,
    ).toBe('any');
  });

  it('keeps open ends and drops stretches no range covers', () => {
    const { segments, members } = segmentsOf([{ to: 20 }, { from: 10, to: 30 }, { from: 40 }]);
    expect(segments).toEqual([
      { to: 10, key: 0 },
      { from: 10, to: 20, key: 1 },
      { from: 20, to: 30, key: 2 },
      { from: 40, key: 3 },
    ]);
    expect(members).toEqual([[0, 1], [1, 2], [3]]);
    expect(segmentsOf([{ to: 20 }, { from: 10, to: 30 }, { from: 40 }]).combine).toBe('any');
  });

  it('gives the same ranges asked again the same frozen segmentation, and other bounds their own', () => {
    const years = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ to: `${2000 + i}-01-01T00:00:00.000Z` }));
    const first = segmentsOf(years(50));
    expect(segmentsOf(years(50))).toBe(first);
    expect(Object.isFrozen(first.segments[0])).toBe(true);
    expect(Object.isFrozen(first.members[49])).toBe(true);
    expect(segmentsOf(years(49))).not.toBe(first);
    // A number and a date, or an open bound and an infinite one, are different ranges.
    expect(segmentsOf([{ to: 1 }, { to: 2 }]).segments).toEqual([
      { to: 1, key: 0 },
      { from: 1, to: 2, key: 1 },
    ]);
    expect(segmentsOf([{ to: '1' }, { to: 2 }])).not.toBe(segmentsOf([{ to: 1 }, { to: 2 }]));
    expect(segmentsOf([{ from: 1 }, { from: 2 }]).segments.at(-1)).toEqual({ from: 2, key: 1 });
    expect(
      segmentsOf([
        { from: 1, to: Infinity },
        { from: 2, to: Infinity },
      ]).segments.at(-1),
    ).toEqual({
      from: 2,
      to: Infinity,
      key: 1,
    });
  });
});
