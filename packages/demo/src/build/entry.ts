import { isoDay } from '@pdb-stats/snapshot';
import { Weighted, clamp, round } from '../random.ts';
import { CENTRES, projectName, sgShare, type Centre } from '../vocabulary/structural-genomics.ts';
import { KEYWORD_TERMS, TITLE_QUALIFIERS } from '../vocabulary/words.ts';
import { buildCitation } from './citation.ts';
import { fundingCountries } from './funding.ts';
import type { EntryContext } from './context.ts';
import type { Experiment } from './experiment.ts';
import type { LigandSummary } from './ligands.ts';
import type { PolymerSummary } from './polymers.ts';

const AFFINITY_TYPES = new Weighted([
  ['IC50', 0.4],
  ['Kd', 0.25],
  ['Ki', 0.25],
  ['EC50', 0.1],
] as const);

const ENZYME_KEYWORDS = new Set([
  'HYDROLASE',
  'TRANSFERASE',
  'OXIDOREDUCTASE',
  'LYASE',
  'ISOMERASE',
  'LIGASE',
]);

const TITLE_OPENING: Record<string, string> = {
  'X-ray': 'Crystal structure of',
  EM: 'Cryo-EM structure of',
  NMR: 'Solution NMR structure of',
  Neutron: 'Neutron crystal structure of',
  'Multiple methods': 'Joint refinement structure of',
  Integrative: 'Integrative structure of',
  Other: 'Structure of',
};

function subjectOf(ctx: EntryContext, polymers: PolymerSummary): string {
  if (polymers.leadName) return polymers.leadName;
  switch (ctx.composition) {
    case 'Nucleic acid (only)':
      return polymers.kinds[0] === 'RNA'
        ? 'an RNA hairpin'
        : polymers.kinds[0] === 'DNA'
          ? 'a DNA duplex'
          : 'a DNA/RNA hybrid duplex';
    case 'Oligosaccharide (only)':
      return 'a branched oligosaccharide';
    default:
      return 'a peptide nucleic acid duplex';
  }
}

function centresActive(year: number): Centre[] {
  const active = CENTRES.filter((c) => c.from <= year && c.to >= year);
  return active.length ? active : [...CENTRES];
}

