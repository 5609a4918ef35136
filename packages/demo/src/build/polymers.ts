import { asymId } from '../ids.ts';
import { Weighted } from '../random.ts';
import { FOLDS, type DomainResource } from '../vocabulary/domains.ts';
import { ecLineage } from '../vocabulary/enzymes.ts';
import { HOSTS, SYNTHETIC_CONSTRUCT, type Organism } from '../vocabulary/organisms.ts';
import type { EntryContext } from './context.ts';
import { planKinds, POLYMER_TYPE, shapeOf, type EntityKind, type EntityShape } from './entity-shapes.ts';

/** Instances (chains) per entity in the deposited model. */
const INSTANCES = {
  default: new Weighted([
    [1, 0.55],
    [2, 0.28],
    [3, 0.04],
    [4, 0.08],
    [6, 0.03],
    [8, 0.014],
    [12, 0.006],
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
      // Frozen and shared by every entity of the organism.
      cached = {
        ids: Object.freeze(organism.lineage.map(([id]) => id)) as string[],
        names: Object.freeze(organism.lineage.map(([, name]) => name)) as string[],
        depths: Object.freeze(organism.lineage.map((_, i) => i + 1)) as number[],
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

function annotationId(
  resource: DomainResource,
  ctx: EntryContext,
  asym: string,
  domain: number,
  domains: number,
): string {
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

interface EntityRow {
  key: number;
  id: string;
  kind: EntityKind;
  shape: EntityShape;
  copies: number;
  host: string | null;
}

function pushEntity(ctx: EntryContext, entity: EntityRow): void {
  const { shape } = entity;
  const lineage = lineageOf(shape.organisms);
  ctx.sink.push('polymer_entity', {
    _key: entity.key,
    _entry_key: ctx.key,
    rcsb_id: `${ctx.id}_${entity.id}`,
    'rcsb_polymer_entity_container_identifiers.entry_id': ctx.id,
    'rcsb_polymer_entity_container_identifiers.entity_id': entity.id,
    'rcsb_polymer_entity_container_identifiers.uniprot_ids': shape.uniprot,
    'entity_poly.rcsb_entity_polymer_type': POLYMER_TYPE[entity.kind],
    'entity_poly.rcsb_sample_sequence_length': shape.length,
    'rcsb_polymer_entity.pdbx_description': shape.name,
    'rcsb_polymer_entity.formula_weight': shape.weight,
    'rcsb_polymer_entity.pdbx_number_of_molecules': entity.copies,
    'rcsb_polymer_entity.pdbx_ec': shape.ec,
    'rcsb_entity_source_organism.ncbi_scientific_name': shape.organisms.map((o) => o.name),
    'rcsb_entity_source_organism.ncbi_parent_scientific_name': shape.organisms.flatMap((o) =>
      o.parent ? [o.parent] : [],
    ),
    'rcsb_entity_source_organism.ncbi_taxonomy_id': shape.organisms.map((o) => o.taxId),
    'rcsb_entity_source_organism.source_type': shape.organisms.map(() => shape.sourceType),
    'rcsb_entity_source_organism.taxonomy_lineage.id': lineage.ids,
    'rcsb_entity_source_organism.taxonomy_lineage.name': lineage.names,
    'rcsb_entity_source_organism.taxonomy_lineage.depth': lineage.depths,
    'rcsb_entity_host_organism.ncbi_scientific_name': entity.host ? [entity.host] : [],
    'rcsb_polymer_entity_container_identifiers.reference_sequence_identifiers': shape.refs,
    'rcsb_polymer_entity.rcsb_ec_lineage': shape.ec ? ecLineage(shape.ec) : [],
    rcsb_polymer_entity_group_membership: shape.groups,
  });
}

/** One row per chain, each with the domain annotations of its entity's folds. */
interface InstanceRows {
  entityKey: number;
  entityId: string;
  firstKey: number;
  asyms: string[];
  resources: DomainResource[];
  folds: number[];
}

function pushInstances(ctx: EntryContext, rows: InstanceRows): void {
  const { entityKey, entityId, asyms, resources, folds } = rows;
  asyms.forEach((asym, copy) => {
    const annotations: object[] = [];
    for (const resource of resources) {
      folds.forEach((fold, domain) => {
        const lineageRecords = FOLDS[fold]!.lineages[resource];
        annotations.push({
          type: resource,
          annotation_id: annotationId(resource, ctx, asym, domain, folds.length),
          name: lineageRecords[lineageRecords.length - 1]!.name,
          annotation_lineage: lineageRecords,
        });
      });
    }
    ctx.sink.push('polymer_instance', {
      _key: rows.firstKey + copy,
      _entry_key: ctx.key,
      _entity_key: entityKey,
      rcsb_id: `${ctx.id}.${asym}`,
      'rcsb_polymer_entity_instance_container_identifiers.entry_id': ctx.id,
      'rcsb_polymer_entity_instance_container_identifiers.entity_id': entityId,
      'rcsb_polymer_entity_instance_container_identifiers.asym_id': asym,
      'rcsb_polymer_entity_instance_container_identifiers.auth_asym_id': asym,
      rcsb_polymer_instance_annotation: annotations,
    });
  });
}

/** Builds the polymer entity and instance rows of an entry. */
export function buildPolymers(ctx: EntryContext): PolymerSummary {
  const rng = ctx.rng;
  const kinds = planKinds(ctx);
  const instanceTable =
    ctx.method === 'EM' ? INSTANCES.EM : ctx.method === 'NMR' ? INSTANCES.NMR : INSTANCES.default;
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
    const copies =
      kind === 'heavy' || kind === 'light' ? Math.min(2, instanceTable.draw(rng)) : instanceTable.draw(rng);
    summary.copies.push(copies);
    const entityKey = ctx.sink.nextKey('polymer_entity');
    const entityId = String(i + 1);
    const engineered = shape.sourceType === 'genetically engineered';
    const host = !engineered
      ? null
      : shape.organisms[0] !== SYNTHETIC_CONSTRUCT
        ? HOST_TABLE.draw(rng)
        : 'Escherichia coli';
    if (ctx.sink.wants('polymer_entity')) {
      pushEntity(ctx, { key: entityKey, id: entityId, kind, shape, copies, host });
    }
    const resources = protein && shape.folds.length ? resourcesFor(ctx) : [];
    const asyms = Array.from({ length: copies }, () => asymId(chain++));
    const firstInstanceKey = ctx.sink.nextKey('polymer_instance');
    for (let copy = 1; copy < copies; copy++) ctx.sink.nextKey('polymer_instance');
    if (ctx.sink.wants('polymer_instance')) {
      pushInstances(ctx, {
        entityKey,
        entityId,
        firstKey: firstInstanceKey,
        asyms,
        resources,
        folds: shape.folds,
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
