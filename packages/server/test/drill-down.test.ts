import {
  CHARTS,
  chartFacetRequest,
  chartTable,
  idOfNamedLabel,
  readLevel,
  resolveChart,
  toCsv,
  toDistributionData,
  withMemberChecks,
  type ResolvedChart,
} from '@pdb-stats/charts';
import type { QueryNode, SearchResponse } from '@pdb-stats/search-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORGANISMS } from '@pdb-stats/demo';
import {
  count,
  list,
  search,
  startArchiveFixture,
  type ArchiveFixture,
  type Row,
} from './support/archive-fixture.ts';
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

describe('the breadcrumb of an EC level', () => {
  it('names each class above the level as its bar was named one level up', async () => {
    /** Each class's bar label, from the level it is a bar of. */
    const labels = new Map<string, string>();
    for (const parent of classes.filter((c) => c.split('.').length < 3)) {
      const chart = resolveChart(EC, undefined, parent);
      for (const bar of toDistributionData(await answer(chart), chart.query).bars)
        labels.set(idOfNamedLabel(bar.label), bar.label);
    }
    let named = 0;
    for (const parent of classes.filter((c) => c.split('.').length > 1)) {
      const chart = resolveChart(EC, undefined, parent);
      const { names } = toDistributionData(await answer(chart), chart.query);
      const ids = parent.split('.').map((_, i, parts) => parts.slice(0, i + 1).join('.'));
      for (const id of ids.slice(1)) {
        const label = labels.get(id)!;
        expect(names?.[id], `${id} above the level below ${parent}`).toBe(
          label === id ? undefined : label.slice(id.length + 1),
        );
        if (names?.[id] !== undefined) named++;
      }
    }
    expect(named).toBeGreaterThan(10);
  });
});

describe('which bars of an EC level open a level below', () => {
  it('exactly those whose level below has bars, told by the level’s own answer', async () => {
    const offered: string[] = [];
    const withheld: string[] = [];
    for (const parent of classes.filter((c) => c.split('.').length < 3)) {
      const chart = resolveChart(EC, undefined, parent);
      const response = await answer(chart);
      const level = readLevel(chart, [response], false);
      expect(level.problem).toBeUndefined();
      for (const bar of toDistributionData(response, chart.query).bars) {
        const child = hierarchy.childOf(bar.label, parent)!;
        const below = resolveChart(EC, undefined, child);
        const bars = toDistributionData(await answer(below), below.query).bars.length;
        expect(level.opens(bar.label), `${bar.label}: ${bars} bars below`).toBe(bars > 0 ? child : undefined);
        (bars > 0 ? offered : withheld).push(child);
      }
    }
    // The archive has incomplete EC numbers (3.4.24.-): classes with nothing below them.
    expect(withheld.length).toBeGreaterThan(0);
    expect(offered.length).toBeGreaterThan(withheld.length);
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
    ['enzyme-classification', '7.99', 'parent: no entry of the archive holds the EC class 7.99'],
  ])('400 for %s?parent=%s, naming the parameter', async (key, value, message) => {
    const response = await fixture.app.inject({
      url: `/api/charts/${key}.csv?parent=${encodeURIComponent(value)}`,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, field: 'parent' });
    expect(response.json().message).toContain(message);
  });
});

/**
 * Drill-down on the SCOP classes of the same archive: a sunid does not hold its ancestors, so each
 * level is read from the annotations holding the class opened (the annotation the scope of its type
 * and the id, the depth that of one lineage item). Every level keeps the product's promise, its bars
 * are the lineage items one deeper on those annotations, and the breadcrumb's names come with it.
 */
