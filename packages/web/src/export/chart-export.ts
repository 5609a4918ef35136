import { saveFile } from './download.ts';
import { exportFileName } from './filename.ts';
import { toExportJson } from './json.ts';
import { svgToPng } from './png.ts';
import { csvWithMetadata } from './csv.ts';
import { exportSourceLines, scopeText } from './provenance.ts';
import { serializeChart } from './serialize.ts';
import { EXPORT_FONT, composeChartSvg, type ComposedSvg, type TextMeasure } from './svg.ts';
import type { ChartExportInput, ExportFormat } from './types.ts';

/**
 * The download code, loaded only when a visitor opens a download menu (a dynamic import keeps it out
 * of the chart page's first load).
 */

/** Text widths from the browser's font metrics, for legend and caption layout. */
function canvasMeasure(): TextMeasure | undefined {
  const context = document.createElement('canvas').getContext('2d');
  if (!context) return undefined;
  return (text, fontSize, weight = 400) => {
    context.font = `${weight} ${fontSize}px ${EXPORT_FONT}`;
    return context.measureText(text).width;
  };
}

/** The exported image: the chart as drawn, with title, axis titles, legend and caption. */
function chartSvg(input: ChartExportInput, chart: SVGSVGElement): ComposedSvg {
  const measure = canvasMeasure();
  return composeChartSvg({
    ...(measure && { measure }),
    chart: serializeChart(chart),
    // A scoped chart's title block says which search it counts.
    title: input.scope ? `${input.title} (${scopeText(input.scope.summary)})` : input.title,
    legend: input.legend,
    // The image writes the title of the axis under the chart below it and the other one beside it:
    // a horizontal-bar chart has its categories beside and its values under.
    ...(chart.classList.contains('ps-horizontal')
      ? { xAxisTitle: input.yAxisTitle, yAxisTitle: input.xAxisTitle }
      : { xAxisTitle: input.xAxisTitle, yAxisTitle: input.yAxisTitle }),
    subtitle: input.subtitle,
    caption: exportSourceLines(input.provenance, input.address),
  });
}

/** Builds the file of `format` and saves it. Images need the chart's SVG element on the page. */
export async function downloadChart(
  format: ExportFormat,
  input: ChartExportInput,
  chart: SVGSVGElement | null,
): Promise<void> {
  const name = exportFileName(input, format);
  switch (format) {
    case 'csv':
      return saveFile(new Blob([csvWithMetadata(input)], { type: 'text/csv;charset=utf-8' }), name);
    case 'json':
      return saveFile(new Blob([toExportJson(input)], { type: 'application/json' }), name);
    case 'svg':
    case 'png': {
      if (!chart) throw new Error('The chart is not drawn yet.');
      const image = chartSvg(input, chart);
      const blob =
        format === 'svg'
          ? new Blob([image.svg], { type: 'image/svg+xml;charset=utf-8' })
          : await svgToPng(image.svg, image.width, image.height);
      return saveFile(blob, name);
    }
  }
}
