import type { Random } from './random.ts';
import type { ReleaseSchedule } from './timeline.ts';
import type { ExperimentalMethod } from './vocabulary/releases.ts';
import type { Composition } from './vocabulary/composition.ts';

export type SymmetryType =
  'Asymmetric' | 'Cyclic' | 'Dihedral' | 'Helical' | 'Icosahedral' | 'Octahedral' | 'Tetrahedral';

/** Features imposed on one entry so that rare categories exist even in small archives. */
export interface Forced {
  method?: ExperimentalMethod;
  composition?: Composition;
  symmetry?: SymmetryType;
  ecClass?: string;
  structuralGenomics?: boolean;
  affinity?: boolean;
}

interface Rule {
  forced: Forced;
  from: number;
  to: number;
}

/**
 * Picks a few entries per rare category (Integrative entries, icosahedral assemblies, translocases,
 * oligosaccharide-only entries...) and imposes it on them. At full scale these are a handful among
 * hundreds of thousands and change no share; at test scale (a few hundred entries) they keep every
 * chart non-empty. Categories whose era lies after the archive date are left out.
 */
export function planForced(schedule: ReleaseSchedule, rng: Random): Map<number, Forced> {
  const plan = new Map<number, Forced>();
  const n = schedule.entries;
  const copies = n >= 200 ? 2 : n >= 40 ? 1 : 0;
  if (copies === 0) return plan;
  const rules: Rule[] = [
    { forced: { method: 'EM' }, from: 2016, to: 9999 },
    { forced: { method: 'NMR' }, from: 1995, to: 9999 },
    { forced: { method: 'Multiple methods' }, from: 2000, to: 9999 },
    { forced: { method: 'Neutron' }, from: 2000, to: 9999 },
    { forced: { method: 'Other' }, from: 1980, to: 9999 },
    { forced: { method: 'Integrative' }, from: 2023, to: 9999 },
    { forced: { composition: 'Nucleic acid (only)' }, from: 1976, to: 9999 },
    { forced: { composition: 'Protein/NA' }, from: 1976, to: 9999 },
    { forced: { composition: 'Protein/Oligosaccharide' }, from: 1990, to: 9999 },
    { forced: { composition: 'Other' }, from: 1990, to: 9999 },
    { forced: { composition: 'Oligosaccharide (only)' }, from: 2000, to: 9999 },
    { forced: { symmetry: 'Dihedral' }, from: 1976, to: 9999 },
    { forced: { symmetry: 'Helical', method: 'EM' }, from: 2016, to: 9999 },
    { forced: { symmetry: 'Icosahedral' }, from: 1990, to: 9999 },
    { forced: { symmetry: 'Octahedral' }, from: 1990, to: 9999 },
    { forced: { symmetry: 'Tetrahedral' }, from: 1990, to: 9999 },
    { forced: { structuralGenomics: true }, from: 2000, to: 2015 },
    { forced: { structuralGenomics: true }, from: 2000, to: 2015 },
    { forced: { affinity: true }, from: 1995, to: 9999 },
  ];
  for (const ecClass of ['1', '2', '3', '4', '5', '6', '7'])
    rules.push({ forced: { ecClass }, from: 1976, to: 9999 });
  for (const rule of rules) {
    const [start, end] = schedule.range(rule.from, rule.to);
    if (end - start < copies) continue;
    for (let copy = 0; copy < copies; copy++) {
      for (let attempt = 0; attempt < 20; attempt++) {
        const index = start + rng.int(end - start);
        if (index === 0 || plan.has(index)) continue;
        plan.set(index, rule.forced);
        break;
      }
    }
  }
  return plan;
}
