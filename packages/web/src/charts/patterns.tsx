import { useId, type ReactElement } from 'react';
import { relativeLuminance } from '../settings/contrast.ts';
import { seriesColor } from '../settings/colors.ts';

/**
 * Pattern fills (a setting), so that series differ by more than colour: series i gets mark i mod 8
 * drawn over its colour, in black or white, whichever stands out from that colour.
 */
const SIZE = 8;
const MARKS: readonly ((ink: string) => ReactElement)[] = [
  (ink) => <path d="M-2,2 l4,-4 M0,8 l8,-8 M6,10 l4,-4" stroke={ink} strokeWidth={1.5} />,
  (ink) => <circle cx={4} cy={4} r={1.6} fill={ink} />,
  (ink) => <path d="M0,4 h8" stroke={ink} strokeWidth={1.5} />,
  (ink) => <path d="M-2,6 l4,4 M0,0 l8,8 M6,-2 l4,4" stroke={ink} strokeWidth={1.5} />,
  (ink) => <path d="M4,0 v8" stroke={ink} strokeWidth={1.5} />,
  (ink) => <path d="M0,0 l8,8 M8,0 l-8,8" stroke={ink} strokeWidth={1} />,
  (ink) => <rect x={2} y={2} width={4} height={4} fill="none" stroke={ink} strokeWidth={1} />,
  (ink) => <path d="M0,4 h8 M4,0 v8" stroke={ink} strokeWidth={1} />,
];

const PATTERN_COUNT = MARKS.length;

function inkOn(color: string): string {
  return relativeLuminance(color) > 0.3 ? '#000000' : '#ffffff';
}

/** The `<pattern>` of series `index`: its colour with its mark over it. */
function SeriesPattern({ id, color, index }: { id: string; color: string; index: number }) {
  return (
    <pattern
      id={id}
      className="ps-pattern"
      data-pattern={index % PATTERN_COUNT}
      patternUnits="userSpaceOnUse"
      width={SIZE}
      height={SIZE}
    >
      <rect width={SIZE} height={SIZE} fill={color} />
      {MARKS[index % PATTERN_COUNT]!(inkOn(color))}
    </pattern>
  );
}

/** A prefix for pattern ids that is unique on the page and valid in `url(#…)`. */
export function usePatternPrefix(): string {
  return `ps${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
}

/** `<defs>` with the patterns of series 0..count-1; series i is filled with `url(#prefix-i)`. */
export function PatternDefs({
  prefix,
  colors,
  count,
}: {
  prefix: string;
  colors: readonly string[];
  count: number;
}) {
  return (
    <defs>
      {Array.from({ length: count }, (_, index) => (
        <SeriesPattern
          key={index}
          id={`${prefix}-${index}`}
          color={seriesColor(colors, index)}
          index={index}
        />
      ))}
    </defs>
  );
}

/** A legend swatch: the series colour, with its pattern when pattern fills are on. */
export function Swatch({ color, index, patterned }: { color: string; index: number; patterned: boolean }) {
  const id = `${usePatternPrefix()}-swatch`;
  return (
    <svg className="ps-legend-swatch" width={14} height={14} aria-hidden="true" focusable="false">
      {patterned && (
        <defs>
          <SeriesPattern id={id} color={color} index={index} />
        </defs>
      )}
      <rect width={14} height={14} rx={2} fill={patterned ? `url(#${id})` : color} />
    </svg>
  );
}
