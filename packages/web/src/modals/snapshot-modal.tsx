import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { formatNumber } from '../charts/format.ts';
import { DataAsOf } from '../chart-page/data-as-of.tsx';
import { EXPORT_FORMATS, useChartDownload } from '../chart-page/use-chart-download.ts';
import type { ChartExportInput } from '../export/types.ts';

export interface SnapshotModalBodyProps {
  input: ChartExportInput;
  /** The chart's SVG element on the page, for the image downloads. */
  chart: RefObject<SVGSVGElement | null>;
}

/**
 * Body of the snapshot modal: the current chart's data as a table (the rows of the CSV download),
 * what they are as of, and the downloads.
 */
export default function SnapshotModalBody({ input, chart }: SnapshotModalBodyProps) {
  const { table } = input;
  const { download, busy, error } = useChartDownload(input, chart);
  const { box, tooWide } = useTooWide(input);
  return (
    <div className="ps-snapshot-modal">
      <DataAsOf provenance={input.provenance} />
      <div className="ps-snapshot-downloads" role="group" aria-label="Downloads">
        {EXPORT_FORMATS.map(({ format, label }) => (
          <button
            key={format}
            type="button"
            className="ps-button"
            data-format={format}
            aria-label={`Download ${label}`}
            disabled={busy !== null}
            onClick={() => void download(format)}
          >
            Download {format.toUpperCase()}
          </button>
        ))}
      </div>
      {error && (
        <p role="alert" className="ps-download-error">
          {error}
        </p>
      )}
      <div
        ref={box}
        className={`ps-snapshot-table${tooWide ? ' ps-snapshot-rows' : ''}`}
        tabIndex={0}
        role="region"
        aria-label="Chart data"
      >
        <table className="ps-table">
          <caption>
            {input.title}
            {input.view ? ` (${input.view})` : ''}
          </caption>
          <thead>
            <tr>
              {table.columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, r) => (
              <tr key={r}>
                {row.map((cell, c) =>
                  c === 0 ? (
                    <th key={c} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td
                      key={c}
                      className={typeof cell === 'number' ? 'ps-num' : undefined}
                      data-column={table.columns[c]}
                    >
                      {typeof cell === 'number' ? formatNumber(cell) : cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/**
 * Whether the table, laid out as a table, is wider than its box (many series on a phone): it is
 * then shown one block per row, each value beside its column's name, instead of scrolling sideways.
 * Measured with the row layout taken off, so that the answer does not depend on the layout shown.
 */
function useTooWide(content: unknown) {
  const box = useRef<HTMLDivElement>(null);
  const [tooWide, setTooWide] = useState(false);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => {
      const shown = element.classList.contains('ps-snapshot-rows');
      element.classList.remove('ps-snapshot-rows');
      const wide = element.scrollWidth > element.clientWidth;
      element.classList.toggle('ps-snapshot-rows', shown);
      setTooWide(wide);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [content]);
  return { box, tooWide };
}
