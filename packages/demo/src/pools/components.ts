import { firstDayOfYear } from '@pdb-stats/snapshot';
import { ComponentIds } from '../ids.ts';
import { Random, Weighted, round } from '../random.ts';
import type { ReleaseSchedule } from '../timeline.ts';
import {
  ATOMIC_WEIGHTS,
  BIRD_NAMES,
  BIRD_WEIGHT,
  COMMON_COMPONENTS,
  COMPONENT_TYPES,
  COMPONENT_WEIGHT,
  NAME_PARTS,
  type LigandKind,
} from '../vocabulary/chemistry.ts';

export interface Component {
  id: string;
  prd: string | null;
  name: string;
  type: string;
  formula: string;
  /** Da. */
  weight: number;
  kind: LigandKind;
  /** Entry (release order) in which the component first appears; -1 for BIRD molecules. */
  introEntry: number;
  /** Release day: that of the first entry holding it. */
  releaseDay: number;
}

/** Components per entry at full scale: ~45,000 for ~250,000 entries (the archive's published figures: 42,856 in 2024). */
const PER_ENTRY = 0.18;

/**
 * The chemical component dictionary of the demo archive. Each component is introduced by one entry
 * (most components appear first in a single structure), so the dictionary grows like the archive and
 * a component is released in the year of its first entry. Common ones (ions, buffers, cofactors,
 * sugars) come first and are introduced by the earliest entries.
 */
export class ComponentCatalogue {
  readonly components: Component[] = [];
  readonly commonKeys: number[] = [];
  readonly byId = new Map<string, number>();
  private readonly commonTable: Weighted<number>;
  private readonly glycanTable: Weighted<number>;
  /** Keys of made-up non-polymer components already introduced, for reuse by later entries. */
  private introduced = new Int32Array(1024);
  private introducedCount = 0;
  /** Next component (in intro order) not yet introduced. */
  private cursor = 0;
  private readonly introOrder: number[];

  constructor(
    schedule: ReleaseSchedule,
    private readonly rng: Random,
  ) {
    const n = schedule.entries;
    const early = Math.max(1, Math.min(n, Math.ceil(n * 0.02)));
    const commons = [...COMMON_COMPONENTS].sort((a, b) => b.use - a.use);
    commons.forEach((common, i) => {
      this.add({
        id: common.id,
        prd: null,
        name: common.name,
        type: common.type,
        formula: common.formula,
        weight: common.weight,
        kind: common.kind,
        introEntry: Math.floor((i * early) / commons.length),
        releaseDay: Number.POSITIVE_INFINITY,
      });
      this.commonKeys.push(i);
    });
    this.commonTable = Weighted.of(
      this.commonKeys.filter((k) => this.components[k]!.kind !== 'glycan'),
      (k) => COMMON_COMPONENTS.find((c) => c.id === this.components[k]!.id)!.use,
    );
    this.glycanTable = Weighted.of(
      this.commonKeys.filter((k) => this.components[k]!.kind === 'glycan'),
      (k) => COMMON_COMPONENTS.find((c) => c.id === this.components[k]!.id)!.use,
    );

    const total = Math.max(Math.round(n * PER_ENTRY), Math.min(250, 2 * n));
    const birds = Math.max(3, Math.round(total * 0.005));
    const tail = Math.max(0, total - commons.length - birds);
    const ids = new ComponentIds(new Set(COMMON_COMPONENTS.map((c) => c.id)));
    const types = new Weighted(COMPONENT_TYPES);
    for (let k = 0; k < tail; k++) {
      // Stratified over the entries: at most ceil(tail / n) introductions per entry.
      const introEntry = Math.min(n - 1, Math.floor(((k + rng.next()) * n) / tail));
      const year = schedule.yearOf(introEntry);
      const weight = COMPONENT_WEIGHT.draw(rng);
      const { formula, weight: exact } = formulaFor(weight, rng);
      this.add({
        id: ids.take(),
        prd: null,
        name: systematicName(rng, year < 2008),
        type: types.draw(rng),
        formula,
        weight: exact,
        kind: 'ligand',
        introEntry,
        releaseDay: Number.POSITIVE_INFINITY,
      });
    }
    this.introOrder = this.components
      .map((_, key) => key)
      .sort((a, b) => this.intro(a) - this.intro(b) || a - b);

    // BIRD molecules (peptide-like antibiotics, inhibitors): the BIRD dictionary dates from 2011.
    const birdStart = Math.max(firstDayOfYear(2011), schedule.archiveDay - 3650);
    const from = Math.min(birdStart, schedule.archiveDay);
    let prd = 100 + rng.int(50);
    for (let k = 0; k < birds; k++) {
      prd += 1 + rng.int(8);
      const id = `PRD_${String(prd).padStart(6, '0')}`;
      const weight = round(BIRD_WEIGHT.draw(rng), 3);
      this.add({
        id,
        prd: id,
        name: `${rng.pick(BIRD_NAMES)}${k >= BIRD_NAMES.length ? ` analogue ${k}` : ''}`,
        type: 'peptide-like',
        formula: formulaFor(weight, rng).formula,
        weight,
        kind: 'ligand',
        introEntry: -1,
        releaseDay: from + rng.int(schedule.archiveDay - from + 1),
      });
    }
  }

