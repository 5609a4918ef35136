import {
  chartDataUrl,
  defaultKindView,
  queryEditorUrl,
  splitsBars,
  writeScope,
  type ChartDefinition,
  type Measure,
} from '@pdb-stats/charts';
import type { ReactNode, RefObject } from 'react';
import { useDataQuery } from '../data/data-context.tsx';
import { useHref } from '../routing/navigation.tsx';
import { withVariant, withView } from '../routing/plot-state.ts';
import { withScale } from '../settings/url-state.ts';
import { kindViews } from './chart-kinds.tsx';
import { ChartToolbar, type ToolbarPlacement } from './chart-toolbar.tsx';
import { DownloadMenu } from './download-menu.tsx';
import type { PageDownloads } from './page-downloads.ts';
import { embedPath } from './share.ts';
import type { PageData } from './use-page-data.ts';
import type { PageState } from './use-page-state.ts';

export interface PageToolbarProps {
  placement: ToolbarPlacement;
  definition: ChartDefinition;
  page: PageState;
  data: PageData;
  downloads: PageDownloads;
  /** The chart drawn again for a download (at a height) or on the page (none). */
  renderChart: (height?: number) => ReactNode;
  svg: RefObject<SVGSVGElement | null>;
}

/** A chart page's controls: its view, variant, scale and measure, and its downloads and sharing. */
export function PageToolbar({
  placement,
  definition,
  page,
  data,
  downloads,
  renderChart,
  svg,
}: PageToolbarProps) {
  const { params, location, state, resolved, scale, defaultView, update } = page;
  const { scope, drawable, onScreen, provenance } = data;
  const { input, exported, editorRequest, apiParams } = downloads;
  const { config, archive } = useDataQuery();
  const { searchApiUrl } = config.sierraConfig;
  const embedHref = useHref(embedPath(location.pathname, location.search));
  return (
    <ChartToolbar
      placement={placement}
      definition={definition}
      resolved={resolved}
      drawable={drawable}
      empty={data.emptyScope}
      views={kindViews(definition.kind)}
      view={state.view}
      onView={(view) => update(withView(params, view, defaultKindView(definition.kind, defaultView)))}
      onVariant={(value) => update(withVariant(params, definition, value))}
      scale={scale}
      onScale={(next) => update(withScale(params, next))}
      // Counts or percent: of each cohort when compared, of each bar when the bars are split.
      {...((scope.reading.cohorts.length > 1 ||
        scope.reading.measure === 'percent' ||
        splitsBars(resolved.query)) && {
        measure: scope.reading.measure,
        onMeasure: (measure: Measure) => update(writeScope(params, { ...scope.reading, measure })),
      })}
      params={params}
      // Without scripts: the chart data API's files and the chart's picture, from our own service.
      downloads={
        archive
          ? {
              csv: chartDataUrl(searchApiUrl, definition.key, 'csv', apiParams),
              json: chartDataUrl(searchApiUrl, definition.key, 'json', apiParams),
              png: `/preview${location.pathname.replace(/\/+$/, '')}.png${location.search}`,
            }
          : undefined
      }
      menu={
        <DownloadMenu
          input={input}
          title={onScreen?.chart.title}
          legend={exported?.legend}
          provenance={provenance}
          renderChart={renderChart}
          svg={svg}
          editorUrl={queryEditorUrl(searchApiUrl, editorRequest)}
          // Read when the share panel opens; a page drawn on the server has no window yet.
          embedUrl={
            typeof window === 'undefined' ? embedHref : new URL(embedHref, window.location.origin).href
          }
          dataApi={
            // Only our own service answers the archive route, and only it has the chart data API.
            archive
              ? {
                  csv: chartDataUrl(searchApiUrl, definition.key, 'csv', apiParams),
                  json: chartDataUrl(searchApiUrl, definition.key, 'json', apiParams),
                }
              : undefined
          }
        />
      }
    />
  );
}
