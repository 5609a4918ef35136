import { CUTOFFS, type Protein } from '../pools/proteins.ts';
import { Weighted, clamp, round, type Random } from '../random.ts';
import { foldIndex } from '../vocabulary/domains.ts';
import { SYNTHETIC_CONSTRUCT, organismNamed, type Organism } from '../vocabulary/organisms.ts';
import { ANTIBODY_CHAINS, SYNTHETIC_PROTEINS } from '../vocabulary/proteins.ts';
import type { EntryContext } from './context.ts';

/** What a polymer entity is: its kind decides its sequence, source and identifiers (see shapeOf). */
export type EntityKind =
  'protein' | 'heavy' | 'light' | 'nanobody' | 'peptide' | 'designed' | 'DNA' | 'RNA' | 'NA-hybrid' | 'Other';

export const POLYMER_TYPE: Record<EntityKind, string> = {
  protein: 'Protein',
  heavy: 'Protein',
  light: 'Protein',
  nanobody: 'Protein',
  peptide: 'Protein',
  designed: 'Protein',
  DNA: 'DNA',
  RNA: 'RNA',
  'NA-hybrid': 'NA-hybrid',
  Other: 'Other',
};

/** Polymer entities per entry (1-6, mean ~1.5; EM complexes have more). */
const ENTITY_COUNT = {
  default: new Weighted([
    [1, 0.75],
    [2, 0.16],
    [3, 0.05],
    [4, 0.025],
    [5, 0.008],
    [6, 0.007],
  ] as const),
  EM: new Weighted([
    [1, 0.38],
    [2, 0.22],
    [3, 0.14],
    [4, 0.11],
    [5, 0.07],
    [6, 0.08],
  ] as const),
  NMR: new Weighted([
    [1, 0.86],
    [2, 0.12],
    [3, 0.02],
  ] as const),
};

const RNA_NAMES = ['Guide RNA', 'mRNA', 'Riboswitch RNA', 'Group II intron RNA', 'RNA aptamer'];
const RRNA_NAMES = ['16S ribosomal RNA', '23S ribosomal RNA', '18S ribosomal RNA', '28S ribosomal RNA'];
const TRNA_NAMES = ['tRNA-Phe', 'tRNA-Met', 'tRNA-Leu', 'tRNA-Gly'];

/** The kinds of an entry's polymer entities, from its composition and method. */
export function planKinds(ctx: EntryContext): EntityKind[] {
  const rng = ctx.rng;
  const table =
    ctx.method === 'EM' ? ENTITY_COUNT.EM : ctx.method === 'NMR' ? ENTITY_COUNT.NMR : ENTITY_COUNT.default;
  const proteins = (n: number): EntityKind[] => {
    const kinds: EntityKind[] = Array.from({ length: n }, () => 'protein');
    if (n >= 3 && rng.chance(0.2)) {
      kinds[n - 2] = 'heavy';
      kinds[n - 1] = 'light';
    } else if (n === 2 && rng.chance(0.12)) kinds[1] = 'nanobody';
    else if (n >= 2 && rng.chance(0.08)) kinds[n - 1] = 'peptide';
    else if (n === 1 && rng.chance(0.04)) kinds[0] = rng.chance(0.6) ? 'peptide' : 'designed';
    return kinds;
  };
  const nucleic = (): EntityKind => {
    const roll = rng.next();
    return roll < 0.6 ? 'DNA' : roll < 0.95 ? 'RNA' : 'NA-hybrid';
  };
  switch (ctx.composition) {
    case 'Protein (only)':
    case 'Protein/Oligosaccharide':
      return proteins(table.draw(rng));
    case 'Protein/NA': {
      const nucleics = rng.chance(ctx.method === 'EM' ? 0.55 : 0.35) ? 2 : 1;
      const kinds = proteins(Math.min(6 - nucleics, Math.max(1, table.draw(rng))));
      const ribosome = ctx.method === 'EM' && rng.chance(0.5);
      for (let i = 0; i < nucleics; i++) kinds.push(ribosome ? 'RNA' : nucleic());
      return kinds;
    }
    case 'Nucleic acid (only)': {
      const kind = nucleic();
      return kind !== 'NA-hybrid' && rng.chance(0.45) ? [kind, kind] : [kind];
    }
    case 'Other':
      return ['Other'];
    case 'Oligosaccharide (only)':
      return [];
  }
}

function dnaSequence(rng: Random, length: number, letters: string): string[] {
  return Array.from({ length }, () => letters[rng.int(letters.length)] as string);
}

/** The archive's name for short oligonucleotides: DNA (5'-D(*CP*GP*...*G)-3'). */
function oligoName(kind: 'DNA' | 'RNA', bases: string[]): string {
  const body = bases.map((b, i) => `*${b}${i < bases.length - 1 ? 'P' : ''}`).join('');
  return kind === 'DNA' ? `DNA (5'-D(${body})-3')` : `RNA (5'-R(${body})-3')`;
}

