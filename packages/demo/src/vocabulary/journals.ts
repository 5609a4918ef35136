/**
 * Journals of primary citations, as RCSB normalises them in `rcsb_journal_abbrev` (NLM abbreviations),
 * with a rough share of PDB primary citations, the years the journal published, and a DOI prefix.
 */

export interface Journal {
  abbrev: string;
  weight: number;
  from: number;
  to?: number;
  doi: string;
}

const j = (abbrev: string, weight: number, from: number, doi: string, to?: number): Journal => ({
  abbrev,
  weight,
  from,
  doi,
  ...(to !== undefined && { to }),
});

export const JOURNALS: readonly Journal[] = [
  j('J Biol Chem', 8, 1976, '10.1074/jbc.'),
  j('J Mol Biol', 6, 1976, '10.1016/j.jmb.'),
  j('Biochemistry', 5, 1976, '10.1021/bi'),
  j('Proc Natl Acad Sci U S A', 5, 1976, '10.1073/pnas.'),
  j('Nature', 3, 1976, '10.1038/nature'),
  j('Science', 2, 1976, '10.1126/science.'),
  j('Structure', 4, 1993, '10.1016/j.str.'),
  j('Nat Commun', 5, 2010, '10.1038/s41467-'),
  j('J Med Chem', 4, 1976, '10.1021/acs.jmedchem.'),
  j('Acta Crystallogr D Biol Crystallogr', 3, 1993, '10.1107/S09074449', 2015),
  j('Acta Crystallogr D Struct Biol', 1, 2016, '10.1107/S20597983'),
  j('Acta Crystallogr F Struct Biol Commun', 2, 2005, '10.1107/S2053230X'),
  j('Nucleic Acids Res', 3, 1976, '10.1093/nar/'),
  j('Protein Sci', 2, 1992, '10.1002/pro.'),
  j('EMBO J', 2, 1982, '10.15252/embj.'),
  j('Cell', 1.5, 1976, '10.1016/j.cell.'),
  j('Mol Cell', 1.5, 1997, '10.1016/j.molcel.'),
  j('Nat Struct Mol Biol', 2, 2004, '10.1038/nsmb.'),
  j('Nat Struct Biol', 1.5, 1994, '10.1038/nsb', 2003),
  j('PLoS One', 1.5, 2006, '10.1371/journal.pone.'),
  j('Elife', 2, 2012, '10.7554/eLife.'),
  j('FEBS J', 1, 2005, '10.1111/febs.'),
  j('FEBS Lett', 1, 1976, '10.1016/j.febslet.'),
  j('Sci Rep', 1.5, 2011, '10.1038/s41598-'),
  j('Biochem J', 1, 1976, '10.1042/BJ'),
  j('J Am Chem Soc', 2, 1976, '10.1021/jacs.'),
  j('Angew Chem Int Ed Engl', 1, 1990, '10.1002/anie.'),
  j('Nat Chem Biol', 1, 2005, '10.1038/nchembio.'),
  j('Bioorg Med Chem Lett', 1.5, 1991, '10.1016/j.bmcl.'),
  j('ACS Chem Biol', 0.8, 2006, '10.1021/acschembio.'),
  j('IUCrJ', 0.5, 2014, '10.1107/S20522525'),
  j('Commun Biol', 1, 2018, '10.1038/s42003-'),
  j('Sci Adv', 1, 2015, '10.1126/sciadv.'),
  j('J Struct Biol', 1, 1990, '10.1016/j.jsb.'),
  j('J Virol', 0.8, 1976, '10.1128/JVI.'),
  j('Int J Mol Sci', 0.5, 2010, '10.3390/ijms'),
  j('Chembiochem', 0.5, 2000, '10.1002/cbic.'),
  j('Cell Rep', 0.5, 2012, '10.1016/j.celrep.'),
];

export const TO_BE_PUBLISHED = 'To be published';
