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

describe(`${archiveLine.name} of a server answering from an upstream service`, () => {
  const upstream = (answering: boolean, answered_at: string | null) => ({
    source: 'Search API at search.rcsb.org',
    upstream: { url: 'https://search.rcsb.org', answering, answered_at },
  });

  it('names the service and the day of its answers', () => {
    expect(archiveLine(upstream(true, '2026-11-25T14:05:09.123Z'))).toBe(
      'Search API at search.rcsb.org, data as of 2026-11-25',
    );
    expect(archiveLine(upstream(true, null))).toBe('Search API at search.rcsb.org');
  });

  it('says since when the service is not answering', () => {
    expect(archiveLine(upstream(false, '2026-11-25T14:05:09.123Z'))).toBe(
      "As of 2026-11-25 14:05 UTC, the archive's service (search.rcsb.org) is not answering",
    );
    expect(archiveLine(upstream(false, null))).toBe(
      "The archive's service (search.rcsb.org) is not answering",
    );
  });
});

describe(`${sourceName.name}`, () => {
  it('spells out the mmCIF importer', () => {
    expect(sourceName(' wwPDB mmCIF ')).toBe('wwPDB mmCIF files');
  });
});
