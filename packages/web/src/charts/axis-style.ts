/** Look of every chart axis: classes for the stylesheet, and a grey that reads on white and in print. */
export const AXIS_STYLE = {
  labelClassName: 'ps-axis-label',
  tickClassName: 'ps-tick',
  stroke: '#888',
  tickStroke: '#888',
} as const;
