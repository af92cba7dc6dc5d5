import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { createVerifiedUser, signIn, toast } from './support/auth';
import { count, isoDate, T } from './support/i18n';

/** A call to the business API with the page's session (its cookie jar is the browser's). */
async function api<T>(request: APIRequestContext, path: string, data: object): Promise<T> {
  const response = await request.post(`/api/v1${path}`, { data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

/**
 * A company with an ordinary share class and a STAK, made through the API: the Stakeholders and
 * Cap table screens have journeys of their own.
 */
async function companyWithClassAndStak(page: Page) {
  const suffix = Math.random().toString(36).slice(2, 8);
  const company = await api<{ id: string; companyName: string }>(page.request, '/company', {
    companyName: `Plans Holding ${suffix}`,
  });
  await api(page.request, `/company/${company.id}/share-classes`, {
    name: 'Ordinary',
    nominalValue: '0.01',
  });
  await api(page.request, `/company/${company.id}/stakeholders`, {
    name: 'Stichting Administratiekantoor Plans',
    kind: 'institution',
    relationship: 'stak',
  });
  return company;
}

/** The figure shown under a label of a `<dl>` ("Reserved" → "2,000"). */
function figure(scope: Locator, label: string) {
  label = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return scope.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=../dd');
}

test('plans: create a receipt plan, adjust its pool, edit its leaver rules, add a phantom plan, delete plans', async ({
  page,
  baseURL,
}) => {
  const user = await createVerifiedUser(page.request, baseURL!);
  await signIn(page, user);
  const company = await companyWithClassAndStak(page);
  const planName = 'STAK Option Plan 2024';

  await test.step('the Plans tab starts empty', async () => {
    await page.goto(`/companies/${company.id}`);
    await page
      .getByRole('navigation', { name: T('companies.nav.label') })
      .getByRole('link', { name: T('companies.nav.plans') })
      .click();
    await expect(page).toHaveURL(new RegExp(`/companies/${company.id}/plans$`));
    await expect(page.getByRole('heading', { name: T('plans.empty.title') })).toBeVisible();
  });

  await test.step('create an options-on-depositary-receipts plan with a pool of 1,500', async () => {
    await page.getByRole('button', { name: T('plans.new') }).click();
    const dialog = page.getByRole('dialog', { name: T('plans.dialog.newTitle') });
    await dialog.getByLabel(T('plans.form.name'), { exact: true }).fill(planName);
    await dialog
      .getByLabel(T('plans.form.planType'), { exact: true })
      .selectOption({ label: T('plans.type.receipt_options') });
    // The only share class and the only STAK are chosen for the lawyer.
    await expect(dialog.getByLabel(T('plans.form.shareClass'), { exact: true })).toHaveValue(
      /[0-9a-f-]{36}/,
    );
    await expect(dialog.getByLabel(T('plans.form.stak'), { exact: true })).toHaveValue(
      /[0-9a-f-]{36}/,
    );
    await dialog.getByLabel(T('plans.form.poolSize'), { exact: true }).fill('1,500');
    await dialog.getByLabel(T('plans.form.boardApproval'), { exact: true }).fill('2024-01-15');
    await dialog.getByLabel(T('plans.form.exerciseWindow')).fill('3');
    await dialog.getByRole('radio', { name: T('plans.trigger.double') }).check();
    await dialog.getByLabel(T('plans.form.acceleratedPart')).fill('100');
    await dialog.getByLabel(T('plans.form.window')).fill('12');
    await dialog.getByRole('button', { name: T('plans.dialog.create') }).click();
    await expect(toast(page, T('plans.toast.created', { name: planName }))).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  await test.step('the list shows the plan and its pool figures', async () => {
    const card = page.getByRole('article', { name: planName });
    await expect(card.getByText(T('plans.type.receipt_options'))).toBeVisible();
    await expect(figure(card, T('plans.detail.shareClass'))).toHaveText('Ordinary');
    await expect(figure(card, T('plans.detail.stak'))).toHaveText(
      'Stichting Administratiekantoor Plans',
    );
    await expect(figure(card, T('plans.detail.boardApproval'))).toHaveText(isoDate('2024-01-15'));
    await expect(figure(card, T('plans.pool.reserved'))).toHaveText(count(1500));
    await expect(figure(card, T('plans.pool.granted'))).toHaveText('0');
    await expect(figure(card, T('plans.pool.available'))).toHaveText(count(1500));
    await expect(
      card.getByRole('meter', { name: T('plans.pool.usedLabel', { plan: planName }) }),
    ).toHaveAttribute(
      'aria-valuetext',
      T('plans.pool.usedText', { granted: '0', reserved: count(1500), used: '0%' }),
    );
    await expect(card.getByText(T('plans.cashSettled'))).toHaveCount(0);
  });

  await test.step('add a pool adjustment of +500: reserved becomes 2,000', async () => {
    await page
      .getByRole('link', { name: T('plans.list.poolAndTermsOf', { name: planName }) })
      .click();
    await expect(page.getByRole('heading', { level: 2, name: planName })).toBeVisible();
    await page.getByRole('button', { name: T('plans.adjustment.addTitle') }).click();
    const dialog = page.getByRole('dialog', { name: T('plans.adjustment.addTitle') });
    await expect(dialog.getByRole('radio', { name: T('plans.adjustment.increase') })).toBeChecked();
    await dialog.getByLabel(T('plans.adjustment.shares'), { exact: true }).fill('500');
    await dialog.getByLabel(T('plans.adjustment.date'), { exact: true }).fill('2024-06-01');
    await dialog.getByLabel(T('plans.adjustment.reason'), { exact: true }).fill('Series A top-up');
    await dialog.getByRole('button', { name: T('plans.adjustment.add') }).click();
    await expect(toast(page, T('plans.adjustment.added'))).toBeVisible();

    const pool = page.getByRole('region', { name: T('plans.detail.pool'), exact: true });
    await expect(figure(pool, T('plans.pool.reserved'))).toHaveText(count(2000));
    await expect(figure(pool, T('plans.pool.available'))).toHaveText(count(2000));
    const history = pool.getByRole('table', { name: T('plans.history.label', { plan: planName }) });
    const row = history.getByRole('row', { name: /Series A top-up/ });
    await expect(row.getByRole('cell', { name: `+${count(500)}`, exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: count(2000), exact: true })).toBeVisible();
    await expect(
      history.getByRole('row', { name: new RegExp(T('plans.history.reservedToday')) }),
    ).toContainText(count(2000));
  });

  await test.step('a release beyond the pool is refused with the server message', async () => {
    await page.getByRole('button', { name: T('plans.adjustment.addTitle') }).click();
    const dialog = page.getByRole('dialog', { name: T('plans.adjustment.addTitle') });
    await dialog.getByRole('radio', { name: T('plans.adjustment.release') }).check();
    const shares = dialog.getByLabel(T('plans.adjustment.shares'), { exact: true });
    await shares.fill('5000');
    await dialog.getByLabel(T('plans.adjustment.date'), { exact: true }).fill('2025-01-01');
    await dialog.getByRole('button', { name: T('plans.adjustment.add') }).click();
    // The server's 409 in the reader's language, the date written out.
    const values = {
      plan: planName,
      reserved: -3000,
      date: isoDate('2025-01-01', 'long'),
      available: 2000,
    };
    await expect(toast(page, T('errors.pool.belowZero', values))).toBeVisible();
    await expect(shares).toHaveAttribute('aria-invalid', 'true');
    await expect(shares).toHaveAccessibleDescription(T('errors.pool.belowZero.field', values));
    await dialog.getByRole('button', { name: T('common.cancel') }).click();
    await expect(dialog).toBeHidden();
    await expect(
      figure(
        page.getByRole('region', { name: T('plans.detail.pool'), exact: true }),
        T('plans.pool.reserved'),
      ),
    ).toHaveText(count(2000));
  });

  await test.step('edit the leaver policy', async () => {
    const terms = page.getByRole('region', { name: T('plans.detail.terms'), exact: true });
    await expect(figure(terms, T('plans.detail.badLeaver'))).toHaveText(
      T('plans.leaverRule', { unvested: 'forfeit', vested: 'forfeit' }),
    );
    await page.getByRole('button', { name: T('plans.edit'), exact: true }).click();
    const dialog = page.getByRole('dialog', {
      name: T('plans.dialog.editTitle', { name: planName }),
    });
    const good = dialog.getByRole('group', { name: T('plans.form.goodLeaver') });
    await good
      .getByRole('group', { name: T('plans.form.unvestedAwards') })
      .getByRole('radio', { name: T('plans.unvested.continue') })
      .check();
    const bad = dialog.getByRole('group', { name: T('plans.form.badLeaver') });
    await bad
      .getByRole('group', { name: T('plans.form.vestedAwards') })
      .getByRole('radio', { name: T('plans.vested.keep') })
      .check();
    await dialog.getByRole('button', { name: T('plans.dialog.save') }).click();
    await expect(toast(page, T('plans.toast.updated', { name: planName }))).toBeVisible();
    await expect(figure(terms, T('plans.detail.goodLeaver'))).toHaveText(
      T('plans.leaverRule', { unvested: 'continue', vested: 'keep' }),
    );
    await expect(figure(terms, T('plans.detail.badLeaver'))).toHaveText(
      T('plans.leaverRule', { unvested: 'forfeit', vested: 'keep' }),
    );
    await expect(figure(terms, T('plans.detail.acceleration'))).toHaveText(
      T('plans.acceleration.window', {
        text: T('plans.acceleration.percent', { trigger: T('plans.trigger.double'), percent: 100 }),
        months: T('plans.months', { count: 12 }),
      }),
    );
  });

  await test.step('create a phantom plan: it is marked cash-settled', async () => {
    await page.getByRole('link', { name: T('plans.back') }).click();
    await page.getByRole('button', { name: T('plans.new') }).click();
    const dialog = page.getByRole('dialog', { name: T('plans.dialog.newTitle') });
    await dialog.getByLabel(T('plans.form.planType'), { exact: true }).selectOption({
      label: T('plans.form.cashSettledSuffix', { type: T('plans.type.phantom_shares') }),
    });
    await expect(dialog.getByLabel(T('plans.form.shareClass'), { exact: true })).toHaveCount(0);
    await expect(dialog.getByText(T('plans.form.shareClass.none'))).toBeVisible();
    await dialog.getByLabel(T('plans.form.poolSize'), { exact: true }).fill('1000');
    // A name in use is refused by the server (409 naming the field): shown next to the name.
    const name = dialog.getByLabel(T('plans.form.name'), { exact: true });
    await name.fill(planName.toUpperCase());
    await dialog.getByRole('button', { name: T('plans.dialog.create') }).click();
    await expect(name).toHaveAccessibleDescription(T('errors.plan.nameTaken.field'));
    await name.fill('Phantom Plan');
    await dialog.getByRole('button', { name: T('plans.dialog.create') }).click();
    await expect(toast(page, T('plans.toast.created', { name: 'Phantom Plan' }))).toBeVisible();
    const card = page.getByRole('article', { name: 'Phantom Plan' });
    await expect(card.getByText(T('plans.cashSettled'), { exact: true })).toBeVisible();
    await expect(figure(card, T('plans.detail.shareClass'))).toHaveText(T('plans.none'));
    await expect(figure(card, T('plans.pool.reserved'))).toHaveText(count(1000));
  });

  await test.step('delete the phantom plan from the list', async () => {
    await page
      .getByRole('button', { name: T('plans.deleteNamed', { name: 'Phantom Plan' }) })
      .click();
    const confirm = page.getByRole('alertdialog', {
      name: T('plans.delete.title', { name: 'Phantom Plan' }),
    });
    await confirm.getByRole('button', { name: T('plans.delete.confirm') }).click();
    await expect(toast(page, T('plans.delete.trashed', { name: 'Phantom Plan' }))).toBeVisible();
    await expect(page.getByRole('article', { name: 'Phantom Plan' })).toHaveCount(0);
    await expect(page.getByRole('article', { name: planName })).toBeVisible();
  });

  await test.step('delete the receipt plan from its page', async () => {
    await page
      .getByRole('link', { name: T('plans.list.poolAndTermsOf', { name: planName }) })
      .click();
    await page.getByRole('button', { name: T('plans.delete'), exact: true }).click();
    const confirm = page.getByRole('alertdialog', {
      name: T('plans.delete.title', { name: planName }),
    });
    await confirm.getByRole('button', { name: T('plans.delete.confirm') }).click();
    await expect(toast(page, T('plans.delete.trashed', { name: planName }))).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/companies/${company.id}/plans$`));
    await expect(page.getByRole('heading', { name: T('plans.empty.title') })).toBeVisible();
  });
});
