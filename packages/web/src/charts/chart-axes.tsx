import { AxisBottom, AxisLeft, type AxisScale } from '@visx/axis';
import { AXIS_STYLE, BOTTOM_TICK_LABELS, LEFT_TICK_LABELS } from './axis-style.tsx';
import { BottomAxisTitle } from './axis-title.tsx';
import { thinLabels } from './format.ts';
import { CHART_FONT_SIZE, CHART_LINE, measureText } from './text-measure.ts';

/** Room between an axis line and its tick labels. */
export const TICK_SPACE = 8;

/** The value axis on the left: its ticks, their text, and its title beside the widest tick label. */
export function ValueAxis(props: {
  scale: AxisScale;
  ticks: number[];
  format: (value: number) => string;
  title: string;
  valueLabelWidth: number;
}) {
  return (
    <AxisLeft
      scale={props.scale}
      tickValues={props.ticks}
      tickFormat={(v) => props.format(Number(v))}
      label={props.title}
      labelOffset={props.valueLabelWidth + 10}
      tickLabelProps={LEFT_TICK_LABELS}
      {...AXIS_STYLE}
    />
  );
}

/** The release years below a chart, thinned to fit, with the axis title under them. */
export function YearAxis(props: {
  scale: AxisScale;
  years: string[];
  title: string;
  innerWidth: number;
  innerHeight: number;
}) {
  return (
    <>
      <AxisBottom
        top={props.innerHeight}
        scale={props.scale}
        tickValues={thinLabels(props.years, props.innerWidth, measureText('0000') + 14)}
        tickLabelProps={BOTTOM_TICK_LABELS}
        {...AXIS_STYLE}
      />
      <BottomAxisTitle
        title={props.title}
        width={props.innerWidth}
        y={props.innerHeight + TICK_SPACE + CHART_LINE + 12 + CHART_FONT_SIZE}
      />
    </>
  );
}