export interface EntityShape {
  name: string;
  length: number;
  weight: number;
  organisms: Organism[];
  sourceType: string;
  uniprot: readonly string[];
  refs: readonly object[];
  /** Group memberships (protein entities only). */
  groups: readonly object[];
  ec: string | null;
  folds: number[];
  keyword: string | null;
}

function templateFor(ctx: EntryContext, group: string, shareDown: number, chance: number): Int32Array {
  const list = ctx.pools.templates.get(group) ?? [];
  ctx.pools.templates.set(group, list);
  const template =
    list.length && ctx.rng.chance(chance) ? (list[ctx.rng.int(list.length)] as Int32Array) : null;
  const clusters = ctx.pools.proteins.anonymousClusters(template, shareDown);
  if (list.length < 500) list.push(clusters);
  else list[ctx.rng.int(list.length)] = clusters;
  return clusters;
}

function proteinWeight(rng: Random, length: number): number {
  return round(length * rng.uniform(0.108, 0.113) + 0.018, 3);
}

/**
 * Sequence, source and identifiers of one entity. Protein entities draw a protein from the pool (or
 * are antibodies, peptides, designs); nucleic acids follow the entry's protein organism when natural.
 */
export function shapeOf(
  ctx: EntryContext,
  kind: EntityKind,
  entityIndex: number,
  leadOrganism: Organism | null,
): EntityShape {
  const rng = ctx.rng;
  const empty = { uniprot: [], refs: [], groups: [], ec: null, folds: [], keyword: null };
  switch (kind) {
    case 'protein': {
      const ecClass = entityIndex === 0 ? ctx.forced.ecClass : undefined;
      const protein: Protein = ctx.pools.proteins.proteins[ctx.pools.proteins.pick(ctx.year, ecClass)]!;
      let length = rng.chance(0.4) ? Math.round(protein.length * rng.uniform(0.75, 1)) : protein.length;
      if (ctx.method === 'NMR')
        length = Math.min(length, Math.round(clamp(rng.logNormal(100, 0.45), 25, 400)));
      const genBank = rng.chance(0.04);
      const chimera = !genBank && rng.chance(0.02);
      const partner = chimera ? ctx.pools.proteins.proteins[ctx.pools.proteins.pick(ctx.year)]! : null;
      const clusters = ctx.pools.proteins.entityClusters(protein);
      let uniprot: readonly string[];
      let refs: readonly object[];
      let groups: readonly object[];
      if (!genBank && !partner && clusters === protein.clusters) {
        ({ uniprot, refs, groups } = canonicalIdentifiers(protein));
      } else {
        uniprot = genBank
          ? []
          : partner && partner.accession !== protein.accession
            ? [protein.accession, partner.accession]
            : [protein.accession];
        refs = genBank
          ? [
              {
                database_name: 'GenBank',
                database_accession: `${protein.accession.slice(0, 3)}${String(10000 + rng.int(89999))}.1`,
              },
            ]
          : uniprot.map((a) => ({ database_name: 'UniProt', database_accession: a }));
        groups = groupMemberships(uniprot, clusters);
      }
      return {
        name: protein.name,
        length,
        weight: proteinWeight(rng, length),
        organisms:
          partner && partner.organism !== protein.organism
            ? [protein.organism, partner.organism]
            : [protein.organism],
        sourceType: protein.natural || rng.chance(0.04) ? 'natural' : 'genetically engineered',
        uniprot,
        refs,
        groups,
        ec: protein.ec,
        folds: protein.fold2 >= 0 ? [protein.fold, protein.fold2] : [protein.fold],
        keyword: protein.keyword,
      };
    }
    case 'heavy':
    case 'light':
    case 'nanobody': {
      const length =
        kind === 'heavy'
          ? rng.between(215, 235)
          : kind === 'light'
            ? rng.between(210, 220)
            : rng.between(112, 130);
      const organism =
        kind === 'nanobody'
          ? organismNamed(rng.pick(['Lama glama', 'Vicugna pacos', 'Camelus dromedarius']))
          : organismNamed(rng.chance(0.6) ? 'Homo sapiens' : 'Mus musculus');
      const names =
        kind === 'heavy'
          ? ANTIBODY_CHAINS.heavy
          : kind === 'light'
            ? ANTIBODY_CHAINS.light
            : ANTIBODY_CHAINS.nanobody;
      return {
        ...empty,
        name: rng.pick(names),
        length,
        weight: proteinWeight(rng, length),
        organisms: [organism],
        sourceType: 'genetically engineered',
        groups: groupMemberships([], templateFor(ctx, kind, rng.chance(0.3) ? 3 : 2, 0.85)),
        folds: [foldIndex('ig')],
        keyword: 'IMMUNE SYSTEM',
      };
    }
    case 'peptide': {
      const length = rng.between(5, 30);
      return {
        ...empty,
        name: rng.pick(SYNTHETIC_PROTEINS.peptides),
        length,
        weight: proteinWeight(rng, length),
        organisms: [leadOrganism && rng.chance(0.6) ? leadOrganism : SYNTHETIC_CONSTRUCT],
        sourceType: 'synthetic',
        groups: groupMemberships([], templateFor(ctx, 'peptide', 1, 0.1)),
        folds: length >= 20 ? [foldIndex('peptide')] : [],
        keyword: 'PEPTIDE BINDING PROTEIN',
      };
    }
    case 'designed': {
      const length = rng.between(60, 250);
      return {
        ...empty,
        name: rng.pick(SYNTHETIC_PROTEINS.designed),
        length,
        weight: proteinWeight(rng, length),
        organisms: [SYNTHETIC_CONSTRUCT],
        sourceType: 'genetically engineered',
        groups: groupMemberships([], templateFor(ctx, 'designed', 1, 0.2)),
        folds: [foldIndex('designed')],
        keyword: 'DE NOVO PROTEIN',
      };
    }
    case 'DNA':
    case 'NA-hybrid': {
      const length = Math.round(clamp(rng.logNormal(14, 0.35), 6, 60));
      const name =
        kind === 'NA-hybrid'
          ? `DNA/RNA (5'-R(${dnaSequence(rng, 4, 'ACGU')
              .map((b) => `*${b}P`)
              .join('')})-D(${dnaSequence(rng, length - 4, 'ACGT')
              .map((b) => `*${b}P`)
              .join('')
              .slice(0, -1)})-3')`
          : length <= 24
            ? oligoName('DNA', dnaSequence(rng, length, 'ACGT'))
            : `DNA (${length}-MER)`;
      const natural = kind === 'DNA' && rng.chance(0.1) && leadOrganism;
      return {
        ...empty,
        name,
        length,
        weight: round(length * 0.308 - 0.062, 3),
        organisms: [natural ? leadOrganism : SYNTHETIC_CONSTRUCT],
        sourceType: natural ? 'natural' : 'synthetic',
      };
    }
    case 'RNA': {
      const roll = rng.next();
      const ribosomal = ctx.method === 'EM' && ctx.composition === 'Protein/NA' && rng.chance(0.6);
      let length: number;
      let name: string;
      if (ribosomal || roll > 0.85) {
        length = rng.between(1500, 2900);
        name = rng.pick(RRNA_NAMES);
      } else if (roll < 0.5) {
        length = rng.between(10, 40);
        name = oligoName('RNA', dnaSequence(rng, length, 'ACGU'));
      } else if (roll < 0.65) {
        length = rng.between(73, 93);
        name = rng.pick(TRNA_NAMES);
      } else {
        length = rng.between(100, 400);
        name = rng.pick(RNA_NAMES);
      }
      const natural = length > 1000 && leadOrganism ? leadOrganism : null;
      return {
        ...empty,
        name,
        length,
        weight: round(length * 0.321 + 0.159, 3),
        organisms: [natural ?? (leadOrganism && rng.chance(0.3) ? leadOrganism : SYNTHETIC_CONSTRUCT)],
        sourceType: natural ? 'natural' : rng.chance(0.5) ? 'synthetic' : 'genetically engineered',
      };
    }
    case 'Other': {
      const pna = rng.chance(0.5);
      const length = rng.between(5, 20);
      return {
        ...empty,
        name: pna ? 'Peptide nucleic acid' : 'D-peptide inhibitor',
        length,
        weight: round(length * (pna ? 0.27 : 0.12), 3),
        organisms: [SYNTHETIC_CONSTRUCT],
        sourceType: 'synthetic',
      };
    }
  }
}

