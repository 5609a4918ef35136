import { useEffect, useMemo } from 'react';
import { useSearchParams } from '../routing/navigation.tsx';
import { readExplore, resolveExplore } from '@pdb-stats/charts';
import { ChartPage } from '../chart-page/chart-page.tsx';
import { PlotSkeleton } from '../layout/loading.tsx';
import { ExploreBuilder } from './explore-builder.tsx';
import { ExploreLanding } from './explore-landing.tsx';
import { binsToComplete, completedExplore, exploreParamsOf, pickerResolver } from './explore-params.ts';
import { useExploreAttributes } from './use-explore-attributes.ts';
import { useTypicalBins } from './use-typical-bins.ts';
import './explore.css';

/**
 * /explore: a chart of any facetable attribute, built from the URL (attribute, count, dimension,
 * top, start/step/end, by) and drawn by the chart page like any chart of the registry, with the
 * builder above it. Embedded (/embed/explore), the chart alone.
 */
export default function ExplorePage({ embedded = false }: { embedded?: boolean }) {
  const [params, setParams] = useSearchParams();
  const named = [params.get('attribute'), params.get('by')].filter((path): path is string => !!path);
  const attributes = useExploreAttributes(named);
  const lookup = useMemo(() => attributes.data && pickerResolver(attributes.data), [attributes.data]);
  // Bins to be written out wait for the attribute's values to be read.
  const binned = lookup?.picker(params.get('attribute') ?? '');
  const binsWanted = binsToComplete(params, binned);
  const typical = useTypicalBins(binsWanted ? binned : undefined);
  // A failed read falls back to bins over the whole range.
  const completing = binsWanted && typical.data === undefined && !typical.isError;
  // A link naming only the attribute is written out as the builder would have chosen.
  const completed =
    lookup && !completing && completedExplore(params, lookup.picker, typical.data ?? undefined)?.toString();
  useEffect(() => {
    if (completed) setParams(new URLSearchParams(completed), { replace: true });
  }, [completed, setParams]);
  // Read again only when the explore parameters change, so that the chart keeps its identity.
  const exploreText = exploreParamsOf(params).toString();
  const reading = useMemo(
    () =>
      lookup && exploreText !== '' && !completed && !completing
        ? readExplore(new URLSearchParams(exploreText), lookup.resolve)
        : undefined,
    [lookup, exploreText, completed, completing],
  );
  const built = useMemo(() => reading?.spec && resolveExplore(reading.spec), [reading]);

  const builder = !embedded && (
    <ExploreBuilder lookup={lookup} spec={reading?.spec} problems={reading?.problems ?? []} />
  );
  if (built)
    return <ChartPage definition={built.definition} built={built} embedded={embedded} builder={builder} />;
  return (
    <article className={`ps-page ps-plot-page${embedded ? ' ps-plot-embedded' : ''}`} data-chart="explore">
      {builder}
      {!embedded && !reading && !attributes.isPending && !completing && <ExploreLanding />}
      {(attributes.isPending || completing) && <PlotSkeleton />}
      {embedded && reading && reading.problems.length > 0 && (
        <p className="ps-scope-blocked" role="alert">
          This chart cannot be drawn: {reading.problems.map((p) => `${p.param}: ${p.message}`).join('; ')}
        </p>
      )}
    </article>
  );
}
