import type { SearchRequest } from '@pdb-stats/search-model';
import { expect, test, type Page } from '@playwright/test';
import { countOf, parseCount, tableText, waitForChart } from './support/helpers.ts';

/**
 * Under every chart, its sources and notes (what is counted in words, the chart's caveats, the
 * archive and its date, how to cite, the licence) and in its subtitle the total counted; growth
 * tables newest year first with a total row. Each at 1280 and 375 px, with and without JavaScript:
 * the server draws all of it.
 */

const ARCHIVE_DATE = '2026-11-23';
const entries: SearchRequest = { return_type: 'entry' };
const releasedIn = (year: number): SearchRequest => ({
  query: {
    type: 'terminal',
    service: 'text',
    parameters: {
      attribute: 'rcsb_accession_info.initial_release_date',
      operator: 'range',
      value: { from: `${year}-01-01`, to: `${year}-12-31`, include_lower: true, include_upper: true },
    },
  },
  return_type: 'entry',
});

/** The figures a subtitle reads "2,000 entries in the archive; 121 released in 2026", as numbers. */
async function subtitleTotals(page: Page) {
  const text = (await page.getByTestId('chart-subtitle').textContent()) ?? '';
  const match = /([\d,]+) entries in the archive(?:; ([\d,]+) released in (\d{4}))?\.$/.exec(text);
  expect(match, text).not.toBeNull();
  return {
    total: parseCount(match![1]!),
    released: match![2] ? parseCount(match![2]) : undefined,
    year: match![3],
  };
}

for (const [width, height] of [
  [1280, 900],
  [375, 812],
] as const) {
  for (const javaScriptEnabled of [true, false]) {
    test.describe(`${width}×${height}, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
      test.use({ viewport: { width, height }, javaScriptEnabled });
      const tag = `${width}-${javaScriptEnabled ? 'js' : 'nojs'}`;

      test('a distribution chart says what it counts, its caveats, source, citation and licence under it', async ({
        page,
        baseURL,
      }) => {
        await page.goto('/distribution/resolution');
        if (javaScriptEnabled) await waitForChart(page);
        const { total } = await subtitleTotals(page);
        expect(total).toBe(await countOf(baseURL!, entries));

        const sources = page.getByTestId('chart-sources');
        await expect(sources.getByRole('heading', { name: 'Sources and notes' })).toBeVisible();
        await expect(sources.getByTestId('sources-counted')).toContainText(
          /^Entries: an entry is one structure/,
        );
        await expect(sources.getByTestId('sources-notes')).toContainText(
          'NMR structures have no resolution and are not counted.',
        );
        await expect(sources.getByTestId('sources-source')).toContainText(
          `synthetic demo archive made by this site’s generator, not real PDB data; data as of ${ARCHIVE_DATE}`,
        );
        // Cited by its whole address, the one the visitor reached, with the data date.
        await expect(sources.getByTestId('sources-cite')).toContainText(
          `“PDB Data Distribution by Resolution”, ${baseURL}/distribution/resolution (data as of ${ARCHIVE_DATE})`,
        );
        await expect(
          sources.getByTestId('sources-licence').getByRole('link', { name: 'CC0 1.0' }),
        ).toHaveAttribute('href', 'https://creativecommons.org/publicdomain/zero/1.0/');
        // Under the chart, and within the page's width.
        const chartBox = (await page.locator('.ps-plot-chart svg.ps-chart').boundingBox())!;
        const box = (await sources.boundingBox())!;
        expect(box.y).toBeGreaterThan(chartBox.y + chartBox.height);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        await sources.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${test.info().outputDir}/sources-${tag}.png`, fullPage: true });

        // Each chart has its own caveats: an entry counts in each of its taxonomy groups.
        await page.goto('/distribution/taxonomy');
        await expect(page.getByTestId('sources-notes')).toContainText(
          'Entries with several groups of organisms count under each',
        );
      });

      test('a growth subtitle gives the total and the last year’s releases; its table is newest first with a total row', async ({
        page,
        baseURL,
      }) => {
        await page.goto('/growth/overall-structures?view=annual');
        if (javaScriptEnabled) await waitForChart(page);
        const { total, released, year } = await subtitleTotals(page);
        expect(total).toBe(await countOf(baseURL!, entries));
        expect(released).toBe(await countOf(baseURL!, releasedIn(Number(year))));

        const details = page.locator('details.ps-data-details');
        await details.locator('summary').click();
        const table = details.locator('table');
        await expect(table).toBeVisible();
        const { rows } = await tableText(table);
        const years = rows.slice(0, -1).map(([label]) => Number(label));
        expect(years[0]).toBe(Number(year));
        expect(years).toEqual([...years].sort((a, b) => b - a));
        const [totalLabel, [totalCell]] = rows.at(-1)!;
        expect(totalLabel).toBe(`Total ${years.at(-1)}–${years[0]}`);
        // Every entry is released in one year: the annual values add up to the archive's entries.
        expect(parseCount(totalCell!)).toBe(total);
        await table.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${test.info().outputDir}/growth-table-${tag}.png` });
      });
    });
  }
}