describe('every level below a SCOP class', () => {
  const SCOP = CHARTS['scop-classification'];
  const scopHierarchy = SCOP.hierarchy!;
  const scopAnnotationHolds = (id: string): QueryNode => ({
    type: 'group',
    logical_operator: 'and',
    nodes: [
      {
        type: 'terminal',
        service: 'text',
        parameters: {
          attribute: 'rcsb_polymer_instance_annotation.type',
          operator: 'exact_match',
          value: 'SCOP',
        },
      },
      {
        type: 'terminal',
        service: 'text',
        parameters: {
          attribute: 'rcsb_polymer_instance_annotation.annotation_lineage.id',
          operator: 'exact_match',
          value: id,
        },
      },
    ],
  });
  /** Every path opened from the top down, with the bar label each was opened from. */
  const opened = new Map<string, string>();
  beforeAll(async () => {
    let level: (string | undefined)[] = [undefined];
    while (level.length > 0) {
      const next: string[] = [];
      for (const parent of level) {
        const chart = resolveChart(SCOP, undefined, parent);
        const { bars } = toDistributionData(await answer(chart), chart.query);
        for (const bar of bars) {
          const child = scopHierarchy.childOf(bar.label, parent);
          if (child === undefined) continue;
          opened.set(child, bar.label);
          next.push(child);
        }
      }
      level = next;
    }
  });
  const paths = () => [...opened.keys()];

  it('opens classes, folds, superfamilies and families of several classes', () => {
    const depths = new Set(paths().map((p) => p.split('.').length));
    expect([...depths].sort()).toEqual([1, 2, 3, 4]);
    expect(new Set(paths().map((p) => p.split('.')[0])).size).toBeGreaterThanOrEqual(3);
  });

  it('each bar equals the count of its click-through search, at every level, whole and over a scope', async () => {
    const scope: QueryNode = {
      type: 'terminal',
      service: 'text',
      parameters: { attribute: 'rcsb_entry_info.resolution_combined', operator: 'less', value: 2.5 },
    };
    let drawn = 0;
    let scopedBars = 0;
    for (const parent of paths()) {
      const chart = resolveChart(SCOP, undefined, parent);
      const whole = await barsAgainstSearches(fixture.app, chart, NOW);
      // The demo archive's lineages end at the family: the level below one is empty.
      if (parent.split('.').length < 4) expect(whole.bars, `level below ${parent}`).toBeGreaterThan(0);
      else expect(whole.bars, `level below ${parent}`).toBe(0);
      if (whole.bars > 0) drawn++;
      expect(whole.nonZero).toBe(whole.bars);
      expect(whole.mismatches, `level below ${parent}: bars that disagree with their search`).toEqual([]);
      const scoped = await barsAgainstSearches(fixture.app, chart, NOW, scope);
      scopedBars += scoped.nonZero;
      expect(scoped.mismatches, `level below ${parent} over a scope`).toEqual([]);
    }
    expect(drawn).toBeGreaterThan(10);
    expect(scopedBars).toBeGreaterThan(0);
  });

  it('its bars are the lineage items one deeper, each counting every entry with a SCOP annotation holding it; the trail is named', async () => {
    let named = 0;
    let unnamed = 0;
    for (const parent of paths().filter((p) => p.split('.').length < 4)) {
      const chart = resolveChart(SCOP, undefined, parent);
      const data = toDistributionData(await answer(chart), chart.query);
      for (const bar of data.bars) {
        const id = idOfNamedLabel(bar.label);
        if (bar.label !== id) named++;
        else unnamed++;
        // A child's annotations all hold its parent: the count does not depend on the parent's condition.
        expect(bar.value).toBe(
          await count(fixture.app, { query: scopAnnotationHolds(id), return_type: 'entry' }),
        );
      }
      // The breadcrumb: the class by its SCOP name, each class below it by the name its bar had
      // (and by a name, when its bar had none).
      const trail = scopHierarchy.trail(parent, data.names);
      expect(trail.map((s) => s.value).at(-1)).toBe(parent);
      parent.split('.').forEach((id, i, ids) => {
        const label = opened.get(ids.slice(0, i + 1).join('.'))!;
        const name = i === 0 ? label : label.slice(label.indexOf(' ') + 1);
        expect(trail[i]!.label, `${parent} at depth ${i + 1}`).toBe(name === id ? data.names?.[id] : name);
        expect(trail[i]!.label).not.toBe(id);
      });
    }
    // A bar is named when its name is the only one all its entries hold: most are (an entry with
    // two folds of one class may hold both names in every entry of one of them; that bar stays a
    // sunid, and its level's breadcrumb still names it).
    expect(named).toBeGreaterThan(unnamed * 5);
  });

  it('the chart data API gives the page table of a level and its named title', async () => {
    for (const parent of paths()
      .filter((p) => p.split('.').length === 2)
      .slice(0, 3)) {
      const chart = resolveChart(SCOP, undefined, parent);
      const response = await answer(chart);
      const expected = chartTable(chart, response, { view: 'cumulative', hidden: [] });
      expect(expected.rows.length).toBeGreaterThan(0);
      const csv = await fixture.app.inject({ url: `/api/charts/scop-classification.csv?parent=${parent}` });
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.body).toBe(toCsv(expected));
      const json = await fixture.app.inject({ url: `/api/charts/scop-classification.json?parent=${parent}` });
      const title = json.json().title as string;
      expect(title).toBe(
        `${SCOP.title}: ${scopHierarchy
          .trail(parent, toDistributionData(response, chart.query).names)
          .map((s) => s.label)
          .join(' › ')}`,
      );
      // Named, not numbered: no sunid in the title.
      expect(title).not.toMatch(/\d{5}/);
      expect(json.json()).toMatchObject({ parent, rows: expected.rows });
    }
  });

  it('a bar opens a level below only where its level has one: never from the deepest level of the archive', async () => {
    let offered = 0;
    for (const parent of paths()) {
      const chart = resolveChart(SCOP, undefined, parent);
      const level = readLevel(chart, [await answer(chart)], false);
      expect(level.problem, parent).toBeUndefined();
      for (const [child, label] of opened) {
        if (!child.startsWith(`${parent}.`) || child.split('.').length !== parent.split('.').length + 1)
          continue;
        // The demo archive's lineages end at the family (depth 4): a superfamily's bars open nothing.
        const hasLevel = child.split('.').length < 4;
        expect(level.opens(label), `${label} under ${parent}`).toBe(hasLevel ? child : undefined);
        if (hasLevel) offered++;
      }
    }
    expect(offered).toBeGreaterThan(10);
  });

  it('a path whose sunids are not one lineage of the archive is refused with a 400 naming parent', async () => {
    const [classId, fold] = paths()
      .find((p) => p.split('.').length === 2)!
      .split('.');
    const otherClass = paths().find((p) => p.split('.').length === 1 && p !== classId)!;
    const superfamily = paths()
      .find((p) => p.startsWith(`${classId}.${fold}.`))!
      .split('.')[2]!;
    for (const [path, message] of [
      [`${classId}.999999`, 'no SCOP annotation of the archive holds 999999'],
      // A real fold under another class.
      [
        `${otherClass}.${fold}`,
        `the lineage of ${fold} is ${classId} › ${fold}, not ${otherClass} at depth 1`,
      ],
      // A real superfamily one level too high.
      [`${classId}.${superfamily}`, `not ${superfamily} at depth 2`],
    ]) {
      for (const format of ['csv', 'json']) {
        const response = await fixture.app.inject({
          url: `/api/charts/scop-classification.${format}?parent=${path}`,
        });
        expect(response.statusCode, `${path}: ${response.body}`).toBe(400);
        expect(response.json()).toMatchObject({ status: 400, field: 'parent' });
        expect(response.json().message).toContain(message);
      }
    }
    // Over a scope that holds nothing of the class, an empty level is drawn: the answer tells nothing.
    const none = JSON.stringify({
      type: 'terminal',
      service: 'text',
      parameters: { attribute: 'rcsb_entry_info.resolution_combined', operator: 'less', value: 0.01 },
    });
    const scoped = await fixture.app.inject({
      url: `/api/charts/scop-classification.csv?parent=${classId}.${fold}&query=${encodeURIComponent(none)}`,
    });
    expect(scoped.statusCode, scoped.body).toBe(200);
  });

  it('compared cohorts on a level: the JSON title names the classes, not their sunids', async () => {
    const path = paths().find((p) => p.split('.').length === 2)!;
    const cohort = (operator: string) =>
      encodeURIComponent(
        JSON.stringify({
          type: 'terminal',
          service: 'text',
          parameters: { attribute: 'rcsb_entry_info.resolution_combined', operator, value: 2.2 },
        }),
      );
    const json = await fixture.app.inject({
      url: `/api/charts/scop-classification.json?parent=${path}&query=${cohort('less')}&query=${cohort('greater_or_equal')}`,
    });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json().cohorts).toHaveLength(2);
    expect(json.json().title.startsWith(`${SCOP.title}: `)).toBe(true);
    expect(json.json().title).not.toMatch(/\d{5}/);
  });

  it.each([['51349.x'], ['Peptides'], ['1.2.3.4.5.6.7'], ['']])(
    '400 for scop-classification?parent=%s, naming the parameter',
    async (value) => {
      const response = await fixture.app.inject({
        url: `/api/charts/scop-classification.csv?parent=${encodeURIComponent(value)}`,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ status: 400, field: 'parent' });
      expect(response.json().message).toContain('path of SCOP sunids');
    },
  );
});

