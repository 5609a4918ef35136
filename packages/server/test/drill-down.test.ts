import {
  CHARTS,
  chartFacetRequest,
  chartTable,
  idOfNamedLabel,
  resolveChart,
  toCsv,
  toDistributionData,
  type ResolvedChart,
} from '@pdb-stats/charts';
import type { QueryNode, SearchResponse } from '@pdb-stats/search-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, search, startArchiveFixture, type ArchiveFixture } from './support/archive-fixture.ts';
import { barsAgainstSearches, comparedBarsAgainstSearches } from './support/chart-bars.ts';

/**
 * Drill-down on the EC classes of a generated archive, over the service: every level below every
 * class that has one, down to the serial numbers, keeps the product's promise (each bar is the count
 * of its click-through search, also over a scope), its bars are exactly the children of the class
 * opened, and the chart data API gives the page's table of that level.
 */

const NOW = new Date('2026-07-01T00:00:00Z');
const EC = CHARTS['enzyme-classification'];
const hierarchy = EC.hierarchy!;
let fixture: ArchiveFixture;
beforeAll(async () => {
  fixture = await startArchiveFixture(600, 23);
});
afterAll(() => fixture?.close());

const answer = async (chart: ResolvedChart, scope?: QueryNode) =>
  (await search(fixture.app, chartFacetRequest(chart.query, { now: NOW, scope }))) as SearchResponse | null;

const ecIdIs = (id: string): QueryNode => ({
  type: 'terminal',
  service: 'text',
  parameters: { attribute: 'rcsb_polymer_entity.rcsb_ec_lineage.id', operator: 'exact_match', value: id },
});

/** Every class with a level below, found by opening each bar from the top down. */
async function openableClasses(): Promise<string[]> {
  const found: string[] = [];
  let level: (string | undefined)[] = [undefined];
  while (level.length > 0) {
    const next: string[] = [];
    for (const parent of level) {
      const chart = resolveChart(EC, undefined, parent);
      const { bars } = toDistributionData(await answer(chart), chart.query);
      for (const bar of bars) {
        const child = hierarchy.childOf(bar.label, parent);
        if (child !== undefined) next.push(child);
      }
    }
    found.push(...next);
    level = next;
  }
  return found;
}

let classes: string[] = [];
beforeAll(async () => {
  classes = await openableClasses();
});

describe('every level below an EC class', () => {
  it('reaches classes of depth 1, 2 and 3 under several top classes', () => {
    const depths = new Set(classes.map((c) => c.split('.').length));
    expect([...depths].sort()).toEqual([1, 2, 3]);
    expect(new Set(classes.map((c) => c.split('.')[0])).size).toBeGreaterThanOrEqual(3);
  });

  it('each bar equals the count of its click-through search, at every level', async () => {
    let drawn = 0;
    for (const parent of classes) {
      const chart = resolveChart(EC, undefined, parent);
      const { bars, nonZero, mismatches } = await barsAgainstSearches(fixture.app, chart, NOW);
      // An incomplete EC number (3.4.24.-) has a class with nothing below it: an empty level.
      if (bars > 0) drawn++;
      expect(nonZero).toBe(bars);
      expect(mismatches, `level below ${parent}: bars that disagree with their search`).toEqual([]);
    }
    expect(drawn).toBeGreaterThan(classes.length / 2);
  });

  it('its bars are the children of the class opened, each counting every entry of that child', async () => {
    let otherParentsLeft = 0;
    let named = 0;
    for (const parent of classes) {
      const chart = resolveChart(EC, undefined, parent);
      const response = await answer(chart);
      const raw = response?.facets?.find((f) => f.name === 'Enzyme Classification');
      const rawLabels = raw && 'buckets' in raw ? raw.buckets.map((b) => b.label) : [];
      const { bars } = toDistributionData(response, chart.query);
      const depth = parent.split('.').length + 1;
      for (const bar of bars) {
        const id = idOfNamedLabel(bar.label);
        expect(id.startsWith(`${parent}.`), `${bar.label} under ${parent}`).toBe(true);
        expect(id.split('.')).toHaveLength(depth);
        if (bar.label !== id) named++;
        // A child's entries all hold its parent: the count does not depend on the parent's condition.
        expect(bar.value).toBe(await count(fixture.app, { query: ecIdIs(id), return_type: 'entry' }));
      }
      otherParentsLeft += rawLabels.length - bars.length;
    }
    // Entries with enzymes of several classes bring other classes' children into the facet: the
    // archive has such entries, so the filter is exercised.
    expect(otherParentsLeft).toBeGreaterThan(0);
    // The demo archive names its classes, and most bars carry their name.
    expect(named).toBeGreaterThan(0);
  });

  it('over a scope, each bar equals the count of scope AND bar', async () => {
    const scope: QueryNode = {
      type: 'terminal',
      service: 'text',
      parameters: { attribute: 'rcsb_entry_info.resolution_combined', operator: 'less', value: 2.5 },
    };
    let nonZeroBars = 0;
    for (const parent of classes.slice(0, 12)) {
      const chart = resolveChart(EC, undefined, parent);
      const { nonZero, mismatches } = await barsAgainstSearches(fixture.app, chart, NOW, scope);
      nonZeroBars += nonZero;
      expect(mismatches, `level below ${parent}`).toEqual([]);
    }
    expect(nonZeroBars).toBeGreaterThan(0);
  });
});

