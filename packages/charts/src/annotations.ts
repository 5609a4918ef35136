/**
 * Events of the archive's history drawn on growth charts, as data: each with the day it happened
 * (or its year), a short label for the chart, one line that explains it, and a source to check it.
 */
export interface ChartEvent {
  /** ISO date (YYYY-MM-DD), or the year alone when no day is known. */
  date: string;
  /** A few words, drawn over the chart. */
  label: string;
  /** One line: what happened and why it shows in the numbers. */
  detail: string;
  source: string;
}

export const CHART_EVENTS: readonly ChartEvent[] = [
  {
    date: '1971',
    label: 'PDB founded',
    detail:
      'The Protein Data Bank is established at Brookhaven National Laboratory as an archive of protein crystal structures, holding seven at first.',
    source: 'https://doi.org/10.1107/S0108767307035623',
  },
  {
    date: '2003-12',
    label: 'wwPDB founded',
    detail:
      'RCSB PDB, MSD-EBI (now PDBe) and PDBj form the Worldwide Protein Data Bank to keep one archive with shared standards.',
    source: 'https://doi.org/10.1038/nsb1203-980',
  },
  {
    date: '2013-12-05',
    label: 'Cryo-EM at 3.4 Å',
    detail:
      'The TRPV1 channel solved by electron cryo-microscopy at 3.4 Å (Liao et al., Nature): side chains without crystals, the start of the "resolution revolution".',
    source: 'https://doi.org/10.1038/nature12822',
  },
  {
    date: '2014',
    label: 'PDBx/mmCIF standard',
    detail: 'PDBx/mmCIF becomes the standard format of the PDB archive; the legacy PDB format is frozen.',
    source: 'https://www.wwpdb.org/documentation/file-formats-and-the-pdb',
  },
  {
    date: '2021-07-22',
    label: 'AlphaFold DB',
    detail:
      'EMBL-EBI and DeepMind open the AlphaFold Protein Structure Database of predicted structures (Tunyasuvunakool et al., Nature).',
    source: 'https://doi.org/10.1038/s41586-021-03828-1',
  },
];

/** The year of an event. */
export const eventYear = (event: ChartEvent): string => event.date.slice(0, 4);

/** The events of the given years (a growth chart's years on screen), in date order. */
export function eventsInYears(years: readonly string[], events: readonly ChartEvent[] = CHART_EVENTS) {
  const shown = new Set(years);
  return events.filter((event) => shown.has(eventYear(event))).sort((a, b) => a.date.localeCompare(b.date));
}
