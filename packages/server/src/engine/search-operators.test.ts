import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFixtureEngine, type FixtureEngine } from './testing/fixture-engine.ts';
import { not, text } from '../planner/testing/requests.ts';

/**
 * Operators over the fixture archive (testing/fixture-archive.ts), return type entry. The computed
 * model AF_X1 is outside the default content type, so it never appears here.
 */
let fixture: FixtureEngine;
beforeAll(async () => {
  fixture = await openFixtureEngine();
});
afterAll(() => fixture?.close());
const found = (query: object) => fixture.found(query);

describe('strings', () => {
  it('exact_match is case-insensitive unless case_sensitive', async () => {
    expect(await found(text('rcsb_entry_info.experimental_method', 'exact_match', 'X-ray'))).toEqual([
      '1ABC',
      '4JKL',
    ]);
    expect(await found(text('rcsb_entry_info.experimental_method', 'exact_match', 'x-RAY'))).toEqual([
      '1ABC',
      '4JKL',
    ]);
    const sensitive = { case_sensitive: true };
    expect(
      await found(text('rcsb_entry_info.experimental_method', 'exact_match', 'x-ray', sensitive)),
    ).toEqual([]);
    expect(
      await found(text('rcsb_entry_info.experimental_method', 'exact_match', 'X-ray', sensitive)),
    ).toEqual(['1ABC', '4JKL']);
  });

  it('exact_match on a list matches any element', async () => {
    expect(await found(text('exptl.method', 'exact_match', 'neutron diffraction'))).toEqual(['4JKL']);
  });

  it('in matches any listed value, case-sensitively, on scalars and lists', async () => {
    expect(await found(text('rcsb_entry_info.experimental_method', 'in', ['EM', 'NMR']))).toEqual([
      '2DEF',
      '3GHI',
    ]);
    expect(await found(text('rcsb_entry_info.experimental_method', 'in', ['em']))).toEqual([]);
    expect(await found(text('exptl.method', 'in', ['NEUTRON DIFFRACTION', 'SOLUTION NMR']))).toEqual([
      '3GHI',
      '4JKL',
    ]);
  });

  it('contains_words ORs the analysed words', async () => {
    expect(await found(text('struct.title', 'contains_words', 'ACTIN ribosome'))).toEqual([
      '1ABC',
      '2DEF',
      '4JKL',
    ]);
    // "Actin-binding" is analysed into two words.
    expect(await found(text('struct.title', 'contains_words', 'binding'))).toEqual(['1ABC', '3GHI', '4JKL']);
  });

  it('contains_phrase needs the words contiguous and in order', async () => {
    expect(await found(text('struct.title', 'contains_phrase', 'Actin, binding'))).toEqual(['1ABC']);
    expect(await found(text('struct.title', 'contains_phrase', 'binding actin'))).toEqual(['4JKL']);
    expect(await found(text('struct.title', 'contains_phrase', 'structure of'))).toEqual(['2DEF', '3GHI']);
    expect(await found(text('struct.title', 'contains_phrase', 'structure the'))).toEqual([]);
  });

  it('full-text operators on a list attribute', async () => {
    expect(await found(text('audit_author.name', 'contains_words', 'smith'))).toEqual(['1ABC', '3GHI']);
    expect(await found(text('audit_author.name', 'contains_phrase', 'Doe A'))).toEqual(['1ABC']);
    expect(await found(text('audit_author.name', 'exact_match', 'lee, k.'))).toEqual(['2DEF']);
  });
});

