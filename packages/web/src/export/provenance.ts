import type { ArchiveInfo } from '../api/search-client.ts';
import { PRODUCT_TITLE } from '../config.ts';
import { sourceName } from '../archive-coverage/archive-line.ts';
import { publicServiceAddress } from '../service-name.ts';
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
  const address = publicServiceAddress(p.searchApiUrl);
  return `${when}. Source: ${what}, ${address ? `search service ${address}` : 'this site’s search service'}`;
}

/** The licence of the archive's data, which every chart and download redistributes. */
export const DATA_LICENCE = { name: 'CC0 1.0', url: 'https://creativecommons.org/publicdomain/zero/1.0/' };

/** The archive's reference publication, which its users are asked to cite. */
const PDB_CITATION =
  'H.M. Berman et al. (2000) The Protein Data Bank. Nucleic Acids Research 28: 235–242. doi:10.1093/nar/28.1.235';

/**
 * The lines of a downloaded image under its chart: where the numbers come from and the address of the
 * chart page they were drawn on (the page the visitor had open, so the public one, never the
 * service's own address behind a proxy), what they are as of, and their licence. A file passed on
 * alone still says all of it.
 */
export function exportSourceLines(p: Provenance, address: string): string[] {
  const when =
    p.basis === 'archive'
      ? `Data as of ${p.date} (archive date)`
      : `Data as of ${p.date} (date of the response; the service reports no archive date)`;
  const what = `${sourceName(p.source)}${p.demo ? ' (synthetic demo data, not real PDB data)' : ''}`;
  return [
    `Source: ${what}. Chart: ${address}`,
    `${when}. Data licence: ${DATA_LICENCE.name} (${DATA_LICENCE.url}).`,
  ];
}

/** How to cite a chart: the page, its date, and the archive's reference publication. */
export function citationText(title: string, address: string, p: Provenance): string {
  return `${PRODUCT_TITLE}, “${title}”, ${address} (data as of ${p.date}). The PDB: ${PDB_CITATION}.`;
}