describe('cohorts compared at a drilled-down level', () => {
  it('every bar of every cohort equals the count of that cohort AND that bar', async () => {
    const cohorts: QueryNode[] = [
      {
        type: 'terminal',
        service: 'text',
        parameters: { attribute: 'rcsb_entry_info.resolution_combined', operator: 'less', value: 2.2 },
      },
      {
        type: 'terminal',
        service: 'text',
        parameters: {
          attribute: 'rcsb_entry_info.resolution_combined',
          operator: 'greater_or_equal',
          value: 2.2,
        },
      },
    ];
    let nonZeroBars = 0;
    for (const parent of classes.filter((c) => c.split('.').length <= 2)) {
      const chart = resolveChart(EC, undefined, parent);
      const { nonZero, mismatches } = await comparedBarsAgainstSearches(fixture.app, chart, NOW, cohorts);
      nonZeroBars += nonZero;
      expect(mismatches, `level below ${parent}`).toEqual([]);
    }
    expect(nonZeroBars).toBeGreaterThan(0);
  });
});

describe('the chart data API of a drilled-down level', () => {
  it('gives the rows of the page table of that level, and names the level', async () => {
    for (const parent of classes.filter((c) => c.split('.').length <= 2).slice(0, 4)) {
      const chart = resolveChart(EC, undefined, parent);
      const expected = chartTable(chart, await answer(chart), { view: 'cumulative', hidden: [] });
      expect(expected.rows.length).toBeGreaterThan(0);
      const csv = await fixture.app.inject({
        url: `/api/charts/enzyme-classification.csv?parent=${encodeURIComponent(parent)}`,
      });
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.body).toBe(toCsv(expected));
      expect(csv.headers['content-disposition']).toContain(`enzyme-classification-level-${parent}-`);
      const json = await fixture.app.inject({
        url: `/api/charts/enzyme-classification.json?parent=${parent}`,
      });
      expect(json.json()).toMatchObject({ parent, title: chart.title, rows: expected.rows });
    }
  });

  it.each([
    ['enzyme-classification', '3.4.21.4', 'parent: must be an EC class with a level below it'],
    ['enzyme-classification', 'Hydrolases', 'got "Hydrolases"'],
    ['enzyme-classification', '', 'parent: must be an EC class'],
    ['enzyme-classification', '9', 'got "9"'],
    ['resolution', '3', 'parent: chart "resolution" has no levels to open'],
  ])('400 for %s?parent=%s, naming the parameter', async (key, value, message) => {
    const response = await fixture.app.inject({
      url: `/api/charts/${key}.csv?parent=${encodeURIComponent(value)}`,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, field: 'parent' });
    expect(response.json().message).toContain(message);
  });
});