describe('numbers, integers and dates', () => {
  it('equals on a number, an integer and a date', async () => {
    expect(await found(text('rcsb_entry_info.molecular_weight', 'equals', 50))).toEqual(['1ABC']);
    expect(await found(text('rcsb_entry_info.deposited_atom_count', 'equals', 1500))).toEqual(['3GHI']);
    expect(await found(text('rcsb_accession_info.initial_release_date', 'equals', '2012-03-15'))).toEqual([
      '2DEF',
    ]);
  });

  it('greater, greater_or_equal, less, less_or_equal', async () => {
    const weight = 'rcsb_entry_info.molecular_weight';
    const atoms = 'rcsb_entry_info.deposited_atom_count';
    expect(await found(text(weight, 'greater', 50))).toEqual(['2DEF', '4JKL']);
    expect(await found(text(weight, 'greater_or_equal', 50))).toEqual(['1ABC', '2DEF', '4JKL']);
    expect(await found(text(atoms, 'less', 4000))).toEqual(['3GHI']);
    expect(await found(text(atoms, 'less_or_equal', 4000))).toEqual(['1ABC', '3GHI']);
    expect(await found(text(atoms, 'less', 4000.5))).toEqual(['1ABC', '3GHI']);
  });

  it('dates compare as timestamps, date math included', async () => {
    const released = 'rcsb_accession_info.initial_release_date';
    expect(await found(text(released, 'greater', '2012-03-15'))).toEqual(['3GHI', '4JKL']);
    expect(await found(text(released, 'greater_or_equal', '2012-03-15'))).toEqual(['2DEF', '3GHI', '4JKL']);
    expect(await found(text(released, 'less', '2012-03-15'))).toEqual(['1ABC']);
    expect(await found(text(released, 'less', '2012-03-15T00:00:01Z'))).toEqual(['1ABC', '2DEF']);
    expect(await found(text(released, 'greater', '2012-03-15T12:00:00Z'))).toEqual(['3GHI', '4JKL']);
    expect(await found(text(released, 'less_or_equal', '2012-11-30'))).toEqual(['1ABC', '2DEF', '3GHI']);
    expect(await found(text(released, 'less', '2013-06-01||-12M'))).toEqual(['1ABC', '2DEF']);
  });

  it('in on numbers, integers and dates', async () => {
    expect(await found(text('rcsb_entry_info.molecular_weight', 'in', [50, 95]))).toEqual(['1ABC', '4JKL']);
    expect(await found(text('rcsb_entry_info.deposited_atom_count', 'in', [1500, 8000]))).toEqual([
      '3GHI',
      '4JKL',
    ]);
    expect(
      await found(text('rcsb_accession_info.initial_release_date', 'in', ['2012-03-15', '2015-01-01'])),
    ).toEqual(['2DEF', '4JKL']);
  });

  it('long in lists (bound as one list) find what short ones do, on every type', async () => {
    // 40 values that match nothing around the ones that do: the list travels as one JSON text.
    const padded = <T>(values: T[], filler: (i: number) => T) => [
      ...Array.from({ length: 20 }, (_, i) => filler(i)),
      ...values,
      ...Array.from({ length: 20 }, (_, i) => filler(i + 20)),
    ];
    expect(
      await found(
        text(
          'rcsb_entry_info.molecular_weight',
          'in',
          padded([50, 95], (i) => 1000.5 + i),
        ),
      ),
    ).toEqual(['1ABC', '4JKL']);
    expect(
      await found(
        text(
          'rcsb_entry_info.deposited_atom_count',
          'in',
          padded([1500, 8000], (i) => -1 - i),
        ),
      ),
    ).toEqual(['3GHI', '4JKL']);
    expect(
      await found(
        text(
          'rcsb_accession_info.initial_release_date',
          'in',
          padded(['2012-03-15', '2015-01-01'], (i) => `19${10 + i}-01-01`),
        ),
      ),
    ).toEqual(['2DEF', '4JKL']);
    const methods = padded(['EM', 'NMR'], (i) => `it's "${i}", a, b`);
    expect(await found(text('rcsb_entry_info.experimental_method', 'in', methods))).toEqual(['2DEF', '3GHI']);
    expect(await found(not('rcsb_entry_info.experimental_method', 'in', methods))).toEqual(['1ABC', '4JKL']);
  });

  it('range: exclusive bounds by default, inclusive on request, either bound open', async () => {
    const atoms = 'rcsb_entry_info.deposited_atom_count';
    expect(await found(text(atoms, 'range', { from: 1500, to: 8000 }))).toEqual(['1ABC']);
    expect(
      await found(text(atoms, 'range', { from: 1500, to: 8000, include_lower: true, include_upper: true })),
    ).toEqual(['1ABC', '3GHI', '4JKL']);
    const released = 'rcsb_accession_info.initial_release_date';
    const year2012 = { from: '2012-01-01', to: '2012-12-31', include_lower: true, include_upper: true };
    expect(await found(text(released, 'range', year2012))).toEqual(['2DEF', '3GHI']);
    expect(await found(text(released, 'range', { from: '2012-03-15' }))).toEqual(['3GHI', '4JKL']);
    expect(await found(text(released, 'range', { from: '2012-03-15', include_lower: true }))).toEqual([
      '2DEF',
      '3GHI',
      '4JKL',
    ]);
  });

  it('on a list of numbers any element decides', async () => {
    const resolution = 'rcsb_entry_info.resolution_combined';
    expect(await found(text(resolution, 'less', 1.2))).toEqual(['4JKL']);
    expect(await found(text(resolution, 'greater', 3))).toEqual(['2DEF']);
    expect(await found(text(resolution, 'range', { from: 1.4, to: 2.2 }))).toEqual(['1ABC', '4JKL']);
    expect(await found(text(resolution, 'range', { from: 1.5, to: 3.2 }))).toEqual(['4JKL']);
    expect(
      await found(
        text(resolution, 'range', { from: 1.5, to: 3.2, include_lower: true, include_upper: true }),
      ),
    ).toEqual(['1ABC', '2DEF', '4JKL']);
    expect(await found(text(resolution, 'range', { to: 1.5 }))).toEqual(['4JKL']);
  });
});

