import type { Block, CifRecord } from './cif-file.ts';
import type { EntryModel } from './entry-model.ts';
import type { Facts } from './facts.ts';
import {
  naPolymerEntityTypes,
  polymerComposition,
  polymerCounts,
  selectedPolymerEntityTypes,
  type CompositionMember,
  type PolymerClass,
} from './polymer-types.ts';
import type { EntryKind } from './types.ts';

/** What every entry rule may read. */
export interface EntryContext {
  block: Block;
  model: EntryModel;
  kind: EntryKind;
  /** Upper-case entry id, e.g. `4HHB`. */
  entryId: string;
  assemblyIds: string[];
}

const INFO = 'rcsb_entry_info';
const numberOf = (value: unknown) => {
  const n = typeof value === 'number' ? value : Number(value);
  return typeof value === 'string' && value.trim() === '' ? undefined : Number.isFinite(n) ? n : undefined;
};
const round = (value: number, digits: number) => Number(value.toFixed(digits));
const minOf = (values: number[]) => (values.length ? Math.min(...values) : undefined);
const maxOf = (values: number[]) => (values.length ? Math.max(...values) : undefined);

/** Identifiers of the entry and of what it contains, so a search can list an entry's parts. */
export function entryContainerIdentifiers(ctx: EntryContext, facts: Facts): void {
  const idsOf = (type: string) => ctx.model.entities.filter((e) => e.type === type).map((e) => e.id);
  const related = ctx.block.records('pdbx_database_related');
  const emdb = (type: RegExp) =>
    related
      .filter((r) => r.db_name === 'EMDB' && type.test(String(r.content_type ?? '')))
      .map((r) => r.db_id);
  facts.setAll('rcsb_entry_container_identifiers', {
    entry_id: ctx.entryId,
    rcsb_id: ctx.entryId,
    entity_ids: ctx.model.entities.map((e) => e.id),
    polymer_entity_ids: idsOf('polymer'),
    non_polymer_entity_ids: idsOf('non-polymer'),
    branched_entity_ids: idsOf('branched'),
    water_entity_ids: idsOf('water'),
    assembly_ids: ctx.assemblyIds,
    model_ids: ctx.model.modelCount > 0 ? Array.from({ length: ctx.model.modelCount }, (_, i) => i + 1) : [],
    emdb_ids: emdb(/associated EM volume/i),
    related_emdb_ids: emdb(/other EM volume/i),
    pubmed_id: ctx.block.records('citation').find(isPrimary)?.pdbx_database_id_pubmed,
  });
}

interface Revision {
  ordinal: number;
  date: string;
  major?: string;
  minor?: string;
}

/**
 * Dates of the entry: deposition from pdbx_database_status; the initial release is the first
 * revision of the structure model and the revision date the latest one (with its version numbers).
 */
export function accessionInfo(ctx: EntryContext, facts: Facts): void {
  const history = ctx.block.records('pdbx_audit_revision_history');
  const modelRows = history.filter(
    (r) => r.data_content_type === undefined || r.data_content_type === 'Structure model',
  );
  const revisions: Revision[] = (modelRows.length > 0 ? modelRows : history)
    .filter((r) => typeof r.revision_date === 'string')
    .map((r, index) => ({
      ordinal: numberOf(r.ordinal) ?? index,
      date: r.revision_date as string,
      major: r.major_revision as string | undefined,
      minor: r.minor_revision as string | undefined,
    }))
    .sort((a, b) => a.ordinal - b.ordinal || a.date.localeCompare(b.date));
  if (revisions.length === 0) revisions.push(...legacyRevisions(ctx));
  const first = revisions[0];
  const latest = revisions.at(-1);
  facts.setAll('rcsb_accession_info', {
    deposit_date:
      ctx.block.text('pdbx_database_status', 'recvd_initial_deposition_date') ?? legacyDepositDate(ctx),
    initial_release_date: first?.date,
    revision_date: latest?.date,
    major_revision: latest?.major,
    minor_revision: latest?.minor,
    status_code: ctx.block.text('pdbx_database_status', 'status_code'),
    has_released_experimental_data: hasReleasedExperimentalData(ctx),
  });
}

