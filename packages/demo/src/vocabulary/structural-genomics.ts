/**
 * Structural genomics centres (`pdbx_SG_project`): full name, initials, years of activity and the
 * funding project names of those years. Most SG entries date from the Protein Structure Initiative
 * (2000-2015).
 */
export interface Centre {
  name: string;
  initials: string;
  from: number;
  to: number;
  weight: number;
}

export const CENTRES: readonly Centre[] = [
  { name: 'Joint Center for Structural Genomics', initials: 'JCSG', from: 2000, to: 2015, weight: 10 },
  { name: 'Midwest Center for Structural Genomics', initials: 'MCSG', from: 2000, to: 2017, weight: 11 },
  { name: 'Northeast Structural Genomics Consortium', initials: 'NESG', from: 2000, to: 2015, weight: 9 },
  {
    name: 'New York SGX Research Center for Structural Genomics',
    initials: 'NYSGXRC',
    from: 2005,
    to: 2010,
    weight: 6,
  },
  {
    name: 'New York Structural GenomiX Research Consortium',
    initials: 'NYSGXRC',
    from: 2000,
    to: 2005,
    weight: 2,
  },
  {
    name: 'New York Structural Genomics Research Consortium',
    initials: 'NYSGRC',
    from: 2010,
    to: 2015,
    weight: 3,
  },
  {
    name: 'RIKEN Structural Genomics/Proteomics Initiative',
    initials: 'RSGI',
    from: 2002,
    to: 2009,
    weight: 8,
  },
  { name: 'Structural Genomics Consortium', initials: 'SGC', from: 2004, to: 2100, weight: 8 },
  {
    name: 'Center for Structural Genomics of Infectious Diseases',
    initials: 'CSGID',
    from: 2008,
    to: 2100,
    weight: 5,
  },
  {
    name: 'Seattle Structural Genomics Center for Infectious Disease',
    initials: 'SSGCID',
    from: 2008,
    to: 2100,
    weight: 5,
  },
  {
    name: 'Southeast Collaboratory for Structural Genomics',
    initials: 'SECSG',
    from: 2001,
    to: 2005,
    weight: 1,
  },
  {
    name: 'Structural Genomics of Pathogenic Protozoa Consortium',
    initials: 'SGPP',
    from: 2001,
    to: 2008,
    weight: 1,
  },
  { name: 'TB Structural Genomics Consortium', initials: 'TBSGC', from: 2001, to: 2012, weight: 1.5 },
  { name: 'Berkeley Structural Genomics Center', initials: 'BSGC', from: 2001, to: 2006, weight: 0.8 },
  { name: 'Center for Eukaryotic Structural Genomics', initials: 'CESG', from: 2001, to: 2010, weight: 1.2 },
  { name: 'Enzyme Function Initiative', initials: 'EFI', from: 2010, to: 2015, weight: 1 },
  {
    name: 'Montreal-Kingston Bacterial Structural Genomics Initiative',
    initials: 'BSGI',
    from: 2002,
    to: 2008,
    weight: 0.6,
  },
  { name: 'Oxford Protein Production Facility', initials: 'OPPF', from: 2003, to: 2010, weight: 0.6 },
  { name: 'Structural Proteomics in Europe', initials: 'SPINE', from: 2003, to: 2006, weight: 0.5 },
  {
    name: 'Accelerated Technologies Center for Gene to 3D Structure',
    initials: 'ATCG3D',
    from: 2005,
    to: 2010,
    weight: 0.4,
  },
  {
    name: 'Center for High-Throughput Structural Biology',
    initials: 'CHTSB',
    from: 2005,
    to: 2010,
    weight: 0.4,
  },
  {
    name: 'Integrated Center for Structure and Function Innovation',
    initials: 'ISFI',
    from: 2005,
    to: 2010,
    weight: 0.4,
  },
  {
    name: 'New York Consortium on Membrane Protein Structure',
    initials: 'NYCOMPS',
    from: 2010,
    to: 2015,
    weight: 0.4,
  },
  { name: 'Center for Structures of Membrane Proteins', initials: 'CSMP', from: 2010, to: 2015, weight: 0.3 },
  {
    name: 'Membrane Protein Structural Biology Consortium',
    initials: 'MPSBC',
    from: 2010,
    to: 2015,
    weight: 0.3,
  },
  {
    name: 'Program for the Characterization of Secreted Effector Proteins',
    initials: 'PCSEP',
    from: 2015,
    to: 2100,
    weight: 0.3,
  },
];

/** The funding project named by an SG entry of a centre in a given year (none outside the US programmes). */
export function projectName(centre: Centre, year: number): string | null {
  if (centre.initials === 'RSGI')
    return 'NPPSFA, National Project on Protein Structural and Functional Analyses';
  if (centre.initials === 'EFI') return 'Enzyme Function Initiative';
  if (['CSGID', 'SSGCID', 'PCSEP'].includes(centre.initials)) {
    return 'NIAID, National Institute of Allergy and Infectious Diseases';
  }
  if (['SGC', 'OPPF', 'SPINE', 'BSGI'].includes(centre.initials) || year > 2017) return null;
  return year >= 2010 ? 'PSI:Biology' : 'PSI, Protein Structure Initiative';
}

/** Share of entries of a release year that come from structural genomics. */
export function sgShare(year: number): number {
  if (year < 2000) return 0;
  if (year <= 2003) return 0.06;
  if (year <= 2012) return 0.13;
  if (year <= 2015) return 0.08;
  return 0.015;
}
