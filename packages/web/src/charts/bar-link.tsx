import { createContext, useContext, type MouseEvent, type ReactNode } from 'react';
import type { BarSelection } from './types.ts';

/** The address of a bar's search, given by the page that draws the chart; none without a provider. */
export const BarHrefContext = createContext<((selection: BarSelection) => string | undefined) | null>(null);

/** Left to the bar's own click handler when scripts run; followed as a link when they do not. */
const keepOnPage = (event: MouseEvent) => event.preventDefault();

/**
 * A bar wrapped in a link to its search, so that the chart works as links where no script runs (a
 * server-rendered page read with JavaScript off). Out of the tab order: the bars themselves are the
 * keyboard's stops.
 */
export function BarLink({ selection, children }: { selection: BarSelection; children: ReactNode }) {
  const hrefOf = useContext(BarHrefContext);
  const href = hrefOf?.(selection);
  if (!href) return children;
  return (
    <a className="ps-bar-link" href={href} tabIndex={-1} onClick={keepOnPage}>
      {children}
    </a>
  );
}