/** Files written before pdbx_audit_revision_history list their revisions in database_PDB_rev. */
function legacyRevisions(ctx: EntryContext): Revision[] {
  return ctx.block
    .records('database_PDB_rev')
    .filter((r) => typeof r.date === 'string')
    .map((r, index) => ({ ordinal: numberOf(r.num) ?? index, date: r.date as string }))
    .sort((a, b) => a.ordinal - b.ordinal || a.date.localeCompare(b.date));
}

/** The deposition date older files give with their first revision. */
function legacyDepositDate(ctx: EntryContext): string | undefined {
  const revisions = ctx.block
    .records('database_PDB_rev')
    .filter((r) => typeof r.date_original === 'string')
    .sort((a, b) => (numberOf(a.num) ?? 0) - (numberOf(b.num) ?? 0));
  return revisions[0]?.date_original as string | undefined;
}

/**
 * 'Y' when the archive holds the experimental data behind the model: structure factors, NMR
 * restraints or shifts, or (for EM) the map, which every EM entry must deposit.
 */
function hasReleasedExperimentalData(ctx: EntryContext): string | undefined {
  if (methodologyOf(ctx) !== 'experimental') return undefined;
  const status = ctx.block.records('pdbx_database_status')[0] ?? {};
  const released = ['status_code_sf', 'status_code_mr', 'status_code_cs', 'status_code_nmr_data'].some(
    (item) => status[item] === 'REL',
  );
  return released || methodsOf(ctx).some((m) => METHOD_CLASS[m] === 'EM') ? 'Y' : 'N';
}

/** exptl.method in upper case, each once. */
function methodsOf(ctx: EntryContext): string[] {
  const methods = ctx.block.texts('exptl', 'method').filter((m): m is string => m !== undefined);
  return [...new Set(methods.map((m) => m.trim().toUpperCase()))];
}

/** RCSB's method classes (the public enum's documented members of each class). */
const METHOD_CLASS: Readonly<Record<string, string>> = {
  'X-RAY DIFFRACTION': 'X-ray',
  'FIBER DIFFRACTION': 'X-ray',
  'POWDER DIFFRACTION': 'X-ray',
  'ELECTRON MICROSCOPY': 'EM',
  'ELECTRON CRYSTALLOGRAPHY': 'EM',
  'ELECTRON TOMOGRAPHY': 'EM',
  'SOLUTION NMR': 'NMR',
  'SOLID-STATE NMR': 'NMR',
  'NEUTRON DIFFRACTION': 'Neutron',
};

/** Methods whose resolution is the refinement's high-resolution limit. */
const DIFFRACTION = new Set([
  'X-RAY DIFFRACTION',
  'FIBER DIFFRACTION',
  'POWDER DIFFRACTION',
  'ELECTRON CRYSTALLOGRAPHY',
  'NEUTRON DIFFRACTION',
]);

const METHODOLOGIES = new Set(['experimental', 'integrative', 'computational']);

/**
 * How the structure was determined. The file says so itself in newer entries
 * (struct.pdbx_structure_determination_methodology: PDB-IHM structures now sit in the main
 * archive); otherwise the source of the file decides.
 */
export function methodologyOf(ctx: Pick<EntryContext, 'block' | 'kind'>): string {
  const stated = ctx.block.text('struct', 'pdbx_structure_determination_methodology')?.trim().toLowerCase();
  if (stated && METHODOLOGIES.has(stated)) return stated;
  return ctx.kind === 'csm' ? 'computational' : ctx.kind === 'ihm' ? 'integrative' : 'experimental';
}

/**
 * The method class: several methods are 'Multiple methods'; integrative structures are
 * 'Integrative'; computed models have no experimental method, only the 'computational' methodology.
 */
