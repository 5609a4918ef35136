import { expect, test, type Page } from '@playwright/test';
import { requestOf, search, waitForHydration } from './support/helpers.ts';

/**
 * The funding-country map: its countries are the facet's buckets (checked against the service), a
 * country opens its search, the year slider changes what is asked; and it reads without JavaScript.
 */

const MAP = '/map/funding-countries';
const ATTRIBUTE = 'pdbx_audit_support.country';
/** The slider's first year (packages/web/src/map/funding-map-data.ts) and last: this one. */
const FIRST_YEAR = 2015;
const LAST_YEAR = new Date().getUTCFullYear();

const yearOf = (url: string) => Number(new URL(url).searchParams.get('year'));

async function buckets(baseURL: string, year?: number): Promise<Map<string, number>> {
  const answer = await search(baseURL, {
    ...(year !== undefined && {
      query: {
        type: 'terminal',
        service: 'text',
        parameters: {
          attribute: 'rcsb_accession_info.initial_release_date',
          operator: 'range',
          value: { from: `${year}-01-01`, to: `${year}-12-31`, include_lower: true, include_upper: true },
        },
      },
    }),
    return_type: 'entry',
    request_options: {
      paginate: { start: 0, rows: 0 },
      facets: [{ name: 'c', aggregation_type: 'terms', attribute: ATTRIBUTE, min_interval_population: 1 }],
    },
  });
  const list = (answer?.facets?.[0] as { buckets: { label: string; population: number }[] } | undefined)
    ?.buckets;
  return new Map((list ?? []).map((b) => [b.label, b.population]));
}

/** The table's rows, once the counts of the page's year have arrived (read in one round trip). */
async function drawn(page: Page): Promise<Map<string, number>> {
  await expect(page.locator('.ps-map-table')).toHaveAttribute('aria-busy', 'false');
  const rows = await page
    .locator('.ps-map-table tbody tr')
    .evaluateAll((trs) =>
      trs.map(
        (tr) => [tr.querySelector('th')!.textContent!.trim(), tr.querySelector('td')!.textContent!] as const,
      ),
    );
  return new Map(rows.map(([label, count]) => [label, Number(count.replace(/,/g, ''))]));
}

/** Every bucket is a country on the map or is listed under it as not on it (the EU, countries too small). */
async function expectEveryBucketPlaced(page: Page, counts: Map<string, number>) {
  const names = (selector: string) =>
    page.locator(selector).evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-country')!));
  const onMap = await names('svg.ps-map-svg a[data-country]');
  const unmapped = await names('.ps-map-unmapped [data-country]');
  expect([...onMap, ...unmapped].sort()).toEqual([...counts.keys()].sort());
}

test('the map and its table are the facet: each country a link to its search, and the slider asks for a year', async ({
  page,
  baseURL,
}) => {
  const all = await buckets(baseURL!);
  expect(all.size).toBeGreaterThan(10);
  await page.goto(MAP);
  await waitForHydration(page, '#ps-map-year-input');
  expect(await drawn(page)).toEqual(all);
  await expectEveryBucketPlaced(page, all);

  // The slider: a year's counts are that year's facet.
  const year = 2021;
  const slider = page.locator('#ps-map-year-input');
  await slider.fill(String(year));
  await expect(page).toHaveURL(new RegExp(`year=${year}`));
  const ofYear = await buckets(baseURL!, year);
  await expect.poll(() => drawn(page)).toEqual(ofYear);
  // Its download is the chart data API's answer over that year: a row per country, the same counts.
  const csvHref = await page
    .locator('.ps-map-downloads')
    .getByRole('link', { name: 'CSV' })
    .getAttribute('href');
  const csv = await (await page.request.get(csvHref!)).text();
  const csvRows = csv.trim().split(/\r?\n/).slice(1);
  expect(csvRows).toHaveLength(ofYear.size);
  expect(csv).toContain(`United States,${ofYear.get('United States')}`);

  // A country opens its search in that year.
  const first = page.locator('svg.ps-map-svg a[data-country="United States"]');
  await first.click();
  await expect(page).toHaveURL(/\/search\?request=/);
  const request = JSON.stringify(requestOf(page.url()));
  expect(request).toContain('"value":"United States"');
  expect(request).toContain(`${year}-01-01`);
});

/**
 * In the page, in order: each release year the dashboard asks the service about ('ask') and each year
 * the address takes ('show'), so that a test can tell whether a year was asked for before it showed.
 */
async function logYears(page: Page) {
  await page.addInitScript(() => {
    const log: [string, number][] = [];
    (window as unknown as { yearLog: typeof log }).yearLog = log;
    const asked = window.fetch;
    window.fetch = (input, init) => {
      const year = typeof init?.body === 'string' ? /"from":"(\d{4})-01-01"/.exec(init.body)?.[1] : undefined;
      if (year) log.push(['ask', Number(year)]);
      return asked(input, init);
    };
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (state: unknown, unused: string, url?: string | URL | null) => {
        const year = url ? new URL(url, location.href).searchParams.get('year') : null;
        if (year) log.push(['show', Number(year)]);
        original(state, unused, url);
      };
    }
  });
  return () => page.evaluate(() => (window as unknown as { yearLog: [string, number][] }).yearLog);
}

