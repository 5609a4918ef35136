import { describe, expect, it } from 'vitest';
import { archiveLine, sourceName } from './archive-line.ts';

describe(`${archiveLine.name}`, () => {
  it('names the source and the date of a real archive', () => {
    expect(archiveLine({ source: 'wwPDB mmCIF', demo: false, archive_date: '2024-05-01' })).toBe(
      'wwPDB mmCIF files, data as of 2024-05-01',
    );
  });

  it('calls a demo archive one, keeps an unknown source as named and a timestamp to its day', () => {
    expect(archiveLine({ source: 'demo', demo: true, archive_date: '2026-11-25' })).toBe(
      'Demo archive, data as of 2026-11-25',
    );
    expect(archiveLine({ source: 'RCSB Data API', archive_date: '2024-05-01T00:00:00Z' })).toBe(
      'RCSB Data API, data as of 2024-05-01',
    );
  });

  it('says what it knows when the manifest is partial, nothing without one', () => {
    expect(archiveLine({ archive_date: '2024-05-01' })).toBe('Data as of 2024-05-01');
    expect(archiveLine({ source: 'wwPDB mmCIF' })).toBe('wwPDB mmCIF files');
    expect(archiveLine(null)).toBeUndefined();
    expect(archiveLine(undefined)).toBeUndefined();
  });
});

describe(`${sourceName.name}`, () => {
  it('spells out the mmCIF importer', () => {
    expect(sourceName(' wwPDB mmCIF ')).toBe('wwPDB mmCIF files');
  });
});