export function experimentalMethod(ctx: EntryContext, facts: Facts): void {
  const methods = methodsOf(ctx);
  const methodology = methodologyOf(ctx);
  let method: string | undefined;
  if (methodology === 'integrative') method = 'Integrative';
  else if (methodology === 'experimental' && methods.length > 1) method = 'Multiple methods';
  else if (methodology === 'experimental' && methods.length === 1)
    method = METHOD_CLASS[methods[0]!] ?? 'Other';
  facts.setAll(INFO, {
    experimental_method: method,
    experimental_method_count: methodology === 'experimental' ? methods.length : undefined,
    structure_determination_methodology: methodology,
    // Lower is preferred: experimental 10, computed models 100 (the public schema's values).
    structure_determination_methodology_priority:
      methodology === 'experimental' ? 10 : methodology === 'computational' ? 100 : undefined,
  });
}

/**
 * resolution_combined: one value per method. Diffraction methods give refine.ls_d_res_high of the
 * refinement of that method (else reflns.d_resolution_high); EM gives the best
 * em_3d_reconstruction.resolution, preferring the FSC 0.143 estimates. NMR gives none.
 */
export function resolution(ctx: EntryContext, facts: Facts): void {
  const refine = ctx.block.records('refine');
  const reflns = ctx.block.records('reflns');
  const combined: number[] = [];
  for (const method of methodsOf(ctx)) {
    if (DIFFRACTION.has(method)) {
      const ofMethod = refine.filter(
        (r) => r.pdbx_refine_id === undefined || String(r.pdbx_refine_id).toUpperCase() === method,
      );
      const value =
        minOf(ofMethod.map((r) => numberOf(r.ls_d_res_high)).filter(isNumber)) ??
        minOf(reflns.map((r) => numberOf(r.d_resolution_high)).filter(isNumber));
      if (value !== undefined) combined.push(value);
    } else if (METHOD_CLASS[method] === 'EM') {
      const reconstructions = ctx.block.records('em_3d_reconstruction');
      const fsc = reconstructions.filter((r) => /0\.143/.test(String(r.resolution_method ?? '')));
      const value = minOf(
        (fsc.length > 0 ? fsc : reconstructions).map((r) => numberOf(r.resolution)).filter(isNumber),
      );
      if (value !== undefined) combined.push(value);
    }
  }
  const diffraction =
    minOf(reflns.map((r) => numberOf(r.d_resolution_high)).filter(isNumber)) ??
    minOf(
      ctx.block
        .records('reflns_shell')
        .map((r) => numberOf(r.d_res_high))
        .filter(isNumber),
    );
  facts.setAll(INFO, { resolution_combined: combined, 'diffrn_resolution_high.value': diffraction });
  if (diffraction !== undefined)
    facts.set(INFO, 'diffrn_resolution_high.provenance_source', 'Depositor assigned');
  const wavelengths = ctx.block
    .texts('diffrn_source', 'pdbx_wavelength_list')
    .concat(
      ctx.block.texts('diffrn_source', 'pdbx_wavelength'),
      ctx.block.texts('diffrn_radiation_wavelength', 'wavelength'),
    )
    .flatMap((text) => (text ?? '').split(/[,\s]+/))
    .map((text) => numberOf(text))
    .filter(isNumber);
  facts.setAll(INFO, {
    diffrn_radiation_wavelength_minimum: minOf(wavelengths),
    diffrn_radiation_wavelength_maximum: maxOf(wavelengths),
  });
}

function isNumber(value: number | undefined): value is number {
  return value !== undefined;
}

function compositionMembers(ctx: EntryContext): CompositionMember[] {
  const members: CompositionMember[] = ctx.model.entities
    .filter((e) => e.polymerClass !== undefined)
    .map((e) => e.polymerClass!);
  for (const entity of ctx.model.entities) if (entity.type === 'branched') members.push('Oligosaccharide');
  return members;
}

