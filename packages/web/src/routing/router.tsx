import { CHART_KINDS, type ChartKind } from '@pdb-stats/charts';
import {
  lazy,
  Suspense,
  useEffect,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { useLocation, type RouteObject } from 'react-router';
import { NotFoundError } from '../errors/messages.ts';
import { RouteError } from '../errors/route-error.tsx';
import { AppLayout } from '../layout/app-layout.tsx';
import { EmbedLayout } from '../layout/embed-layout.tsx';
import { LoadingIndicator, PlotSkeleton } from '../layout/loading.tsx';
import { endHydration } from '../ssr/server-markup.ts';
import { loadChunk } from './chunk-loader.ts';
import { PAGES, chartRoutePattern, embedRoutePattern } from './routes.ts';

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
const ChartPage = lazyPage<{ kind: ChartKind; embedded?: boolean }>(
  () => import('../chart-page/chart-page.tsx'),
);
const ExplorePage = lazyPage<{ embedded?: boolean }>(() => import('../explore/explore-page.tsx'));
const OtherStatisticsPage = lazyPage(() => import('../pages/other-statistics-page.tsx'));
const SnapshotPage = lazyPage(() => import('../pages/snapshot-page.tsx'));
const ResultsPage = lazyPage(() => import('../search-pages/results-page.tsx'));
const QueryEditorPage = lazyPage(() => import('../search-pages/query-editor-page.tsx'));

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

/** Any other path: the not-found page, through the route error element (error named NotFoundError). */
function NoRoute(): never {
  throw new NotFoundError(useLocation().pathname);
}

/** Routes of the dashboard; pages are lazily loaded with a loading indicator (a skeleton for plots). */
export function createRoutes(): RouteObject[] {
  return [
    {
      // Embedded charts: the chart page in a frame of its own, before the dashboard's routes.
      element: <EmbedLayout />,
      errorElement: <RouteError />,
      children: [
        { path: PAGES.exploreEmbed.path, element: page(<ExplorePage embedded />, <PlotSkeleton />) },
        ...CHART_KINDS.map((kind) => ({
          path: embedRoutePattern(kind),
          element: page(<ChartPage kind={kind} embedded />, <PlotSkeleton />),
        })),
      ],
    },
    {
      path: '/',
      element: <AppLayout />,
      errorElement: <RouteError />,
      children: [
        {
          // Errors of a page replace the page only; the navigation bar stays.
          errorElement: <RouteError />,
          children: [
            { index: true, element: page(<HomePage />) },
            ...CHART_KINDS.map((kind) => ({
              path: chartRoutePattern(kind),
              element: page(<ChartPage kind={kind} />, <PlotSkeleton />),
            })),
            { path: PAGES.explore.path, element: page(<ExplorePage />, <PlotSkeleton />) },
            { path: PAGES.otherStatistics.path, element: page(<OtherStatisticsPage />) },
            { path: PAGES.snapshot.path, element: page(<SnapshotPage />) },
            { path: PAGES.results.path, element: page(<ResultsPage />) },
            { path: PAGES.chemicalResults.path, element: page(<ResultsPage />) },
            { path: PAGES.queryEditor.path, element: page(<QueryEditorPage />) },
            { path: '*', element: <NoRoute /> },
          ],
        },
      ],
    },
  ];
}
