/** A click on a bar, segment or table value: what the page turns into a search. */
export interface BarSelection {
  /** Year, bin label or bucket label. */
  x: string;
  /** Clicked series of a stacked growth chart. */
  series?: string;
  /** Clicked cohort (its index among the cohorts compared). */
  cohort?: number;
  value: number;
}
