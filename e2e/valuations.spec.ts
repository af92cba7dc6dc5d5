import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, firmDate, test } from './support/clock';
import { createVerifiedUser, signIn, toast } from './support/auth';

/** A call to the business API with the page's session (its cookie jar is the browser's). */
async function api<T>(request: APIRequestContext, path: string, data: object): Promise<T> {
  const response = await request.post(`/api/v1${path}`, { data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

/** Today − n months in the firm's calendar, as YYYY-MM-DD; the day is clamped to 28. */
function isoMonthsAgo(months: number): string {
  const now = new Date(`${firmDate()}T00:00:00Z`);
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1));
  const day = Math.min(now.getUTCDate(), 28);
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** "23 Sep 2024", as the app shows an ISO date. */
function shown(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );
}

/** The figure shown under a label of a `<dl>`. */
function figure(scope: Locator, label: string) {
  return scope.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=../dd');
}

/** The page does not scroll sideways (wide tables scroll inside their own box). */
async function expectNoPageOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

type ValuationInput = {
  date: string;
  purpose: string;
  method: string;
  enterpriseValue: string;
  debt?: string;
  cash?: string;
  shares: string;
  dlom: string;
  provider?: string;
};

async function addValuation(page: Page, v: ValuationInput, computed: { fmv: string }) {
  await page
    .getByRole('button', { name: /^Add (the first )?valuation$/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'New valuation' });
  await dialog.getByLabel('Effective date').fill(v.date);
  await dialog.getByLabel('Purpose').selectOption(v.purpose);
  await dialog.getByLabel('Method').selectOption(v.method);
  if (v.provider) await dialog.getByLabel('Provider').fill(v.provider);
  await dialog.getByLabel('Enterprise value').fill(v.enterpriseValue);
  await dialog.getByLabel('Debt', { exact: true }).fill(v.debt ?? '0');
  await dialog.getByLabel('Cash', { exact: true }).fill(v.cash ?? '0');
  await dialog.getByLabel('Fully diluted shares').fill(v.shares);
  await dialog.getByLabel('DLOM (%)').fill(v.dlom);
  // Computed in the browser with the domain's functions, before saving.
  const preview = dialog.getByRole('region', { name: 'Computed figures' });
  await expect(figure(preview, 'FMV per share')).toHaveText(computed.fmv);
  await expect(figure(preview, 'Valid until')).not.toHaveText('—');
  await dialog.getByRole('button', { name: 'Add valuation' }).click();
  await expect(toast(page, new RegExp(`valuation of ${shown(v.date)} added`))).toBeVisible();
  await expect(dialog).toHaveCount(0);
}

/**
 * Issue 6's journey: three valuations over two years (one a funding round), the history with
 * statuses and changes, the chart, the metrics, and a grant priced at EUR 0.50 while the FMV on
 * its grant date was EUR 2.40 — flagged on the Valuations tab, the Grants tab and the grant page.
 * The company, its share class, employee, plan and grant come through the API.
 */
test('valuations: history, chart, metrics and a grant priced below FMV', async ({
  page,
  baseURL,
}) => {
  const user = await createVerifiedUser(page.request, baseURL!);
  await signIn(page, user);
  const suffix = Math.random().toString(36).slice(2, 8);
  const company = await api<{ id: string }>(page.request, '/company', {
    companyName: `Valuation Holding ${suffix}`,
  });
  await api(page.request, `/company/${company.id}/share-classes`, {
    name: 'Ordinary',
    nominalValue: '0.01',
  });
  const stakeholder = await api<{ id: string }>(
    page.request,
    `/company/${company.id}/stakeholders`,
    { name: 'Vera Waarde', relationship: 'employee' },
  );
  const plan = await api<{ id: string }>(page.request, `/company/${company.id}/plans`, {
    name: 'Phantom Plan',
    planType: 'phantom_shares',
    shareClassId: null,
    poolSize: 10_000,
  });
  const grantDate = isoMonthsAgo(13);
  const grant = await api<{ id: string }>(page.request, `/company/${company.id}/grants`, {
    stakeholderId: stakeholder.id,
    planId: plan.id,
    quantity: 4800,
    exercisePrice: '0.50',
    grantDate,
    vestingStartDate: grantDate,
    terms: {
      type: 'time',
      periodLength: 1,
      periodUnit: 'months',
      occurrences: 48,
      cliffPeriods: 12,
    },
  });
  const first = isoMonthsAgo(26);
  const round = isoMonthsAgo(14);
  const latest = isoMonthsAgo(2);

  await test.step('the empty tab invites the first valuation', async () => {
    await page.goto(`/companies/${company.id}`);
    await page
      .getByRole('navigation', { name: 'Company' })
      .getByRole('link', { name: 'Valuations' })
      .click();
    await expect(page.getByRole('heading', { name: 'No valuation yet' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No valuations recorded' })).toBeVisible();
  });

  await test.step('a DLOM of 120% and a date two years ahead are refused on the form', async () => {
    await page.getByRole('button', { name: 'Add the first valuation' }).click();
    const dialog = page.getByRole('dialog', { name: 'New valuation' });
    await dialog.getByLabel('Enterprise value').fill('1000000');
    await dialog.getByLabel('Fully diluted shares').fill('1,000,000');
    await dialog.getByLabel('DLOM (%)').fill('120');
    await dialog.getByRole('button', { name: 'Add valuation' }).click();
    await expect(dialog.getByText('dlomPercent must be between 0 and 100')).toBeVisible();
    await expect(dialog.getByLabel('DLOM (%)')).toHaveAttribute('aria-invalid', 'true');
    // The server's 400 (it knows today): shown next to the field and in a toast.
    await dialog.getByLabel('DLOM (%)').fill('10');
    await dialog.getByLabel('Effective date').fill(isoMonthsAgo(-24));
    await dialog.getByRole('button', { name: 'Add valuation' }).click();
    await expect(dialog.getByText(/effectiveDate can be at most one year ahead/)).toBeVisible();
    await expect(dialog.getByLabel('Effective date')).toHaveAttribute('aria-invalid', 'true');
    await expect(toast(page, /effectiveDate can be at most one year ahead/)).toBeVisible();
    const dir = process.env.VALUATIONS_SCREENSHOTS;
    if (dir)
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await dialog.screenshot({ path: `${dir}/form-${width}.png` });
      }
    await page.setViewportSize({ width: 1280, height: 720 });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  await test.step('three valuations over two years, one a funding round', async () => {
    await addValuation(
      page,
      {
        date: first,
        purpose: 'tax_fmv',
        method: 'dcf',
        enterpriseValue: '1000000',
        shares: '1,000,000',
        dlom: '30',
        provider: 'Waarde & Co',
      },
      { fmv: 'EUR 0.70' },
    );
    await addValuation(
      page,
      {
        date: round,
        purpose: 'funding_round',
        method: 'recent_round',
        enterpriseValue: '3000000',
        shares: '1000000',
        dlom: '20',
      },
      { fmv: 'EUR 2.40' },
    );
    await addValuation(
      page,
      {
        date: latest,
        purpose: 'tax_fmv',
        method: 'opm',
        enterpriseValue: '4000000',
        debt: '500000',
        cash: '100000',
        shares: '1000000',
        dlom: '25',
      },
      { fmv: 'EUR 2.70' },
    );
  });

  await test.step('the history: newest first, with changes and statuses', async () => {
    const rows = page.getByRole('table', { name: 'Valuation history' }).getByRole('row');
    await expect(rows).toHaveCount(1 + 3);
    await expect(rows.nth(1)).toContainText(shown(latest));
    await expect(rows.nth(1)).toContainText('EUR 3,600,000.00');
    await expect(rows.nth(1)).toContainText('EUR 3.60');
    await expect(rows.nth(1)).toContainText('+12.50%');
    await expect(rows.nth(1)).toContainText(/Current|Expiring/);
    await expect(rows.nth(2)).toContainText('Funding round');
    await expect(rows.nth(2)).toContainText('+242.86%');
    await expect(rows.nth(2)).toContainText('Superseded');
    await expect(rows.nth(3)).toContainText('Waarde & Co');
    await expect(rows.nth(3)).toContainText('Superseded');
    await expect(page.getByText('Status: Superseded', { exact: false })).toHaveCount(2);
  });

  await test.step('the current valuation, the chart and the metrics', async () => {
    const current = page.getByRole('region', { name: 'Current valuation' });
    await expect(figure(current, 'FMV per share')).toHaveText('EUR 2.70');
    await expect(figure(current, 'Price per share')).toHaveText('EUR 3.60');
    await expect(figure(current, 'Equity value')).toHaveText('EUR 3,600,000.00');
    await expect(figure(current, 'Effective')).toHaveText(shown(latest));
    const chart = page.getByRole('region', { name: 'FMV and price per share over time' });
    await expect(
      chart.getByRole('img', { name: /FMV and price per share over time/ }),
    ).toBeVisible();
    await expect(chart.getByText(`Funding round (${shown(round)})`)).toBeVisible();
    const metrics = page.getByRole('region', { name: 'Metrics' });
    await expect(figure(metrics, 'FMV growth \\(CAGR\\)')).toContainText('a year');
    await expect(figure(metrics, 'Underwater grants')).toHaveText('0');
    await expect(figure(metrics, 'Priced below FMV at grant')).toHaveText('1');
    const below = metrics.getByRole('table', {
      name: 'Grants priced below the FMV at grant date',
    });
    await expect(below.getByRole('row', { name: /Vera Waarde/ })).toContainText('EUR 2.40');
    await expect(below.getByRole('row', { name: /Vera Waarde/ })).toContainText('EUR 1.90');
  });

  await test.step('the screens fit a phone and a desktop', async () => {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoPageOverflow(page);
      const dir = process.env.VALUATIONS_SCREENSHOTS;
      if (dir) await page.screenshot({ path: `${dir}/valuations-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  await test.step('the Grants tab flags the grant and shows its intrinsic value', async () => {
    await page
      .getByRole('navigation', { name: 'Company' })
      .getByRole('link', { name: 'Grants' })
      .click();
    const row = page.getByRole('table', { name: 'Grants' }).getByRole('row', {
      name: /Vera Waarde/,
    });
    await expect(row).toContainText('Below FMV at grant');
    // (2.70 − 0.50) × 4,800 outstanding.
    await expect(row).toContainText('EUR 10,560.00');
  });

  await test.step('the grant page explains the tax risk', async () => {
    await page.goto(`/companies/${company.id}/valuations`);
    await page
      .getByRole('table', { name: 'Grants priced below the FMV at grant date' })
      .getByRole('link', { name: 'Vera Waarde' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/grants/${grant.id}$`));
    const today = page.getByRole('region', { name: 'Today' });
    await expect(figure(today, 'Current FMV')).toHaveText('EUR 2.70');
    await expect(figure(today, 'Intrinsic value')).toHaveText('EUR 10,560.00');
    await expect(
      today.getByText(
        'Exercise price below the FMV of EUR 2.40 valid on the grant date — a tax risk.',
      ),
    ).toBeVisible();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoPageOverflow(page);
      const dir = process.env.VALUATIONS_SCREENSHOTS;
      if (dir) await page.screenshot({ path: `${dir}/grant-${width}.png`, fullPage: true });
    }
  });
  await test.step("exercising the phantom grant records the cash settlement at today's FMV", async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Exercise', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Exercise options of Vera Waarde' });
    await expect(confirm.getByLabel('Exercise date')).toHaveAccessibleDescription(
      /computed at the FMV of the valuation valid on the exercise date/,
    );
    await confirm.getByLabel('Quantity to exercise').fill('100');
    await confirm.getByRole('button', { name: 'Record exercise' }).click();
    await expect(toast(page, 'Exercise of 100 recorded')).toBeVisible();
    // (2.70 − 0.50) × 100, at the FMV of the valuation in force today.
    await expect(
      page.getByRole('table', { name: 'Exercises' }).getByRole('row').nth(1),
    ).toContainText('Cash settlement EUR 220.00 at FMV 2.70');
  });

  await test.step('a report PDF: checked before upload, uploaded, removed; a valuation deleted', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/companies/${company.id}/valuations`);
    const history = page.getByRole('table', { name: 'Valuation history' });
    await history
      .getByRole('button', { name: `Edit the Tax FMV valuation of ${shown(latest)}` })
      .click();
    const dialog = page.getByRole('dialog', { name: /^Edit the Tax FMV valuation/ });
    const file = dialog.getByLabel('Report (PDF)');
    await file.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('x'),
    });
    await expect(dialog.getByText('The report must be a PDF file')).toBeVisible();
    await file.setInputFiles({
      name: 'valuation-report.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
    });
    await expect(dialog.getByText('The report must be a PDF file')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Save valuation' }).click();
    await expect(toast(page, 'Report valuation-report.pdf uploaded')).toBeVisible();
    const newest = history.getByRole('row').nth(1);
    await expect(newest.getByRole('link', { name: /PDF report/ })).toBeVisible();

    await newest.getByRole('button', { name: /^Edit the/ }).click();
    await expect(dialog.getByText('valuation-report.pdf')).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      /\/report$/,
    );
    await dialog.getByRole('button', { name: 'Remove report' }).click();
    await page
      .getByRole('alertdialog', { name: 'Remove the report?' })
      .getByRole('button', { name: 'Remove report' })
      .click();
    await expect(toast(page, 'Report removed')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(newest.getByRole('link', { name: /PDF report/ })).toHaveCount(0);

    await history
      .getByRole('button', { name: `Delete the Tax FMV valuation of ${shown(first)}` })
      .click();
    await page
      .getByRole('alertdialog', { name: /^Delete the Tax FMV valuation/ })
      .getByRole('button', { name: 'Delete valuation' })
      .click();
    await expect(toast(page, `Tax FMV valuation of ${shown(first)} deleted`)).toBeVisible();
    await expect(history.getByRole('row')).toHaveCount(1 + 2);
  });
});
