import { describe, expect, it } from 'vitest';
import { chartProvenance, provenanceText } from './provenance.ts';

const URL = 'http://127.0.0.1:8080';
const RESPONDED = Date.UTC(2026, 10, 22, 23, 59);

describe(`${chartProvenance.name}`, () => {
  it('takes date and source from the archive manifest', () => {
    expect(
      chartProvenance({ archive_date: '2026-06-30', source: 'demo', demo: true }, URL, RESPONDED),
    ).toEqual({ date: '2026-06-30', basis: 'archive', source: 'demo', demo: true, searchApiUrl: URL });
  });

  it('keeps only the date of a timestamp', () => {
    expect(
      chartProvenance({ archive_date: '2026-06-30T12:00:00Z', source: 'rcsb' }, URL, RESPONDED)?.date,
    ).toBe('2026-06-30');
  });

  it('falls back to the UTC day of the response and the service host when there is no manifest', () => {
    expect(chartProvenance(null, 'https://search.rcsb.org', RESPONDED)).toEqual({
      date: '2026-11-22',
      basis: 'response',
      source: 'search.rcsb.org',
      demo: false,
      searchApiUrl: 'https://search.rcsb.org',
    });
  });

  it('falls back to the response date when the manifest has no usable date', () => {
    const p = chartProvenance({ source: 'rcsb', archive_date: 'yesterday' }, URL, RESPONDED);
    expect(p).toMatchObject({ date: '2026-11-22', basis: 'response', source: 'rcsb' });
  });

  it('is undefined while the manifest loads', () => {
    expect(chartProvenance(undefined, URL, RESPONDED)).toBeUndefined();
  });
});

describe(`${provenanceText.name}`, () => {
  it('names the archive date, the source and the service', () => {
    const p = chartProvenance({ archive_date: '2026-06-30', source: 'demo', demo: true }, URL, RESPONDED)!;
    expect(provenanceText(p)).toBe(
      'Data as of 2026-06-30 (archive date). Source: demo (synthetic demo data, not real PDB data), ' +
        'this site’s search service',
    );
    // A public address is named.
    expect(provenanceText({ ...p, searchApiUrl: 'https://stats.example.org' })).toContain(
      'search service https://stats.example.org',
    );
  });

  it('says when the date is only that of the response', () => {
    const p = chartProvenance(null, 'https://search.rcsb.org', RESPONDED)!;
    expect(provenanceText(p)).toBe(
      'Data as of 2026-11-22 (date of the response; the service reports no archive date). ' +
        'Source: search.rcsb.org, search service https://search.rcsb.org',
    );
  });
});
