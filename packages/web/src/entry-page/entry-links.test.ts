import { describe, expect, it } from 'vitest';
import { identifierLinks, pageHost } from './entry-links.ts';

const DEMO = { demo: true, entry_records: true };
const REAL = { source: 'wwPDB mmCIF files', entry_records: true };

describe(identifierLinks.name, () => {
  it('links a demo archive’s identifiers to this site’s entry page only, whatever their level', () => {
    expect(identifierLinks('entry', '1004', DEMO)).toEqual({ own: '/entry/1004' });
    expect(identifierLinks('polymer_entity', '1004_2', DEMO)).toEqual({ own: '/entry/1004' });
    expect(identifierLinks('assembly', 'pdb_00001abc-1', DEMO)).toEqual({ own: '/entry/PDB_00001ABC' });
    // A chemical component has no entry page, and a demo one no public page: no link.
    expect(identifierLinks('mol_definition', 'ATP', DEMO)).toEqual({});
  });

  it('links a real archive’s identifiers to the entry page and to the configured public page', () => {
    expect(identifierLinks('entry', '4HHB', REAL)).toEqual({
      own: '/entry/4HHB',
      archive: 'https://www.rcsb.org/structure/4HHB',
    });
    expect(
      identifierLinks('polymer_instance', '4HHB.A', REAL, {
        structure: 'https://www.ebi.ac.uk/pdbe/entry/pdb/',
        ligand: 'https://www.ebi.ac.uk/pdbe-srv/pdbechem/chemicalCompound/show/',
      }),
    ).toEqual({ own: '/entry/4HHB', archive: 'https://www.ebi.ac.uk/pdbe/entry/pdb/4HHB' });
    expect(identifierLinks('mol_definition', 'ATP', REAL)).toEqual({
      archive: 'https://www.rcsb.org/ligand/ATP',
    });
  });

  it('links to the public page only when the service keeps no records (the public one, an upstream)', () => {
    expect(identifierLinks('entry', '4HHB', null)).toEqual({
      archive: 'https://www.rcsb.org/structure/4HHB',
    });
    expect(identifierLinks('entry', '4HHB', { source: 'Search API at search.rcsb.org' })).toEqual({
      archive: 'https://www.rcsb.org/structure/4HHB',
    });
  });

  it('links an identifier of no known shape nowhere', () => {
    expect(identifierLinks('entry', 'not an id', REAL)).toEqual({});
    expect(identifierLinks('entry', '../x', DEMO)).toEqual({});
  });
});

describe(pageHost.name, () => {
  it('names the host without www', () => {
    expect(pageHost('https://www.rcsb.org/structure/4HHB')).toBe('rcsb.org');
    expect(pageHost('https://www.ebi.ac.uk/pdbe/entry/pdb/4HHB')).toBe('ebi.ac.uk');
  });
});
