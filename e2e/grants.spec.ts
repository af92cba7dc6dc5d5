import { type APIRequestContext, type Locator } from '@playwright/test';
import { expect, test } from './support/test';
import { createVerifiedUser, signIn, toast } from './support/auth';
import { formatInteger, formatIsoDate, formatMoney } from '../src/contracts/i18n/format';
import { T, testLanguage } from './support/i18n';

/** A count as the app writes it in the test's language ("10,000"; "10.000" in Dutch). */
const n = (value: number) => formatInteger(testLanguage(), value);
/** A date as the app writes it in the test's language ("15 Jan 2025"; "15 jan 2025"). */
const d = (iso: string) => formatIsoDate(testLanguage(), iso);

/** A call to the business API with the page's session (its cookie jar is the browser's). */
async function api<T>(request: APIRequestContext, path: string, data: object): Promise<T> {
  const response = await request.post(`/api/v1${path}`, { data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

/** The figure shown under a label of a `<dl>` ("Vested" → "3,542"). */
function figure(scope: Locator, label: string) {
  const text = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return scope.locator('dt', { hasText: new RegExp(`^${text}$`) }).locator('xpath=../dd');
}

/**
 * Issue 5's journey: a plan with a "4 years monthly, 1-year cliff" default template, a grant of
 * 10,000 options with its live preview (2,500 at the cliff), the saved schedule, a good-leaver
 * termination (unvested forfeited, exercise deadline), the cap table before and after an exercise.
 * The company, its share class, the employee and the template come through the API: their
 * screens have journeys of their own.
 */
test('grants: template plan, grant with preview, good leaver, exercise, cap table', async ({
  page,
  baseURL,
}) => {
  const user = await createVerifiedUser(page.request, baseURL!);
  await signIn(page, user);
  const suffix = Math.random().toString(36).slice(2, 8);
  const company = await api<{ id: string }>(page.request, '/company', {
    companyName: `Grants Holding ${suffix}`,
  });
  await api(page.request, `/company/${company.id}/share-classes`, {
    name: 'Ordinary',
    nominalValue: '0.01',
  });
  await api(page.request, `/company/${company.id}/stakeholders`, {
    name: 'Eva Werknemer',
    relationship: 'employee',
  });
  const templateName = `4 years monthly, 1-year cliff ${suffix}`;
  await api(page.request, '/vesting-templates', {
    name: templateName,
    terms: {
      type: 'time',
      periodLength: 1,
      periodUnit: 'months',
      occurrences: 48,
      cliffPeriods: 12,
    },
  });

  await test.step('create a plan whose default template is 4 years monthly, 1-year cliff', async () => {
    await page.goto(`/companies/${company.id}/plans`);
    await page.getByRole('button', { name: T('plans.new') }).click();
    const dialog = page.getByRole('dialog', { name: T('plans.dialog.newTitle') });
    await dialog.getByLabel(T('plans.form.name'), { exact: true }).fill('ESOP 2024');
    await dialog.getByLabel(T('plans.form.poolSize'), { exact: true }).fill('20,000');
    await dialog.getByLabel(T('plans.form.exerciseWindow')).fill('24');
    await dialog.getByLabel(T('plans.form.template')).selectOption({ label: templateName });
    await dialog.getByRole('button', { name: T('plans.dialog.create') }).click();
    await expect(toast(page, T('plans.toast.created', { name: 'ESOP 2024' }))).toBeVisible();
  });

  await test.step('grant 10,000 options: the preview shows 2,500 at the cliff', async () => {
    await page
      .getByRole('navigation', { name: T('companies.nav.label') })
      .getByRole('link', { name: T('companies.nav.grants') })
      .click();
    await expect(page.getByRole('heading', { name: T('grants.table.empty') })).toBeVisible();
    await page.getByRole('button', { name: T('grants.new') }).click();
    const dialog = page.getByRole('dialog', { name: T('grants.new') });
    await dialog.getByLabel(T('grants.form.stakeholder')).selectOption({
      label: T('grants.form.stakeholder.option', {
        name: 'Eva Werknemer',
        relationship: T('stakeholders.relationship.employee'),
      }),
    });
    // The only plan is chosen, and its default template gives the terms.
    await expect(dialog.getByLabel(T('grants.form.plan'), { exact: true })).toHaveValue(
      /[0-9a-f-]{36}/,
    );
    await expect(dialog.getByLabel(T('grants.form.template'))).toHaveValue(/[0-9a-f-]{36}/);
    await expect(dialog.getByLabel(T('vesting.time.occurrences'))).toHaveValue('48');
    await expect(dialog.getByLabel(T('vesting.time.cliff'))).toHaveValue('12');
    await dialog.getByLabel(T('grants.form.quantity'), { exact: true }).fill('10,000');
    await dialog.getByLabel(T('grants.form.exercisePrice')).fill('0,10');
    await dialog.getByLabel(T('grants.form.grantDate')).fill('2024-01-15');
    await dialog.getByLabel(T('grants.form.vestingStart')).fill('2024-01-15');
    const preview = dialog.getByRole('region', { name: T('grants.form.preview') });
    await expect(
      preview.getByText(
        T('vesting.preview.atCliff.value', { quantity: n(2500), date: d('2025-01-15') }),
      ),
    ).toBeVisible();
    await expect(figure(preview, T('vesting.preview.fullyVested'))).toHaveText(d('2028-01-15'));
    await expect(preview.getByRole('table').getByRole('row')).toHaveCount(1 + 37);
    await dialog.getByRole('button', { name: T('grants.dialog.create') }).click();
    await expect(
      toast(page, T('grants.dialog.created', { quantity: n(10_000), name: 'Eva Werknemer' })),
    ).toBeVisible();
  });

  const figures = page.getByRole('region', { name: T('grants.detail.today') });
  const schedule = page.getByRole('region', { name: T('grants.schedule.title') });
  const installments = T('grants.schedule.installmentsCaption', { name: 'Eva Werknemer' });

  await test.step('the saved schedule: cliff of 2,500, fully vested on 15 Jan 2028', async () => {
    await expect(
      page.getByRole('heading', {
        level: 2,
        name: T('grants.detail.heading', { quantity: n(10_000), name: 'Eva Werknemer' }),
      }),
    ).toBeVisible();
    await expect(figure(figures, T('grants.figure.quantity'))).toHaveText(n(10_000));
    await expect(figure(figures, T('grants.figure.price'))).toHaveText(
      formatMoney(testLanguage(), '0.10', 'EUR'),
    );
    const rows = schedule.getByRole('table', { name: installments }).getByRole('row');
    await expect(rows).toHaveCount(1 + 37);
    await expect(rows.nth(1)).toContainText(d('2025-01-15'));
    await expect(rows.nth(1)).toContainText(T('vesting.source.cliff'));
    await expect(rows.nth(1)).toContainText(n(2500));
    await expect(rows.nth(37)).toContainText(d('2028-01-15'));
    await expect(rows.nth(37)).toContainText(n(10_000));
  });

  await test.step('a good leaver on 30 Jun 2025: unvested forfeited, exercise deadline set', async () => {
    await page.getByRole('button', { name: T('grants.terminate.trigger') }).click();
    const confirm = page.getByRole('alertdialog', {
      name: T('grants.terminate.title', { name: 'Eva Werknemer' }),
    });
    await confirm.getByLabel(T('grants.terminate.date')).fill('2025-06-30');
    await confirm.getByLabel(T('grants.terminate.leaverType')).selectOption('good');
    await confirm.getByLabel(T('grants.action.reason')).fill('Resigned');
    await confirm.getByRole('button', { name: T('grants.terminate.trigger') }).click();
    await expect(toast(page, T('grants.terminate.done', { name: 'Eva Werknemer' }))).toBeVisible();
    // 2,500 at the cliff and 5 monthly installments to 15 Jun 2025: 17/48 of 10,000.
    await expect(figure(figures, T('grants.figure.vested'))).toHaveText(n(3542));
    await expect(figure(figures, T('grants.figure.forfeited'))).toHaveText(n(6458));
    await expect(figure(figures, T('grants.figure.unvested'))).toHaveText('0');
    await expect(figure(figures, T('grants.figure.exerciseDeadline'))).toHaveText(d('2027-06-30'));
    await expect(figure(figures, T('grants.figure.exercisable'))).toHaveText(n(3542));
    await expect(
      schedule
        .getByRole('table', { name: T('grants.forfeitures.title') })
        .getByRole('row', { name: new RegExp(T('grants.forfeit.terminationUnvested')) }),
    ).toContainText(n(6458));
  });

  await test.step('the cap table before the exercise: vested awards, no shares yet', async () => {
    const grantUrl = page.url();
    await page
      .getByRole('navigation', { name: T('companies.nav.label') })
      .getByRole('link', { name: T('companies.nav.capTable') })
      .click();
    const cells = page
      .getByRole('table', { name: T('cap-table.table.label') })
      .getByRole('row', { name: /Eva Werknemer/ })
      .getByRole('cell');
    // Ordinary (a dash read as "none"; the Cap table tab's words), awards vested, awards unvested.
    await expect(cells.nth(0)).toContainText(T('cap-table.none'));
    await expect(cells.nth(1)).toHaveText(n(3542));
    await expect(cells.nth(2)).toHaveText('0');
    await page.goto(grantUrl);
  });

  await test.step('exercise 1,000 options', async () => {
    await page.getByRole('button', { name: T('grants.exercise.trigger'), exact: true }).click();
    const confirm = page.getByRole('alertdialog', {
      name: T('grants.exercise.title', { name: 'Eva Werknemer' }),
    });
    const quantity = confirm.getByLabel(T('grants.exercise.quantity'));
    const record = confirm.getByRole('button', { name: T('grants.exercise.confirm') });
    await quantity.fill('5000');
    await expect(quantity).toHaveAccessibleDescription(
      new RegExp(T('grants.exercise.quantityError', { max: n(3542) })),
    );
    await expect(record).toBeDisabled();
    await quantity.fill('1,000');
    // What the exercise costs (issue 12): 1,000 × € 0.10; recorded with a plain button.
    await expect(figure(confirm, T('grants.exercise.payable'))).toHaveText(
      formatMoney(testLanguage(), '100', 'EUR'),
    );
    await expect(record).not.toHaveClass(/destructive/);
    await record.click();
    await expect(toast(page, T('grants.exercise.done', { quantity: n(1000) }))).toBeVisible();
    await expect(figure(figures, T('grants.figure.exercised'))).toHaveText(n(1000));
    await expect(figure(figures, T('grants.figure.exercisable'))).toHaveText(n(2542));
    await expect(
      page.getByRole('table', { name: T('grants.exercises.title') }).getByRole('row'),
    ).toHaveCount(2);
  });

  await test.step('the Grants tab lists the grant', async () => {
    await page.getByRole('link', { name: T('grants.detail.back') }).click();
    const row = page
      .getByRole('table', { name: T('grants.table.label') })
      .getByRole('row', { name: /Eva Werknemer/ });
    await expect(row).toContainText('ESOP 2024');
    await expect(row).toContainText(n(10_000));
    await expect(row).toContainText(n(2542));
  });

  await test.step('after the exercise the cap table shows 1,000 shares and 2,542 awards', async () => {
    await page
      .getByRole('navigation', { name: T('companies.nav.label') })
      .getByRole('link', { name: T('companies.nav.capTable') })
      .click();
    const table = page.getByRole('table', { name: T('cap-table.table.label') });
    const row = table.getByRole('row', { name: /Eva Werknemer/ });
    const cells = row.getByRole('cell');
    // Ordinary, awards vested, awards unvested.
    await expect(cells.nth(0)).toHaveText(n(1000));
    await expect(cells.nth(1)).toHaveText(n(2542));
    await expect(cells.nth(2)).toHaveText('0');
  });
});
