/** The root element and its JSON configuration. */

/** Id of the root element, the same as the existing RCSB app's, so our build can replace it. */
export const ROOT_ELEMENT_ID = 'statsroot';

/** Product title: the document title and its prefix. */
export const PRODUCT_TITLE = 'PDB Statistics';

const DEFAULT_BASENAME = '/';
export const DEFAULT_SEARCH_API_URL = 'https://search.rcsb.org';
export const DEFAULT_SEARCH_ADVANCED_URL = 'https://www.rcsb.org';
/** The archive's own pages of results, by the identifier appended: `…/structure/4HHB`, `…/ligand/HEM`. */
export const DEFAULT_ARCHIVE_PAGES: ArchivePages = {
  structure: 'https://www.rcsb.org/structure/',
  ligand: 'https://www.rcsb.org/ligand/',
};

export interface SierraConfig {
  /** Search service: data requests and the query editor. */
  searchApiUrl: string;
  /** Advanced-search website: search links. */
  searchAdvancedUrl: string;
}

/** Base URLs of the archive's pages that result identifiers link to. */
export interface ArchivePages {
  /** An entry's page (any structure level links to its entry). */
  structure: string;
  /** A chemical component's page. */
  ligand: string;
}

export interface AppConfig {
  /** Base path of the client-side routes. */
  basename: string;
  sierraConfig: SierraConfig;
  /** Stats notes (HTML) per chart key that replace the registry's long descriptions. */
  statsNotes: Record<string, string>;
  archivePages: ArchivePages;
}

export type ConfigResult = { ok: true; config: AppConfig } | { ok: false; message: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function normalizeBasename(basename: string): string {
  const withSlash = basename.startsWith('/') ? basename : `/${basename}`;
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, '') || '/' : withSlash;
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Parses the `data-config` attribute. A missing attribute means `{}`; a partial `sierraConfig` is
 * merged over the defaults. Malformed JSON or wrongly typed keys give a message instead of an
 * exception, so the page can say what is wrong.
 */
export function parseRootConfig(text: string | null | undefined): ConfigResult {
  let raw: unknown = {};
  if (text !== null && text !== undefined && text.trim() !== '') {
    try {
      raw = JSON.parse(text);
    } catch (error) {
      return { ok: false, message: `data-config is not valid JSON: ${(error as Error).message}` };
    }
  }
  if (!isRecord(raw)) return { ok: false, message: 'data-config must be a JSON object' };
  const { basename = DEFAULT_BASENAME, sierraConfig = {}, statsNotes = {}, archivePages = {} } = raw;
  if (typeof basename !== 'string') return { ok: false, message: 'data-config: "basename" must be a string' };
  if (!isRecord(sierraConfig)) return { ok: false, message: 'data-config: "sierraConfig" must be an object' };
  const sierra: SierraConfig = {
    searchApiUrl: DEFAULT_SEARCH_API_URL,
    searchAdvancedUrl: DEFAULT_SEARCH_ADVANCED_URL,
  };
  for (const key of ['searchApiUrl', 'searchAdvancedUrl'] as const) {
    const value = sierraConfig[key];
    if (value === undefined) continue;
    if (typeof value !== 'string' || !isHttpUrl(value))
      return { ok: false, message: `data-config: "sierraConfig.${key}" must be an http(s) URL` };
    sierra[key] = value.replace(/\/+$/, '');
  }
  if (!isRecord(statsNotes) || Object.values(statsNotes).some((v) => typeof v !== 'string'))
    return { ok: false, message: 'data-config: "statsNotes" must map chart keys to HTML strings' };
  if (!isRecord(archivePages)) return { ok: false, message: 'data-config: "archivePages" must be an object' };
  const pages = { ...DEFAULT_ARCHIVE_PAGES };
  for (const key of ['structure', 'ligand'] as const) {
    const value = archivePages[key];
    if (value === undefined) continue;
    if (typeof value !== 'string' || !isHttpUrl(value))
      return { ok: false, message: `data-config: "archivePages.${key}" must be an http(s) URL` };
    pages[key] = value;
  }
  return {
    ok: true,
    config: {
      basename: normalizeBasename(basename),
      sierraConfig: sierra,
      statsNotes: statsNotes as Record<string, string>,
      archivePages: pages,
    },
  };
}
