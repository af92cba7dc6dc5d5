import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, firmDate, test } from './support/clock';
import { formatIsoDate, formatMoney, formatPercent } from '../src/contracts/i18n/format';
import { createVerifiedUser, signIn, toast } from './support/auth';
import { L, T, testLanguage } from './support/i18n';

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

/** "23 Sep 2024" ("23 sep 2024" in nl), as the app shows an ISO date. */
function shown(iso: string): string {
  return formatIsoDate(testLanguage(), iso);
}

/** "€2.70" ("€ 2,70" in nl): an amount in euros as the Valuations tab writes it. */
function money(amount: string): string {
  return formatMoney(testLanguage(), amount, 'EUR');
}

/** "+12.50%" ("+12,50%" in nl): a change as the history writes it. */
function change(percent: string): string {
  return `+${formatPercent(testLanguage(), percent, { minFraction: 2, maxFraction: 4 })}`;
}

/** The values of "Tax FMV valuation of 1 Mar 2026" and the like, for `T()`. */
function named(purpose: string, iso: string) {
  return { purpose: T(`valuations.purpose.${purpose}`), date: shown(iso) };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The figure shown under a label of a `<dl>` (`label` is a pattern). */
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
    .getByRole('button', {
      name: new RegExp(`^(${L('Add valuation')}|${L('Add the first valuation')})$`),
    })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: L('New valuation') });
  await dialog.getByLabel(L('Effective date')).fill(v.date);
  await dialog.getByLabel(L('Purpose'), { exact: true }).selectOption(v.purpose);
  await dialog.getByLabel(T('valuations.form.method'), { exact: true }).selectOption(v.method);
  if (v.provider) await dialog.getByLabel(T('valuations.form.provider')).fill(v.provider);
  await dialog.getByLabel(L('Enterprise value')).fill(v.enterpriseValue);
  await dialog.getByLabel(L('Debt'), { exact: true }).fill(v.debt ?? '0');
  await dialog.getByLabel(L('Cash'), { exact: true }).fill(v.cash ?? '0');
  await dialog.getByLabel(T('valuations.form.fullyDilutedShares'), { exact: true }).fill(v.shares);
  await dialog.getByLabel(L('DLOM (%)')).fill(v.dlom);
  // Computed in the browser with the domain's functions, before saving.
  const preview = dialog.getByRole('region', { name: L('Computed figures') });
  await expect(figure(preview, T('valuations.figure.fmvPerShare'))).toHaveText(computed.fmv);
  await expect(figure(preview, T('valuations.figure.validUntil'))).not.toHaveText('—');
  await dialog.getByRole('button', { name: L('Add valuation') }).click();
  await expect(toast(page, T('valuations.toast.added', named(v.purpose, v.date)))).toBeVisible();
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
      .getByRole('navigation', { name: T('companies.nav.label') })
      .getByRole('link', { name: T('companies.nav.valuations') })
      .click();
    await expect(page.getByRole('heading', { name: L('No valuation yet') })).toBeVisible();
    await expect(page.getByRole('heading', { name: L('No valuations recorded') })).toBeVisible();
  });

  await test.step('a DLOM of 120% and a date two years ahead are refused on the form', async () => {
    await page.getByRole('button', { name: L('Add the first valuation') }).click();
    const dialog = page.getByRole('dialog', { name: L('New valuation') });
    const shares = dialog.getByLabel(T('valuations.form.fullyDilutedShares'), { exact: true });
    await dialog.getByLabel(L('Enterprise value')).fill('1000000');
    await shares.fill('1,000,000');
    await dialog.getByLabel(L('DLOM (%)')).fill('120');
    await dialog.getByRole('button', { name: L('Add valuation') }).click();
    // The contract's message: its own wording in English, the catalog's in other languages.
    await expect(
      dialog.getByText(
        testLanguage() === 'en'
          ? 'dlomPercent must be between 0 and 100'
          : T('validation.percentRange'),
      ),
    ).toBeVisible();
    await expect(dialog.getByLabel(L('DLOM (%)'))).toHaveAttribute('aria-invalid', 'true');
    // The server's 400 (it knows today): shown next to the field and in a toast.
    await dialog.getByLabel(L('DLOM (%)')).fill('10');
    await dialog.getByLabel(L('Effective date')).fill(isoMonthsAgo(-24));
    await dialog.getByRole('button', { name: L('Add valuation') }).click();
    const tooFarAhead = new RegExp(
      `^${escapeRegExp(T('errors.valuation.tooFarAhead', { limit: '@@' }).split('@@')[0]!)}`,
    );
    await expect(dialog.getByText(tooFarAhead)).toBeVisible();
    await expect(dialog.getByLabel(L('Effective date'))).toHaveAttribute('aria-invalid', 'true');
    await expect(toast(page, tooFarAhead)).toBeVisible();
    const dir = process.env.VALUATIONS_SCREENSHOTS;
    if (dir)
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await dialog.screenshot({ path: `${dir}/form-${width}.png` });
      }
    await page.setViewportSize({ width: 1280, height: 720 });
    await dialog.getByRole('button', { name: T('common.cancel') }).click();
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
      { fmv: money('0.70') },
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
      { fmv: money('2.40') },
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
      { fmv: money('2.70') },
    );
  });

  await test.step('the history: newest first, with changes and statuses', async () => {
    const rows = page.getByRole('table', { name: L('Valuation history') }).getByRole('row');
    await expect(rows).toHaveCount(1 + 3);
    await expect(rows.nth(1)).toContainText(shown(latest));
    await expect(rows.nth(1)).toContainText(money('3600000'));
    await expect(rows.nth(1)).toContainText(money('3.60'));
    await expect(rows.nth(1)).toContainText(change('12.50'));
    await expect(rows.nth(1)).toContainText(
      new RegExp(`${T('valuations.status.current')}|${T('valuations.status.expiring')}`),
    );
    const superseded = T('valuations.status.superseded');
    await expect(rows.nth(2)).toContainText(T('valuations.purpose.funding_round'));
    await expect(rows.nth(2)).toContainText(change('242.86'));
    await expect(rows.nth(2)).toContainText(superseded);
    await expect(rows.nth(3)).toContainText('Waarde & Co');
    await expect(rows.nth(3)).toContainText(superseded);
    await expect(
      page.getByText(`${T('valuations.badge.status')} ${superseded}`, { exact: false }),
    ).toHaveCount(2);
  });

  await test.step('the current valuation, the chart and the metrics', async () => {
    const current = page.getByRole('region', { name: L('Current valuation') });
    await expect(figure(current, T('valuations.figure.fmvPerShare'))).toHaveText(money('2.70'));
    await expect(figure(current, T('valuations.figure.pricePerShare'))).toHaveText(money('3.60'));
    await expect(figure(current, T('valuations.figure.equityValue'))).toHaveText(money('3600000'));
    await expect(figure(current, T('valuations.figure.effective'))).toHaveText(shown(latest));
    const chartTitle = L('FMV and price per share over time');
    const chart = page.getByRole('region', { name: chartTitle });
    await expect(chart.getByRole('img', { name: chartTitle })).toBeVisible();
    // The text alternative names every valuation with its figures.
    await expect(chart.getByRole('img', { name: chartTitle })).toHaveAccessibleDescription(
      new RegExp(
        escapeRegExp(
          T('valuations.chart.summaryRound', {
            date: shown(round),
            fmv: money('2.40'),
            price: money('3.00'),
          }),
        ),
      ),
    );
    await expect(
      chart.getByText(T('valuations.chart.round', { date: shown(round) })),
    ).toBeVisible();
    const metrics = page.getByRole('region', { name: L('Metrics') });
    await expect(figure(metrics, escapeRegExp(L('FMV growth (CAGR)')))).toContainText(
      T('valuations.metrics.cagrPerYear', { percent: '' }).trim(),
    );
    await expect(figure(metrics, T('valuations.metrics.underwaterGrants'))).toHaveText('0');
    await expect(figure(metrics, L('Priced below FMV at grant'))).toHaveText('1');
    const below = metrics.getByRole('table', { name: T('valuations.belowFmv.title') });
    await expect(below.getByRole('row', { name: /Vera Waarde/ })).toContainText(money('2.40'));
    await expect(below.getByRole('row', { name: /Vera Waarde/ })).toContainText(money('1.90'));
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
      .getByRole('navigation', { name: T('companies.nav.label') })
      .getByRole('link', { name: T('companies.nav.grants') })
      .click();
    const row = page.getByRole('table', { name: T('grants.table.label') }).getByRole('row', {
      name: /Vera Waarde/,
    });
    await expect(row).toContainText(L('Below FMV at grant'));
    // (2.70 − 0.50) × 4,800 outstanding.
    await expect(row).toContainText(money('10560'));
  });

  await test.step('the grant page explains the tax risk', async () => {
    await page.goto(`/companies/${company.id}/valuations`);
    await page
      .getByRole('table', { name: T('valuations.belowFmv.title') })
      .getByRole('link', { name: 'Vera Waarde' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/grants/${grant.id}$`));
    const today = page.getByRole('region', { name: T('grants.detail.today') });
    await expect(figure(today, L('Current FMV'))).toHaveText(money('2.70'));
    await expect(figure(today, L('Intrinsic value'))).toHaveText(money('10560'));
    await expect(
      today.getByText(
        T('valuations.flags.sentence', {
          text: T('valuations.flags.belowFmvText', { fmv: money('2.40') }),
        }),
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
    await page.getByRole('button', { name: T('grants.exercise.trigger'), exact: true }).click();
    const confirm = page.getByRole('alertdialog', {
      name: T('grants.exercise.title', { name: 'Vera Waarde' }),
    });
    await expect(confirm.getByLabel(T('grants.exercise.date'))).toHaveAccessibleDescription(
      T('grants.exercise.cashHint'),
    );
    await confirm.getByLabel(T('grants.exercise.quantity')).fill('100');
    await confirm.getByRole('button', { name: T('grants.exercise.confirm') }).click();
    await expect(toast(page, T('grants.exercise.done', { quantity: '100' }))).toBeVisible();
    // (2.70 − 0.50) × 100, at the FMV of the valuation in force today.
    await expect(
      page
        .getByRole('table', { name: T('grants.exercises.title') })
        .getByRole('row')
        .nth(1),
    ).toContainText(money('220'));
  });

  await test.step('a report PDF: checked before upload, uploaded, removed; a valuation deleted', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/companies/${company.id}/valuations`);
    const history = page.getByRole('table', { name: L('Valuation history') });
    const editLatest = T('valuations.dialog.editTitle', named('tax_fmv', latest));
    await history.getByRole('button', { name: editLatest }).click();
    const dialog = page.getByRole('dialog', { name: editLatest });
    const file = dialog.getByLabel(L('Report (PDF)'));
    await file.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('x'),
    });
    await expect(dialog.getByText(L('The report must be a PDF file'))).toBeVisible();
    await file.setInputFiles({
      name: 'valuation-report.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
    });
    await expect(dialog.getByText(L('The report must be a PDF file'))).toHaveCount(0);
    await dialog.getByRole('button', { name: L('Save valuation') }).click();
    await expect(toast(page, L('Report valuation-report.pdf uploaded'))).toBeVisible();
    const newest = history.getByRole('row').nth(1);
    const pdfLink = `${T('valuations.history.pdf')} ${T('valuations.history.reportOf', { date: shown(latest) })}`;
    await expect(newest.getByRole('link', { name: pdfLink })).toBeVisible();

    await newest.getByRole('button', { name: editLatest }).click();
    await expect(dialog.getByText('valuation-report.pdf')).toBeVisible();
    await expect(dialog.getByRole('link', { name: L('Download') })).toHaveAttribute(
      'href',
      /\/report$/,
    );
    await dialog.getByRole('button', { name: L('Remove report') }).click();
    await page
      .getByRole('alertdialog', { name: L('Remove the report?') })
      .getByRole('button', { name: L('Remove report') })
      .click();
    await expect(toast(page, L('Report removed'))).toBeVisible();
    await dialog.getByRole('button', { name: T('common.cancel') }).click();
    await expect(newest.getByRole('link', { name: pdfLink })).toHaveCount(0);

    await history
      .getByRole('button', { name: T('valuations.delete.label', named('tax_fmv', first)) })
      .click();
    await page
      .getByRole('alertdialog', { name: T('valuations.delete.title', named('tax_fmv', first)) })
      .getByRole('button', { name: L('Delete valuation') })
      .click();
    await expect(toast(page, T('valuations.toast.deleted', named('tax_fmv', first)))).toBeVisible();
    await expect(history.getByRole('row')).toHaveCount(1 + 2);
  });
});