describe('exists and negation', () => {
  it('exists: a scalar is not null, a list is not empty', async () => {
    expect(await found(text('refine.ls_R_factor_R_free', 'exists'))).toEqual(['1ABC', '4JKL']);
    expect(await found(text('symmetry.space_group_name_H_M', 'exists'))).toEqual(['1ABC', '3GHI', '4JKL']);
  });

  it('negated exists: the attribute is missing (null or empty list)', async () => {
    expect(await found(not('refine.ls_R_factor_R_free', 'exists'))).toEqual(['2DEF', '3GHI']);
    expect(await found(not('symmetry.space_group_name_H_M', 'exists'))).toEqual(['2DEF']);
  });

  it('negation keeps objects without the attribute', async () => {
    expect(await found(not('symmetry.space_group_name_H_M', 'exact_match', 'P 1 21 1'))).toEqual([
      '2DEF',
      '3GHI',
    ]);
    expect(await found(not('rcsb_entry_info.molecular_weight', 'greater', 50))).toEqual(['1ABC', '3GHI']);
  });

  it('negation on a list: any matching element excludes', async () => {
    expect(await found(not('exptl.method', 'exact_match', 'X-RAY DIFFRACTION'))).toEqual(['2DEF', '3GHI']);
    expect(await found(not('rcsb_entry_info.resolution_combined', 'less', 2))).toEqual(['2DEF', '3GHI']);
    expect(await found(not('struct.title', 'contains_words', 'actin'))).toEqual(['2DEF', '3GHI']);
    expect(await found(not('rcsb_entry_info.experimental_method', 'in', ['X-ray']))).toEqual([
      '2DEF',
      '3GHI',
    ]);
  });

  it('negation on a nested record: no record matches', async () => {
    expect(await found(not('rcsb_binding_affinity.type', 'exact_match', 'Kd'))).toEqual(['3GHI']);
    expect(await found(not('rcsb_binding_affinity.value', 'exists'))).toEqual(['3GHI']);
  });
});
