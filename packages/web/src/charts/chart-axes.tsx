import { Axis, type AxisScale } from './axis.tsx';
import { BottomAxisTitle } from './axis-title.tsx';
import { thinLabels } from './format.ts';
import { CHART_FONT_SIZE, CHART_LINE, measureText } from './text-measure.ts';

/** Room between an axis line and its tick labels. */
export const TICK_SPACE = 8;

/** The value axis on the left: its ticks, their text, and its title beside the widest tick label. */
export function ValueAxis(props: {
  scale: AxisScale<number>;
  ticks: number[];
  format: (value: number) => string;
  title: string;
  valueLabelWidth: number;
}) {
  return (
    <Axis
      side="left"
      scale={props.scale}
      ticks={props.ticks}
      format={props.format}
      title={props.title}
      titleOffset={props.valueLabelWidth + 10}
    />
  );
}

/** The release years below a chart, thinned to fit, with the axis title under them. */
export function YearAxis(props: {
  scale: AxisScale<string>;
  years: string[];
  title: string;
  innerWidth: number;
  innerHeight: number;
}) {
  return (
    <>
      <Axis
        side="bottom"
        top={props.innerHeight}
        scale={props.scale}
        ticks={thinLabels(props.years, props.innerWidth, measureText('0000') + 14)}
      />
      <BottomAxisTitle
        title={props.title}
        width={props.innerWidth}
        y={props.innerHeight + TICK_SPACE + CHART_LINE + 12 + CHART_FONT_SIZE}
      />
    </>
  );
}
