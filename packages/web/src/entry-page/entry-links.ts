import { entryPagePath, type ArchiveInfo } from '@pdb-stats/charts';
import type { ReturnType } from '@pdb-stats/search-model';
import type { ArchivePages } from '../config.ts';
import { archivePageOf, entryOfIdentifier } from '../search-pages/archive-pages.ts';

/** Where a result identifier links: this site's entry page, the public archive's page, or both. */
export interface IdentifierLinks {
  /** The entry page of this site (under the base path), when the service keeps records of its archive. */
  own?: string;
  /** The public archive's page, when the archive served is real (never for a demo archive's made-up ids). */
  archive?: string;
}

/**
 * The links of a result identifier. A demo archive's identifiers are made up: the public archive's
 * page of one is an unrelated real entry, so they link to this site's entry page only. A real
 * archive's link to both; a service that keeps no records (the public one) to the public page only.
 */
export function identifierLinks(
  returnType: ReturnType,
  identifier: string,
  archive: ArchiveInfo | null,
  pages?: ArchivePages,
): IdentifierLinks {
  const entry = returnType === 'mol_definition' ? undefined : entryOfIdentifier(identifier);
  const own = archive?.entry_records === true && entry ? entryPagePath(entry) : undefined;
  const external = archive?.demo === true ? undefined : archivePageOf(returnType, identifier, pages);
  return { ...(own && { own }), ...(external && { archive: external }) };
}

/** The host a public page is at, as a link names it ("rcsb.org"). */
export function pageHost(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}
