import {
  CHART_KINDS,
  CHART_LIST,
  DISPLAY_CATEGORIES,
  PAGES,
  kindLabel,
  type ChartKey,
  type ChartKind,
  activeKind,
  chartPath,
} from '@pdb-stats/charts';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, NavLink, useLocation } from '../routing/navigation.tsx';
import { missingSentence } from '../archive-coverage/attribute-sources.ts';
import { NotHeldHint } from '../archive-coverage/not-held-hint.tsx';
import { useChartsMissing } from '../archive-coverage/use-held-attributes.ts';
import { PRODUCT_TITLE } from '../config.ts';
import { useDataQuery } from '../data/data-context.tsx';
import { useModal } from '../modals/modal-context.tsx';
import { preloadSettingsModal } from '../modals/modal-layer.tsx';
import {
  BOARD_PAGE_PATH,
  EXPLORE_PATH,
  HOME_PATH,
  OTHER_STATISTICS_PATH,
  SNAPSHOT_PATH,
} from '../routing/page-routes.ts';
import { useScopeSearch } from '../scope/use-scope.ts';

/** Menu items of a category, in registry order, grouped by display category. */
function menuGroups(category: ChartKind) {
  const charts = CHART_LIST.filter((c) => c.kind === category);
  return DISPLAY_CATEGORIES.map((displayCategory) => ({
    displayCategory,
    charts: charts.filter((c) => c.displayCategory === displayCategory),
  })).filter((g) => g.charts.length > 0);
}

/**
 * Pages a menu lists right after the chart they draw otherwise: the world map of the funding
 * countries. In a menu rather than the bar, which has no room left at 1280 px for another item (29 px
 * to spare with the demo badge and a bold menu; "Map" takes 48), and beside its chart rather than
 * under a heading of its own, which made the two-column menu too tall for a 720 px high window.
 */
const PAGES_AFTER: ReadonlyMap<string, readonly { path: string; label: string }[]> = new Map([
  [
    'funding-countries' satisfies ChartKey,
    [{ path: PAGES.fundingMap.path, label: 'Funding Country (World Map)' }],
  ],
]);

/** A menu with more entries than this opens in two columns, so that it fits a laptop's window. */
const LONG_MENU = 12;

/**
 * Navigation bar: the product title linking home (disabled on home), one dropdown per
 * chart category that opens on hover, click and keyboard, the current group in bold, and a toggle
 * that collapses the bar below 1280 px (styles.css), where it would no longer fit one row.
 */
export function NavBar() {
  const { pathname } = useLocation();
  // Links to the home page and the charts keep the scope: a scoped visitor stays scoped.
  const scope = useScopeSearch();
  const [collapsedOpen, setCollapsedOpen] = useState(false);
  const { archive } = useDataQuery();
  const { openModal } = useModal();
  const menuId = useId();
  const current = activeKind(pathname);

  // Navigating closes the collapsed menu.
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setCollapsedOpen(false);
  }

  return (
    <header className="ps-navbar">
      <div className="ps-navbar-inner">
        {pathname === HOME_PATH ? (
          <span className="ps-brand ps-brand-disabled" aria-disabled="true" aria-current="page">
            {PRODUCT_TITLE}
          </span>
        ) : (
          <Link className="ps-brand" to={`${HOME_PATH}${scope}`}>
            {PRODUCT_TITLE}
          </Link>
        )}
        {archive?.demo && (
          <span className="ps-demo-badge" title="The service reports a synthetic demo archive">
            Demo data
          </span>
        )}
        <button
          type="button"
          className="ps-nav-toggle"
          aria-controls={menuId}
          aria-expanded={collapsedOpen}
          aria-label="Toggle navigation"
          onClick={() => setCollapsedOpen((o) => !o)}
        >
          <span aria-hidden="true">☰</span>
        </button>
        <nav id={menuId} className={`ps-nav${collapsedOpen ? ' ps-nav-open' : ''}`} aria-label="Main">
          <ul className="ps-nav-list">
            {CHART_KINDS.map((category) => (
              <NavDropdown key={category} category={category} active={current === category} />
            ))}
            <li className="ps-nav-item">
              <NavLink className="ps-nav-link" to={EXPLORE_PATH}>
                Explore
              </NavLink>
            </li>
            <li className="ps-nav-item">
              <NavLink className="ps-nav-link" to={BOARD_PAGE_PATH}>
                Board
              </NavLink>
            </li>
            <li className="ps-nav-item">
              <NavLink className="ps-nav-link" to={OTHER_STATISTICS_PATH}>
                Other Statistics
              </NavLink>
            </li>
            <li className="ps-nav-item">
              <NavLink className="ps-nav-link" to={SNAPSHOT_PATH}>
                Data Snapshot
              </NavLink>
            </li>
            <li className="ps-nav-item">
              <button
                type="button"
                className="ps-nav-link ps-nav-settings"
                onPointerEnter={preloadSettingsModal}
                onFocus={preloadSettingsModal}
                onClick={() => openModal('settings')}
              >
                Colors
              </button>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}

