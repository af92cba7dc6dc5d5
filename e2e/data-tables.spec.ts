import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { createVerifiedUser, signIn } from './support/auth';
import { L, T, testLanguage } from './support/i18n';
import { expect, test } from './support/clock';
import { createRealisticCompany, LONG_NAMES } from './support/realistic-company';
import { uniqueSuffix } from './support/users';

/**
 * Issue 12, "Layout made for data": the company tabs' tables at 1440 × 900 show every column
 * without scrolling sideways, sort by any column (URL `?sort=`), search (grants, stakeholders),
 * page (stakeholders, like the grants), remember each user's column choice, and show a cut-off
 * text whole on keyboard focus.
 */

test.use({ viewport: { width: 1440, height: 900 } });

/** The "Columns" button of a table. */
function columnsButton(page: Page, table: string) {
  return page.getByRole('button', { name: T('tables.columns.name', { table: L(table) }) });
}

/** Every header of the table fully on screen, and the table as wide as its box at most. */
async function expectEveryColumnVisible(table: Locator, columns: number) {
  const headers = table.locator('thead th');
  await expect(headers).toHaveCount(columns);
  await table.locator('thead').evaluate((head) => head.scrollIntoView({ block: 'center' }));
  for (let i = 0; i < columns; i++)
    await expect(headers.nth(i), `header ${i + 1}`).toBeInViewport({ ratio: 1 });
  const box = await table.evaluate((t) => {
    const scroller = t.parentElement!;
    return { scrollWidth: scroller.scrollWidth, clientWidth: scroller.clientWidth };
  });
  expect(box.scrollWidth, 'the table scrolls sideways').toBeLessThanOrEqual(box.clientWidth);
}

async function expectNoPageOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The text of the first column of each body row. */
function firstColumn(table: Locator) {
  return table.locator('tbody tr > :first-child');
}

/** The five tables, each on its tab: every column on screen, nothing scrolling sideways. */
async function expectTablesFit(page: Page, companyId: string, language: string) {
  const table = (key: string) => page.getByRole('table', { name: T(key, {}, language) });
  await test.step(`cap table and shareholders register (${language})`, async () => {
    await page.goto(`/companies/${companyId}/cap-table`);
    // Holder, three classes, awards vested and unvested, fully diluted, fully diluted %.
    await expectEveryColumnVisible(table('cap-table.table.label'), 8);
    // Ten columns and the actions.
    await expectEveryColumnVisible(table('cap-table.register.label'), 11);
    await expectNoPageOverflow(page);
  });
  await test.step(`grants (${language})`, async () => {
    await page.goto(`/companies/${companyId}/grants`);
    // Eleven columns, the intrinsic value included (the company has a current valuation).
    await expectEveryColumnVisible(table('grants.table.label'), 11);
    await expectNoPageOverflow(page);
  });
  await test.step(`stakeholders (${language})`, async () => {
    await page.goto(`/companies/${companyId}/stakeholders`);
    // Six columns and the actions.
    await expectEveryColumnVisible(table('stakeholders.table.label'), 7);
    await expectNoPageOverflow(page);
  });
  await test.step(`valuation history (${language})`, async () => {
    await page.goto(`/companies/${companyId}/valuations`);
    // Ten columns and the actions.
    await expectEveryColumnVisible(table('valuations.history.label'), 11);
    await expectNoPageOverflow(page);
  });
}

