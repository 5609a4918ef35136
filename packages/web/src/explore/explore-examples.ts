import { chartFacetRequest, readExplore, resolveExplore, type ResolvedChart } from '@pdb-stats/charts';
import { missingInRequest, type HeldAttributes } from '../archive-coverage/held-attributes.ts';
import { catalogueAttribute } from '../query-builder/catalogue.ts';
import { exploreAttribute } from './explore-params.ts';

/** A chart the explorer's landing offers to start from: its address and what it shows in words. */
export interface ExploreExample {
  title: string;
  /** What a reader learns from it, in one sentence. */
  sentence: string;
  /** The explore parameters, written out whole, so that the link draws without scripts. */
  params: string;
}

const EXPLORE_EXAMPLES: readonly ExploreExample[] = [
  {
    title: 'Entries released each year, by method',
    sentence: 'How X-ray, EM and NMR shared the growth of the archive.',
    params:
      'attribute=rcsb_accession_info.initial_release_date&count=entry&dimension=years&by=rcsb_entry_info.experimental_method',
  },
  {
    title: 'Resolution of entries',
    sentence: 'How finely structures are resolved, in bins of 0.2 Å.',
    params:
      'attribute=rcsb_entry_info.resolution_combined&count=entry&dimension=bins&start=1&step=0.2&end=4.6',
  },
  {
    title: 'Source organisms',
    sentence: 'The organisms whose molecules are most often solved.',
    params:
      'attribute=rcsb_entity_source_organism.ncbi_scientific_name&count=polymer_entity&dimension=terms&top=10',
  },
  {
    title: 'Expression hosts',
    sentence: 'The organisms most often used to make the molecules.',
    params:
      'attribute=rcsb_entity_host_organism.ncbi_scientific_name&count=polymer_entity&dimension=terms&top=10',
  },
  {
    title: 'Molecules per entry',
    sentence: 'How many distinct polymer molecules an entry holds.',
    params: 'attribute=rcsb_entry_info.polymer_entity_count&count=entry&dimension=bins&start=2&step=1&end=10',
  },
  {
    title: 'Oligomeric state of assemblies',
    sentence: 'Monomers, dimers and larger complexes among the biological assemblies.',
    params: 'attribute=rcsb_struct_symmetry.oligomeric_state&count=assembly&dimension=terms&top=10',
  },
  {
    title: 'Crystal space groups',
    sentence: 'The symmetries crystals of the archive grow in most often.',
    params: 'attribute=symmetry.space_group_name_H_M&count=entry&dimension=terms&top=10',
  },
  {
    title: 'Chemical component types',
    sentence: 'The kinds of building blocks and ligands the archive defines.',
    params: 'attribute=chem_comp.type&count=mol_definition&dimension=terms&top=10',
  },
];

/** The attribute of the search model's own catalogue at `path`, as the explore chart needs it. */
function resolveLocal(path: string) {
  const attribute = catalogueAttribute(path) ?? catalogueAttribute(path, 'text_chem');
  return attribute && exploreAttribute(attribute);
}

/** An example's chart, read from its parameters as the explorer reads them; undefined if unreadable. */
function exampleChart(example: ExploreExample): ResolvedChart | undefined {
  const reading = readExplore(new URLSearchParams(example.params), resolveLocal);
  return reading.spec && resolveExplore(reading.spec);
}

/** The examples the landing shows, with their charts: those whose attributes the archive holds. */
export function heldExamples(held: HeldAttributes): { example: ExploreExample; chart: ResolvedChart }[] {
  return EXPLORE_EXAMPLES.flatMap((example) => {
    const chart = exampleChart(example);
    if (!chart) return [];
    return missingInRequest(chartFacetRequest(chart.query), held).length > 0 ? [] : [{ example, chart }];
  });
}
