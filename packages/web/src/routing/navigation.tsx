import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { flushSync } from 'react-dom';

/**
 * The dashboard's navigation: the address under the base path, links, and history entries. The
 * pages are a fixed table (routes.ts), so matching is a lookup; what a router library adds beyond
 * this (loaders, actions, nested route objects) the dashboard does not use, and it cost about a
 * sixth of a chart page's script.
 */

/** The address the app shows, under the base path. */
export interface Location {
  /** The path under the base path; undefined when the address is outside it (nothing matches). */
  pathname: string;
  search: string;
  hash: string;
  /** Tells history entries apart: a new one for each navigation, kept in the entry's state. */
  key: string;
}

/** How the address was reached: Back or Forward (or the first load), a new entry, or a replaced one. */
export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

/** Where a link or navigation goes: a path ('/growth/x?query=…'), a query string alone ('?page=2'), or parts. */
export type To = string | { pathname?: string; search?: string; hash?: string };

export interface NavigateOptions {
  /** Replaces the current history entry instead of adding one. */
  replace?: boolean;
  /** Renders the new address at once, not as a transition (for focus or measuring right after). */
  flushSync?: boolean;
}

interface Navigation {
  location: Location;
  type: NavigationType;
  basename: string;
  navigate: (to: To, options?: NavigateOptions) => void;
}

const NavigationContext = createContext<Navigation | null>(null);

/** The path outside any page: a path under the base path can never have it. */
const OUTSIDE_BASE = '//outside-base';

const trimBase = (basename: string) => (basename === '/' ? '' : basename.replace(/\/+$/, ''));

/** The path under the base path, or OUTSIDE_BASE when `path` is not under it. */
function stripBase(path: string, basename: string): string {
  const base = trimBase(basename);
  if (!base) return path;
  if (path === base) return '/';
  return path.startsWith(`${base}/`) ? path.slice(base.length) : OUTSIDE_BASE;
}

/** The address a browser shows for a path under the base path. */
export function withBase(path: string, basename: string): string {
  const base = trimBase(basename);
  if (!base) return path;
  return path === '/' ? base : `${base}${path}`;
}

/** Splits 'path?search#hash'. */
function parsePath(path: string): { pathname: string; search: string; hash: string } {
  const hashAt = path.indexOf('#');
  const hash = hashAt >= 0 ? path.slice(hashAt) : '';
  const rest = hashAt >= 0 ? path.slice(0, hashAt) : path;
  const searchAt = rest.indexOf('?');
  return {
    pathname: searchAt >= 0 ? rest.slice(0, searchAt) : rest,
    search: searchAt >= 0 && searchAt < rest.length - 1 ? rest.slice(searchAt) : '',
    hash: hash === '#' ? '' : hash,
  };
}