function NavDropdown({ category, active }: { category: ChartKind; active: boolean }) {
  // How the menu was opened: a click on a menu that hover opened keeps it open instead of closing it.
  const [openedBy, setOpen] = useState<false | 'hover' | 'click'>(false);
  const open = openedBy !== false;
  const { pathname } = useLocation();
  const scope = useScopeSearch();
  const toggle = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const label = kindLabel(category);
  const missing = useChartsMissing();
  const groups = menuGroups(category);
  const long = groups.reduce((entries, group) => entries + group.charts.length, 0) > LONG_MENU;
  // On a page the menu lists beside a chart, its group is the current one, as on the chart's page.
  const current =
    active ||
    groups.some((group) =>
      group.charts.some((chart) => PAGES_AFTER.get(chart.key)?.some((page) => page.path === pathname)),
    );

  // Navigating closes the menu.
  const [openedAt, setOpenedAt] = useState(pathname);
  if (openedAt !== pathname) {
    setOpenedAt(pathname);
    setOpen(false);
  }

  const items = () => [...(menu.current?.querySelectorAll<HTMLAnchorElement>('a') ?? [])];
  const focusItem = (index: number) => {
    const all = items();
    all[(index + all.length) % all.length]?.focus();
  };

  const onToggleKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen('click');
      const last = event.key === 'ArrowUp';
      requestAnimationFrame(() => focusItem(last ? -1 : 0));
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = items();
    const index = all.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusItem(index + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      focusItem(index - 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      focusItem(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      focusItem(-1);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      toggle.current?.focus();
    }
  };

  return (
    <li
      className={`ps-nav-item ps-dropdown${open ? ' ps-dropdown-open' : ''}${current ? ' ps-nav-active' : ''}`}
      data-category={category}
      onMouseEnter={() => setOpen((o) => o || 'hover')}
      onMouseLeave={() => setOpen(false)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={toggle}
        type="button"
        className="ps-nav-link ps-dropdown-toggle"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => (o === 'click' ? false : 'click'))}
        onKeyDown={onToggleKey}
      >
        {label} <span aria-hidden="true">▾</span>
      </button>
      <div
        ref={menu}
        id={menuId}
        className={`ps-dropdown-menu${long ? ' ps-dropdown-columns' : ''}`}
        hidden={!open}
        onKeyDown={onMenuKey}
      >
        {groups.map((group) => (
          <div key={group.displayCategory} className="ps-dropdown-group">
            <div className="ps-dropdown-heading">{group.displayCategory}</div>
            <ul>
              {group.charts.map((chart) => {
                const lacking = missing.get(chart.key);
                return [
                  <li key={chart.key}>
                    <NavLink
                      className={`ps-dropdown-item${lacking ? ' ps-not-held' : ''}`}
                      to={`${chartPath(chart)}${scope}`}
                      onClick={() => setOpen(false)}
                      {...(lacking && { title: missingSentence(lacking) })}
                    >
                      {chart.menuDescription}
                      {lacking && <NotHeldHint />}
                    </NavLink>
                  </li>,
                  ...(PAGES_AFTER.get(chart.key) ?? []).map((page) => (
                    <li key={page.path}>
                      <NavLink className="ps-dropdown-item" to={page.path} onClick={() => setOpen(false)}>
                        {page.label}
                      </NavLink>
                    </li>
                  )),
                ];
              })}
            </ul>
          </div>
        ))}
      </div>
    </li>
  );
}
