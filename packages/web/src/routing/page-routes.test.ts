import { describe, expect, it } from 'vitest';
import { DEFAULT_TITLE, documentTitle } from './page-routes.ts';

describe(documentTitle.name, () => {
  it('is the product title on home', () => {
    expect(documentTitle('/')).toBe('PDB Statistics');
  });

  it('adds the display title of the matching route entry elsewhere', () => {
    expect(documentTitle('/growth/overall-structures')).toBe(
      'PDB Statistics: PDB Data Growth by Released Structures',
    );
    expect(documentTitle('/distribution/resolution/')).toBe(
      'PDB Statistics: PDB Data Distribution by Resolution',
    );
    expect(documentTitle('/other-statistics')).toBe('PDB Statistics: Other Statistics');
    expect(documentTitle('/pdb-data-snapshot')).toBe('PDB Statistics: PDB Data Snapshot');
  });

  it('names the entry of an entry page, and no text of the address that is no identifier', () => {
    expect(documentTitle('/entry/1abc')).toBe('PDB Statistics: Entry 1ABC');
    expect(documentTitle('/entry/pdb_00001abc')).toBe('PDB Statistics: Entry PDB_00001ABC');
    expect(documentTitle('/entry/%3Cscript%3E')).toBe('PDB Statistics: Entry');
  });

  it('uses the default title when no page matches, including a chart under the wrong kind', () => {
    expect(documentTitle('/nowhere')).toBe(DEFAULT_TITLE);
    expect(documentTitle('/distribution/overall-structures')).toBe(DEFAULT_TITLE);
  });
});
