import { findAttribute, isReturnType, type ReturnType } from '@pdb-stats/search-model';
import { countNoun } from './columns.ts';

/**
 * A search request in plain words, shown above its JSON: "Resolution from 2 to 2.2 Å, entries".
 * The request may be anything a visitor typed, so every shape is checked, never assumed.
 */

/** Names of the attributes the charts search by, where the path's last word says too little. */
const NAMES: Record<string, string> = {
  'rcsb_accession_info.initial_release_date': 'Release date',
  'rcsb_chem_comp_info.initial_release_date': 'Release date',
  'rcsb_entry_info.resolution_combined': 'Resolution',
  'rcsb_entry_info.experimental_method': 'Experimental method',
  'rcsb_entry_info.structure_determination_methodology': 'Determination method',
  'refine.ls_R_factor_R_free': 'R-free',
  'rcsb_entry_info.molecular_weight': 'Molecular weight',
  'rcsb_polymer_entity.formula_weight': 'Formula weight',
  'chem_comp.formula_weight': 'Formula weight',
  'rcsb_entry_info.deposited_atom_count': 'Atom count',
  'rcsb_entry_info.deposited_polymer_monomer_count': 'Residue count',
  'rcsb_entity_source_organism.ncbi_scientific_name': 'Source organism',
  'rcsb_entity_source_organism.source_type': 'Source type',
  'rcsb_entity_host_organism.ncbi_scientific_name': 'Expression system organism',
  'entity_poly.rcsb_entity_polymer_type': 'Polymer type',
  'symmetry.space_group_name_H_M': 'Space group',
  'rcsb_struct_symmetry.kind': 'Symmetry kind',
  'rcsb_struct_symmetry.type': 'Symmetry type',
  'rcsb_primary_citation.rcsb_journal_abbrev': 'Journal',
  'pdbx_SG_project.full_name_of_center': 'Structural genomics center',
};

/** Units as the catalogue names them, in their symbols. */
const UNIT_SYMBOLS: Record<string, string> = {
  angstroms: 'Å',
  angstroms_squared: 'Å²',
  angstroms_cubed_per_dalton: 'Å³/Da',
  daltons: 'Da',
  kilodaltons: 'kDa',
  KDa: 'kDa',
  degrees: '°',
  kelvins: 'K',
  nanometers: 'nm',
  millimetres: 'mm',
  microns: 'µm',
  seconds: 's',
  kilovolts: 'kV',
  kilopascals: 'kPa',
  megahertz: 'MHz',
  milliradians: 'mrad',
  mg_per_ml: 'mg/ml',
  megagrams_per_cubic_metre: 'Mg/m³',
};

const SERVICE_NAMES: Record<string, string> = {
  full_text: 'Text',
  sequence: 'Sequence similarity',
  seqmotif: 'Sequence motif',
  structure: 'Structure similarity',
  strucmotif: 'Structure motif',
  chemical: 'Chemical similarity',
};

/** Comparisons in words, of numbers and of dates. */
const COMPARISONS = {
  greater: ['above', 'after'],
  greater_or_equal: ['at least', 'on or after'],
  less: ['below', 'before'],
  less_or_equal: ['at most', 'on or before'],
} as const;

const isDate = (value: unknown) => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The name of an attribute: a known one, or the last word of its path made readable. */
export function attributeName(path: string): string {
  const known = NAMES[path];
  if (known) return known;
  const last = path.split('.').pop() ?? path;
  const words = last
    .replace(/^(rcsb|pdbx|ncbi)_/, '')
    .replace(/_/g, ' ')
    .trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : path;
}

/** The symbol of a unit as the catalogue names it ("angstroms" → "Å"). */
export function unitSymbol(units: string): string {
  return UNIT_SYMBOLS[units] ?? units.replace(/_/g, ' ');
}

function unitOf(path: string, returnType: ReturnType): string {
  const units = findAttribute(path, returnType)?.units;
  return units ? unitSymbol(units) : '';
}

function valueText(value: unknown, unit: string, quoted: boolean): string {
  if (typeof value === 'number') return unit ? `${value} ${unit}` : String(value);
  if (typeof value === 'string') return quoted ? `“${value}”` : value;
  return JSON.stringify(value);
}

