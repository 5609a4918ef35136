import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { ChartFrame, useChartFrame } from './chart-frame.tsx';
import { DistributionChart } from './distribution-chart.tsx';
import { NARROW_HEIGHT } from './distribution-layout.ts';
import {
  MEDIUM_FRAME_WIDTH,
  NARROW_FRAME_BELOW,
  PHONE_FRAME_WIDTH,
  SERVER_WIDTH,
} from './use-element-width.ts';

/** A chart whose drawing is as high as it is wide over 2, recording the widths it is laid out at. */
function probe(widths: number[]) {
  return function Probe() {
    const [frameRef, frame] = useChartFrame();
    return createElement(ChartFrame, {
      frameRef,
      frame,
      svg: { className: 'ps-chart', 'aria-label': 'A chart' },
      defs: createElement('defs', null, createElement('pattern', { id: 'fill-0' })),
      draw: (width) => {
        widths.push(width);
        return {
          height: width / 2,
          margin: { top: 4, left: 8 },
          plot: createElement('rect', { className: 'ps-bar', width: width - 16, height: 10 }),
        };
      },
    });
  };
}

describe('ChartFrame before its frame is measured (the server markup)', () => {
  it('lays the chart out for a desktop, a phone and a medium frame, each drawing scaled to the frame at its own height', () => {
    const widths: number[] = [];
    const html = renderToString(createElement(probe(widths)));
    expect(widths).toEqual([SERVER_WIDTH, PHONE_FRAME_WIDTH, MEDIUM_FRAME_WIDTH]);
    // One chart element, as wide as its frame, as high as the desktop's drawing; the stylesheet
    // gives it the phone's drawing's height in a narrow frame.
    expect(html.match(/<svg[^>]*class="ps-chart"[^>]*>/g)).toHaveLength(1);
    expect(html).toMatch(/<svg width="100%" height="400" role="group" data-scaled="width" class="ps-chart"/);
    expect(html).toContain(`--ps-narrow-height:${PHONE_FRAME_WIDTH / 2}px`);
    // Without scripts the chart gets the proportions of the drawing shown (styles.css).
    expect(html).toContain(`--ps-wide:${SERVER_WIDTH}px;--ps-wide-ratio:${SERVER_WIDTH} / 400`);
    expect(html).toContain(
      `--ps-narrow:${PHONE_FRAME_WIDTH}px;--ps-narrow-ratio:${PHONE_FRAME_WIDTH} / ${PHONE_FRAME_WIDTH / 2}`,
    );
    expect(html).toMatch(
      /<svg class="ps-drawing ps-drawing-wide" role="none" width="100%" height="100%" viewBox="0 0 800 400" preserveAspectRatio="none"/,
    );
    expect(html).toContain(`viewBox="0 0 ${PHONE_FRAME_WIDTH} ${PHONE_FRAME_WIDTH / 2}"`);
    expect(html).toContain(
      `--ps-medium:${MEDIUM_FRAME_WIDTH}px;--ps-medium-ratio:${MEDIUM_FRAME_WIDTH} / ${MEDIUM_FRAME_WIDTH / 2}`,
    );
    expect(html).toContain(`viewBox="0 0 ${MEDIUM_FRAME_WIDTH} ${MEDIUM_FRAME_WIDTH / 2}"`);
    expect(html.match(/class="ps-bar"/g)).toHaveLength(3);
    // The patterns once, for both drawings: no id is repeated.
    expect(html.match(/id="fill-0"/g)).toHaveLength(1);
  });

  it('draws a distribution chart for a phone as it is drawn in a phone’s measured frame', () => {
    // React's warning about the bars' lowercase `tabindex`, which is on purpose (bar-focus.ts).
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const html = renderToString(
      createElement(DistributionChart, {
        categories: ['1.0', '2.0', '3.0'],
        series: [{ label: 'Entries', index: 0, values: [3, 5, 2] }],
        orientation: 'vertical',
        colors: ['#56b4e9'],
        xAxisTitle: 'Resolution',
        yAxisTitle: 'Number of Entries',
        onSelect: () => {},
        animationKey: 'k',
      }),
    );
    expect(html).toContain('viewBox="0 0 800 420"');
    expect(html).toContain(`viewBox="0 0 ${PHONE_FRAME_WIDTH} ${NARROW_HEIGHT}"`);
    expect(html).toContain(`--ps-narrow-height:${NARROW_HEIGHT}px`);
  });

  it('shows the phone’s drawing in frames narrower than NARROW_FRAME_BELOW, as the stylesheet says', () => {
    expect(PHONE_FRAME_WIDTH).toBeLessThan(NARROW_FRAME_BELOW);
    expect(SERVER_WIDTH).toBeGreaterThanOrEqual(NARROW_FRAME_BELOW);
    const css = readFileSync(new URL('../styles.css', import.meta.url), 'utf8');
    expect(css).toContain(`@container (width < ${NARROW_FRAME_BELOW}px)`);
    // Without scripts, the medium drawing from there on, while the desktop's text would be under 11 px.
    expect(css).toContain(`@container (${NARROW_FRAME_BELOW}px <= width < 734px)`);
    expect(MEDIUM_FRAME_WIDTH * 1.25).toBeGreaterThanOrEqual(734);
    expect((12 * NARROW_FRAME_BELOW) / MEDIUM_FRAME_WIDTH).toBeGreaterThanOrEqual(11);
  });
});
