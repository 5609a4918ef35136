import { AccessionFactory } from '../ids.ts';
import { Random, Weighted, clamp } from '../random.ts';
import { foldIndex, FOLDS } from '../vocabulary/domains.ts';
import { ecClassOf } from '../vocabulary/enzymes.ts';
import { ORGANISMS, organismNamed, type Organism } from '../vocabulary/organisms.ts';
import { FAMILIES, FAMOUS, type ProteinFamily } from '../vocabulary/proteins.ts';

/** Sequence-identity cutoffs of the archive's sequence clusters, loosest first. */
export const CUTOFFS = [30, 50, 70, 90, 95, 100] as const;

/** A UniProt protein: every entity drawn from it shares its name, organism, EC number and fold. */
export interface Protein {
  accession: string;
  name: string;
  organism: Organism;
  ec: string | null;
  fold: number;
  /** Second domain's fold, or -1. */
  fold2: number;
  length: number;
  keyword: string;
  natural: boolean;
  /** Cluster numbers at each cutoff of CUTOFFS; clusters nest (same 100 % cluster => same 95 % ...). */
  clusters: Int32Array;
}

/** Share of protein picks that are a protein never seen before: about entries/4 accessions. */
const NEW_PROTEIN = 0.19;
/** Share of picks that go to the handful of famous proteins (lysozyme, HIV protease, CDK2...). */
const FAMOUS_SHARE = 0.025;
/** Shape of the popularity distribution of proteins (Pareto tail index and cap). */
const POPULARITY_ALPHA = 1.5;
const POPULARITY_CAP = 100;
const NICHE = 0.5;
/** How fast interest fades: popularity of new proteins grows by e^FADING over the archive. */
const FADING = 4;
/** Share of new proteins that are homologs of an earlier one (shared loose clusters, same family). */
const HOMOLOG = 0.35;

/** How many cluster levels (from 30 %) a homolog shares with its template. */
const SHARED_LEVELS = new Weighted([
  [1, 0.4],
  [2, 0.3],
  [3, 0.15],
  [4, 0.1],
  [5, 0.05],
] as const);

const isEukaryote = (o: Organism) => o.parent === 'Eukaryota';

/**
 * The proteins of the archive, drawn as entries are generated in release order. Each protein gets a
 * heavy-tailed popularity when it first appears, and later entities reuse earlier proteins in
 * proportion to it: as with real UniProt accessions, most appear in one or two entries, a few in
 * hundreds (older ones more, having been available longer).
 */
export class ProteinPool {
  readonly proteins: Protein[] = [];
  /** Reuse weight of each protein: heavy-tailed, so most are studied once or twice and a few often. */
  private readonly popularity = new FenwickSampler();
  private readonly counters = new Int32Array(CUTOFFS.length);
  private readonly accessions: AccessionFactory;
  private readonly famousIndex = new Map<string, number>();
  private readonly famousTables = new Map<number, Weighted<number> | null>();
  private readonly organismTables = new Map<string, Weighted<Organism>>();
  private readonly familyTable = Weighted.of(FAMILIES, (f) => f.weight);
  private readonly familiesByClass = new Map<string, Weighted<ProteinFamily>>();

  constructor(private readonly rng: Random) {
    this.accessions = new AccessionFactory(rng.fork('accessions'));
    for (const famous of FAMOUS) this.accessions.reserve(famous.accession);
  }

  /** A protein for an entity of an entry released in `year`; `ecClass` forces a new enzyme of that class. */
  /** Position in the archive (0 to 1), set by the generator as entries advance. */
  progress = 0;

  pick(year: number, ecClass?: string): number {
    const rng = this.rng;
    let index: number;
    if (ecClass !== undefined) index = this.create(year, this.familyOfClass(ecClass));
    else {
      const roll = rng.next();
      const famous = roll < FAMOUS_SHARE ? this.famous(year) : -1;
      if (famous >= 0) index = famous;
      else if (roll < FAMOUS_SHARE + NEW_PROTEIN || this.proteins.length === 0) index = this.create(year);
      else index = this.popularity.draw(rng);
    }
    return index;
  }

  /** Cluster numbers for one entity: 15 % are variants (mutants, other constructs) with their own 100 % cluster. */
  entityClusters(protein: Protein): Int32Array {
    if (!this.rng.chance(0.15)) return protein.clusters;
    const clusters = Int32Array.from(protein.clusters);
    clusters[CUTOFFS.length - 1] = this.fresh(CUTOFFS.length - 1);
    return clusters;
  }

  /**
   * Clusters for an entity without a UniProt protein (antibodies, designs, peptides): new 95/100 %
   * clusters, sharing the looser ones with an earlier entity of the same group when `template` is given.
   */
  anonymousClusters(template: Int32Array | null, shareDown: number): Int32Array {
    const clusters = new Int32Array(CUTOFFS.length);
    for (let level = 0; level < CUTOFFS.length; level++) {
      clusters[level] = template && level < shareDown ? (template[level] as number) : this.fresh(level);
    }
    return clusters;
  }

  private fresh(level: number): number {
    const next = (this.counters[level] as number) + 1;
    this.counters[level] = next;
    return next;
  }

