import type { QueryNode, SearchRequest, TerminalNode } from '@pdb-stats/search-model';
import { expect, test, type Page } from '@playwright/test';
import { search, waitForHydration } from './support/helpers.ts';

/**
 * The entry page (/entry/<id>): a results page's identifier opens it; its facts are those the
 * service's Search API finds for the entry; it is drawn without scripts; and a demo archive's page
 * never links to the public archive's page of its made-up id.
 */

const ALL_ENTRIES: SearchRequest = { return_type: 'entry' };
const resultsUrl = (request: SearchRequest) =>
  `/search?request=${encodeURIComponent(JSON.stringify(request))}`;

const terminal = (parameters: TerminalNode['parameters']): TerminalNode => ({
  type: 'terminal',
  service: 'text',
  parameters,
});

/** The entries the Search API finds for the id and a condition on one attribute. */
async function idsWith(baseURL: string, id: string, condition: QueryNode): Promise<string[]> {
  const answer = await search(baseURL, {
    query: {
      type: 'group',
      logical_operator: 'and',
      nodes: [terminal({ attribute: 'rcsb_id', operator: 'exact_match', value: id }), condition],
    },
    return_type: 'entry',
  });
  return (answer?.result_set ?? []).map((item) => (typeof item === 'string' ? item : item.identifier));
}

/** The text the page shows for an attribute, or null when it shows none. */
const shown = (page: Page, path: string) =>
  page
    .locator(`main dd[data-path="${path}"]`)
    .textContent({ timeout: 1000 })
    .catch(() => null);

/** Checks the page's facts against the Search API's, for the facts the demo holds for the entry. */
async function expectFactsOfSearchApi(page: Page, baseURL: string, id: string) {
  const title = await page.getByTestId('entry-title').textContent();
  expect(title).toBeTruthy();
  expect(
    await idsWith(
      baseURL,
      id,
      terminal({ attribute: 'struct.title', operator: 'contains_phrase', value: title! }),
    ),
  ).toEqual([id]);

  const date = await shown(page, 'rcsb_accession_info.initial_release_date');
  expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const onDay = (day: string) =>
    terminal({
      attribute: 'rcsb_accession_info.initial_release_date',
      operator: 'range',
      value: { from: day, to: day, include_lower: true, include_upper: true },
    });
  expect(await idsWith(baseURL, id, onDay(date!))).toEqual([id]);
  // The check can fail: another day finds nothing.
  expect(await idsWith(baseURL, id, onDay('1900-01-01'))).toEqual([]);

  // The method the Search API counts the entry under, read from a facet.
  const method = await search(baseURL, {
    query: terminal({ attribute: 'rcsb_id', operator: 'exact_match', value: id }),
    return_type: 'entry',
    request_options: {
      facets: [
        { name: 'method', aggregation_type: 'terms', attribute: 'rcsb_entry_info.experimental_method' },
      ],
    },
  });
  const facet = method?.facets?.[0];
  const buckets = facet && 'buckets' in facet ? facet.buckets : [];
  expect(buckets.map((bucket) => bucket.label)).toEqual([
    await shown(page, 'rcsb_entry_info.experimental_method'),
  ]);

  const resolution = await shown(page, 'rcsb_entry_info.resolution_combined');
  const value = resolution === null ? undefined : Number(/^([\d.]+) Å$/.exec(resolution)?.[1]);
  const hasResolution = await idsWith(
    baseURL,
    id,
    terminal({ attribute: 'rcsb_entry_info.resolution_combined', operator: 'exists' }),
  );
  expect(hasResolution.length > 0, 'a resolution is shown exactly when the archive holds one').toBe(
    value !== undefined,
  );
  if (value !== undefined)
    expect(
      await idsWith(
        baseURL,
        id,
        terminal({ attribute: 'rcsb_entry_info.resolution_combined', operator: 'equals', value }),
      ),
    ).toEqual([id]);
}

