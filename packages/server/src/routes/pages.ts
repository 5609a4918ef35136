/**
 * The addresses of the dashboard's search pages, those of the archive's own search site, so that a
 * click on a bar lands on this server when it is the advanced-search and search-API address (the
 * default): offline and self-hosted setups included. The dashboard is served there (its router
 * shows the results page or the query editor); the query editor's address ends in `.html`, which
 * the dashboard's fallback for unknown paths would take for a missing file.
 */
export const SEARCH_PAGE_PATHS = ['/search', '/search/chemical/', '/search/chemical', '/query-editor.html'];