/** Entity counts per kind and the polymer composition classes of the entry. */
export function composition(ctx: EntryContext, facts: Facts): void {
  const entities = ctx.model.entities;
  const classes = entities.map((e) => e.polymerClass).filter((c): c is PolymerClass => c !== undefined);
  const members = compositionMembers(ctx);
  const countOf = (type: string) => entities.filter((e) => e.type === type).length;
  facts.setAll(INFO, {
    ...polymerCounts(classes, 'polymer_entity_count'),
    nonpolymer_entity_count: countOf('non-polymer'),
    branched_entity_count: countOf('branched'),
    solvent_entity_count: countOf('water'),
    entity_count: entities.length,
    assembly_count: ctx.assemblyIds.length,
    polymer_composition: polymerComposition(members),
    selected_polymer_entity_types: selectedPolymerEntityTypes(members),
    na_polymer_entity_types: naPolymerEntityTypes(members),
  });
}

/**
 * Counts of the deposited coordinates. Atom counts are of the first model only and leave hydrogen
 * out (the public definition: heavy atoms per deposited model); monomer counts multiply each
 * polymer's sequence length by its instances.
 */
export function depositedCounts(ctx: EntryContext, facts: Facts): void {
  const { model } = ctx;
  let heavy = 0;
  let hydrogen = 0;
  let solvent = 0;
  let deuteratedWaters = 0;
  for (const [asym, counts] of model.atomsByAsym) {
    heavy += counts.heavy;
    hydrogen += counts.hydrogen;
    deuteratedWaters += counts.deuteratedWaters;
    const entity = model.entityById.get(model.instanceByAsym.get(asym)?.entityId ?? '');
    if (entity?.type === 'water') solvent += counts.heavy;
  }
  const polymers = model.entities.filter((e) => e.type === 'polymer');
  const instancesOf = (e: (typeof polymers)[number]) => e.asymIds.length || (e.numberOfMolecules ?? 0);
  const monomers = polymers.reduce((sum, e) => sum + (e.sequenceLength ?? 0) * instancesOf(e), 0);
  const polymerAsyms = new Set(polymers.flatMap((e) => e.asymIds));
  const modeled = model.instances
    .filter((i) => polymerAsyms.has(i.asymId))
    .reduce((sum, i) => sum + i.modeledMonomers, 0);
  const hasScheme = ctx.block.has('pdbx_poly_seq_scheme');
  const instancesOfType = (type: string) =>
    model.instances.filter((i) => model.entityById.get(i.entityId)?.type === type).length;
  const kda = (weights: (number | undefined)[]) => weights.filter(isNumber).map((w) => round(w / 1000, 2));
  const nonPolymers = model.entities.filter((e) => e.type === 'non-polymer');
  facts.setAll(INFO, {
    deposited_atom_count: model.modelCount > 0 ? heavy : undefined,
    deposited_hydrogen_atom_count: model.modelCount > 0 ? hydrogen : undefined,
    deposited_solvent_atom_count: model.modelCount > 0 ? solvent : undefined,
    deposited_deuterated_water_count: model.modelCount > 0 ? deuteratedWaters : undefined,
    deposited_model_count: model.modelCount > 0 ? model.modelCount : undefined,
    deposited_polymer_monomer_count: polymers.length > 0 ? monomers : undefined,
    deposited_modeled_polymer_monomer_count: hasScheme && polymers.length > 0 ? modeled : undefined,
    deposited_unmodeled_polymer_monomer_count:
      hasScheme && polymers.length > 0 ? monomers - modeled : undefined,
    deposited_polymer_entity_instance_count: instancesOfType('polymer'),
    deposited_nonpolymer_entity_instance_count: instancesOfType('non-polymer'),
    polymer_monomer_count_maximum: maxOf(polymers.map((e) => e.sequenceLength).filter(isNumber)),
    polymer_monomer_count_minimum: minOf(polymers.map((e) => e.sequenceLength).filter(isNumber)),
    polymer_molecular_weight_maximum: maxOf(kda(polymers.map((e) => e.formulaWeight))),
    polymer_molecular_weight_minimum: minOf(kda(polymers.map((e) => e.formulaWeight))),
    nonpolymer_molecular_weight_maximum: maxOf(kda(nonPolymers.map((e) => e.formulaWeight))),
    nonpolymer_molecular_weight_minimum: minOf(kda(nonPolymers.map((e) => e.formulaWeight))),
  });
}

