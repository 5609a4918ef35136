/** Which import supplies an attribute an archive may lack: the longest matching attribute root wins. */

const RCSB_API =
  "an import from the RCSB Data API (npm run import -- rcsb-api), which carries RCSB's own derived attributes";
const GROUPS = 'the mmCIF import with --clusters (sequence clusters) or --sifts (UniProt)';

/** Attribute root → the import that supplies it (derived attributes the mmCIF files do not carry). */
const ATTRIBUTE_SOURCES: readonly { root: string; source: string }[] = [
  { root: 'rcsb_struct_symmetry', source: RCSB_API },
  { root: 'rcsb_polymer_instance_annotation', source: RCSB_API },
  { root: 'rcsb_entity_source_organism.taxonomy_lineage', source: RCSB_API },
  // The NCBI parent group is read from the taxonomy lineage.
  { root: 'rcsb_entity_source_organism.ncbi_parent_scientific_name', source: RCSB_API },
  { root: 'rcsb_primary_citation.rcsb_journal_abbrev', source: RCSB_API },
  { root: 'rcsb_polymer_entity.rcsb_ec_lineage.name', source: RCSB_API },
  { root: 'rcsb_polymer_entity_group_membership', source: GROUPS },
];

const underRoot = (path: string, root: string) => path === root || path.startsWith(`${root}.`);

/** The import that supplies `path`. */
export function sourceOf(path: string): string {
  const match = ATTRIBUTE_SOURCES.filter((s) => underRoot(path, s.root)).sort(
    (a, b) => b.root.length - a.root.length,
  )[0];
  return match?.source ?? `an import that supplies ${path}`;
}

/** Missing attributes grouped by the import that supplies them, in the order first met. */
export interface MissingSource {
  source: string;
  attributes: string[];
}

export function explainMissing(missing: readonly string[]): MissingSource[] {
  const groups = new Map<string, string[]>();
  for (const attribute of missing) {
    const source = sourceOf(attribute);
    groups.set(source, [...(groups.get(source) ?? []), attribute]);
  }
  return [...groups].map(([source, attributes]) => ({ source, attributes }));
}

/** One sentence for a title or a screen reader: what is missing and which import supplies it. */
export function missingSentence(missing: readonly string[]): string {
  const parts = explainMissing(missing).map((g) => `${g.attributes.join(', ')} (from ${g.source})`);
  return `Not in this archive: ${parts.join('; ')}.`;
}

/** The attributes a "not held by this archive" message of the service names (quoted in it). */
export function attributesNotHeld(message: string): string[] {
  if (!/not held by this archive/i.test(message)) return [];
  return [...new Set([...message.matchAll(/"([A-Za-z_][\w.]*)"/g)].map((m) => m[1] as string))];
}
