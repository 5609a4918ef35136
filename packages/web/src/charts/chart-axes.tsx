import type { ReactNode } from 'react';
import { Axis, type AxisScale } from './axis.tsx';
import { BottomAxisTitle } from './axis-title.tsx';
import { thinLabels } from './format.ts';
import type { ContinuousScale } from './scales.ts';
import { CHART_FONT_SIZE, CHART_LINE, measureText } from './text-measure.ts';
import { px } from './svg-number.ts';

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
function YearAxis(props: {
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

/** Room left of a plot for the value axis: its widest label, the ticks and the axis title. */
export function valueAxisRoom(valueLabelWidth: number) {
  return valueLabelWidth + TICK_SPACE + 4 + CHART_LINE + 8;
}

/** Room under a plot of years for the year labels and the axis title. */
export const YEAR_AXIS_ROOM = TICK_SPACE + CHART_LINE + 12 + CHART_LINE;

/**
 * A plot of values per year (the growth and trend charts): grid lines at the value ticks, the plot
 * drawn over them, then the value axis on the left and the years below.
 */
export function YearPlot(props: {
  values: ContinuousScale;
  ticks: number[];
  format: (value: number) => string;
  valueTitle: string;
  valueLabelWidth: number;
  years: AxisScale<string>;
  yearList: string[];
  yearTitle: string;
  innerWidth: number;
  innerHeight: number;
  children: ReactNode;
}) {
  const { values, innerWidth, innerHeight } = props;
  return (
    <>
      {props.ticks.map((t) => (
        <line key={t} className="ps-grid" x1={0} x2={px(innerWidth)} y1={px(values(t))} y2={px(values(t))} />
      ))}
      {props.children}
      <ValueAxis
        scale={values}
        ticks={props.ticks}
        format={props.format}
        title={props.valueTitle}
        valueLabelWidth={props.valueLabelWidth}
      />
      <YearAxis
        scale={props.years}
        years={props.yearList}
        title={props.yearTitle}
        innerWidth={innerWidth}
        innerHeight={innerHeight}
      />
    </>
  );
}
