import { createContext, useContext, useState, type MouseEvent, type ReactNode } from 'react';
import { isServerMarkup } from '../ssr/server-markup.ts';
import type { BarSelection } from './types.ts';

/** The address of a bar's search, given by the page that draws the chart; none without a provider. */
export const BarHrefContext = createContext<((selection: BarSelection) => string | undefined) | null>(null);

/**
 * Whether a bar is the one chosen on its chart (a board's selection), given by the page; none without a
 * provider. Its link is marked (`ps-bar-link-selected`, `aria-current`), so that the chosen bar stands
 * out drawn by the server too.
 */
export const BarChosenContext = createContext<((selection: BarSelection) => boolean) | null>(null);

/** Left to the bar's own click handler when scripts run; followed as a link when they do not. */
const keepOnPage = (event: MouseEvent) => event.preventDefault();

/**
 * A bar wrapped in a link to its search, so that the chart works as links where no script runs (a
 * server-rendered page read with JavaScript off). Out of the tab order: the bars themselves are the
 * keyboard's stops.
 */
export function BarLink({ selection, children }: { selection: BarSelection; children: ReactNode }) {
  const hrefOf = useContext(BarHrefContext);
  const chosen = useContext(BarChosenContext)?.(selection) ?? false;
  const href = hrefOf?.(selection);
  if (!href) return children;
  return (
    <a
      className={chosen ? 'ps-bar-link ps-bar-link-selected' : 'ps-bar-link'}
      href={href}
      tabIndex={-1}
      onClick={keepOnPage}
      {...(chosen && { 'aria-current': 'true' as const })}
    >
      {children}
    </a>
  );
}

/**
 * The class of a chart's bar group: bars the server drew are on screen from the first paint, so they
 * do not grow in again (from zero) when the page hydrates; the next chart or view grows in as usual.
 */
export function useBarsClass(className: string, animationKey: string): string {
  const [served] = useState(() => (isServerMarkup() ? animationKey : undefined));
  return served === animationKey ? `${className} ps-bars-served` : className;
}
