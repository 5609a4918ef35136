import type { ReturnType } from '@pdb-stats/search-model';
import { DEFAULT_ARCHIVE_PAGES, type ArchivePages } from '../config.ts';

/**
 * The archive's own page of a result identifier: a chemical component's ligand page, otherwise the
 * page of the entry the identifier belongs to (`4HHB_1`, `4HHB.A`, `4HHB-1` → 4HHB). The base URLs
 * come from the page's config (rcsb.org by default). Undefined for an identifier of no known shape.
 */
export function archivePageOf(
  returnType: ReturnType,
  identifier: string,
  pages: ArchivePages = DEFAULT_ARCHIVE_PAGES,
): string | undefined {
  if (returnType === 'mol_definition')
    return /^[A-Za-z0-9_]{1,12}$/.test(identifier) ? `${pages.ligand}${identifier}` : undefined;
  const entry = entryOfIdentifier(identifier);
  return entry ? `${pages.structure}${entry}` : undefined;
}

/** The entry a structure identifier belongs to (`4HHB_1`, `4hhb.A`, `4HHB-1` → 4HHB), or undefined. */
export function entryOfIdentifier(identifier: string): string | undefined {
  return /^([A-Za-z0-9]{4}|pdb_[0-9a-z]{8})(?:[_.-].*)?$/i.exec(identifier)?.[1]?.toUpperCase();
}