/**
 * rcsb_entry_info.molecular_weight: kDa of everything but solvent, each entity's formula weight
 * times its number of molecules.
 */
export function molecularWeight(ctx: EntryContext, facts: Facts): void {
  const parts = ctx.model.entities.filter((e) => e.type !== 'water' && e.formulaWeight !== undefined);
  if (parts.length === 0) return;
  const daltons = parts.reduce((sum, e) => sum + e.formulaWeight! * (e.numberOfMolecules ?? 1), 0);
  facts.set(INFO, 'molecular_weight', round(daltons / 1000, 2));
}

/**
 * Covalent features the file lists: disulfide bonds, covalent and metal-coordination bonds between
 * two different instances (intermolecular), and cis peptides of the first model.
 */
export function bondCounts(ctx: EntryContext, facts: Facts): void {
  const connTypes = ctx.block.texts('struct_conn', 'conn_type_id');
  const firstAsyms = ctx.block.texts('struct_conn', 'ptnr1_label_asym_id');
  const secondAsyms = ctx.block.texts('struct_conn', 'ptnr2_label_asym_id');
  const between = (type: string) =>
    connTypes.filter((t, row) => t?.toLowerCase() === type && firstAsyms[row] !== secondAsyms[row]).length;
  const cisModels = ctx.block.texts('struct_mon_prot_cis', 'pdbx_PDB_model_num');
  const firstModel = cisModels[0];
  facts.setAll(INFO, {
    disulfide_bond_count: connTypes.filter((t) => t?.toLowerCase() === 'disulf').length,
    inter_mol_covalent_bond_count: between('covale'),
    inter_mol_metalic_bond_count: between('metalc'),
    cis_peptide_count: ctx.block.has('struct_mon_prot_cis')
      ? cisModels.length === 0
        ? ctx.block.rowCount('struct_mon_prot_cis')
        : cisModels.filter((m) => m === firstModel).length
      : 0,
  });
}

/** Every program named in the file (software, EM and NMR software), upper-case as RCSB lists them. */
export function softwarePrograms(ctx: EntryContext, facts: Facts): void {
  const names = ['software', 'em_software', 'pdbx_nmr_software']
    .flatMap((category) => ctx.block.texts(category, 'name'))
    .filter((name): name is string => name !== undefined)
    .map((name) => name.trim().toUpperCase())
    .filter((name) => name !== '');
  facts.set(INFO, 'software_programs_combined', [...new Set(names)].sort());
}

function isPrimary(citation: CifRecord): boolean {
  return String(citation.id ?? '').toLowerCase() === 'primary';
}

/**
 * The primary citation (citation.id 'primary') copied to rcsb_primary_citation with its ordered
 * authors; every citation record says whether it is the primary one. The normalised journal
 * abbreviation is RCSB's own and is not derived here.
 */
