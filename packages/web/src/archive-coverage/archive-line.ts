import type { ArchiveInfo } from '../api/search-client.ts';

/** How the pages name an archive's source: its importer's name where it is terse. */
const SOURCE_NAMES: Record<string, string> = {
  'wwPDB mmCIF': 'wwPDB mmCIF files',
};

export function sourceName(source: string): string {
  return SOURCE_NAMES[source.trim()] ?? source.trim();
}

/**
 * What our server reports when it answers from an upstream search service (the public one) rather
 * than an archive of its own: the service, whether it answers, and when it last did.
 */
interface UpstreamInfo {
  url: string;
  answering: boolean;
  /** ISO time of its last answer; null before the first. */
  answered_at: string | null;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

/** "2026-11-25 14:05 UTC": when the kept answers were fetched. */
const minuteOf = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/**
 * The line of a server in front of an upstream service: the service and the day of its answers, or,
 * while it does not answer, since when the answers shown are kept ones.
 */
function upstreamLine(source: string, upstream: UpstreamInfo): string {
  const at = upstream.answered_at?.match(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/) ? upstream.answered_at : undefined;
  const service = `the archive's service (${hostOf(upstream.url)})`;
  if (!upstream.answering)
    return at
      ? `As of ${minuteOf(at)}, ${service} is not answering`
      : `${service[0]!.toUpperCase()}${service.slice(1)} is not answering`;
  return at ? `${source}, data as of ${at.slice(0, 10)}` : source;
}

/**
 * One line naming what the service holds: "wwPDB mmCIF files, data as of 2024-05-01". Without a
 * date, only the source; without either (no manifest), undefined. A server answering from an
 * upstream service is named by that service.
 */
export function archiveLine(archive: ArchiveInfo | null | undefined): string | undefined {
  const upstream = (archive as { upstream?: UpstreamInfo } | null | undefined)?.upstream;
  if (upstream && typeof upstream.url === 'string')
    return upstreamLine(archive?.source?.trim() || hostOf(upstream.url), upstream);
  const source = archive?.demo
    ? 'Demo archive'
    : archive?.source?.trim()
      ? sourceName(archive.source)
      : undefined;
  const date = archive?.archive_date?.match(/^\d{4}-\d{2}-\d{2}/)?.[0];
  if (source && date) return `${source}, data as of ${date}`;
  if (date) return `Data as of ${date}`;
  return source;
}
