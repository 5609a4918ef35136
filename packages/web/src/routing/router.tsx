import type { ChartKind } from '@pdb-stats/charts';
import {
  Component,
  lazy,
  Suspense,
  useEffect,
  type ComponentType,
  type ErrorInfo,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { NotFoundError } from '../errors/messages.ts';
import { NotFoundContent } from '../errors/not-found.tsx';
import { RouteError } from '../errors/route-error.tsx';
import { AppLayout } from '../layout/app-layout.tsx';
import { EmbedLayout } from '../layout/embed-layout.tsx';
import { LoadingIndicator, PlotSkeleton } from '../layout/loading.tsx';
import { endHydration } from '../ssr/server-markup.ts';
import { loadChunk } from './chunk-loader.ts';
import { useLocation } from './navigation.tsx';
import { matchRoute, type RouteMatch } from '@pdb-stats/charts';

/**
 * A page component loaded on demand through the chunk loader (timeout, error types). A lazy
 * component that failed stays failed, so after a failure the next visit to the page (a navigation,
 * known by a new location key) gets a fresh one that loads the chunk anew. Renders at the location
 * of the failure keep the failed one: they show the error instead of retrying in a loop.
 */
function lazyPage<TProps extends object>(importer: () => Promise<{ default: ComponentType<TProps> }>) {
  let renderedAt: string | undefined;
  let failedAt: string | undefined;
  const fresh = (): LazyExoticComponent<ComponentType<TProps>> =>
    lazy(() =>
      loadChunk(importer).catch((error: unknown) => {
        failedAt = renderedAt;
        throw error;
      }),
    );
  let current = fresh();
  return function LazyPage(props: TProps) {
    const { key } = useLocation();
    if (failedAt !== undefined && failedAt !== key) {
      failedAt = undefined;
      current = fresh();
    }
    renderedAt = key;
    const Page = current;
    return <Page {...props} />;
  };
}

const HomePage = lazyPage(() => import('../pages/home-page.tsx'));
const ChartPage = lazyPage<{ kind: ChartKind; plotname: string; embedded?: boolean }>(
  () => import('../chart-page/chart-page.tsx'),
);
const ExplorePage = lazyPage<{ embedded?: boolean }>(() => import('../explore/explore-page.tsx'));
const BoardPage = lazyPage<{ embedded?: boolean }>(() => import('../board/board-page.tsx'));
const OtherStatisticsPage = lazyPage(() => import('../pages/other-statistics-page.tsx'));
const FundingMapPage = lazyPage(() => import('../map/funding-map-page.tsx'));
const SnapshotPage = lazyPage(() => import('../pages/snapshot-page.tsx'));
const ResultsPage = lazyPage(() => import('../search-pages/results-page.tsx'));
const QueryEditorPage = lazyPage(() => import('../search-pages/query-editor-page.tsx'));
const EntryPage = lazyPage<{ id: string }>(() => import('../entry-page/entry-page.tsx'));

/** Rendered after a page's content: when it commits, the page has hydrated (when it came from the server). */
function HydrationEnd() {
  useEffect(endHydration, []);
  return null;
}

function page(element: ReactNode, fallback: ReactNode = <LoadingIndicator />) {
  return (
    <Suspense fallback={fallback}>
      {element}
      <HydrationEnd />
    </Suspense>
  );
}

interface BoundaryProps {
  /** The location key: a navigation clears the error, so that the next page is tried. */
  at: string;
  children: ReactNode;
}

/** Shows a render error of what it wraps (RouteError), until the next navigation. */
class RouteErrorBoundary extends Component<BoundaryProps, { error?: unknown; at: string }> {
  override state: { error?: unknown; at: string } = { at: this.props.at };

  static getDerivedStateFromProps(props: BoundaryProps, state: { at: string }) {
    return props.at === state.at ? null : { error: undefined, at: props.at };
  }

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (!(error instanceof NotFoundError)) console.error('Page error', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.error === undefined ? this.props.children : <RouteError error={this.state.error} />;
  }
}

/** The page of a fixed address or a chart, each loaded with a loading indicator (a skeleton for plots). */
function pageOf(match: RouteMatch): ReactNode {
  switch (match.page) {
    case 'home':
      return page(<HomePage />);
    case 'chart':
    case 'embed':
      return page(
        <ChartPage kind={match.chart.kind} plotname={match.chart.key} embedded={match.page === 'embed'} />,
        <PlotSkeleton />,
      );
    case 'explore':
    case 'exploreEmbed':
      return page(<ExplorePage embedded={match.page === 'exploreEmbed'} />, <PlotSkeleton />);
    case 'board':
    case 'boardEmbed':
      return page(<BoardPage embedded={match.page === 'boardEmbed'} />, <PlotSkeleton />);
    case 'otherStatistics':
      return page(<OtherStatisticsPage />);
    case 'fundingMap':
      return page(<FundingMapPage />);
    case 'snapshot':
      return page(<SnapshotPage />);
    case 'results':
    case 'chemicalResults':
      return page(<ResultsPage />);
    case 'queryEditor':
      return page(<QueryEditorPage />);
    case 'entry':
      return page(<EntryPage id={match.id} />);
  }
}

/**
 * The page of the address in its frame: embedded charts alone, every other page under the
 * navigation bar. Errors of a page replace the page only; the navigation bar stays.
 */
export function AppRoutes() {
  const { pathname, key } = useLocation();
  const match = matchRoute(pathname);
  if (match?.page === 'embed' || match?.page === 'exploreEmbed' || match?.page === 'boardEmbed')
    return (
      <RouteErrorBoundary at={key}>
        <EmbedLayout>{pageOf(match)}</EmbedLayout>
      </RouteErrorBoundary>
    );
  return (
    <RouteErrorBoundary at={key}>
      <AppLayout>
        <RouteErrorBoundary at={key}>{match ? pageOf(match) : page(<NotFoundContent />)}</RouteErrorBoundary>
      </AppLayout>
    </RouteErrorBoundary>
  );
}
