import { asymId } from '../ids.ts';
import { CUTOFFS, type Protein } from '../pools/proteins.ts';
import { Weighted, clamp, round, type Random } from '../random.ts';
import { FOLDS, foldIndex, type DomainResource } from '../vocabulary/domains.ts';
import { ecLineage } from '../vocabulary/enzymes.ts';
import { HOSTS, SYNTHETIC_CONSTRUCT, organismNamed, type Organism } from '../vocabulary/organisms.ts';
import { ANTIBODY_CHAINS, SYNTHETIC_PROTEINS } from '../vocabulary/proteins.ts';
import type { EntryContext } from './context.ts';

type EntityKind =
  | 'protein'
  | 'heavy'
  | 'light'
  | 'nanobody'
  | 'peptide'
  | 'designed'
  | 'DNA'
  | 'RNA'
  | 'NA-hybrid'
  | 'Other';

const POLYMER_TYPE: Record<EntityKind, string> = {
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
    [1, 0.69],
    [2, 0.19],
    [3, 0.065],
    [4, 0.032],
    [5, 0.013],
    [6, 0.01],
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

/** Instances (chains) per entity in the deposited model. */
const INSTANCES = {
  default: new Weighted([
    [1, 0.5],
    [2, 0.29],
    [3, 0.04],
    [4, 0.1],
    [6, 0.04],
    [8, 0.02],
    [12, 0.01],
  ] as const),
  EM: new Weighted([
    [1, 0.45],
    [2, 0.16],
    [3, 0.1],
    [4, 0.1],
    [6, 0.08],
    [8, 0.05],
    [12, 0.04],
    [24, 0.02],
  ] as const),
  NMR: new Weighted([
    [1, 0.82],
    [2, 0.16],
    [3, 0.02],
  ] as const),
};

const HOST_TABLE = new Weighted(HOSTS);
const RNA_NAMES = ['Guide RNA', 'mRNA', 'Riboswitch RNA', 'Group II intron RNA', 'RNA aptamer'];
const RRNA_NAMES = ['16S ribosomal RNA', '23S ribosomal RNA', '18S ribosomal RNA', '28S ribosomal RNA'];
const TRNA_NAMES = ['tRNA-Phe', 'tRNA-Met', 'tRNA-Leu', 'tRNA-Gly'];

/** What the entry row needs to know about its polymers. */
export interface PolymerSummary {
  entities: number;
  /** Instances per entity, in entity order. */
  copies: number[];
  kinds: EntityKind[];
  monomers: number;
  /** kDa, summed over instances. */
  weight: number;
  atoms: number;
  proteinInstances: number;
  /** Description, organism and keyword of the first protein entity, for titles and keywords. */
  leadName: string | null;
  leadOrganism: string | null;
  leadKeyword: string | null;
  leadEc: string | null;
  polymerComposition: string;
}

function planKinds(ctx: EntryContext): EntityKind[] {
  const rng = ctx.rng;
  const table = ctx.method === 'EM' ? ENTITY_COUNT.EM : ctx.method === 'NMR' ? ENTITY_COUNT.NMR : ENTITY_COUNT.default;
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

interface EntityShape {
  name: string;
  length: number;
  weight: number;
  organisms: Organism[];
  sourceType: string;
  uniprot: string[];
  refs: { database_name: string; database_accession: string }[];
  ec: string | null;
  clusters: Int32Array | null;
  folds: number[];
  keyword: string | null;
}

function templateFor(ctx: EntryContext, group: string, shareDown: number, chance: number): Int32Array {
  const list = ctx.pools.templates.get(group) ?? [];
  ctx.pools.templates.set(group, list);
  const template = list.length && ctx.rng.chance(chance) ? (list[ctx.rng.int(list.length)] as Int32Array) : null;
  const clusters = ctx.pools.proteins.anonymousClusters(template, shareDown);
  if (list.length < 500) list.push(clusters);
  else list[ctx.rng.int(list.length)] = clusters;
  return clusters;
}

function proteinWeight(rng: Random, length: number): number {
  return round(length * rng.uniform(0.108, 0.113) + 0.018, 3);
}

function shapeOf(ctx: EntryContext, kind: EntityKind, entityIndex: number, leadOrganism: Organism | null): EntityShape {
  const rng = ctx.rng;
  const empty = { uniprot: [], refs: [], ec: null, clusters: null, folds: [], keyword: null };
  switch (kind) {
    case 'protein': {
      const ecClass = entityIndex === 0 ? ctx.forced.ecClass : undefined;
      const protein: Protein = ctx.pools.proteins.proteins[ctx.pools.proteins.pick(ctx.year, ecClass)]!;
      let length = rng.chance(0.4) ? Math.round(protein.length * rng.uniform(0.75, 1)) : protein.length;
      if (ctx.method === 'NMR') length = Math.min(length, Math.round(clamp(rng.logNormal(100, 0.45), 25, 400)));
      const genBank = rng.chance(0.04);
      const chimera = !genBank && rng.chance(0.02);
      const partner = chimera ? ctx.pools.proteins.proteins[ctx.pools.proteins.pick(ctx.year)]! : null;
      const uniprot = genBank ? [] : partner && partner.accession !== protein.accession ? [protein.accession, partner.accession] : [protein.accession];
      const refs = genBank
        ? [{ database_name: 'GenBank', database_accession: `${protein.accession.slice(0, 3)}${String(10000 + rng.int(89999))}.1` }]
        : uniprot.map((a) => ({ database_name: 'UniProt', database_accession: a }));
      return {
        name: protein.name,
        length,
        weight: proteinWeight(rng, length),
        organisms: partner && partner.organism !== protein.organism ? [protein.organism, partner.organism] : [protein.organism],
        sourceType: protein.natural || rng.chance(0.04) ? 'natural' : 'genetically engineered',
        uniprot,
        refs,
        ec: protein.ec,
        clusters: ctx.pools.proteins.entityClusters(protein),
        folds: protein.fold2 >= 0 ? [protein.fold, protein.fold2] : [protein.fold],
        keyword: protein.keyword,
      };
    }
    case 'heavy':
    case 'light':
    case 'nanobody': {
      const length = kind === 'heavy' ? rng.between(215, 235) : kind === 'light' ? rng.between(210, 220) : rng.between(112, 130);
      const organism =
        kind === 'nanobody'
          ? organismNamed(rng.pick(['Lama glama', 'Vicugna pacos', 'Camelus dromedarius']))
          : organismNamed(rng.chance(0.6) ? 'Homo sapiens' : 'Mus musculus');
      const names = kind === 'heavy' ? ANTIBODY_CHAINS.heavy : kind === 'light' ? ANTIBODY_CHAINS.light : ANTIBODY_CHAINS.nanobody;
      return {
        ...empty,
        name: rng.pick(names),
        length,
        weight: proteinWeight(rng, length),
        organisms: [organism],
        sourceType: 'genetically engineered',
        clusters: templateFor(ctx, kind, rng.chance(0.3) ? 3 : 2, 0.85),
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
        clusters: templateFor(ctx, 'peptide', 1, 0.1),
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
        clusters: templateFor(ctx, 'designed', 1, 0.2),
        folds: [foldIndex('designed')],
        keyword: 'DE NOVO PROTEIN',
      };
    }
    case 'DNA':
    case 'NA-hybrid': {
      const length = Math.round(clamp(rng.logNormal(14, 0.35), 6, 60));
      const name =
        kind === 'NA-hybrid'
          ? `DNA/RNA (5'-R(${dnaSequence(rng, 4, 'ACGU').map((b) => `*${b}P`).join('')})-D(${dnaSequence(rng, length - 4, 'ACGT').map((b) => `*${b}P`).join('').slice(0, -1)})-3')`
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

interface OrganismLists {
  ids: string[];
  names: string[];
  depths: number[];
}

const LINEAGE_CACHE = new Map<Organism, OrganismLists>();

function lineageOf(organisms: Organism[]): OrganismLists {
  if (organisms.length === 1) {
    const organism = organisms[0] as Organism;
    let cached = LINEAGE_CACHE.get(organism);
    if (!cached) {
      cached = {
        ids: organism.lineage.map(([id]) => id),
        names: organism.lineage.map(([, name]) => name),
        depths: organism.lineage.map((_, i) => i + 1),
      };
      LINEAGE_CACHE.set(organism, cached);
    }
    return cached;
  }
  const parts = organisms.map((o) => lineageOf([o]));
  return {
    ids: parts.flatMap((p) => p.ids),
    names: parts.flatMap((p) => p.names),
    depths: parts.flatMap((p) => p.depths),
  };
}

function groupMemberships(uniprot: string[], clusters: Int32Array | null): object[] {
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

/** Domain-classification resources that cover an entity, by era (SCOP mostly for older entries). */
function resourcesFor(ctx: EntryContext): DomainResource[] {
  const rng = ctx.rng;
  const resources: DomainResource[] = [];
  const year = ctx.year;
  if (rng.chance(year <= 2008 ? 0.7 : year <= 2014 ? 0.3 : 0.1)) resources.push('SCOP');
  if (rng.chance(year >= 2023 ? 0.4 : 0.62)) resources.push('CATH');
  if (rng.chance(year >= 2024 ? 0.5 : 0.7)) resources.push('ECOD');
  if (rng.chance(0.25)) resources.push('SCOP2');
  return resources;
}

function annotationId(resource: DomainResource, ctx: EntryContext, asym: string, domain: number, domains: number): string {
  switch (resource) {
    case 'SCOP':
      return `d${ctx.idLower}${asym.toLowerCase()}${domains > 1 ? domain + 1 : '_'}`;
    case 'CATH':
      return `${ctx.idLower}${asym}${String(domains > 1 ? domain + 1 : 0).padStart(2, '0')}`;
    case 'ECOD':
      return `e${ctx.idLower}${asym}${domain + 1}`;
    case 'SCOP2':
      return String(8_000_000 + ((ctx.key * 7 + domain * 131 + asym.length) % 999_999));
  }
}

/** Builds the polymer entity and instance rows of an entry. */
export function buildPolymers(ctx: EntryContext): PolymerSummary {
  const rng = ctx.rng;
  const kinds = planKinds(ctx);
  const instanceTable = ctx.method === 'EM' ? INSTANCES.EM : ctx.method === 'NMR' ? INSTANCES.NMR : INSTANCES.default;
  const summary: PolymerSummary = {
    entities: kinds.length,
    copies: [],
    kinds,
    monomers: 0,
    weight: 0,
    atoms: 0,
    proteinInstances: 0,
    leadName: null,
    leadOrganism: null,
    leadKeyword: null,
    leadEc: null,
    polymerComposition: '',
  };
  let lead: Organism | null = null;
  let chain = 0;
  kinds.forEach((kind, i) => {
    const shape = shapeOf(ctx, kind, i, lead);
    const protein = POLYMER_TYPE[kind] === 'Protein';
    if (protein && lead === null) {
      lead = shape.organisms[0] as Organism;
      summary.leadName = shape.name;
      summary.leadOrganism = lead.name;
      summary.leadKeyword = shape.keyword;
    }
    if (protein && !summary.leadEc && shape.ec) summary.leadEc = shape.ec;
    const copies = kind === 'heavy' || kind === 'light' ? Math.min(2, instanceTable.draw(rng)) : instanceTable.draw(rng);
    summary.copies.push(copies);
    const entityKey = ctx.sink.nextKey('polymer_entity');
    const entityId = String(i + 1);
    const lineage = lineageOf(shape.organisms);
    const engineered = shape.sourceType === 'genetically engineered';
    ctx.sink.push('polymer_entity', {
      _key: entityKey,
      _entry_key: ctx.key,
      rcsb_id: `${ctx.id}_${entityId}`,
      'rcsb_polymer_entity_container_identifiers.entry_id': ctx.id,
      'rcsb_polymer_entity_container_identifiers.entity_id': entityId,
      'rcsb_polymer_entity_container_identifiers.uniprot_ids': shape.uniprot,
      'entity_poly.rcsb_entity_polymer_type': POLYMER_TYPE[kind],
      'entity_poly.rcsb_sample_sequence_length': shape.length,
      'rcsb_polymer_entity.pdbx_description': shape.name,
      'rcsb_polymer_entity.formula_weight': shape.weight,
      'rcsb_polymer_entity.pdbx_number_of_molecules': copies,
      'rcsb_polymer_entity.pdbx_ec': shape.ec,
      'rcsb_entity_source_organism.ncbi_scientific_name': shape.organisms.map((o) => o.name),
      'rcsb_entity_source_organism.ncbi_parent_scientific_name': shape.organisms.flatMap((o) => (o.parent ? [o.parent] : [])),
      'rcsb_entity_source_organism.ncbi_taxonomy_id': shape.organisms.map((o) => o.taxId),
      'rcsb_entity_source_organism.source_type': shape.organisms.map(() => shape.sourceType),
      'rcsb_entity_source_organism.taxonomy_lineage.id': lineage.ids,
      'rcsb_entity_source_organism.taxonomy_lineage.name': lineage.names,
      'rcsb_entity_source_organism.taxonomy_lineage.depth': lineage.depths,
      'rcsb_entity_host_organism.ncbi_scientific_name': engineered && shape.organisms[0] !== SYNTHETIC_CONSTRUCT ? [HOST_TABLE.draw(rng)] : engineered ? ['Escherichia coli'] : [],
      'rcsb_polymer_entity_container_identifiers.reference_sequence_identifiers': shape.refs,
      'rcsb_polymer_entity.rcsb_ec_lineage': shape.ec ? ecLineage(shape.ec) : [],
      rcsb_polymer_entity_group_membership: protein ? groupMemberships(shape.uniprot, shape.clusters) : [],
    });

    const resources = protein && shape.folds.length ? resourcesFor(ctx) : [];
    for (let copy = 0; copy < copies; copy++) {
      const asym = asymId(chain++);
      const annotations: object[] = [];
      for (const resource of resources) {
        shape.folds.forEach((fold, domain) => {
          const lineageRecords = FOLDS[fold]!.lineages[resource];
          annotations.push({
            type: resource,
            annotation_id: annotationId(resource, ctx, asym, domain, shape.folds.length),
            name: lineageRecords[lineageRecords.length - 1]!.name,
            annotation_lineage: lineageRecords,
          });
        });
      }
      ctx.sink.push('polymer_instance', {
        _key: ctx.sink.nextKey('polymer_instance'),
        _entry_key: ctx.key,
        _entity_key: entityKey,
        rcsb_id: `${ctx.id}.${asym}`,
        'rcsb_polymer_entity_instance_container_identifiers.entry_id': ctx.id,
        'rcsb_polymer_entity_instance_container_identifiers.entity_id': entityId,
        'rcsb_polymer_entity_instance_container_identifiers.asym_id': asym,
        'rcsb_polymer_entity_instance_container_identifiers.auth_asym_id': asym,
        rcsb_polymer_instance_annotation: annotations,
      });
    }
    summary.monomers += shape.length * copies;
    summary.weight += shape.weight * copies;
    const atomsPerMonomer = protein ? 7.8 : kind === 'Other' ? 10 : 20.5;
    summary.atoms += Math.round(shape.length * copies * atomsPerMonomer * rng.uniform(0.9, 1));
    if (protein) summary.proteinInstances += copies;
  });
  summary.polymerComposition = polymerComposition(ctx, kinds);
  return summary;
}

/** `rcsb_entry_info.polymer_composition`, consistent with the entity types. */
function polymerComposition(ctx: EntryContext, kinds: EntityKind[]): string {
  switch (ctx.composition) {
    case 'Protein (only)':
      return kinds.length === 1 ? 'homomeric protein' : 'heteromeric protein';
    case 'Protein/NA':
      return 'protein/NA';
    case 'Protein/Oligosaccharide':
      return 'protein/oligosaccharide';
    case 'Nucleic acid (only)':
      if (kinds.includes('NA-hybrid')) return 'NA-hybrid';
      if (kinds.includes('DNA') && kinds.includes('RNA')) return 'DNA/RNA';
      return kinds[0] === 'RNA' ? 'RNA' : 'DNA';
    case 'Other':
      return 'other';
    case 'Oligosaccharide (only)':
      return 'oligosaccharide';
  }
}