/**
 * Drill-down on the taxonomy groups of the same archive: the level below a group is its source
 * organisms. Source organisms are not nested-indexed, so the group's entries bring the organisms of
 * their other entities (a human antibody bound to a viral protein); a second search of the
 * organisms' entities keeps the group's own. Every bar is an organism of the group (by the
 * generator's taxonomy), counts every entry with it (its search is the organism alone), whole, over
 * a scope and for cohorts compared, and the chart data API gives the page's table.
 */
describe('the level below a taxonomy group', () => {
  const TAXONOMY = CHARTS.taxonomy;
  const taxonomy = TAXONOMY.hierarchy!;
  const GROUP = 'rcsb_entity_source_organism.ncbi_parent_scientific_name';
  const ORGANISM = 'rcsb_entity_source_organism.ncbi_scientific_name';
  const groupOf = new Map(ORGANISMS.map((o) => [o.name, o.parent]));
  /** A level's answer as the page completes it: the group's organisms kept by the second search. */
  const completed = async (chart: ResolvedChart, scope?: QueryNode) => {
    const [response = null] = await withMemberChecks(
      chart.query,
      [await answer(chart, scope)],
      (request) => search(fixture.app, request) as Promise<SearchResponse | null>,
    );
    return response;
  };
  let groups: string[] = [];
  beforeAll(async () => {
    const top = resolveChart(TAXONOMY);
    groups = toDistributionData(await answer(top), top.query)
      .bars.map((bar) => taxonomy.childOf(bar.label, undefined))
      .filter((group) => group !== undefined);
  });

  it('opens the groups of cellular life and of viruses; an organism opens nothing', async () => {
    expect(groups).toEqual(expect.arrayContaining(['Eukaryota', 'Bacteria', 'Archaea']));
    expect(groups.some((g) => ORGANISMS.some((o) => o.kind === 'virus' && o.parent === g))).toBe(true);
    expect(taxonomy.childOf('Homo sapiens', 'Eukaryota')).toBeUndefined();
  });

  it('its bars are organisms of the group, exactly those the answer brings whose entities all hold the group alone', async () => {
    let foreignLeft = 0;
    for (const group of groups) {
      const chart = resolveChart(TAXONOMY, undefined, group);
      const raw = await answer(chart);
      const facet = raw?.facets?.find((f) => f.name === 'Source Organism');
      const answered = facet && 'buckets' in facet ? facet.buckets.map((b) => b.label) : [];
      const { bars } = toDistributionData(await completed(chart), chart.query);
      // What the archive's documents say: the groups every entity of the organism holds.
      const expected = answered.filter((name) => {
        const held = (fixture.docs.polymer_entity as Row[])
          .filter((e) => list(e[ORGANISM]).includes(name))
          .map((e) => new Set(list<string>(e[GROUP])));
        const common = [...(held[0] ?? [])].filter((g) => held.every((h) => h.has(g)));
        return common.length === 1 && common[0] === group;
      });
      expect(
        bars.map((b) => b.label),
        `level below ${group}`,
      ).toEqual(expected.slice(0, 25));
      expect(bars.length, `level below ${group}`).toBeGreaterThan(0);
      for (const bar of bars) expect(groupOf.get(bar.label), `${bar.label} under ${group}`).toBe(group);
      foreignLeft += answered.filter((name) => groupOf.get(name) !== group).length;
    }
    // The groups' entries bring other groups' organisms (antibodies, hosts, chimeras): the check is exercised.
    expect(foreignLeft).toBeGreaterThan(0);
  });

  it('each bar equals the count of its click-through search, whole and over a scope', async () => {
    const scope: QueryNode = {
      type: 'terminal',
      service: 'text',
      parameters: { attribute: 'rcsb_entry_info.resolution_combined', operator: 'less', value: 2.5 },
    };
    let scopedBars = 0;
    for (const group of groups) {
      const chart = resolveChart(TAXONOMY, undefined, group);
      const whole = await barsAgainstSearches(fixture.app, chart, NOW);
      expect(whole.bars, `level below ${group}`).toBeGreaterThan(0);
      expect(whole.nonZero).toBe(whole.bars);
      expect(whole.mismatches, `level below ${group}: bars that disagree with their search`).toEqual([]);
      const scoped = await barsAgainstSearches(fixture.app, chart, NOW, scope);
      scopedBars += scoped.nonZero;
      expect(scoped.mismatches, `level below ${group} over a scope`).toEqual([]);
    }
    expect(scopedBars).toBeGreaterThan(0);
  });

  it('compared across two cohorts, every bar of every cohort equals the count of that cohort AND that bar', async () => {
    const cohorts: QueryNode[] = [2.2, 2.2].map((value, i) => ({
      type: 'terminal',
      service: 'text',
      parameters: {
        attribute: 'rcsb_entry_info.resolution_combined',
        operator: i === 0 ? 'less' : 'greater_or_equal',
        value,
      },
    }));
    let nonZeroBars = 0;
    for (const group of groups) {
      const chart = resolveChart(TAXONOMY, undefined, group);
      const { nonZero, mismatches } = await comparedBarsAgainstSearches(fixture.app, chart, NOW, cohorts);
      nonZeroBars += nonZero;
      expect(mismatches, `level below ${group}`).toEqual([]);
    }
    expect(nonZeroBars).toBeGreaterThan(0);
  });

  it('the chart data API gives the page table of a level and names it', async () => {
    for (const group of groups.slice(0, 3)) {
      const chart = resolveChart(TAXONOMY, undefined, group);
      const expected = chartTable(chart, await completed(chart), { view: 'cumulative', hidden: [] });
      expect(expected.rows.length).toBeGreaterThan(0);
      const csv = await fixture.app.inject({ url: `/api/charts/taxonomy.csv?parent=${group}` });
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.body).toBe(toCsv(expected));
      const json = await fixture.app.inject({ url: `/api/charts/taxonomy.json?parent=${group}` });
      expect(json.json()).toMatchObject({
        parent: group,
        title: `${TAXONOMY.title}: ${group}`,
        rows: expected.rows,
      });
    }
  });

  it.each([['eukaryota'], ['Homo sapiens'], [''], ['Eukaryota.Metazoa']])(
    '400 for taxonomy?parent=%s, naming the parameter',
    async (value) => {
      const response = await fixture.app.inject({
        url: `/api/charts/taxonomy.csv?parent=${encodeURIComponent(value)}`,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ status: 400, field: 'parent' });
      expect(response.json().message).toContain('must be a group of the taxonomy chart');
    },
  );
});
