import { useEffect, type ReactNode } from 'react';
import { useLocation } from '../routing/navigation.tsx';
import { documentTitle } from '../routing/page-routes.ts';
import { useSchemeFromUrl } from '../settings/use-scheme-url.ts';

/**
 * The frame of an embedded chart, shown inside another site's page: the chart page alone, with no
 * navigation bar and no footer (the page itself says where it comes from), and the modal layer
 * left out (nothing in an embedded chart opens one).
 */
export function EmbedLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  useSchemeFromUrl();
  useEffect(() => {
    document.title = documentTitle(pathname);
  }, [pathname]);
  return (
    <div className="ps-app ps-embed">
      <main className="ps-embed-main">{children}</main>
    </div>
  );
}
