import { useHref, useLocation } from '../routing/navigation.tsx';
import { PRODUCT_TITLE } from '../config.ts';
import { fullPagePath } from './share.ts';
import './share.css';

/**
 * Where an embedded chart comes from: a link to the full chart page (same view), opened in a new
 * tab, since the chart lives in someone else's page.
 */
export function EmbedSource() {
  const { pathname, search } = useLocation();
  const href = useHref(fullPagePath(pathname, search));
  return (
    <p className="ps-embed-source" data-testid="embed-source">
      From{' '}
      <a href={href} target="_blank" rel="noopener">
        {PRODUCT_TITLE}: open the full chart, its data table and downloads
      </a>
    </p>
  );
}
