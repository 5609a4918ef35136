import { useEffect, type ReactNode } from 'react';
import { useLocation } from '../routing/navigation.tsx';
import { archiveLine } from '../archive-coverage/archive-line.ts';
import { useDataQuery } from '../data/data-context.tsx';
import { ModalLayer } from '../modals/modal-layer.tsx';
import { documentTitle } from '../routing/page-routes.ts';
import { usePageScroll } from '../routing/page-scroll.ts';
import { useSchemeFromUrl } from '../settings/use-scheme-url.ts';
import { publicServiceAddress } from '../service-name.ts';
import { NavBar } from './nav-bar.tsx';

const MAIN_ID = 'ps-main';

/**
 * The keyboard's first stop, out of sight until focused: past the navigation to the page. Without
 * scripts the address's fragment moves the focus; with them the focus is moved here, so that the
 * router does not take the fragment for a navigation.
 */
function SkipLink() {
  return (
    <a
      className="ps-skip-link"
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
    >
      Skip to content
    </a>
  );
}

/** The frame of every page: navigation, the page, a footer and the one modal layer. */
export function AppLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { archive, config } = useDataQuery();
  const serviceAddress = publicServiceAddress(config.sierraConfig.searchApiUrl);
  useSchemeFromUrl();
  usePageScroll();

  useEffect(() => {
    document.title = documentTitle(pathname);
  }, [pathname]);

  return (
    <div className="ps-app">
      <SkipLink />
      <NavBar />
      <main className="ps-main" id={MAIN_ID} tabIndex={-1}>
        {children}
      </main>
      <footer className="ps-footer">
        <span>
          <span data-testid="footer-source">
            {serviceAddress ? (
              <>
                Data from the search service at <code>{serviceAddress}</code>
              </>
            ) : (
              'Data from this site’s search service'
            )}
          </span>
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
