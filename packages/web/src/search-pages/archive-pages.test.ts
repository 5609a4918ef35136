import { describe, expect, it } from 'vitest';
import { archivePageOf } from './archive-pages.ts';

describe(`${archivePageOf.name}`, () => {
  it('links every level of a structure to its entry page, a component to its ligand page', () => {
    expect(archivePageOf('entry', '4hhb')).toBe('https://www.rcsb.org/structure/4HHB');
    expect(archivePageOf('polymer_entity', '4HHB_1')).toBe('https://www.rcsb.org/structure/4HHB');
    expect(archivePageOf('polymer_instance', '4HHB.A')).toBe('https://www.rcsb.org/structure/4HHB');
    expect(archivePageOf('assembly', '4HHB-1')).toBe('https://www.rcsb.org/structure/4HHB');
    expect(archivePageOf('non_polymer_entity', '1ABC_3')).toBe('https://www.rcsb.org/structure/1ABC');
    expect(archivePageOf('mol_definition', 'HEM')).toBe('https://www.rcsb.org/ligand/HEM');
    expect(archivePageOf('mol_definition', 'PRD_000154')).toBe('https://www.rcsb.org/ligand/PRD_000154');
  });

  it('leaves identifiers of no known shape unlinked', () => {
    expect(archivePageOf('entry', 'not an id')).toBeUndefined();
    expect(archivePageOf('mol_definition', 'A/B')).toBeUndefined();
  });
});

describe('archive pages of another base URL', () => {
  it('appends the identifier to the configured bases', () => {
    const pages = { structure: 'https://www.ebi.ac.uk/pdbe/entry/pdb/', ligand: 'https://example.org/chem/' };
    expect(archivePageOf('polymer_entity', '4hhb_1', pages)).toBe(
      'https://www.ebi.ac.uk/pdbe/entry/pdb/4HHB',
    );
    expect(archivePageOf('mol_definition', 'HEM', pages)).toBe('https://example.org/chem/HEM');
  });
});
