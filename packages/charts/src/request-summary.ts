import { findAttribute, isReturnType, type ReturnType } from '@pdb-stats/search-model';
import { countNoun } from './nouns.ts';

/**
 * A search request in plain words, shown above its JSON: "Resolution from 2 to 2.2 Å, entries".
 * The request may be anything a visitor typed, so every shape is checked, never assumed.
 */

/**
 * Names of the attributes the charts and scopes search by, where the path's last word says too
 * little; in sentence case, as the dashboard writes every name. They win over the service's own
 * brief, so a chip, a legend and the query builder name an attribute alike.
 */
const NAMES: Record<string, string> = {
  'exptl.method': 'Experimental method',
  'struct_keywords.pdbx_keywords': 'Structure keywords',
  'chem_comp.type': 'Chemical component type',
  'chem_comp.name': 'Chemical name',
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
  'pdbx_audit_support.country': 'Funding country',
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

/**
 * How a node is said: a sentence (the query editor, a chart's caption: "Resolution below 2 Å") or
 * short (a scope chip, a cohort's name in a legend: "Resolution < 2 Å").
 */
export type SummaryStyle = 'sentence' | 'short';

/** Comparisons in words, of numbers and of dates. */
const COMPARISONS = {
  greater: ['above', 'after'],
  greater_or_equal: ['at least', 'on or after'],
  less: ['below', 'before'],
  less_or_equal: ['at most', 'on or before'],
} as const;

/** Comparisons in the short style: symbols for numbers, a word for dates. */
const SHORT_COMPARISONS = {
  equals: ['=', 'on'],
  greater: ['>', 'after'],
  greater_or_equal: ['≥', 'since'],
  less: ['<', 'before'],
  less_or_equal: ['≤', 'up to'],
} as const;

/** Names of the short style where a verb says more in less ("Released 2015–2020"). */
const SHORT_NAMES: Record<string, string> = {
  'rcsb_accession_info.initial_release_date': 'Released',
  'rcsb_chem_comp_info.initial_release_date': 'Released',
  'rcsb_accession_info.deposit_date': 'Deposited',
};

const isDate = (value: unknown) => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The name of an attribute, wherever the dashboard shows one: a known one, else the brief of the
 * service's metadata (when the caller has read it), else the last word of its path made readable.
 */
export function attributeName(path: string, brief?: string): string {
  const known = NAMES[path];
  if (known) return known;
  // A brief that only repeats the path says less than the path's last words.
  if (brief && brief !== path) return brief;
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

/** "a, b or c". */
const orList = (values: readonly string[]) =>
  values.length > 1 ? `${values.slice(0, -1).join(', ')} or ${values.at(-1)}` : (values[0] ?? '');

/**
 * The year a date bound stands for when it falls on a year's edge, else undefined: a lower bound on
 * 1 January (included) or 31 December (excluded, the next year), an upper bound on 31 December
 * (included) or 1 January (excluded, the year before).
 */
function boundYear(value: unknown, bound: 'lower' | 'upper', included: boolean): number | undefined {
  const match = typeof value === 'string' ? /^(\d{4})-(01-01|12-31)$/.exec(value) : null;
  if (!match) return undefined;
  const year = Number(match[1]);
  const first = match[2] === '01-01';
  if (bound === 'lower') return first === included ? (first ? year : year + 1) : undefined;
  return first === !included ? (first ? year - 1 : year) : undefined;
}

/** A comparison of the short style: "Resolution < 2 Å", "Released since 2015", "Released before 2000". */
function shortComparison(
  name: string,
  operator: keyof typeof SHORT_COMPARISONS,
  value: unknown,
  unit: string,
): string {
  if (!isDate(value)) return `${name} ${SHORT_COMPARISONS[operator][0]} ${valueText(value, unit, false)}`;
  // A bound on a year's edge is said as a year: "≥ 2015-01-01" is "since 2015", "≤ 1999-12-31" is
  // "before 2000".
  if (operator === 'greater' || operator === 'greater_or_equal') {
    const first = boundYear(value, 'lower', operator === 'greater_or_equal');
    if (first !== undefined) return `${name} since ${first}`;
  } else if (operator === 'less' || operator === 'less_or_equal') {
    const last = boundYear(value, 'upper', operator === 'less_or_equal');
    if (last !== undefined) return `${name} before ${last + 1}`;
  }
  return `${name} ${SHORT_COMPARISONS[operator][1]} ${String(value)}`;
}

/** A range in the short style: "Resolution 2–2.5 Å", "Released 2015–2020", "Resolution ≥ 3 Å". */
function shortRange(name: string, range: Record<string, unknown>, unit: string): string {
  const { from, to } = range;
  // The service's defaults: both bounds excluded unless said.
  const lower = range.include_lower === true;
  const upper = range.include_upper === true;
  if (from !== undefined && to !== undefined) {
    if (isDate(from) || isDate(to)) {
      const [first, last] = [boundYear(from, 'lower', lower), boundYear(to, 'upper', upper)];
      if (first !== undefined && last !== undefined)
        return first === last ? `${name} in ${first}` : `${name} ${first}–${last}`;
      return `${name} ${valueText(from, '', false)} to ${valueText(to, '', false)}`;
    }
    return `${name} ${valueText(from, '', false)}–${valueText(to, unit, false)}`;
  }
  if (from !== undefined) return shortComparison(name, lower ? 'greater_or_equal' : 'greater', from, unit);
  if (to !== undefined) return shortComparison(name, upper ? 'less_or_equal' : 'less', to, unit);
  return `${name} in any range`;
}

/**
 * One terminal node in plain words. Sentence: "Resolution below 2 Å", "not Experimental method
 * “X-RAY DIFFRACTION”". Short: "Resolution < 2 Å", "Source organism: Homo sapiens", "Released
 * 2015–2020".
 */
export function terminalText(
  node: Record<string, unknown>,
  returnType: ReturnType,
  /** The attribute's name and unit symbol when the caller knows them (from a service's catalogue). */
  known?: { name: string; unit?: string },
  style: SummaryStyle = 'sentence',
): string {
  const service = typeof node.service === 'string' ? node.service : '';
  const parameters = isRecord(node.parameters) ? node.parameters : {};
  const attribute = typeof parameters.attribute === 'string' ? parameters.attribute : undefined;
  const { operator, value } = parameters;
  if (!attribute) {
    const name = SERVICE_NAMES[service] ?? (service ? `${service} search` : 'Search');
    return typeof value === 'string' ? `${name} “${value}”` : `${name} search`;
  }
  const short = style === 'short';
  const name = (short && SHORT_NAMES[attribute]) || (known?.name ?? attributeName(attribute));
  const unit = known ? (known.unit ?? '') : unitOf(attribute, returnType);
  const negated = parameters.negation === true;
  // A number with its unit ("2.2 Å"); strings (names, dates) as they are, quoted when matched as text.
  const plain = (v: unknown) => valueText(v, unit, false);
  const quoted = (v: unknown) => valueText(v, '', true);
  if (short && (operator === 'exact_match' || operator === 'in')) {
    const values = Array.isArray(value) ? value : [value];
    const numbers = values.every((v) => typeof v === 'number');
    const list = orList(values.map((v) => valueText(v, '', false)));
    const said = numbers && unit ? `${list} ${unit}` : list;
    return `${name}: ${negated ? (values.length > 1 ? 'none of ' : 'not ') : ''}${said}`;
  }
  let text: string;
  switch (operator) {
    case 'range': {
      const range = isRecord(value) ? value : {};
      const { from, to } = range;
      const bare = (v: unknown) => valueText(v, '', false);
      if (short) text = shortRange(name, range, unit);
      else if (from !== undefined && to !== undefined) text = `${name} from ${bare(from)} to ${plain(to)}`;
      else if (from !== undefined)
        // The service's defaults: a bound is excluded unless `include_…` says otherwise.
        text = `${name} ${range.include_lower === true ? 'from' : 'above'} ${plain(from)}`;
      else if (to !== undefined)
        text = `${name} ${range.include_upper === true ? 'up to' : 'below'} ${plain(to)}`;
      else text = `${name} in any range`;
      break;
    }
    case 'equals':
      text = short ? shortComparison(name, operator, value, unit) : `${name} ${plain(value)}`;
      break;
    case 'greater':
    case 'greater_or_equal':
    case 'less':
    case 'less_or_equal':
      text = short
        ? shortComparison(name, operator, value, unit)
        : `${name} ${COMPARISONS[operator][isDate(value) ? 1 : 0]} ${plain(value)}`;
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
      text = `${name} ${short ? 'contains' : 'containing'} ${quoted(value)}`;
      break;
    case 'exists':
      return `${name} ${negated ? 'not given' : 'given'}`;
    default:
      text = `${name} ${typeof operator === 'string' ? operator.replace(/_/g, ' ') : 'matching'} ${plain(value)}`;
  }
  return negated ? `not ${text[0]!.toLowerCase()}${text.slice(1)}` : text;
}

/**
 * The values of an or group whose conditions all match one attribute by value, said once in the
 * short style: "Experimental method: X-ray or NMR". Undefined for any other group.
 */
function sameAttributeValues(
  nodes: readonly unknown[],
): { first: Record<string, unknown>; values: unknown[] } | undefined {
  const terms = nodes.map((node) => (isRecord(node) && isRecord(node.parameters) ? node : undefined));
  const first = terms[0];
  if (!first || terms.length < 2) return undefined;
  const key = (node: Record<string, unknown>) => {
    const p = node.parameters as Record<string, unknown>;
    return `${String(node.service)}|${String(p.attribute)}`;
  };
  const values: unknown[] = [];
  for (const term of terms) {
    const p = term?.parameters as Record<string, unknown> | undefined;
    if (!term || term.type !== 'terminal' || key(term) !== key(first) || p?.negation === true)
      return undefined;
    if (p?.operator === 'exact_match') values.push(p.value);
    else if (p?.operator === 'in' && Array.isArray(p.value)) values.push(...p.value);
    else return undefined;
  }
  return { first, values };
}

function nodeText(
  node: unknown,
  returnType: ReturnType,
  nested: boolean,
  style: SummaryStyle,
): string | undefined {
  if (!isRecord(node)) return undefined;
  if (node.type === 'terminal') return terminalText(node, returnType, undefined, style);
  if (node.type !== 'group' || !Array.isArray(node.nodes)) return undefined;
  const or = node.logical_operator === 'or';
  const same = style === 'short' && or ? sameAttributeValues(node.nodes) : undefined;
  if (same) {
    const parameters = { ...(same.first.parameters as object), operator: 'in', value: same.values };
    return terminalText({ ...same.first, parameters }, returnType, undefined, style);
  }
  const parts = node.nodes.flatMap((child) => nodeText(child, returnType, true, style) ?? []);
  if (parts.length === 0) return undefined;
  const text = parts.join(or ? ' or ' : ', ');
  return nested && parts.length > 1 && or ? `(${text})` : text;
}

/**
 * A query node in plain words: "Resolution below 2 Å", "Source organism “Homo sapiens”"; a group's
 * conditions joined by commas (and) or "or"; in the short style, an or group of values of one
 * attribute said once ("Experimental method: X-ray or NMR"). Undefined for what is no node.
 */
export function summarizeNode(
  node: unknown,
  returnType: ReturnType = 'entry',
  style: SummaryStyle = 'sentence',
): string | undefined {
  return nodeText(node, returnType, false, style);
}

/** A query node said short, for a name on a chip or in a legend: "Resolution < 2 Å". */
export const shortSummary = (node: unknown, returnType: ReturnType = 'entry') =>
  summarizeNode(node, returnType, 'short');

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
