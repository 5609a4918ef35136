import {
  getNamedType,
  isLeafType,
  isObjectType,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLSchema,
} from 'graphql';
import { nativeLevelOf, type CatalogueAttribute, type NativeLevel } from '@pdb-stats/search-model';

/**
 * How a level of the Data API's documents is reached from the one above it: the entry's
 * `polymer_entities`, an entity's `polymer_entity_instances`, ... Chemical components are asked for
 * on their own (`chem_comps`), as the catalogue's mol_definition level.
 */
const CHILDREN: Readonly<Partial<Record<NativeLevel, readonly (readonly [string, NativeLevel])[]>>> = {
  entry: [
    ['polymer_entities', 'polymer_entity'],
    ['nonpolymer_entities', 'non_polymer_entity'],
    ['branched_entities', 'branched_entity'],
    ['assemblies', 'assembly'],
  ],
  polymer_entity: [['polymer_entity_instances', 'polymer_instance']],
  non_polymer_entity: [['nonpolymer_entity_instances', 'non_polymer_instance']],
  branched_entity: [['branched_entity_instances', 'branched_instance']],
};

/**
 * Fields every document must carry whatever the catalogue asks: the identifiers, and the ids that
 * link an instance to its entity and a non-polymer entity to its chemical component.
 */
const ALWAYS: Readonly<Partial<Record<NativeLevel, readonly string[]>>> = {
  entry: ['rcsb_id', 'rcsb_accession_info.initial_release_date', 'rcsb_accession_info.revision_date'],
  polymer_entity: ['rcsb_id', 'rcsb_polymer_entity_container_identifiers.entity_id'],
  polymer_instance: ['rcsb_id', 'rcsb_polymer_entity_instance_container_identifiers.entity_id'],
  non_polymer_entity: ['rcsb_id', 'rcsb_nonpolymer_entity_container_identifiers.nonpolymer_comp_id'],
  non_polymer_instance: ['rcsb_id'],
  branched_entity: ['rcsb_id'],
  branched_instance: ['rcsb_id'],
  assembly: ['rcsb_id'],
  mol_definition: ['rcsb_id'],
};

/**
 * Attributes the Data API serves through a related document rather than on the object itself: an
 * entry's PubMed record, a polymer entity's UniProt records, a component's DrugBank record. The
 * search metadata names them from that document's root (`rcsb_uniprot_protein.name.value`).
 */
const RELATIONS: Readonly<Partial<Record<NativeLevel, readonly (readonly [string, string])[]>>> = {
  entry: [['rcsb_pubmed_', 'pubmed']],
  polymer_entity: [['rcsb_uniprot_', 'uniprots']],
  mol_definition: [['drugbank_', 'drugbank']],
};

/** A catalogue attribute and the path of the document field holding it. */
export interface SourcedAttribute {
  attribute: CatalogueAttribute;
  /** The attribute's path, behind a relation's field when served by a related document. */
  source: string;
}

/** The catalogue attributes one level of documents gives, and the paths its query selects. */
export interface LevelSelection {
  level: NativeLevel;
  attributes: SourcedAttribute[];
  paths: string[];
}

/** What an import asks the Data API for, checked against the schema the server publishes. */
export interface DataApiPlan {
  levels: Map<NativeLevel, LevelSelection>;
  /** Catalogue attributes the server's schema has no field for, by level (the operator is told). */
  unavailable: CatalogueAttribute[];
  entriesQuery: string;
  chemCompsQuery: string;
}

/**
 * The field a dotted path names under a type, when every step exists and the last is a scalar or an
 * enum (or a list of them); lists on the way are walked through, as documents nest them.
 */
function leafField(type: GraphQLObjectType, path: string): GraphQLField<unknown, unknown> | undefined {
  let current: GraphQLObjectType = type;
  const steps = path.split('.');
  for (let i = 0; i < steps.length; i++) {
    const field = current.getFields()[steps[i] as string];
    if (!field) return undefined;
    const named = getNamedType(field.type);
    if (i === steps.length - 1) return isLeafType(named) ? field : undefined;
    if (!isObjectType(named)) return undefined;
    current = named;
  }
  return undefined;
}