test('at 1440 px the five tables show every column without scrolling sideways, in English and Dutch', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  // It checks both languages itself, and a column's width does not depend on the theme.
  test.skip(testInfo.project.name === 'nl', 'checks English and Dutch itself (en project)');
  test.slow();
  const user = await createVerifiedUser(page.request, baseURL!);
  await signIn(page, user);
  const companyId = await createRealisticCompany(page.request);
  const language = testLanguage();
  await expectTablesFit(page, companyId, language);

  // Dutch words are longer ("Belanghebbende", "Intrinsieke waarde"): they must fit too. The other
  // language of the two, in a browser of its own (the Dutch project checks English here).
  const other = language === 'nl' ? 'en' : 'nl';
  const otherContext = await browser.newContext({
    locale: other === 'nl' ? 'nl-NL' : 'en-US',
    baseURL: baseURL!,
    viewport: { width: 1440, height: 900 },
    timezoneId: 'Europe/Amsterdam',
  });
  const otherPage = await otherContext.newPage();
  // A user of their own: the first one's account now keeps the first language.
  const lawyer = await createVerifiedUser(otherPage.request, baseURL!);
  const signedIn = await otherPage.request.post('/api/auth/sign-in/email', {
    headers: { origin: baseURL! },
    data: { email: lawyer.email, password: lawyer.password },
  });
  expect(signedIn.status()).toBe(200);
  await expectTablesFit(otherPage, await createRealisticCompany(otherPage.request), other);
  await otherContext.close();
});

test('a name cut off in a cell is reached with the keyboard and read whole', async ({
  page,
  baseURL,
}) => {
  test.slow();
  const user = await createVerifiedUser(page.request, baseURL!);
  await signIn(page, user);
  const companyId = await createRealisticCompany(page.request);
  await page.goto(`/companies/${companyId}/grants`);
  const table = page.getByRole('table', { name: L('Grants') });
  const plan = table.getByText(LONG_NAMES.plan).first();
  await expect(plan).toHaveAttribute('data-truncated', 'true');
  // Shown cut off: narrower than its text.
  expect(await plan.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);

  await columnsButton(page, 'Grants').focus();
  let reached = false;
  for (let i = 0; i < 40 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await plan.evaluate((el) => el === document.activeElement);
  }
  expect(reached, 'Tab reaches the cut-off plan name').toBe(true);
  await expect(page.getByRole('tooltip')).toHaveText(LONG_NAMES.plan);
  await expect(plan).toHaveAccessibleDescription(LONG_NAMES.plan);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tooltip')).toHaveCount(0);

  // A short text is not cut off and adds no tab stop.
  const quantityHeader = table.getByRole('columnheader', { name: L('Quantity') });
  await expect(quantityHeader).toBeVisible();
  await expect(table.locator('tbody [tabindex="0"]:not([data-truncated])')).toHaveCount(0);
});

