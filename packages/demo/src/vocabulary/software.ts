/**
 * Programs of `rcsb_entry_info.software_programs_combined` (RCSB lists them upper-cased), by method
 * family, with the years they were in use and a relative weight within the family.
 */

export type SoftwareFamily = 'diffraction' | 'em' | 'nmr' | 'integrative';

export interface Program {
  name: string;
  weight: number;
  from: number;
  to?: number;
}

const p = (name: string, weight: number, from: number, to?: number): Program => ({
  name,
  weight,
  from,
  ...(to !== undefined && { to }),
});

export const SOFTWARE: Record<SoftwareFamily, readonly Program[]> = {
  diffraction: [
    p('PHENIX', 10, 2006),
    p('REFMAC', 9, 1996),
    p('COOT', 9, 2004),
    p('XDS', 7, 1993),
    p('HKL-2000', 5, 2001),
    p('PHASER', 7, 2005),
    p('AIMLESS', 5, 2013),
    p('CCP4', 3, 1994),
    p('XSCALE', 2, 2000),
    p('DIALS', 3, 2016),
    p('MOLREP', 2, 1998),
    p('BUSTER', 1.5, 2005),
    p('SHELX', 1, 1990),
    p('SCALA', 2, 1995, 2014),
    p('MOSFLM', 2, 1995),
    p('DENZO', 3, 1994, 2010),
    p('SCALEPACK', 3, 1994, 2010),
    p('CNS', 4, 1998, 2014),
    p('X-PLOR', 5, 1986, 2002),
    p('AMoRE', 2, 1994, 2006),
    p('PROLSQ', 3, 1976, 1996),
    p('TNT', 2, 1980, 2000),
    p('FRODO', 2, 1976, 1996),
    p('CORELS', 1, 1976, 1990),
    p('SOLVE', 1, 1999, 2012),
  ],
  em: [
    p('RELION', 10, 2013),
    p('CRYOSPARC', 10, 2017),
    p('COOT', 9, 2004),
    p('PHENIX', 9, 2006),
    p('UCSF CHIMERA', 6, 2004),
    p('UCSF CHIMERAX', 5, 2018),
    p('CTFFIND', 5, 2004),
    p('MOTIONCOR2', 4, 2017),
    p('GCTF', 2, 2016),
    p('EPU', 3, 2013),
    p('SERIALEM', 3, 2005),
    p('ISOLDE', 1.5, 2018),
    p('CISTEM', 1, 2018),
    p('EMAN2', 2, 2007),
    p('EMAN', 2, 1999, 2012),
    p('FREALIGN', 2, 2007, 2018),
    p('SPIDER', 3, 1996, 2014),
    p('IMAGIC', 1.5, 1996, 2014),
    p('TOPAZ', 1, 2019),
  ],
  nmr: [
    p('CYANA', 8, 2002),
    p('XPLOR-NIH', 7, 2000),
    p('CNS', 5, 1998),
    p('NMRPIPE', 8, 1995),
    p('CCPNMR', 4, 2005),
    p('ARIA', 4, 1999),
    p('TALOS', 5, 1999),
    p('AMBER', 4, 1990),
    p('SPARKY', 5, 1998),
    p('NMRVIEW', 3, 1994),
    p('TOPSPIN', 4, 2005),
    p('X-PLOR', 6, 1986, 2004),
    p('DYANA', 3, 1997, 2003),
    p('DIANA', 3, 1989, 1997),
    p('DISGEO', 2, 1984, 1996),
    p('VNMR', 2, 1990),
  ],
  integrative: [
    p('IMP', 10, 2008),
    p('PMI', 5, 2015),
    p('HADDOCK', 4, 2003),
    p('ROSETTA', 4, 2005),
    p('MODELLER', 5, 1995),
    p('UCSF CHIMERA', 3, 2004),
  ],
};
