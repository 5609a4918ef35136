import { useEffect, type ReactNode } from 'react';
import { useLocation } from '../routing/navigation.tsx';
import { archiveLine } from '../archive-coverage/archive-line.ts';
import { useDataQuery } from '../data/data-context.tsx';
import { ModalLayer } from '../modals/modal-layer.tsx';
import { documentTitle } from '../routing/page-routes.ts';
import { usePageScroll } from '../routing/page-scroll.ts';
import { useSchemeFromUrl } from '../settings/use-scheme-url.ts';
import { NavBar } from './nav-bar.tsx';

/** The frame of every page: navigation, the page, a footer and the one modal layer. */
export function AppLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { archive, config } = useDataQuery();
  useSchemeFromUrl();
  usePageScroll();

  useEffect(() => {
    document.title = documentTitle(pathname);
  }, [pathname]);

  return (
    <div className="ps-app">
      <NavBar />
      <main className="ps-main">{children}</main>
      <footer className="ps-footer">
        <span>
          Data from the search service at <code>{config.sierraConfig.searchApiUrl}</code>
          {archiveLine(archive) && (
            <>
              {' '}
              · <span data-testid="archive-line">{archiveLine(archive)}</span>
            </>
          )}
          {archive?.demo && <> · synthetic demo archive, not real PDB data</>}
        </span>
      </footer>
      <ModalLayer />
    </div>
  );
}