test('a results page’s identifier opens its entry page, whose facts are the Search API’s', async ({
  page,
  baseURL,
}) => {
  await page.goto(resultsUrl(ALL_ENTRIES));
  const table = page.getByTestId('results-table');
  await waitForHydration(page, '[data-testid="results-table"]');
  const link = table.locator('tbody tr').nth(2).locator('th a').first();
  const id = (await link.textContent())!;
  // A demo archive's identifiers stay on this site: no link to the public archive's pages.
  await expect(table.locator('a[href*="rcsb.org"]')).toHaveCount(0);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/entry/${id}$`));
  await expect(page.getByTestId('entry-id')).toHaveText(id);
  await expect(page.getByTestId('entry-heading')).toContainText(`${id} – `);
  await expect(page.getByTestId('entry-whose')).toContainText('synthetic demo archive');
  await expect(page.locator('main a[href*="rcsb.org"]')).toHaveCount(0);
  await expect(page.getByTestId('public-page')).toHaveCount(0);
  await expect(page).toHaveTitle(`PDB Statistics: Entry ${id}`);
  await expectFactsOfSearchApi(page, baseURL!, id);
  // Its polymer entities are listed, each under its id.
  await expect(page.getByRole('region', { name: 'Polymer entities' }).locator('h3').first()).toHaveText(
    new RegExp(`^${id}_\\d+$`),
  );
});

test('an id typed in lower case is sent, permanently, to the page and the API address in capitals', async ({
  page,
  request,
  baseURL,
}) => {
  const answer = await search(baseURL!, {
    return_type: 'entry',
    request_options: { paginate: { start: 0, rows: 25 } },
  });
  const id = (answer?.result_set ?? [])
    .map((item) => (typeof item === 'string' ? item : item.identifier))
    .find((identifier) => /[A-Z]/.test(identifier))!;
  expect(id, 'an id with a letter').toBeTruthy();
  const typed = id.toLowerCase();
  for (const [asked, canonical] of [
    [`/entry/${typed}`, `/entry/${id}`],
    [`/entry/${typed}/`, `/entry/${id}`],
    [`/api/entries/${typed}`, `/api/entries/${id}`],
  ]) {
    const moved = await request.get(asked!, { maxRedirects: 0 });
    expect(moved.status(), asked).toBe(301);
    expect(new URL(moved.headers()['location']!, `${baseURL}${asked}`).pathname).toBe(canonical);
  }
  await page.goto(`/entry/${typed}`);
  await expect(page).toHaveURL(new RegExp(`/entry/${id}$`));
  await expect(page.getByTestId('entry-id')).toHaveText(id);
  // Link previews name the one address too.
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute(
    'content',
    new RegExp(`/entry/${id}$`),
  );
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the entry page arrives drawn, with the same facts; an unknown id gets a 404 page that says so', async ({
    page,
    baseURL,
  }) => {
    const first = await search(baseURL!, {
      return_type: 'entry',
      request_options: { paginate: { start: 7, rows: 1 } },
    });
    const id = (first?.result_set ?? []).map((item) =>
      typeof item === 'string' ? item : item.identifier,
    )[0]!;
    const response = await page.goto(`/entry/${id.toLowerCase()}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId('entry-id')).toHaveText(id);
    await expectFactsOfSearchApi(page, baseURL!, id);

    const unknown = await page.goto('/entry/0ZZZ');
    expect(unknown?.status()).toBe(404);
    await expect(page.getByTestId('entry-absent')).toHaveText('The demo archive holds no entry 0ZZZ.');
    const bad = await page.goto('/entry/%3Cb%3Ex');
    expect(bad?.status()).toBe(404);
  });
});

test.describe('on a phone without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });

  test('an entry’s polymer entities are closed lines saying what each is, each opening to its attributes', async ({
    page,
    baseURL,
  }, testInfo) => {
    const answer = await search(baseURL!, {
      return_type: 'entry',
      request_options: {
        paginate: { start: 0, rows: 1 },
        sort: [{ sort_by: 'rcsb_entry_info.polymer_entity_count', direction: 'desc' }],
      },
    });
    const id = (answer?.result_set ?? []).map((item) =>
      typeof item === 'string' ? item : item.identifier,
    )[0]!;
    await page.goto(`/entry/${id}`);
    const entities = page.getByRole('region', { name: 'Polymer entities' }).getByTestId('entry-part');
    const count = await entities.count();
    expect(count, 'the entry has several entities').toBeGreaterThan(2);
    for (let i = 0; i < count; i++) {
      const entity = entities.nth(i);
      await expect(entity).not.toHaveAttribute('open');
      // Closed, an entity says what it is: its description, as its attributes give it.
      const description = await entity
        .locator('dd[data-path="rcsb_polymer_entity.pdbx_description"]')
        .textContent();
      await expect(entity.locator('summary')).toContainText(`${id}_`);
      await expect(entity.locator('summary')).toContainText(description!);
      await expect(entity.locator('dd').first()).toBeHidden();
    }
    // Every entity's closed line fits on the phone's first few screens.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThan(812 * 6);
    await page.screenshot({ path: testInfo.outputPath('entry-closed-375.png'), fullPage: true });
    // A tap on its line opens one, without scripts.
    await entities.nth(1).locator('summary').click();
    await expect(entities.nth(1)).toHaveAttribute('open');
    await expect(
      entities.nth(1).locator('dd[data-path="rcsb_polymer_entity.pdbx_description"]'),
    ).toBeVisible();
    await expect(entities.nth(0).locator('dd').first()).toBeHidden();
  });
});

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test(`the entry page fits a ${viewport.width} px screen: nothing wider than the window`, async ({
    page,
    baseURL,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    const answer = await search(baseURL!, {
      return_type: 'entry',
      request_options: {
        paginate: { start: 0, rows: 1 },
        sort: [{ sort_by: 'rcsb_entry_info.polymer_entity_count', direction: 'desc' }],
      },
    });
    const id = (answer?.result_set ?? []).map((item) =>
      typeof item === 'string' ? item : item.identifier,
    )[0]!;
    await page.goto(`/entry/${id}`);
    await waitForHydration(page, '[data-testid="entry-heading"]');
    await expect(page.getByTestId('entry-id')).toHaveText(id);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // Label and value side by side on a wide screen, one under the other on a phone.
    const [term, value] = [page.locator('main dt').first(), page.locator('main dd').first()];
    const [t, v] = [(await term.boundingBox())!, (await value.boundingBox())!];
    if (viewport.width < 600) expect(v.y).toBeGreaterThan(t.y);
    else expect(v.x).toBeGreaterThan(t.x + t.width - 1);
    await page.screenshot({ path: testInfo.outputPath(`entry-${viewport.width}.png`), fullPage: true });
  });
}