  private famous(year: number): number {
    let table = this.famousTables.get(year);
    if (table === undefined) {
      const eligible = FAMOUS.filter((f) => (f.fromYear ?? 0) <= year);
      table = eligible.length
        ? Weighted.of(
            eligible.map((f) => FAMOUS.indexOf(f)),
            (i) => FAMOUS[i]!.weight,
          )
        : null;
      this.famousTables.set(year, table);
    }
    if (!table) return -1;
    const spec = FAMOUS[table.draw(this.rng)]!;
    const known = this.famousIndex.get(spec.accession);
    if (known !== undefined) return known;
    const index = this.add({
      accession: spec.accession,
      name: spec.name,
      organism: organismNamed(spec.organism),
      ec: spec.ec ?? null,
      fold: foldIndex(spec.fold),
      fold2: -1,
      length: spec.length,
      keyword: spec.keyword,
      natural: spec.natural ?? false,
      clusters: this.anonymousClusters(null, 0),
    });
    this.famousIndex.set(spec.accession, index);
    return index;
  }

  private familyOfClass(ecClass: string): ProteinFamily {
    let table = this.familiesByClass.get(ecClass);
    if (!table) {
      table = Weighted.of(
        FAMILIES.filter((f) => f.ec && ecClassOf(f.ec) === ecClass && f.kind !== 'virus'),
        (f) => f.weight,
      );
      this.familiesByClass.set(ecClass, table);
    }
    return table.draw(this.rng);
  }

  private organismFor(family: ProteinFamily, year: number): Organism {
    const key = `${family.kind}:${year}`;
    let table = this.organismTables.get(key);
    if (!table) {
      const fits = (o: Organism) =>
        (o.fromYear ?? 0) <= year &&
        (family.kind === 'virus' ? o.kind === 'virus' : o.kind === 'cell') &&
        (family.kind !== 'eukaryote' || isEukaryote(o));
      table = Weighted.of(ORGANISMS.filter(fits), (o) => o.weight);
      this.organismTables.set(key, table);
    }
    return table.draw(this.rng);
  }

  private create(year: number, forcedFamily?: ProteinFamily): number {
    const rng = this.rng;
    const template =
      !forcedFamily && this.proteins.length > 0 && rng.chance(HOMOLOG)
        ? this.proteins[rng.int(this.proteins.length)]
        : undefined;
    if (template) {
      // An ortholog or paralog: same family and fold, shares the clusters down to some cutoff.
      const shareDown = SHARED_LEVELS.draw(rng);
      const sameOrganism = template.organism.kind === 'virus' || rng.chance(0.3);
      const family = FAMILIES.find((f) => f.name === template.name);
      return this.add({
        ...template,
        accession: this.accessions.take(),
        organism: sameOrganism || !family ? template.organism : this.organismFor(family, year),
        length: Math.round(clamp(template.length * rng.logNormal(1, 0.1), 30, 3000)),
        natural: false,
        clusters: this.anonymousClusters(template.clusters, shareDown),
      });
    }
    const family = forcedFamily ?? this.familyTable.draw(rng);
    return this.add({
      accession: this.accessions.take(),
      name: family.name,
      organism: this.organismFor(family, year),
      ec: family.ec ?? null,
      fold: foldIndex(family.fold),
      fold2: rng.chance(0.2) ? rng.int(FOLDS.length) : -1,
      length: Math.round(clamp(family.length * rng.logNormal(1, 0.3), 30, 3000)),
      keyword: family.keyword,
      natural: rng.chance(0.08),
      clusters: this.anonymousClusters(null, 0),
    });
  }

  private add(protein: Protein): number {
    this.proteins.push(protein);
    // Pareto popularity (capped), times a factor growing along the archive: interest in a protein
    // fades as newer ones appear, so early proteins do not collect most reuses.
    // Niche proteins (most of them) are seldom seen again.
    const popularity = this.rng.chance(NICHE)
      ? 0.05
      : Math.min(POPULARITY_CAP, (1 - this.rng.next()) ** (-1 / POPULARITY_ALPHA));
    this.popularity.add(popularity * Math.exp(FADING * this.progress));
    return this.proteins.length - 1;
  }
}

/** Weighted sampling over a growing list (a Fenwick tree of weights): O(log n) to add and to draw. */
export class FenwickSampler {
  private tree = new Float64Array(1024);
  private size = 0;
  private total = 0;

  get length(): number {
    return this.size;
  }

  add(weight: number): void {
    if (this.size + 1 >= this.tree.length) {
      const grown = new Float64Array(this.tree.length * 2);
      grown.set(this.tree);
      // Nodes past the old end must cover their whole range again.
      for (let i = this.tree.length; i < grown.length; i++) {
        const low = i - (i & -i);
        let sum = 0;
        for (let j = i - 1; j > low; j -= j & -j) sum += grown[j] as number;
        grown[i] = sum;
      }
      this.tree = grown;
    }
    this.size++;
    for (let i = this.size; i < this.tree.length; i += i & -i)
      this.tree[i] = (this.tree[i] as number) + weight;
    this.total += weight;
  }

  /** Index of an item, drawn in proportion to its weight. */
  draw(rng: Random): number {
    let target = rng.next() * this.total;
    let position = 0;
    for (let step = 1 << (31 - Math.clz32(this.tree.length - 1)); step > 0; step >>= 1) {
      const next = position + step;
      if (next < this.tree.length && next <= this.size && (this.tree[next] as number) <= target) {
        position = next;
        target -= this.tree[next] as number;
      }
    }
    return Math.min(position, this.size - 1);
  }
}
