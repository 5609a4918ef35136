import { useEffect, useState, type ReactNode, type RefObject } from 'react';
import type { ChartExportInput, Provenance } from '../export/types.ts';
import FullscreenChart from '../modals/fullscreen-chart.tsx';
import { useModal } from '../modals/modal-context.tsx';
import SnapshotModalBody from '../modals/snapshot-modal.tsx';
import { copyText } from './clipboard.ts';
import { MenuButton, type MenuEntry } from './menu-button.tsx';
import { SharePanel } from './share-panel.tsx';
import { EXPORT_FORMATS, loadChartExport, useChartDownload } from './use-chart-download.ts';
import './chart-export.css';

export interface DownloadMenuProps {
  /** The chart on screen as the downloads see it; undefined while none is. */
  input: ChartExportInput | undefined;
  /** Title of the chart on screen (also while its provenance is not known). */
  title: string | undefined;
  provenance: Provenance | undefined;
  legend: ChartExportInput['legend'] | undefined;
  /** Draws the chart at a height (the page's own chart renderer), for the fullscreen view. */
  renderChart: (height?: number) => ReactNode;
  /** The chart's SVG element on the page, for the image downloads. */
  svg: RefObject<SVGSVGElement | null>;
  /** The query editor with the chart's request as shown. */
  editorUrl: string;
  /** The embeddable copy of the page as shown (an absolute address). */
  embedUrl: string;
  /** The chart data API's addresses of the chart as shown; undefined when the service has no such API. */
  dataApi: { csv: string; json: string } | undefined;
}

/**
 * The one menu of a chart's other uses: the chart at full size and its data snapshot, the files
 * (opening the menu fetches the download code), the page's link and the query editor.
 */
export function DownloadMenu(props: DownloadMenuProps) {
  const { input, title, provenance, legend, renderChart, svg, editorUrl, embedUrl, dataApi } = props;
  const { openModal } = useModal();
  const { download, busy, error } = useChartDownload(input, svg);
  const [copied, setCopied] = useState<string | null>(null);

  // The copy message goes after a few seconds, so that it is not taken for the state of a later copy.
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), 4000);
    return () => clearTimeout(timer);
  }, [copied]);

  const copyLink = () => {
    copyText(window.location.href).then(
      () => setCopied('Link copied'),
      (e: unknown) =>
        setCopied(`The link could not be copied (${(e as Error).message}); copy it from the address bar.`),
    );
  };

  return (
    <div className="ps-download">
      <MenuButton
        label={busy ? 'Preparing…' : 'Download & share'}
        onOpen={() => void loadChartExport().catch(() => undefined)} // errors show on use
        groups={[
          {
            label: 'View',
            entries: [
              {
                key: 'fullscreen',
                label: 'Fullscreen',
                disabled: !legend,
                onSelect: () =>
                  legend &&
                  openModal('fullscreen', {
                    title: title ?? '',
                    content: (
                      <FullscreenChart renderChart={renderChart} legend={legend} provenance={provenance} />
                    ),
                  }),
              },
              {
                key: 'snapshot',
                label: 'Data snapshot',
                disabled: !input,
                onSelect: () =>
                  input &&
                  openModal('snapshot', {
                    title: `Data snapshot: ${input.title}`,
                    content: <SnapshotModalBody input={input} chart={svg} />,
                  }),
              },
            ],
          },
          {
            label: 'Download',
            entries: EXPORT_FORMATS.map(({ format, label }) => ({
              key: format,
              label,
              disabled: !input,
              onSelect: () => void download(format),
            })),
          },
          ...(dataApi
            ? [
                {
                  label: 'Data API',
                  entries: [
                    {
                      key: 'api-csv',
                      label: 'CSV from the data API',
                      href: dataApi.csv,
                      testId: 'data-api-csv',
                    },
                    {
                      key: 'api-json',
                      label: 'JSON from the data API',
                      href: dataApi.json,
                      testId: 'data-api-json',
                    },
                  ] satisfies MenuEntry[],
                },
              ]
            : []),
          {
            label: 'Share',
            entries: [
              { key: 'copy-link', label: 'Copy link', onSelect: copyLink },
              {
                key: 'share',
                label: 'Share or embed…',
                onSelect: () =>
                  openModal('other', {
                    title: `Share: ${title ?? ''}`,
                    content: (
                      <SharePanel link={window.location.href} embedUrl={embedUrl} title={title ?? ''} />
                    ),
                  }),
              },
              { key: 'editor', label: 'Open in query editor', href: editorUrl, testId: 'facet-request-link' },
            ],
          },
        ]}
      />
      <p role="status" className={`ps-menu-status${copied ? ' ps-menu-status-shown' : ''}`}>
        {copied}
      </p>
      {error && (
        <p role="alert" className="ps-download-error">
          {error}
        </p>
      )}
    </div>
  );
}
