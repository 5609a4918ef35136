import { describe, expect, it } from 'vitest';
import { blockPieces } from './parse-file.ts';

const text = (pieces: Buffer[]) => pieces.map((p) => p.toString());

describe('a dictionary in pieces of whole blocks', () => {
  const dictionary = Buffer.from(
    '# comment\ndata_ATP\n_chem_comp.id ATP\n#\ndata_HEM\n_chem_comp.id HEM\n#\ndata_NAG\n_chem_comp.id NAG\n',
  );

  it('cuts only before a data block, each piece within the budget where a block allows', () => {
    const pieces = blockPieces(dictionary, 45);
    expect(Buffer.concat(pieces).equals(dictionary)).toBe(true);
    expect(text(pieces)).toEqual([
      '# comment\ndata_ATP\n_chem_comp.id ATP\n#\n',
      'data_HEM\n_chem_comp.id HEM\n#\n',
      'data_NAG\n_chem_comp.id NAG\n',
    ]);
  });

  it('keeps a block larger than the budget whole, with what comes before it', () => {
    expect(text(blockPieces(dictionary, 5))).toEqual([
      '# comment\ndata_ATP\n_chem_comp.id ATP\n#\n',
      'data_HEM\n_chem_comp.id HEM\n#\n',
      'data_NAG\n_chem_comp.id NAG\n',
    ]);
  });

  it('leaves a small dictionary, or one without blocks, in one piece', () => {
    expect(blockPieces(dictionary, 1 << 20)).toHaveLength(1);
    expect(text(blockPieces(Buffer.from('not a dictionary at all'), 4))).toEqual(['not a dictionary at all']);
  });
});
