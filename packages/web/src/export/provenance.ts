import type { ArchiveInfo } from '../api/search-client.ts';
import { sourceName } from '../archive-coverage/archive-line.ts';
import type { Provenance } from './types.ts';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;

function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

/**
 * What a chart's data are as of. Our service reports its archive manifest (`GET /rcsbsearch/v2/archive`):
 * its `archive_date` and `source`. The public search service has no such endpoint (`archive` is null),
 * so the date is the day the chart's answer arrived (`respondedAt`, ms since the epoch) and the source
 * is the service's host; `basis` says which. Undefined while the manifest is still loading, so that
 * the caption does not switch from one basis to the other.
 */
export function chartProvenance(
  archive: ArchiveInfo | null | undefined,
  searchApiUrl: string,
  respondedAt: number,
): Provenance | undefined {
  if (archive === undefined) return undefined;
  const archiveDate = archive?.archive_date?.match(ISO_DATE)?.[0];
  const source = archive?.source?.trim() || hostOf(searchApiUrl);
  const demo = archive?.demo === true;
  if (archiveDate) return { date: archiveDate, basis: 'archive', source, demo, searchApiUrl };
  return {
    date: new Date(respondedAt).toISOString().slice(0, 10),
    basis: 'response',
    source,
    demo,
    searchApiUrl,
  };
}

/** The scope sentence of a chart's caption and image: which search the chart counts. */
export function scopeText(summary: string | undefined): string {
  return summary ? `Scope: ${summary}.` : '';
}

/** The 'data as of' sentence under a chart and in its exports. */
export function provenanceText(p: Provenance): string {
  const when =
    p.basis === 'archive'
      ? `Data as of ${p.date} (archive date)`
      : `Data as of ${p.date} (date of the response; the service reports no archive date)`;
  const what = `${sourceName(p.source)}${p.demo ? ' (synthetic demo data, not real PDB data)' : ''}`;
  return `${when}. Source: ${what}, search service ${p.searchApiUrl}`;
}
