import { Weighted } from '../random.ts';
import type { ExperimentalMethod } from './releases.ts';

/**
 * `rcsb_entry_info.selected_polymer_entity_types`. Shares per method are set so that the archive as a
 * whole matches the archive's published April 2026 summary: Protein (only) 85.9 %, Protein/NA 6.4 %,
 * Protein/Oligosaccharide 5.6 %, Nucleic acid (only) 2.0 %, Other 0.1 %, Oligosaccharide (only) ~0.01 %.
 * EM brings most protein/nucleic-acid complexes (ribosomes, nucleosomes), NMR many nucleic acids.
 */
export const COMPOSITIONS = [
  'Protein (only)',
  'Protein/NA',
  'Protein/Oligosaccharide',
  'Nucleic acid (only)',
  'Other',
  'Oligosaccharide (only)',
] as const;
export type Composition = (typeof COMPOSITIONS)[number];

const table = (proteinNa: number, glyco: number, na: number, other: number, oligo: number) =>
  new Weighted<Composition>([
    ['Protein (only)', 1 - proteinNa - glyco - na - other - oligo],
    ['Protein/NA', proteinNa],
    ['Protein/Oligosaccharide', glyco],
    ['Nucleic acid (only)', na],
    ['Other', other],
    ['Oligosaccharide (only)', oligo],
  ]);

const XRAY = table(0.047, 0.056, 0.016, 0.0008, 0.0001);

export const COMPOSITION_BY_METHOD: Record<ExperimentalMethod, Weighted<Composition>> = {
  'X-ray': XRAY,
  EM: table(0.17, 0.075, 0.006, 0.0005, 0),
  NMR: table(0.03, 0.008, 0.12, 0.004, 0.0003),
  'Multiple methods': table(0.05, 0.03, 0.05, 0.002, 0),
  Neutron: XRAY,
  Other: table(0.05, 0.02, 0.15, 0.02, 0),
  Integrative: table(0.25, 0.02, 0.02, 0, 0),
};
