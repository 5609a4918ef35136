import { EMBED_PREFIX } from '@pdb-stats/charts';

/** Address of the embedded copy of a chart page (router path and query, under the basename). */
export function embedPath(chartPath: string, search: string): string {
  return `${EMBED_PREFIX}${chartPath}${search}`;
}

/**
 * Address of the chart page an embedded chart copies (of the page itself, unembedded). Its query
 * string is written as URLSearchParams writes it (a space as "+"), whatever the visitor's address
 * wrote: the server keeps a drawn page per page state and serves it to every address of that state,
 * so links made from this address must read the same in the server's drawing and in the browser.
 */
export function fullPagePath(embeddedPath: string, search: string): string {
  const path = embeddedPath.startsWith(`${EMBED_PREFIX}/`)
    ? embeddedPath.slice(EMBED_PREFIX.length)
    : embeddedPath;
  const query = new URLSearchParams(search).toString();
  return query ? `${path}?${query}` : path;
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The HTML that frames an embedded chart in another page: the full width of its column and a
 * height that holds the header, a chart and its source line; a title for screen readers.
 */
export function embedSnippet(url: string, title: string): string {
  return `<iframe src="${escapeAttribute(url)}" title="${escapeAttribute(title)}" width="100%" height="600" style="border: 0; max-width: 100%;" loading="lazy"></iframe>`;
}
