import { drillProblem, resolveChart, type ChartDefinition, type ResolvedChart } from '@pdb-stats/charts';
import { useMemo } from 'react';
import { useLocation, useSearchParams } from '../routing/navigation.tsx';
import { HIDE_PARAM, readGrowthLook, readPlotState, withParent } from '../routing/plot-state.ts';
import { useSettings } from '../settings/settings-context.tsx';
import { readScale } from '../settings/url-state.ts';
import { fullPagePath } from './share.ts';

/**
 * A chart page's state as its address holds it: the view, variant, level, hidden series, scale and
 * growth look, the chart they resolve to, and how a change is written back.
 */
export function usePageState(definition: ChartDefinition, built: ResolvedChart | undefined) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  // The route of this chart view, so that the query editor and results page can link back to it.
  const chartRoute = fullPagePath(location.pathname, location.search);
  const settings = useSettings();
  const defaultView = settings.config.dataView;
  const state = readPlotState(params, definition, defaultView);
  const resolved = useMemo(
    () => built ?? resolveChart(definition, state.variant, state.parent),
    [built, definition, state.variant, state.parent],
  );
  // A level the URL names but the chart does not have is said, and the top level drawn.
  const parentProblem = state.parent !== undefined ? drillProblem(definition, state.parent) : undefined;
  const hidden = useMemo(() => new Set(params.getAll(HIDE_PARAM)), [params]);
  const scale = readScale(params);
  const isGrowth = definition.kind === 'growth';
  const growthLook = readGrowthLook(params);

  // Each change is a history entry, so Back and Forward step through the views. Drawn at once, not
  // in a transition: a box or switch the visitor flips must not flip back while the page catches up.
  const update = (next: URLSearchParams) => setParams(next, { flushSync: true });
  // The page's address with another level drawn; the selection and every other parameter kept.
  const levelHref = (parent: string | undefined) => {
    const search = withParent(params, definition, parent).toString();
    return `${location.pathname}${search ? `?${search}` : ''}`;
  };

  return {
    params,
    setParams,
    location,
    chartRoute,
    settings,
    defaultView,
    state,
    resolved,
    parentProblem,
    hidden,
    scale,
    isGrowth,
    growthLook,
    update,
    levelHref,
  };
}

/** A chart page's state: see `usePageState`. */
export type PageState = ReturnType<typeof usePageState>;