/** One terminal node in plain words: "Resolution below 2 Å", "not Experimental method “X-RAY DIFFRACTION”". */
export function terminalText(
  node: Record<string, unknown>,
  returnType: ReturnType,
  /** The attribute's name and unit symbol when the caller knows them (from a service's catalogue). */
  known?: { name: string; unit?: string },
): string {
  const service = typeof node.service === 'string' ? node.service : '';
  const parameters = isRecord(node.parameters) ? node.parameters : {};
  const attribute = typeof parameters.attribute === 'string' ? parameters.attribute : undefined;
  const { operator, value } = parameters;
  if (!attribute) {
    const name = SERVICE_NAMES[service] ?? (service ? `${service} search` : 'Search');
    return typeof value === 'string' ? `${name} “${value}”` : `${name} search`;
  }
  const name = known?.name ?? attributeName(attribute);
  const unit = known ? (known.unit ?? '') : unitOf(attribute, returnType);
  // A number with its unit ("2.2 Å"); strings (names, dates) as they are, quoted when matched as text.
  const plain = (v: unknown) => valueText(v, unit, false);
  const quoted = (v: unknown) => valueText(v, '', true);
  let text: string;
  switch (operator) {
    case 'range': {
      const range = isRecord(value) ? value : {};
      const { from, to } = range;
      const bare = (v: unknown) => valueText(v, '', false);
      if (from !== undefined && to !== undefined) text = `${name} from ${bare(from)} to ${plain(to)}`;
      else if (from !== undefined)
        text = `${name} ${range.include_lower === false ? 'above' : 'from'} ${plain(from)}`;
      else if (to !== undefined)
        text = `${name} ${range.include_upper === true ? 'up to' : 'below'} ${plain(to)}`;
      else text = `${name} in any range`;
      break;
    }
    case 'equals':
      text = `${name} ${plain(value)}`;
      break;
    case 'greater':
    case 'greater_or_equal':
    case 'less':
    case 'less_or_equal':
      text = `${name} ${COMPARISONS[operator][isDate(value) ? 1 : 0]} ${plain(value)}`;
      break;
    case 'exact_match':
      text = `${name} ${quoted(value)}`;
      break;
    case 'in':
      text = Array.isArray(value)
        ? `${name} one of ${value.map((v) => (typeof v === 'number' ? plain(v) : quoted(v))).join(', ')}`
        : `${name} one of ${quoted(value)}`;
      break;
    case 'contains_words':
    case 'contains_phrase':
      text = `${name} containing ${quoted(value)}`;
      break;
    case 'exists':
      return `${name} ${parameters.negation === true ? 'not given' : 'given'}`;
    default:
      text = `${name} ${typeof operator === 'string' ? operator.replace(/_/g, ' ') : 'matching'} ${plain(value)}`;
  }
  return parameters.negation === true ? `not ${text[0]!.toLowerCase()}${text.slice(1)}` : text;
}

function nodeText(node: unknown, returnType: ReturnType, nested: boolean): string | undefined {
  if (!isRecord(node)) return undefined;
  if (node.type === 'terminal') return terminalText(node, returnType);
  if (node.type !== 'group' || !Array.isArray(node.nodes)) return undefined;
  const parts = node.nodes.flatMap((child) => nodeText(child, returnType, true) ?? []);
  if (parts.length === 0) return undefined;
  const or = node.logical_operator === 'or';
  const text = parts.join(or ? ' or ' : ', ');
  return nested && parts.length > 1 && or ? `(${text})` : text;
}

/**
 * A query node in plain words: "Resolution below 2 Å", "Source organism “Homo sapiens”"; a group's
 * conditions joined by commas (and) or "or". Undefined for what is no node.
 */
export function summarizeNode(node: unknown, returnType: ReturnType = 'entry'): string | undefined {
  return nodeText(node, returnType, false);
}

/**
 * The request in plain words: its conditions, then what it returns. "Resolution from 2 to 2.2 Å,
 * entries"; "All entries" without a query. Undefined for what is no request (not an object).
 */
export function summarizeRequest(request: unknown): string | undefined {
  if (!isRecord(request)) return undefined;
  const returnType = isReturnType(request.return_type) ? request.return_type : undefined;
  const options = isRecord(request.request_options) ? request.request_options : {};
  const grouped = options.group_by_return_type === 'groups';
  const noun = returnType
    ? `${countNoun(returnType, 2)}${grouped ? ' in groups' : ''}`
    : 'results (no return_type)';
  const conditions =
    request.query === undefined ? undefined : summarizeNode(request.query, returnType ?? 'entry');
  const facets = Array.isArray(options.facets)
    ? options.facets.flatMap((facet) =>
        isRecord(facet) && typeof facet.name === 'string' ? [facet.name] : [],
      )
    : [];
  const head = conditions ? `${conditions}, ${noun}` : `All ${noun}`;
  return facets.length > 0 ? `${head}; counted by ${facets.join(', ')}` : head;
}
