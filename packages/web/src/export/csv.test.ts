import { describe, expect, it } from 'vitest';
import { csvWithMetadata } from './csv.ts';
import { growthInput } from './test-fixtures.ts';

describe(`${csvWithMetadata.name}`, () => {
  it('says what the table is in comment lines above it: title, subtitle, source, page, date, licence, citation', () => {
    const lines = csvWithMetadata(growthInput()).split('\r\n');
    const comments = lines.filter((line) => line.startsWith('# '));
    expect(comments).toEqual([
      '# PDB Growth by Experimental Method',
      '# Number of Entries by Experimental Method released each year, 2019–2021',
      '# Source: demo (synthetic demo data, not real PDB data). Chart: https://stats.example.org/growth/experimental-method?view=annual',
      '# Data as of 2026-06-30 (archive date). Data licence: CC0 1.0 (https://creativecommons.org/publicdomain/zero/1.0/).',
      expect.stringMatching(
        /^# Cite as: PDB Statistics, “PDB Growth by Experimental Method”, https:\/\/stats/,
      ),
    ]);
    // The table follows, whole: the comments are only a prefix.
    expect(lines.slice(comments.length, comments.length + 2)).toEqual(['Year,X-ray,NMR', '2019,1200,7']);
  });

  it('keeps a value with a line break on its comment line', () => {
    const csv = csvWithMetadata(growthInput({ title: 'Two\nlines' }));
    expect(csv.split('\r\n')[0]).toBe('# Two lines');
  });
});
