import { countryOf, countryOfShape } from '@pdb-stats/charts';
import { geoEqualEarth, geoPath } from 'd3-geo';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries110m from 'world-atlas/countries-110m.json';
import { formatNumber } from '../charts/format.ts';

const WIDTH = 960;
const HEIGHT = 470;

interface Shape {
  id: string;
  d: string;
}

/** Natural Earth's countries (1:110m), projected once (Equal Earth keeps areas true). */
const SHAPES: readonly Shape[] = (() => {
  const topology = countries110m as unknown as Topology<{ countries: GeometryCollection }>;
  const collection = feature(topology, topology.objects.countries);
  const projection = geoEqualEarth().fitSize([WIDTH, HEIGHT], collection);
  const path = geoPath(projection);
  return collection.features.flatMap((f) => {
    const d = path(f);
    return d && f.id !== undefined ? [{ id: String(f.id), d }] : [];
  });
})();

const SHAPE_IDS: ReadonlySet<string> = new Set(SHAPES.map((s) => s.id));

/** Values with a count that have no shape on this map: funders that are no country, countries too small at 1:110m. */
function unmappedOf(counts: ReadonlyMap<string, number>): string[] {
  return [...counts.keys()].filter((name) => {
    const country = countryOfShape(countryOf(name)?.numeric ?? '');
    return !country || !SHAPE_IDS.has(country.numeric);
  });
}

/** A sequential palette, light to dark: class i of `PALETTE.length`. */
const PALETTE = ['#deebf7', '#9ecae1', '#6baed6', '#3182bd', '#08519c'] as const;

/** Upper bounds of the palette's classes: equal steps of the logarithm of the counts (1 to the largest). */
function classBounds(largest: number): number[] {
  if (largest <= 1) return [1];
  const steps = PALETTE.length;
  const bounds: number[] = [];
  for (let i = 1; i <= steps; i++) bounds.push(Math.round(largest ** (i / steps)));
  return [...new Set(bounds)];
}

export function classOf(value: number, bounds: readonly number[]): number {
  const i = bounds.findIndex((b) => value <= b);
  return i < 0 ? bounds.length - 1 : i;
}

export interface WorldMapProps {
  /** Count by archive country name. */
  counts: ReadonlyMap<string, number>;
  /** The search address of a country. */
  hrefOf: (country: string) => string;
  /** What is counted, for each country's label ('entries'). */
  noun: string;
  title: string;
}

/**
 * A world map whose countries are shaded by their count; each country with a count is a link to its
 * search (so it works without JavaScript, and Enter on a focused country follows it).
 */
export function WorldMap({ counts, hrefOf, noun, title }: WorldMapProps) {
  const largest = Math.max(0, ...counts.values());
  const bounds = classBounds(largest);
  const unmapped = unmappedOf(counts);
  return (
    <figure className="ps-map">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="group" aria-label={title} className="ps-map-svg">
        {SHAPES.map((shape) => {
          const country = countryOfShape(shape.id);
          const value = country ? counts.get(country.name) : undefined;
          if (!country || !value)
            return <path key={shape.id} d={shape.d} className="ps-map-empty" aria-hidden="true" />;
          const label = `${country.name}: ${formatNumber(value)} ${noun}`;
          return (
            <a key={shape.id} href={hrefOf(country.name)} aria-label={label} data-country={country.name}>
              <path d={shape.d} fill={PALETTE[classOf(value, bounds)]} className="ps-map-country">
                <title>{label}</title>
              </path>
            </a>
          );
        })}
      </svg>
      {unmapped.length > 0 && (
        <p className="ps-map-unmapped">
          Not on the map (no country, or too small to draw at this scale), in the table only:{' '}
          {unmapped.map((name, i) => (
            <span key={name} data-country={name}>
              {i > 0 && ', '}
              {name}
            </span>
          ))}
          .
        </p>
      )}
      <figcaption className="ps-map-legend" aria-label="Legend">
        {bounds.map((bound, i) => (
          <span key={bound} className="ps-map-legend-item">
            <span className="ps-map-swatch" style={{ background: PALETTE[classOf(bound, bounds)] }} />
            {i === 0
              ? `1–${formatNumber(bound)}`
              : `${formatNumber((bounds[i - 1] ?? 0) + 1)}–${formatNumber(bound)}`}
          </span>
        ))}
        <span className="ps-map-legend-item">
          <span className="ps-map-swatch ps-map-empty" /> none
        </span>
      </figcaption>
    </figure>
  );
}
