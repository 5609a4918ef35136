import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv.ts';
import { CHARTS } from './registry.ts';
import { distributionRows, growthRows } from './table.ts';

describe(`${csvField.name}`, () => {
  it('writes numbers plainly, without thousands separators', () => {
    expect(csvField(1234567)).toBe('1234567');
    expect(csvField(0.15)).toBe('0.15');
    expect(csvField(Number.NaN)).toBe('');
  });

  it('quotes text with commas, quotes or line breaks', () => {
    expect(csvField('Homo sapiens')).toBe('Homo sapiens');
    expect(csvField('Proc. Natl. Acad. Sci. U.S.A., USA')).toBe('"Proc. Natl. Acad. Sci. U.S.A., USA"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField(-3)).toBe('-3');
  });
});

describe(`${toCsv.name}`, () => {
  it('one header row, one row per year, CRLF line ends', () => {
    const growth = {
      years: ['2019', '2020', '2021'],
      series: [
        { label: 'X-ray', annual: [1200, 0, 3], cumulative: [1200, 1200, 1203] },
        { label: 'EM', annual: [5, 10, 20], cumulative: [5, 15, 35] },
        { label: 'NMR', annual: [7, 0, 1], cumulative: [7, 7, 8] },
      ],
    };
    const table = growthRows({ growth, view: 'annual', hidden: ['EM'], yAxisTitle: 'Number of Entries' });
    expect(toCsv(table)).toBe('Year,X-ray,NMR\r\n2019,1200,7\r\n2020,0,0\r\n2021,3,1\r\n');
  });

  it('distribution: ISO dates and plain counts', () => {
    const definition = CHARTS['release-date-distribution'];
    const bars = [
      { label: 'before 2000', value: 12345 },
      { label: '2000 - 2004', value: 2 },
    ];
    const csv = toCsv(
      distributionRows({
        distribution: { bars, bucketCount: bars.length },
        query: definition.query,
        xAxisTitle: definition.options.xAxisTitle,
        yAxisTitle: definition.options.yAxisTitle,
        hidden: [],
      }),
    );
    expect(csv.split('\r\n')).toEqual([
      'Release Date,From,To (exclusive),Number of Entries',
      'before 2000,,2000-01-01,12345',
      '2000 - 2004,2000-01-01,2005-01-01,2',
      '',
    ]);
  });
});