test('Play steps through the release years, asking for each before it shows; Pause stops it; one Back undoes it', async ({
  page,
  baseURL,
}) => {
  const yearLog = await logYears(page);
  await page.goto(MAP);
  await waitForHydration(page, '#ps-map-year-input');
  const play = page.getByRole('button', { name: 'Play', exact: true });
  const pause = page.getByRole('button', { name: 'Pause', exact: true });
  const output = page.locator('.ps-map-year output');
  await expect(output).toHaveAttribute('aria-live', 'polite');
  await play.click();
  await expect(pause).toBeFocused();
  // A year a second is not read out while playing.
  await expect(output).toHaveAttribute('aria-live', 'off');
  // Read from the log, not the address, which a step may change between two looks at it.
  const shownYears = async () => [
    ...new Set((await yearLog()).filter(([kind]) => kind === 'show').map(([, year]) => year)),
  ];
  await expect.poll(shownYears).toContain(FIRST_YEAR + 2);
  await pause.click();
  await expect(play).toBeFocused();
  const stoppedAt = yearOf(page.url());
  expect(stoppedAt).toBeGreaterThanOrEqual(FIRST_YEAR + 2);
  // Paused: no step in more than two steps' time.
  await page.waitForTimeout(2500);
  expect(yearOf(page.url()), 'the year once paused').toBe(stoppedAt);
  await expect(page.locator('#ps-map-year-input')).toHaveValue(String(stoppedAt));
  await expect(output).toHaveText(String(stoppedAt));
  await expect(output).toHaveAttribute('aria-live', 'polite');
  const ofYear = await buckets(baseURL!, stoppedAt);
  expect(ofYear.size, `${stoppedAt} has funding countries`).toBeGreaterThan(0);
  expect(await drawn(page)).toEqual(ofYear);

  // Each year after the first was asked for while the year before it showed (the first is Play's own).
  // From all years it started on the first year, then stepped a year at a time.
  const log = await yearLog();
  const shown = await shownYears();
  expect(shown.slice(0, 3)).toEqual([FIRST_YEAR, FIRST_YEAR + 1, FIRST_YEAR + 2]);
  expect(shown.at(-1)).toBe(stoppedAt);
  for (const year of shown.slice(1)) {
    const asked = log.findIndex(([kind, y]) => kind === 'ask' && y === year);
    const showed = log.findIndex(([kind, y]) => kind === 'show' && y === year);
    expect(asked, `${year} asked for`).toBeGreaterThanOrEqual(0);
    expect(asked, `${year} asked for before it showed`).toBeLessThan(showed);
  }

  // The steps replaced one history entry: one Back returns to the map before Play.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${MAP}$`));
  await expect(page.locator('.ps-map-year output')).toHaveText('all years');
});

test('Play stops on the last year, and starts again from the first there', async ({ page, baseURL }) => {
  const yearLog = await logYears(page);
  await page.goto(`${MAP}?year=${LAST_YEAR - 1}`);
  await waitForHydration(page, '#ps-map-year-input');
  const play = page.getByRole('button', { name: 'Play', exact: true });
  await play.click();
  await expect(page).toHaveURL(new RegExp(`year=${LAST_YEAR}$`));
  // Stopped there: the button offers Play again, the page shows that year's counts.
  await expect(play).toBeVisible();
  expect(await drawn(page)).toEqual(await buckets(baseURL!, LAST_YEAR));
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`year=${LAST_YEAR - 1}$`));
  await page.goForward();
  await expect(page).toHaveURL(new RegExp(`year=${LAST_YEAR}$`));
  // Played again from there, and paused from the keyboard.
  await play.click();
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(play).toBeFocused();
  const shown = (await yearLog()).filter(([kind]) => kind === 'show').map(([, year]) => year);
  // The first Play: one step, to the last year; the second starts from the first year.
  expect(shown.slice(0, 2)).toEqual([LAST_YEAR, FIRST_YEAR]);
});

test('without JavaScript: the map arrives drawn, its countries are links', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${MAP}?year=2022`);
  const ofYear = await buckets(baseURL!, 2022);
  expect(await drawn(page)).toEqual(ofYear);
  // No Play without scripts to play: the form's Show button sends the slider's year.
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Show' })).toBeVisible();
  await expectEveryBucketPlaced(page, ofYear);
  await page.locator('svg.ps-map-svg a[data-country]').first().click();
  await expect(page).toHaveURL(/\/search\?request=/);
  await context.close();
});

test('reached from the navigation bar: the distributions’ menu lists it after its chart', async ({
  page,
}) => {
  await page.goto('/distribution/resolution');
  await waitForHydration(page, '.ps-dropdown-toggle');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: /^Data Distribution/ }).click();
  const link = nav.getByRole('link', { name: 'Funding Country (World Map)' });
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${MAP}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Where the archive is funded');
  // The menu closed; its entry says it is the page shown.
  await expect(nav.locator(`a[href="${MAP}"]`)).toHaveAttribute('aria-current', 'page');
});

test('reached from the home page and the other statistics page', async ({ page }) => {
  await page.goto('/');
  await page.locator('.ps-hero').getByRole('link', { name: 'map' }).click();
  await expect(page).toHaveURL(new RegExp(`${MAP}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Where the archive is funded');
  await page.goto('/other-statistics');
  await page.getByRole('main').getByRole('link', { name: 'map of funding countries' }).click();
  await expect(page).toHaveURL(new RegExp(`${MAP}$`));
});
