import { describe, expect, it } from 'vitest';
import { composeChartSvg, escapeXml, textWidth, wrapText } from './svg.ts';

const CHART = {
  markup:
    '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="300"><rect class="ps-bar" width="10" height="20" fill="#111111"/></svg>',
  width: 600,
  height: 300,
};

const PARTS = {
  chart: CHART,
  title: 'PDB Growth by Experimental Method',
  legend: [
    { label: 'X-ray', color: '#111111' },
    { label: 'NMR & <other>', color: '#333333' },
  ],
  xAxisTitle: 'Year',
  yAxisTitle: 'Number of Entries',
  subtitle: 'Number of Entries by Experimental Method released each year, 1976–2026',
  caption: [
    'Source: demo. Chart: https://stats.example.org/growth/experimental-method?view=annual',
    'Data as of 2026-06-30 (archive date). Data licence: CC0 1.0.',
  ],
};

/** Text of the elements with a class (a tiny reader: the composer writes one element per line part). */
function textsOf(svg: string, className: string): string[] {
  const group = new RegExp(`class="[^"]*${className}[^"]*"[^>]*>(.*?)</g>`).exec(svg)?.[1] ?? '';
  return [...group.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!);
}

describe(`${composeChartSvg.name}`, () => {
  it('adds title, subtitle, axis titles, legend and caption around the chart', () => {
    const { svg, width, height } = composeChartSvg(PARTS);
    expect(
      svg.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"'),
    ).toBe(true);
    expect(svg).toContain(CHART.markup);
    expect(textsOf(svg, 'ps-export-title')).toEqual(['PDB Growth by Experimental Method']);
    expect(svg).toMatch(/class="ps-export-axis-title ps-export-x-title"[^>]*>Year<\/text>/);
    expect(svg).toMatch(
      /class="ps-export-axis-title ps-export-y-title"[^>]*rotate\(-90[^>]*>Number of Entries</,
    );
    const legend = [
      ...svg.matchAll(/class="ps-export-legend-item"><rect[^>]*fill="([^"]+)"\/><text[^>]*>([^<]*)</g),
    ];
    expect(legend.map((m) => [m[2], m[1]])).toEqual([
      ['X-ray', '#111111'],
      ['NMR &amp; &lt;other&gt;', '#333333'],
    ]);
    expect(textsOf(svg, 'ps-export-subtitle')).toEqual([PARTS.subtitle]);
    expect(textsOf(svg, 'ps-export-caption')).toEqual(PARTS.caption);
    expect(svg).toContain(`<title>${PARTS.title}</title>`);
    expect(width).toBe(600 + 16 + 24 + 16);
    expect(height).toBeGreaterThan(300 + 60);
    expect(svg).toContain(`width="${width}" height="${height}"`);
  });

  it('wraps a long legend into rows inside the page', () => {
    const legend = Array.from({ length: 12 }, (_, i) => ({ label: `Series number ${i}`, color: '#000' }));
    const narrow = composeChartSvg({ ...PARTS, legend, chart: { ...CHART, width: 300 } });
    const xs = [...narrow.svg.matchAll(/<rect x="([\d.]+)" y="([\d.]+)" width="12"/g)].map((m) => ({
      x: Number(m[1]),
      y: Number(m[2]),
    }));
    expect(xs).toHaveLength(12);
    expect(new Set(xs.map((p) => p.y)).size).toBeGreaterThan(1);
    for (const p of xs) expect(p.x).toBeLessThan(narrow.width);
    const wide = composeChartSvg({ ...PARTS, legend });
    expect(narrow.height).toBeGreaterThan(wide.height);
  });

  it('lays out with the text measure it is given', () => {
    const legend = [
      { label: 'a', color: '#000' },
      { label: 'b', color: '#000' },
    ];
    const rows = (measure: (text: string) => number) =>
      new Set(
        [
          ...composeChartSvg({ ...PARTS, legend, measure }).svg.matchAll(
            /<rect x="[\d.]+" y="([\d.]+)" width="12"/g,
          ),
        ].map((m) => m[1]),
      ).size;
    expect(rows(() => 10)).toBe(1);
    expect(rows(() => 500)).toBe(2);
  });

  it('cuts an address longer than a line instead of running it past the edge', () => {
    const address = `https://stats.example.org/growth/experimental-method?query=${'x'.repeat(300)}`;
    const { svg, width } = composeChartSvg({ ...PARTS, caption: [`Chart: ${address}`] });
    const lines = textsOf(svg, 'ps-export-caption');
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.join('')).toBe(`Chart:${address}`);
    for (const line of lines) expect(textWidth(line, 11)).toBeLessThanOrEqual(width - 2 * 16);
  });

  it('wraps the title as measured in its bold weight, which is wider than the regular one', () => {
    // Regular glyphs 10 px, bold 20 px: the title fits on one line of 524 px only if measured regular.
    const measure = (text: string, _size: number, weight = 400) => text.length * (weight >= 600 ? 20 : 10);
    const long = 'xxxxxxxxxx '.repeat(4).trim();
    const wrapped = composeChartSvg({
      ...PARTS,
      title: long,
      chart: { ...PARTS.chart, width: 500 },
      measure,
    });
    expect(wrapped.svg.match(/<g class="ps-export-title"[^>]*>(.*?)<\/g>/)![1]!.match(/<text/g)!.length).toBe(
      2,
    );
  });
});

describe(`${wrapText.name}`, () => {
  it('breaks at spaces within the width and keeps every word', () => {
    const lines = wrapText('one two three four five six', 60, 10);
    expect(lines.join(' ')).toBe('one two three four five six');
    expect(lines.length).toBeGreaterThan(1);
  });
});

describe(`${escapeXml.name}`, () => {
  it('escapes markup characters', () => {
    expect(escapeXml(`<a href="x">&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;');
  });
});