/** Builds the entry row from what its entities, ligands and assemblies turned out to be. */
export function buildEntry(
  ctx: EntryContext,
  polymers: PolymerSummary,
  ligands: LigandSummary,
  assemblies: number,
  experiment: Experiment,
): void {
  const rng = ctx.textRng;
  const components = ctx.pools.components.components;

  // Dates: deposition shortly before release (longer waits in the early years), latest revision after.
  const wait = Math.round(clamp(rng.logNormal(ctx.year < 1995 ? 180 : 75, 0.7), 5, 1500));
  const revision = rng.chance(0.25)
    ? ctx.day
    : ctx.day + Math.floor(rng.next() * (ctx.archiveDay - ctx.day + 1));

  // Structural genomics: mostly the Protein Structure Initiative years.
  const structuralGenomics =
    ctx.forced.structuralGenomics === true ||
    ((ctx.method === 'X-ray' || ctx.method === 'NMR') && rng.chance(sgShare(ctx.year)));
  const centres = structuralGenomics ? Weighted.of(centresActive(ctx.year), (c) => c.weight) : null;
  const sg: Centre[] = [];
  if (centres) {
    sg.push(centres.draw(rng));
    if (rng.chance(0.1)) {
      const second = centres.draw(rng);
      if (second !== sg[0]) sg.push(second);
    }
  }

  // Title and keywords, from the lead protein, its ligand and the method.
  const subject = subjectOf(ctx, polymers);
  const ligandName =
    ligands.ligandKeys.length && rng.chance(0.5) ? components[ligands.ligandKeys[0] as number]!.name : null;
  let title = `${ctx.exptl.includes('SOLID-STATE NMR') ? 'Solid-state NMR structure of' : TITLE_OPENING[ctx.method]} ${subject}`;
  if (polymers.leadOrganism && rng.chance(0.35)) title += ` from ${polymers.leadOrganism}`;
  if (ligandName) title += ` in complex with ${ligandName}`;
  else if (ctx.composition === 'Protein/NA')
    title += polymers.kinds.includes('DNA') ? ' bound to DNA' : ' in complex with RNA';
  if (rng.chance(0.25)) title += `, ${rng.pick(TITLE_QUALIFIERS)}`;

  const affinity =
    ligands.ligandKeys.length > 0 && (ctx.forced.affinity === true || (ctx.year >= 1995 && rng.chance(0.09)));
  let keywords: string;
  if (ctx.composition === 'Nucleic acid (only)')
    keywords = polymers.kinds[0] === 'RNA' ? 'RNA' : polymers.kinds[0] === 'DNA' ? 'DNA' : 'DNA-RNA HYBRID';
  else if (ctx.composition === 'Oligosaccharide (only)') keywords = 'CARBOHYDRATE';
  else if (ctx.composition === 'Other') keywords = 'DE NOVO PROTEIN';
  else if (ctx.composition === 'Protein/NA')
    keywords =
      ctx.method === 'EM' && polymers.kinds.includes('RNA') && !polymers.kinds.includes('DNA')
        ? 'RIBOSOME'
        : `${polymers.leadKeyword ?? 'DNA BINDING PROTEIN'}/DNA`;
  else if (polymers.kinds.includes('heavy') && rng.chance(0.5)) keywords = 'IMMUNE SYSTEM';
  else {
    keywords = polymers.leadKeyword ?? 'UNKNOWN FUNCTION';
    if (ENZYME_KEYWORDS.has(keywords) && (affinity || (ligandName && rng.chance(0.4))))
      keywords = `${keywords}/${keywords} INHIBITOR`;
  }
  const terms = rng.sample(KEYWORD_TERMS, rng.between(1, 3));
  const sgText = sg.map(
    (c) => `Structural Genomics, ${projectName(c, ctx.year) ?? c.name}, ${c.name}, ${c.initials}`,
  );
  const keywordText = [...terms, ...sgText, keywords].join(', ');

  const auditAuthors = ctx.pools.authors.draw(
    ctx.year < 1990 ? rng.between(1, 4) : rng.between(2, 6) + (rng.chance(0.3) ? rng.between(1, 8) : 0),
  );
  const citation = buildCitation(ctx, subject, auditAuthors);

  const affinityRecords = affinity
    ? Array.from({ length: rng.chance(0.8) ? 1 : 2 }, () => ({
        comp_id: components[ligands.ligandKeys[0] as number]!.id,
        type: AFFINITY_TYPES.draw(rng),
        value: Number(clamp(rng.logNormal(150, 2.3), 0.01, 1e7).toPrecision(3)),
        unit: 'nM',
      }))
    : [];

  const resolution = experiment.resolution[0];
  const waters =
    experiment.rWork.length && resolution !== undefined
      ? Math.round(polymers.monomers * clamp(0.9 - 0.25 * resolution, 0.03, 0.8) * rng.uniform(0.5, 1.5))
      : 0;

  ctx.sink.push('entry', {
    _key: ctx.key,
    rcsb_id: ctx.id,
    'rcsb_entry_container_identifiers.entry_id': ctx.id,
    'rcsb_accession_info.initial_release_date': isoDay(ctx.day),
    'rcsb_accession_info.deposit_date': isoDay(ctx.day - wait),
    'rcsb_accession_info.revision_date': isoDay(revision),
    'exptl.method': ctx.exptl,
    'rcsb_entry_info.experimental_method': ctx.method,
    'rcsb_entry_info.structure_determination_methodology':
      ctx.method === 'Integrative' ? 'integrative' : 'experimental',
    'rcsb_entry_info.selected_polymer_entity_types': ctx.composition,
    'rcsb_entry_info.polymer_composition': polymers.polymerComposition,
    'rcsb_entry_info.resolution_combined': experiment.resolution,
    'rcsb_entry_info.molecular_weight': round(polymers.weight + ligands.weight, 2),
    'rcsb_entry_info.deposited_atom_count': polymers.atoms + ligands.atoms + waters,
    'rcsb_entry_info.deposited_polymer_monomer_count': polymers.monomers,
    'rcsb_entry_info.deposited_model_count': experiment.models,
    'rcsb_entry_info.polymer_entity_count': polymers.entities,
    'rcsb_entry_info.nonpolymer_entity_count': ligands.count,
    'rcsb_entry_info.assembly_count': assemblies,
    'rcsb_entry_info.software_programs_combined': experiment.software,
    'refine.ls_R_factor_R_free': experiment.rFree,
    'refine.ls_R_factor_R_work': experiment.rWork,
    'symmetry.space_group_name_H_M': experiment.spaceGroup,
    'cell.length_a': experiment.cellA,
    'struct.title': title,
    'struct_keywords.pdbx_keywords': keywords,
    'struct_keywords.text': keywordText,
    'audit_author.name': auditAuthors,
    'pdbx_SG_project.full_name_of_center': sg.map((c) => c.name),
    'pdbx_SG_project.initial_of_center': sg.map((c) => c.initials),
    'pdbx_SG_project.project_name': sg.flatMap((c) => projectName(c, ctx.year) ?? []),
    'pdbx_audit_support.country': fundingCountries(ctx.year, ctx.fundingRng),
    'rcsb_ihm_dataset_list.name': experiment.ihm,
    'rcsb_primary_citation.title': citation.title,
    'rcsb_primary_citation.rcsb_journal_abbrev': citation.journal,
    'rcsb_primary_citation.year': citation.year,
    'rcsb_primary_citation.pdbx_database_id_DOI': citation.doi,
    'rcsb_primary_citation.pdbx_database_id_PubMed': citation.pubmed,
    'rcsb_primary_citation.rcsb_authors': citation.authors,
    citation: citation.records,
    rcsb_binding_affinity: affinityRecords,
  });
}
