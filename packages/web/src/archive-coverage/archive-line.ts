import type { ArchiveInfo } from '../api/search-client.ts';

/** How the pages name an archive's source: its importer's name where it is terse. */
const SOURCE_NAMES: Record<string, string> = {
  'wwPDB mmCIF': 'wwPDB mmCIF files',
};

export function sourceName(source: string): string {
  return SOURCE_NAMES[source.trim()] ?? source.trim();
}

/**
 * One line naming what the service holds: "wwPDB mmCIF files, data as of 2024-05-01". Without a
 * date, only the source; without either (no manifest), undefined.
 */
export function archiveLine(archive: ArchiveInfo | null | undefined): string | undefined {
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
