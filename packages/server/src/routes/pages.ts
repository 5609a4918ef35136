import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The pages the dashboard links to, by template of the build. */
const PAGES: Record<string, readonly string[]> = {
  // Results of a search request: `?request=<json>`; small molecules have their own address.
  'search.html': ['/search', '/search/chemical/', '/search/chemical'],
  // Where a bar click lands: `?json=<json>`.
  'query-editor.html': ['/query-editor.html'],
};

export const PAGE_TEMPLATES = Object.keys(PAGES);

export interface PageOptions {
  /** Folder of the built web (packages/web/dist). */
  root: string;
  /** The handler that sends a template as a page, with this server's config (web.ts). */
  serve: (template: string) => RouteHandlerMethod;
}

async function readTemplate(root: string, file: string): Promise<string | undefined> {
  try {
    return await readFile(join(root, file), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * The results page and the query editor, so that a click on a bar lands on this server when it is
 * the advanced-search and search-API address (the default): offline and self-hosted setups included.
 * A build without a page's template leaves its paths to the dashboard's not-found page.
 */
export async function pageRoutes(app: FastifyInstance, options: PageOptions): Promise<void> {
  for (const [file, paths] of Object.entries(PAGES)) {
    const template = await readTemplate(options.root, file);
    if (template === undefined) {
      app.log.warn(`no ${file} in ${options.root}: ${paths.join(', ')} are not served`);
      continue;
    }
    for (const path of paths) app.get(path, options.serve(template));
  }
}