/** The object type a field of the query root or of another type returns. */
function objectTypeOf(type: GraphQLObjectType, field: string): GraphQLObjectType {
  const found = type.getFields()[field];
  const named = found && getNamedType(found.type);
  if (!named || !isObjectType(named))
    throw new Error(`the Data API schema has no object field "${field}" on ${type.name}`);
  return named;
}

/** `a.b`, `a.c`, `d` as the selection `a { b c } d`. */
export function selectionOf(paths: readonly string[], indent = '  '): string {
  interface Node {
    children: Map<string, Node>;
  }
  const root: Node = { children: new Map() };
  for (const path of paths) {
    let node = root;
    for (const step of path.split('.')) {
      let child = node.children.get(step);
      if (!child) node.children.set(step, (child = { children: new Map() }));
      node = child;
    }
  }
  const render = (node: Node, pad: string): string[] =>
    [...node.children].flatMap(([name, child]) =>
      child.children.size === 0
        ? [`${pad}${name}`]
        : [`${pad}${name} {`, ...render(child, pad + indent), `${pad}}`],
    );
  return render(root, indent).join('\n');
}

/**
 * Plans the queries of an import: for every level of documents, the catalogue attributes whose path
 * the server's schema serves as a leaf field, and the GraphQL queries selecting them.
 */
export function planDataApi(schema: GraphQLSchema, attributes: readonly CatalogueAttribute[]): DataApiPlan {
  const query = schema.getQueryType();
  if (!query) throw new Error('the Data API schema has no query type');
  const types = new Map<NativeLevel, GraphQLObjectType>();
  const visit = (level: NativeLevel, type: GraphQLObjectType) => {
    types.set(level, type);
    for (const [field, child] of CHILDREN[level] ?? []) visit(child, objectTypeOf(type, field));
  };
  visit('entry', objectTypeOf(query, 'entries'));
  types.set('mol_definition', objectTypeOf(query, 'chem_comps'));

  const levels = new Map<NativeLevel, LevelSelection>();
  const unavailable: CatalogueAttribute[] = [];
  for (const [level, type] of types) {
    const paths = new Set((ALWAYS[level] ?? []).filter((path) => leafField(type, path)));
    levels.set(level, { level, attributes: [], paths: [] });
    for (const attribute of attributes) {
      if (nativeLevelOf(attribute) !== level) continue;
      const relation = RELATIONS[level]?.find(([prefix]) => attribute.path.startsWith(prefix));
      const source = relation ? `${relation[1]}.${attribute.path}` : attribute.path;
      if (!leafField(type, source)) {
        unavailable.push(attribute);
        continue;
      }
      levels.get(level)?.attributes.push({ attribute, source });
      paths.add(source);
    }
    (levels.get(level) as LevelSelection).paths = [...paths];
  }

  const levelSelection = (level: NativeLevel, pad: string): string => {
    const own = selectionOf(levels.get(level)?.paths ?? [], '  ')
      .split('\n')
      .map((line) => pad + line.slice(2));
    const children = (CHILDREN[level] ?? []).flatMap(([field, child]) => [
      `${pad}${field} {`,
      levelSelection(child, pad + '  '),
      `${pad}}`,
    ]);
    return [...own, ...children].join('\n');
  };
  const entriesQuery = `query Entries($ids: [String!]!) {\n  entries(entry_ids: $ids) {\n${levelSelection('entry', '    ')}\n  }\n}`;
  const chemCompsQuery = `query ChemComps($ids: [String]!) {\n  chem_comps(comp_ids: $ids) {\n${levelSelection('mol_definition', '    ')}\n  }\n}`;
  return { levels, unavailable, entriesQuery, chemCompsQuery };
}

/** The light query of an incremental import: when was each entry released and last revised. */
export const REVISIONS_QUERY = `query Revisions($ids: [String!]!) {
  entries(entry_ids: $ids) {
    rcsb_id
    rcsb_accession_info {
      initial_release_date
      revision_date
    }
  }
}`;