/** `to` as a whole address under the base path: a query string alone keeps the current path. */
function resolve(to: To, from: Location): string {
  const parts = typeof to === 'string' ? parsePath(to) : to;
  const pathname = parts.pathname || from.pathname;
  const search = parts.search && parts.search !== '?' ? parts.search : '';
  return `${pathname}${search}${parts.hash ?? ''}`;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

function browserLocation(basename: string): Location {
  const { pathname, search, hash } = window.location;
  const state = window.history.state as { key?: unknown } | null;
  return {
    pathname: stripBase(pathname, basename),
    search,
    hash,
    key: typeof state?.key === 'string' ? state.key : 'default',
  };
}

/**
 * Provides the address: the browser's (following Back and Forward), or on the server a fixed one.
 * Changes of address render as a transition, so that a page whose code is still loading leaves the
 * previous page on screen rather than a loading indicator.
 */
export function NavigationProvider({
  basename,
  url,
  children,
}: {
  basename: string;
  /** The address to render, where there is no browser (the server): path and query string. */
  url?: string;
  children: ReactNode;
}) {
  const [{ location, type }, setShown] = useState<{ location: Location; type: NavigationType }>(() => ({
    location:
      url === undefined
        ? browserLocation(basename)
        : { ...parsePath(url), pathname: stripBase(parsePath(url).pathname, basename), key: 'default' },
    type: 'POP',
  }));

  useEffect(() => {
    if (url !== undefined) return;
    const onPopState = () =>
      startTransition(() => setShown({ location: browserLocation(basename), type: 'POP' }));
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [basename, url]);

  const navigate = useCallback(
    (to: To, options: NavigateOptions = {}) => {
      const current = browserLocation(basename);
      const path = resolve(to, current);
      const next = { ...parsePath(path), key: newKey() };
      const href = withBase(next.pathname, basename) + next.search + next.hash;
      window.history[options.replace ? 'replaceState' : 'pushState']({ key: next.key }, '', href);
      const update = () => setShown({ location: next, type: options.replace ? 'REPLACE' : 'PUSH' });
      if (options.flushSync) flushSync(update);
      else startTransition(update);
    },
    [basename],
  );

  const value = useMemo(() => ({ location, type, basename, navigate }), [location, type, basename, navigate]);
  return <NavigationContext value={value}>{children}</NavigationContext>;
}

function useNavigation(): Navigation {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('navigation hooks are used inside NavigationProvider only');
  return navigation;
}

export function useLocation(): Location {
  return useNavigation().location;
}

/** How the current address was reached (Back and Forward are 'POP'). */
export function useNavigationType(): NavigationType {
  return useNavigation().type;
}

export function useNavigate(): Navigation['navigate'] {
  return useNavigation().navigate;
}

/** The href of an address under the base path, for a link or an address to copy. */
export function useHref(to: To): string {
  const { location, basename } = useNavigation();
  const { pathname, search, hash } = parsePath(resolve(to, location));
  return withBase(pathname, basename) + search + hash;
}

type SearchParamsChange = URLSearchParams | ((current: URLSearchParams) => URLSearchParams);

/** The address's query parameters, and a change to them (a new history entry unless `replace`). */
export function useSearchParams(): [
  URLSearchParams,
  (change: SearchParamsChange, options?: NavigateOptions) => void,
] {
  const { location, navigate } = useNavigation();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setParams = useCallback(
    (change: SearchParamsChange, options?: NavigateOptions) => {
      // From the browser's address, not a render's: two changes in one event both count.
      const current = new URLSearchParams(window.location.search);
      const next = typeof change === 'function' ? change(current) : change;
      navigate(`?${next}`, options);
    },
    [navigate],
  );
  return [params, setParams];
}

/** A click the browser should handle itself: another tab or window, a download, a modified click. */
function leftToBrowser(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    event.defaultPrevented ||
    event.button !== 0 ||
    (target !== undefined && target !== '_self') ||
    event.metaKey ||
    event.altKey ||
    event.ctrlKey ||
    event.shiftKey
  );
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
}

/**
 * A link to a page of the dashboard, followed without reloading. A link to the address already shown
 * replaces its history entry, as a plain link does.
 */
export function Link({ to, onClick, target, ...rest }: LinkProps) {
  const { location, basename, navigate } = useNavigation();
  const href = useHref(to);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (leftToBrowser(event, target)) return;
    event.preventDefault();
    const here = withBase(location.pathname, basename) + location.search + location.hash;
    navigate(to, { replace: href === here });
  };
  return <a {...rest} href={href} target={target} onClick={handleClick} />;
}

/**
 * A link that says when its page is shown (or one under it): class `active` and
 * `aria-current="page"`. Paths are compared without regard to case, the query string ignored.
 */
export function NavLink({ className, ...props }: LinkProps) {
  const { location } = useNavigation();
  const target = parsePath(resolve(props.to, location)).pathname.toLowerCase();
  const current = location.pathname.toLowerCase();
  const active =
    current === target || (target !== '/' && current.startsWith(target) && current[target.length] === '/');
  return (
    <Link
      {...props}
      className={active ? `${className ?? ''} active`.trim() : className}
      {...(active && { 'aria-current': 'page' as const })}
    />
  );
}