export function citations(ctx: EntryContext, facts: Facts): void {
  const allAuthors = ctx.block.records('citation_author');
  const authorsOf = (id: unknown) =>
    allAuthors
      .filter((a) => a.citation_id === id)
      .sort((a, b) => (numberOf(a.ordinal) ?? 0) - (numberOf(b.ordinal) ?? 0))
      .map((a) => a.name)
      .filter((name) => name !== undefined);
  for (const record of facts.get('citation') ?? []) {
    record.rcsb_is_primary = isPrimary(record) ? 'Y' : 'N';
    record.rcsb_authors = authorsOf(record.id);
  }
  const primary = ctx.block.records('citation').find(isPrimary);
  if (!primary) return;
  const authors = ctx.block
    .records('citation_author')
    .filter((a) => String(a.citation_id ?? '').toLowerCase() === 'primary')
    .sort((a, b) => (numberOf(a.ordinal) ?? 0) - (numberOf(b.ordinal) ?? 0));
  facts.add('rcsb_primary_citation', [
    {
      ...primary,
      rcsb_authors: authors.map((a) => a.name).filter((n) => n !== undefined),
      rcsb_orcid_identifiers: authors.map((a) => a.identifier_orcid).filter((n) => n !== undefined),
    },
  ]);
}

/**
 * Branched entities (oligosaccharides) have no table of their own: their descriptions and
 * identifiers are lists on the entry, one value per branched entity or instance.
 */
export function branchedEntities(ctx: EntryContext, facts: Facts): void {
  const branched = ctx.model.entities.filter((e) => e.type === 'branched');
  if (branched.length === 0) return;
  const entityRows = new Map(ctx.block.records('entity').map((r) => [r.id, r]));
  const components = new Map<string, Set<string>>();
  const listIds = ctx.block.texts('pdbx_entity_branch_list', 'entity_id');
  const listComps = ctx.block.texts('pdbx_entity_branch_list', 'comp_id');
  const componentCounts = new Map<string, number>();
  listIds.forEach((id, row) => {
    if (id === undefined) return;
    componentCounts.set(id, (componentCounts.get(id) ?? 0) + 1);
    const comp = listComps[row];
    if (comp !== undefined) components.set(id, (components.get(id) ?? new Set()).add(comp));
  });
  facts.add(
    'rcsb_branched_entity',
    branched.map((e) => ({
      formula_weight: e.formulaWeight === undefined ? undefined : round(e.formulaWeight / 1000, 3),
      pdbx_description: entityRows.get(e.id)?.pdbx_description,
      pdbx_number_of_molecules: entityRows.get(e.id)?.pdbx_number_of_molecules,
      details: entityRows.get(e.id)?.details,
    })),
  );
  facts.add(
    'rcsb_branched_entity_container_identifiers',
    branched.map((e) => ({
      rcsb_id: `${ctx.entryId}_${e.id}`,
      entry_id: ctx.entryId,
      entity_id: e.id,
      chem_comp_monomers: [...(components.get(e.id) ?? [])].sort(),
    })),
  );
  facts.add(
    'rcsb_branched_entity_instance_container_identifiers',
    branched.flatMap((e) =>
      e.asymIds.map((asym) => ({
        rcsb_id: `${ctx.entryId}.${asym}`,
        entry_id: ctx.entryId,
        entity_id: e.id,
        asym_id: asym,
        auth_asym_id: ctx.model.instanceByAsym.get(asym)?.authAsymId,
      })),
    ),
  );
  const branchedIds = new Set(branched.map((e) => e.id));
  const namesOf = (category: string) =>
    ctx.block
      .records(category)
      .filter((r) => branchedIds.has(String(r.entity_id)))
      .map((r) => ({ name: r.name }));
  facts.add('rcsb_branched_entity_name_com', namesOf('entity_name_com'));
  facts.add('rcsb_branched_entity_name_sys', namesOf('entity_name_sys'));
  for (const record of facts.get('pdbx_entity_branch') ?? [])
    record.rcsb_branched_component_count = componentCounts.get(String(record.entity_id));
}

/** The entry rules in the order they run. */
export const ENTRY_RULES: readonly ((ctx: EntryContext, facts: Facts) => void)[] = [
  entryContainerIdentifiers,
  accessionInfo,
  experimentalMethod,
  resolution,
  composition,
  depositedCounts,
  molecularWeight,
  bondCounts,
  softwarePrograms,
  citations,
  branchedEntities,
];
