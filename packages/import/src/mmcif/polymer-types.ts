/** RCSB's polymer type of an entity (entity_poly.rcsb_entity_polymer_type). */
export type PolymerClass = 'Protein' | 'DNA' | 'RNA' | 'NA-hybrid' | 'Other';

/** Branched entities (oligosaccharides) take part in the entry's composition classes. */
export type CompositionMember = PolymerClass | 'Oligosaccharide';

const NUCLEIC: ReadonlySet<CompositionMember> = new Set(['DNA', 'RNA', 'NA-hybrid']);

/** entity_poly.type → RCSB's five polymer classes; the dictionary's rarer types are 'Other'. */
export function polymerClassOf(entityPolyType: string | undefined): PolymerClass {
  switch (entityPolyType?.trim().toLowerCase()) {
    case 'polypeptide(l)':
    case 'polypeptide(d)':
      return 'Protein';
    case 'polydeoxyribonucleotide':
      return 'DNA';
    case 'polyribonucleotide':
      return 'RNA';
    case 'polydeoxyribonucleotide/polyribonucleotide hybrid':
      return 'NA-hybrid';
    default:
      return 'Other';
  }
}

interface Kinds {
  protein: number;
  nucleic: Set<CompositionMember>;
  oligosaccharide: boolean;
  other: boolean;
  distinct: number;
}

function kindsOf(members: readonly CompositionMember[]): Kinds {
  const distinct = new Set(members);
  return {
    protein: members.filter((m) => m === 'Protein').length,
    nucleic: new Set(members.filter((m) => NUCLEIC.has(m))),
    oligosaccharide: distinct.has('Oligosaccharide'),
    other: distinct.has('Other'),
    distinct: distinct.size,
  };
}

/**
 * rcsb_entry_info.polymer_composition: RCSB names the mix of polymer types of the entities; a single
 * protein entity is 'homomeric protein', several 'heteromeric protein'; mixes that fit no named
 * class are 'other type pair' (two types) or 'other type composition' (more).
 */
export function polymerComposition(members: readonly CompositionMember[]): string | undefined {
  const kinds = kindsOf(members);
  if (kinds.distinct === 0) return undefined;
  const unnamed = kinds.distinct === 2 ? 'other type pair' : 'other type composition';
  if (kinds.other) return kinds.distinct === 1 ? 'other' : unnamed;
  const hasNucleic = kinds.nucleic.size > 0;
  if (kinds.protein > 0 && !hasNucleic && !kinds.oligosaccharide)
    return kinds.protein === 1 ? 'homomeric protein' : 'heteromeric protein';
  if (kinds.protein > 0 && hasNucleic)
    return kinds.oligosaccharide ? 'protein/NA/oligosaccharide' : 'protein/NA';
  if (kinds.protein > 0) return 'protein/oligosaccharide';
  if (hasNucleic && kinds.oligosaccharide) return kinds.nucleic.size === 1 ? 'NA/oligosaccharide' : unnamed;
  if (hasNucleic) {
    if (kinds.nucleic.size === 1) return [...kinds.nucleic][0];
    return kinds.nucleic.size === 2 && kinds.nucleic.has('DNA') && kinds.nucleic.has('RNA')
      ? 'DNA/RNA'
      : unnamed;
  }
  return 'oligosaccharide';
}

/** rcsb_entry_info.selected_polymer_entity_types: the coarse protein / nucleic acid / sugar mix. */
export function selectedPolymerEntityTypes(members: readonly CompositionMember[]): string | undefined {
  const kinds = kindsOf(members);
  if (kinds.distinct === 0) return undefined;
  if (kinds.other) return 'Other';
  const hasNucleic = kinds.nucleic.size > 0;
  if (kinds.protein > 0 && hasNucleic) return kinds.oligosaccharide ? 'Other' : 'Protein/NA';
  if (kinds.protein > 0) return kinds.oligosaccharide ? 'Protein/Oligosaccharide' : 'Protein (only)';
  if (hasNucleic) return kinds.oligosaccharide ? 'Other' : 'Nucleic acid (only)';
  return 'Oligosaccharide (only)';
}

/** rcsb_entry_info.na_polymer_entity_types: which nucleic acids, when the polymers are only nucleic acids. */
export function naPolymerEntityTypes(members: readonly CompositionMember[]): string | undefined {
  const polymers = members.filter((m) => m !== 'Oligosaccharide');
  if (polymers.length === 0) return undefined;
  const distinct = new Set(polymers);
  if (![...distinct].every((m) => NUCLEIC.has(m))) return 'Other';
  if (distinct.size === 1) return `${[...distinct][0]} (only)`;
  return distinct.size === 2 && distinct.has('DNA') && distinct.has('RNA') ? 'DNA/RNA (only)' : 'Other';
}

/** Entity counts per polymer class, with RCSB's column suffixes (nucleic_acid = DNA or RNA). */
export function polymerCounts(classes: readonly PolymerClass[], prefix: string): Record<string, number> {
  const count = (wanted: (c: PolymerClass) => boolean) => classes.filter(wanted).length;
  return {
    [prefix]: classes.length,
    [`${prefix}_protein`]: count((c) => c === 'Protein'),
    [`${prefix}_DNA`]: count((c) => c === 'DNA'),
    [`${prefix}_RNA`]: count((c) => c === 'RNA'),
    [`${prefix}_nucleic_acid`]: count((c) => c === 'DNA' || c === 'RNA'),
    [`${prefix}_nucleic_acid_hybrid`]: count((c) => c === 'NA-hybrid'),
  };
}