  private intro(key: number): number {
    return this.components[key]!.introEntry;
  }

  private add(component: Component): void {
    this.byId.set(component.id, this.components.length);
    this.components.push(component);
  }

  /**
   * Components an entry introduces, in key order. Their release day is that entry's; the made-up
   * non-polymer ones join the pool that later entries reuse.
   */
  introduce(entry: number, day: number): number[] {
    const keys: number[] = [];
    while (this.cursor < this.introOrder.length) {
      const key = this.introOrder[this.cursor] as number;
      const component = this.components[key]!;
      if (component.introEntry !== entry) break;
      this.cursor++;
      if (component.introEntry < 0) continue;
      component.releaseDay = Math.min(component.releaseDay, day);
      keys.push(key);
      if (component.kind === 'ligand' && component.type === 'non-polymer') this.rememberIntroduced(key);
    }
    return keys;
  }

  /** Records a use, so that no component is released after an entry that contains it. */
  use(key: number, day: number): void {
    const component = this.components[key]!;
    if (day < component.releaseDay) component.releaseDay = day;
  }

  drawCommon(): number {
    return this.commonTable.draw(this.rng);
  }

  drawGlycan(): number {
    return this.glycanTable.draw(this.rng);
  }

  /** A made-up ligand already released, or -1 before any. */
  drawIntroduced(): number {
    if (this.introducedCount === 0) return -1;
    return this.introduced[this.rng.int(this.introducedCount)] as number;
  }

  private rememberIntroduced(key: number): void {
    if (this.introducedCount === this.introduced.length) {
      const grown = new Int32Array(this.introduced.length * 2);
      grown.set(this.introduced);
      this.introduced = grown;
    }
    this.introduced[this.introducedCount++] = key;
  }
}

/** An organic formula ('C20 H25 N3 O4 S') near a target weight, with its exact weight. */
export function formulaFor(target: number, rng: Random): { formula: string; weight: number } {
  const heavy = Math.max(2, Math.round(target / 14.8));
  const counts: Record<string, number> = { C: 0, H: 0, N: 0, O: 0, S: 0, P: 0, F: 0, Cl: 0, Br: 0 };
  for (let i = 0; i < heavy; i++) {
    const roll = rng.next();
    const element =
      roll < 0.68
        ? 'C'
        : roll < 0.8
          ? 'N'
          : roll < 0.95
            ? 'O'
            : roll < 0.97
              ? 'S'
              : roll < 0.98
                ? 'P'
                : roll < 0.99
                  ? 'F'
                  : roll < 0.997
                    ? 'Cl'
                    : 'Br';
    counts[element] = (counts[element] as number) + 1;
  }
  if (counts.C === 0) counts.C = 1;
  counts.H = Math.max(
    0,
    Math.round((counts.C as number) * rng.uniform(0.8, 1.5) + (counts.N as number) * 0.5),
  );
  let weight = 0;
  const parts: string[] = [];
  for (const element of ['C', 'H', 'Br', 'Cl', 'F', 'N', 'O', 'P', 'S']) {
    const count = counts[element] as number;
    if (count === 0) continue;
    weight += count * (ATOMIC_WEIGHTS[element] as number);
    parts.push(count === 1 ? element : `${element}${count}`);
  }
  return { formula: parts.join(' '), weight: round(weight, 3) };
}

function systematicName(rng: Random, upper: boolean): string {
  const amide = rng.chance(0.4) ? `N-(${rng.pick(NAME_PARTS.groups)})-` : '';
  const prefix = rng.chance(0.7) ? `${rng.pick(NAME_PARTS.prefixes)}-` : '';
  const core = rng.pick(NAME_PARTS.cores);
  const joint = /^\d/.test(core) ? '-' : '';
  const name = `${amide}${prefix}${rng.between(2, 6)}-${rng.pick(NAME_PARTS.groups)}${joint}${core}`;
  return upper ? name.toUpperCase() : name;
}
