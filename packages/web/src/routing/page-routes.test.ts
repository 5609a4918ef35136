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

  it('uses the default title when no page matches, including a chart under the wrong kind', () => {
    expect(documentTitle('/nowhere')).toBe(DEFAULT_TITLE);
    expect(documentTitle('/distribution/overall-structures')).toBe(DEFAULT_TITLE);
  });
});