type Identifiers = { uniprot: readonly string[]; refs: readonly object[]; groups: readonly object[] };

/** Recently used proteins' identifiers; bounded, so memory stays flat at millions of entries. */
const CANONICAL = new Map<Protein, Identifiers>();
const CANONICAL_LIMIT = 50_000;

/** Identifiers of an entity that is exactly its protein: shared (frozen) by such entities. */
function canonicalIdentifiers(protein: Protein): Identifiers {
  let cached = CANONICAL.get(protein);
  if (!cached) {
    if (CANONICAL.size >= CANONICAL_LIMIT) CANONICAL.clear();
    const uniprot = Object.freeze([protein.accession]);
    cached = {
      uniprot,
      refs: Object.freeze([{ database_name: 'UniProt', database_accession: protein.accession }]),
      groups: Object.freeze(groupMemberships(uniprot, protein.clusters)),
    };
    CANONICAL.set(protein, cached);
  }
  return cached;
}

function groupMemberships(uniprot: readonly string[], clusters: Int32Array | null): object[] {
  const groups: object[] = uniprot.map((accession) => ({
    group_id: accession,
    aggregation_method: 'matching_uniprot_accession',
    similarity_cutoff: null,
  }));
  if (clusters) {
    for (let level = CUTOFFS.length - 1; level >= 0; level--) {
      const cutoff = CUTOFFS[level] as number;
      groups.push({
        group_id: `${clusters[level]}_${cutoff}`,
        aggregation_method: 'sequence_identity',
        similarity_cutoff: cutoff,
      });
    }
  }
  return groups;
}