/** A company with a plan and `grants` grants, through the API; returns its id. */
async function smallCompany(
  request: APIRequestContext,
  grants: { name: string; quantity: number; grantDate: string }[],
) {
  const post = async (path: string, data: object) => {
    const res = await request.post(`/api/v1${path}`, { data });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const companyId = await post('/company', {
    companyName: `Small Tables B.V. ${Math.random().toString(36).slice(2, 8)}`,
  });
  const c = `/company/${companyId}`;
  const shareClassId = await post(`${c}/share-classes`, { name: 'Ordinary', nominalValue: '0.01' });
  const planId = await post(`${c}/plans`, {
    name: 'ESOP',
    planType: 'stock_options',
    shareClassId,
    poolSize: 100_000,
  });
  for (const g of grants) {
    const stakeholderId = await post(`${c}/stakeholders`, {
      name: g.name,
      relationship: 'employee',
    });
    await post(`${c}/grants`, {
      stakeholderId,
      planId,
      quantity: g.quantity,
      exercisePrice: '0.10',
      grantDate: g.grantDate,
      vestingStartDate: g.grantDate,
      terms: { type: 'time', periodLength: 1, periodUnit: 'months', occurrences: 12 },
    });
  }
  return companyId;
}

test('grants: sort by a header, search, and the order kept in the URL', async ({
  page,
  baseURL,
}) => {
  const user = await createVerifiedUser(page.request, baseURL!);
  await signIn(page, user);
  const companyId = await smallCompany(page.request, [
    { name: 'Anna Groot', quantity: 900, grantDate: '2024-03-01' },
    { name: 'Bram Klein', quantity: 10_000, grantDate: '2024-01-01' },
    { name: 'Cees Midden', quantity: 5_000, grantDate: '2024-02-01' },
  ]);
  await page.goto(`/companies/${companyId}/grants`);
  const table = page.getByRole('table', { name: L('Grants') });
  const names = firstColumn(table);
  const quantity = table.getByRole('columnheader', { name: L('Quantity') });
  const grantDate = table.getByRole('columnheader', { name: T('grants.table.grantDate') });

  // The API's order: by grant date.
  await expect(names).toHaveText(['Bram Klein', 'Cees Midden', 'Anna Groot']);
  await expect(grantDate).toHaveAttribute('aria-sort', 'ascending');
  await expect(quantity).not.toHaveAttribute('aria-sort');

  // Numbers compare as numbers: 900 < 5,000 < 10,000 (as text, "10,000" would come first).
  await quantity.getByRole('button').click();
  await expect(names).toHaveText(['Anna Groot', 'Cees Midden', 'Bram Klein']);
  await expect(quantity).toHaveAttribute('aria-sort', 'ascending');
  await expect(grantDate).not.toHaveAttribute('aria-sort');
  await expect(page).toHaveURL(/[?&]sort=quantity(&|$)/);

  // Keyboard: Enter on the focused header turns the order around.
  await quantity.getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(names).toHaveText(['Bram Klein', 'Cees Midden', 'Anna Groot']);
  await expect(quantity).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/[?&]sort=-quantity(&|$)/);

  // The order survives a reload (it is in the URL).
  await page.reload();
  await expect(names).toHaveText(['Bram Klein', 'Cees Midden', 'Anna Groot']);

  // Search the loaded grants: by stakeholder name, accents and case ignored.
  await page.getByRole('searchbox', { name: L('Search') }).fill('CEES');
  await expect(names).toHaveText(['Cees Midden']);
  await expect(page).toHaveURL(/[?&]q=CEES/);
  await page.getByRole('searchbox', { name: L('Search') }).fill('nobody');
  await expect(
    page.getByRole('heading', { name: L('No grants match these filters') }),
  ).toBeVisible();
  await page
    .getByRole('button', { name: L('Clear filters') })
    .first()
    .click();
  await expect(names).toHaveText(['Bram Klein', 'Cees Midden', 'Anna Groot']);
  await expect(page.getByRole('searchbox', { name: L('Search') })).toHaveValue('');
});

