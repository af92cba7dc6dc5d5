import type { APIRequestContext } from '@playwright/test';
import { expect, firmDate, test } from './support/clock';
import { createVerifiedUser, signIn } from './support/auth';
import { formatInteger } from '../src/contracts/i18n/format';
import { L, T, testLanguage } from './support/i18n';

/** A call to the business API with the page's session (its cookie jar is the browser's). */
async function api<T>(request: APIRequestContext, path: string, data: object): Promise<T> {
  const response = await request.post(`/api/v1${path}`, { data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

/** `YYYY-MM-DD`, `days` from the server's today (the firm's calendar, pinnable). */
const isoDaysFromToday = firmDate;

/**
 * Issue 5's practice view: a grant whose one-year cliff falls in the next 90 days shows on
 * /upcoming with its company, stakeholder and quantity; the type chips filter the list (and the
 * URL keeps them); the row leads to the grant. The data comes through the API: the grant form
 * has its own journey.
 */
test('upcoming: a cliff in the next 90 days, filtered by type, leads to its grant', async ({
  page,
  baseURL,
}) => {
  const user = await createVerifiedUser(page.request, baseURL!);
  await signIn(page, user);
  const suffix = Math.random().toString(36).slice(2, 8);
  const companyName = `Upcoming Holding ${suffix}`;
  const stakeholderName = `Eva Werknemer ${suffix}`;
  const company = await api<{ id: string }>(page.request, '/company', { companyName });
  const stakeholder = await api<{ id: string }>(
    page.request,
    `/company/${company.id}/stakeholders`,
    { name: stakeholderName, relationship: 'employee' },
  );
  const plan = await api<{ id: string }>(page.request, `/company/${company.id}/plans`, {
    name: 'Phantom Plan 2025',
    planType: 'phantom_shares',
    shareClassId: null,
    poolSize: 10_000,
  });
  // Vesting started 330 days ago: the 12-month cliff (a quarter of 4,800) is about 35 days away.
  const vestingStart = isoDaysFromToday(-330);
  const grant = await api<{ id: string }>(page.request, `/company/${company.id}/grants`, {
    stakeholderId: stakeholder.id,
    planId: plan.id,
    quantity: 4800,
    exercisePrice: '1.00',
    grantDate: vestingStart,
    vestingStartDate: vestingStart,
    terms: {
      type: 'time',
      periodLength: 1,
      periodUnit: 'months',
      occurrences: 48,
      cliffPeriods: 12,
    },
  });

  await test.step('the sidebar links to the practice view', async () => {
    await page.goto('/companies');
    await page
      .getByRole('navigation', { name: L('Main') })
      .getByRole('link', { name: T('shell.nav.upcoming') })
      .click();
    await expect(page).toHaveURL(/\/upcoming$/);
    await expect(page.getByRole('heading', { level: 1, name: T('upcoming.title') })).toBeVisible();
  });

  const rows = page.getByRole('row').filter({ hasText: stakeholderName });
  const cliffRow = rows.filter({ hasText: T('upcoming.type.cliff') });
  const installmentRows = rows.filter({ hasText: T('upcoming.type.installment') });
  const chips = page.getByRole('group', { name: L('Filter by type') });
  const chip = (type: string) =>
    chips.getByRole('button', { name: new RegExp(`^${T(`upcoming.types.${type}`)}`) });

  await test.step('the cliff is listed with the company, the stakeholder and the quantity', async () => {
    await expect(cliffRow).toHaveCount(1);
    await expect(cliffRow).toContainText(companyName);
    await expect(cliffRow).toContainText('Phantom Plan 2025');
    await expect(cliffRow).toContainText(formatInteger(testLanguage(), 1200));
    await expect(cliffRow.getByRole('link', { name: companyName })).toHaveAttribute(
      'href',
      `/companies/${company.id}`,
    );
    // Routine installments are left out unless asked for (issue 12), and the URL keeps the ask.
    await expect(installmentRows).toHaveCount(0);
    await expect(chip('installment')).toHaveCount(0);
    const toggle = page.getByRole('checkbox', { name: L('Show routine installments') });
    await expect(toggle).toHaveAccessibleDescription(
      L(
        'The installments that vest after a cliff, every month or quarter; cliffs are always shown.',
      ),
    );
    await toggle.check();
    await expect(page).toHaveURL(/installments=true/);
    // Monthly installments of 100 follow the cliff within the 90 days.
    await expect(installmentRows.first()).toContainText('100');
    await expect(cliffRow).toHaveCount(1);
  });

  await test.step('the type chips filter the list and live in the URL', async () => {
    await chip('cliff').click();
    await expect(page).toHaveURL(/types=cliff(&|$)/);
    await expect(chip('cliff')).toHaveAttribute('aria-pressed', 'true');
    await expect(installmentRows).toHaveCount(0);
    await expect(cliffRow).toHaveCount(1);

    await chip('cliff').click();
    await chip('expiry').click();
    await expect(
      page.getByRole('heading', { name: L('Nothing of these types in this period') }),
    ).toBeVisible();
    await page.getByRole('button', { name: L('Show all types') }).click();
    await expect(cliffRow).toHaveCount(1);

    // The URL gives the period and the filter: the cliff is 35 days away, after these 30.
    await page.goto('/upcoming?days=30&types=cliff');
    await expect(page.getByLabel(L('Show the next'))).toHaveValue('30');
    await expect(chip('cliff')).toHaveAttribute('aria-pressed', 'true');
    await expect(
      page.getByRole('heading', { name: T('upcoming.empty.title', { days: 30 }) }),
    ).toBeVisible();
    await page.getByLabel(L('Show the next')).selectOption('180');
    await expect(page).toHaveURL(/days=180/);
    await expect(page.getByLabel(L('Group by'))).toHaveValue('month');
    await expect(cliffRow).toHaveCount(1);
  });

  await test.step('the row leads to the grant', async () => {
    await cliffRow.getByRole('link', { name: stakeholderName }).click();
    await expect(page).toHaveURL(new RegExp(`/companies/${company.id}/grants/${grant.id}$`));
    await expect(
      page.getByRole('heading', {
        level: 2,
        name: T('grants.detail.heading', {
          quantity: formatInteger(testLanguage(), 4800),
          name: stakeholderName,
        }),
      }),
    ).toBeVisible();
  });
});

/**
 * Issue 6 on the practice view: a client whose valuation expires within 60 days shows in the
 * Valuations section with the days left and links to the company's Valuations tab; a client
 * with grants but no valuation shows as such. The data comes through the API.
 */
test('upcoming: a valuation expiring soon and a client without one', async ({ page, baseURL }) => {
  const user = await createVerifiedUser(page.request, baseURL!);
  await signIn(page, user);
  const suffix = Math.random().toString(36).slice(2, 8);
  const expiringName = `Waardering Soon ${suffix}`;
  const expiring = await api<{ id: string }>(page.request, '/company', {
    companyName: expiringName,
  });
  // Effective 340 days ago: valid until the day before its anniversary, about 25 days away.
  const valuation = await api<{ validUntil: string; status: string }>(
    page.request,
    `/company/${expiring.id}/valuations`,
    {
      effectiveDate: isoDaysFromToday(-340),
      purpose: 'tax_fmv',
      method: 'opm',
      enterpriseValue: '2500000',
      fullyDilutedShares: 1_000_000,
    },
  );
  expect(valuation.status).toBe('expiring');
  const missingName = `Waardering None ${suffix}`;
  const missing = await api<{ id: string }>(page.request, '/company', { companyName: missingName });
  const stakeholder = await api<{ id: string }>(
    page.request,
    `/company/${missing.id}/stakeholders`,
    { name: 'Eva Werknemer', relationship: 'employee' },
  );
  const plan = await api<{ id: string }>(page.request, `/company/${missing.id}/plans`, {
    name: 'Phantom Plan 2025',
    planType: 'phantom_shares',
    shareClassId: null,
    poolSize: 10_000,
  });
  await api(page.request, `/company/${missing.id}/grants`, {
    stakeholderId: stakeholder.id,
    planId: plan.id,
    quantity: 1000,
    exercisePrice: '1.00',
    grantDate: isoDaysFromToday(-30),
    vestingStartDate: isoDaysFromToday(-30),
    terms: { type: 'time', periodLength: 1, periodUnit: 'months', occurrences: 48 },
  });
  const daysLeft = Math.round(
    (Date.parse(`${valuation.validUntil}T00:00:00Z`) -
      Date.parse(`${isoDaysFromToday(0)}T00:00:00Z`)) /
      86_400_000,
  );

  await page.goto('/upcoming');
  const section = page.getByRole('region', { name: T('upcoming.alerts.title') });
  const rows = section.getByRole('row');

  await test.step('the expiring valuation is listed with the days left, after the missing one', async () => {
    const expiringRow = rows.filter({ hasText: expiringName });
    await expect(
      expiringRow.getByRole('cell', { name: T('upcoming.alert.expiring'), exact: true }),
    ).toBeVisible();
    await expect(
      expiringRow.getByRole('cell', {
        name: T('upcoming.alert.daysLeft', { count: daysLeft }),
        exact: true,
      }),
    ).toBeVisible();
    const missingRow = rows.filter({ hasText: missingName });
    await expect(
      missingRow.getByRole('cell', { name: T('upcoming.alert.missing'), exact: true }),
    ).toBeVisible();
    // Most urgent first: the client without a valuation comes before the expiring one.
    await expect(rows.nth(1)).toContainText(missingName);
    await expect(rows.nth(2)).toContainText(expiringName);
  });

  await test.step("the row leads to the company's Valuations tab", async () => {
    const link = rows.filter({ hasText: expiringName }).getByRole('link', { name: expiringName });
    await expect(link).toHaveAttribute('href', `/companies/${expiring.id}/valuations`);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/companies/${expiring.id}/valuations$`));
  });
});