test('stakeholders: paged 50 at a time, sorted by a header, searched', async ({
  page,
  baseURL,
}) => {
  test.slow();
  const user = await createVerifiedUser(page.request, baseURL!);
  await signIn(page, user);
  const res = await page.request.post('/api/v1/company', {
    data: { companyName: `Many People B.V. ${uniqueSuffix()}` },
  });
  expect(res.status()).toBe(201);
  const companyId = ((await res.json()) as { id: string }).id;
  // 55 people: "Person 01" … "Person 55" (the numbers sort as numbers either way).
  for (let i = 1; i <= 55; i++) {
    const created = await page.request.post(`/api/v1/company/${companyId}/stakeholders`, {
      data: {
        name: `Person ${String(i).padStart(2, '0')}`,
        relationship: i % 5 === 0 ? 'advisor' : 'employee',
      },
    });
    expect(created.status()).toBe(201);
  }
  await page.goto(`/companies/${companyId}/stakeholders`);
  const table = page.getByRole('table', { name: L('Stakeholders') });
  const names = firstColumn(table);
  const pages = page.getByRole('navigation', { name: L('Stakeholders pages') });

  await expect(names).toHaveCount(50);
  await expect(names.first()).toHaveText('Person 01');
  // Fifty rows are taller than the screen: the table scrolls in its box, the header row stays.
  const region = page.getByRole('region', {
    name: T('tables.scrollable', { table: L('Stakeholders') }),
  });
  const header = table.getByRole('columnheader', { name: L('Name') });
  // The box scrolls with the keyboard once it has the focus. Once, on a loaded 2-core machine,
  // the first End scrolled the page instead while the box already showed its focus ring (issue
  // 23's CI rehearsal): focus and press again until the box scrolls.
  await expect(async () => {
    await region.focus();
    await page.keyboard.press('End');
    await expect
      .poll(() => region.evaluate((el) => el.scrollTop), { timeout: 2_000 })
      .toBeGreaterThan(500);
  }).toPass();
  const [box, head] = [(await region.boundingBox())!, (await header.boundingBox())!];
  expect(head.y).toBeGreaterThanOrEqual(box.y);
  expect(head.y).toBeLessThan(box.y + 5);
  await expect(names.last()).toBeInViewport();
  await expect(pages).toContainText(
    T('common.pager.showing', { from: '1', to: '50', total: '55' }),
  );
  await pages.getByRole('button', { name: T('common.pager.nextPage') }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(names).toHaveText(['Person 51', 'Person 52', 'Person 53', 'Person 54', 'Person 55']);
  await expect(pages).toContainText(
    T('common.pager.showing', { from: '51', to: '55', total: '55' }),
  );

  // A new order starts on the first page again.
  const name = table.getByRole('columnheader', { name: L('Name') });
  await expect(name).toHaveAttribute('aria-sort', 'ascending');
  await name.getByRole('button').click();
  await expect(name).toHaveAttribute('aria-sort', 'descending');
  await expect(page).not.toHaveURL(/[?&]page=/);
  await expect(names.first()).toHaveText('Person 55');
  await expect(pages).toContainText(
    T('common.pager.showing', { from: '1', to: '50', total: '55' }),
  );

  // By relationship, advisors (every fifth) first; within each, the API's order by name (stable).
  await table
    .getByRole('columnheader', { name: L('Relationship') })
    .getByRole('button')
    .click();
  await expect(names.first()).toHaveText('Person 05');
  await expect(names.nth(10)).toHaveText('Person 55');
  await expect(names.nth(11)).toHaveText('Person 01');

  // The search narrows the list (through the API) and the pages with it.
  await page.getByRole('searchbox', { name: L('Search') }).fill('Person 1');
  await expect(names).toHaveCount(10);
  await expect(pages).toHaveCount(0);
  await expect(page.getByText(T('stakeholders.count.matching', { count: 10 }))).toBeVisible();
});

test('column choice: kept per user across reloads, not shared with the next user', async ({
  page,
  request,
  baseURL,
}) => {
  const anna = await createVerifiedUser(page.request, baseURL!, { name: 'Anna Columns' });
  await signIn(page, anna);
  const annaCompany = await smallCompany(page.request, [
    { name: 'Eva Werknemer', quantity: 1000, grantDate: '2024-01-01' },
  ]);
  await page.goto(`/companies/${annaCompany}/grants`);
  const table = page.getByRole('table', { name: L('Grants') });
  const plan = table.getByRole('columnheader', { name: L('Plan') });
  await expect(plan).toBeVisible();

  await columnsButton(page, 'Grants').click();
  const menu = page.getByRole('menu');
  await menu.getByRole('menuitemcheckbox', { name: L('Plan') }).click();
  await expect(menu.getByRole('menuitemcheckbox', { name: L('Plan') })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  // The menu stays open for the next box.
  await menu.getByRole('menuitemcheckbox', { name: T('grants.table.exercisable') }).click();
  await page.keyboard.press('Escape');
  await expect(plan).toHaveCount(0);
  await expect(
    table.getByRole('columnheader', { name: T('grants.table.exercisable') }),
  ).toHaveCount(0);
  await expect(table.getByRole('columnheader', { name: L('Vested'), exact: true })).toBeVisible();

  await page.reload();
  await expect(table.getByRole('columnheader', { name: L('Quantity') })).toBeVisible();
  await expect(plan).toHaveCount(0);
  await expect(
    table.getByRole('columnheader', { name: T('grants.table.exercisable') }),
  ).toHaveCount(0);

  // Another person on the same browser (same localStorage) sees every column.
  await page.goto('/auth/sign-out');
  await expect(page).toHaveURL(/\/auth\/sign-in/);
  const bart = await createVerifiedUser(request, baseURL!, { name: 'Bart Columns' });
  await signIn(page, bart);
  const bartCompany = await smallCompany(page.request, [
    { name: 'Eva Werknemer', quantity: 1000, grantDate: '2024-01-01' },
  ]);
  await page.goto(`/companies/${bartCompany}/grants`);
  await expect(plan).toBeVisible();
  await expect(
    table.getByRole('columnheader', { name: T('grants.table.exercisable') }),
  ).toBeVisible();

  // Back to Anna: her choice is still hers; "Show all columns" brings them back.
  await page.goto('/auth/sign-out');
  await expect(page).toHaveURL(/\/auth\/sign-in/);
  await signIn(page, anna);
  await page.goto(`/companies/${annaCompany}/grants`);
  await expect(table.getByRole('columnheader', { name: L('Quantity') })).toBeVisible();
  await expect(plan).toHaveCount(0);
  await columnsButton(page, 'Grants').click();
  await page.getByRole('menuitem', { name: L('Show all columns') }).click();
  await expect(plan).toBeVisible();
  await page.reload();
  await expect(plan).toBeVisible();
});

test('on a narrow screen a table scrolls in its own box: focusable, with its first column and header kept in view', async ({
  page,
  baseURL,
}) => {
  const user = await createVerifiedUser(page.request, baseURL!);
  await signIn(page, user);
  const companyId = await smallCompany(page.request, [
    { name: 'Anna Groot', quantity: 900, grantDate: '2024-03-01' },
  ]);
  await page.setViewportSize({ width: 700, height: 800 });
  await page.goto(`/companies/${companyId}/grants`);
  const table = page.getByRole('table', { name: L('Grants') });
  await expect(table).toBeVisible();
  const region = page.getByRole('region', { name: T('tables.scrollable', { table: L('Grants') }) });
  await expect(region).toHaveAttribute('tabindex', '0');

  const firstCell = table.getByRole('rowheader', { name: 'Anna Groot' });
  const quantity = table.getByRole('columnheader', { name: L('Quantity') });
  const before = {
    first: (await firstCell.boundingBox())!,
    quantity: (await quantity.boundingBox())!,
  };
  // Keyboard users scroll it: focus the box, then the arrow keys.
  await region.focus();
  await expect(region).toBeFocused();
  for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowRight');
  await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(100);
  const after = {
    first: (await firstCell.boundingBox())!,
    quantity: (await quantity.boundingBox())!,
  };
  // The header row moved along; the stakeholder's column stayed where it was.
  expect(after.quantity.x).toBeLessThan(before.quantity.x - 100);
  expect(after.first.x).toBeCloseTo(before.first.x, 0);

  // The other tables (share classes here) scroll in a focusable, named box too.
  await page.goto(`/companies/${companyId}/cap-table`);
  const classes = page.getByRole('region', {
    name: T('tables.scrollable', { table: T('cap-table.shareClasses.title') }),
  });
  await expect(classes).toHaveAttribute('tabindex', '0');
  await expect(
    classes.getByRole('table', { name: T('cap-table.shareClasses.title') }),
  ).toBeVisible();
  await page.goto(`/companies/${companyId}/grants`);

  // Wide enough, the same table fits: no scroll box, no extra tab stop.
  await page.setViewportSize({ width: 1920, height: 1080 });
  await expect(
    page.getByRole('region', { name: T('tables.scrollable', { table: L('Grants') }) }),
  ).toHaveCount(0);
  await expect(table.locator('xpath=..')).not.toHaveAttribute('tabindex');
});
