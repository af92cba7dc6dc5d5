import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { createVerifiedUser, signIn, toast } from './support/auth';

/** A call to the business API with the page's session (its cookie jar is the browser's). */
async function api<T>(request: APIRequestContext, path: string, data: object): Promise<T> {
  const response = await request.post(`/api/v1${path}`, { data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

/** The figure shown under a label of a `<dl>` ("Vested" → "3,542"). */
function figure(scope: Locator, label: string) {
  return scope.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=../dd');
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
    await page.getByRole('button', { name: 'New plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'New plan' });
    await dialog.getByLabel('Name', { exact: true }).fill('ESOP 2024');
    await dialog.getByLabel('Pool size', { exact: true }).fill('20,000');
    await dialog.getByLabel('Exercise window after leaving (months)').fill('24');
    await dialog.getByLabel('Default vesting template').selectOption({ label: templateName });
    await dialog.getByRole('button', { name: 'Create plan' }).click();
    await expect(toast(page, 'Plan ESOP 2024 created')).toBeVisible();
  });

  await test.step('grant 10,000 options: the preview shows 2,500 at the cliff', async () => {
    await page
      .getByRole('navigation', { name: 'Company' })
      .getByRole('link', { name: 'Grants' })
      .click();
    await expect(page.getByRole('heading', { name: 'No grants yet' })).toBeVisible();
    await page.getByRole('button', { name: 'New grant' }).click();
    const dialog = page.getByRole('dialog', { name: 'New grant' });
    await dialog.getByLabel('Stakeholder').selectOption({ label: 'Eva Werknemer (Employee)' });
    // The only plan is chosen, and its default template gives the terms.
    await expect(dialog.getByLabel('Plan', { exact: true })).toHaveValue(/[0-9a-f-]{36}/);
    await expect(dialog.getByLabel('Copy terms from template')).toHaveValue(/[0-9a-f-]{36}/);
    await expect(dialog.getByLabel('Number of installments')).toHaveValue('48');
    await expect(dialog.getByLabel('Cliff (periods)')).toHaveValue('12');
    await dialog.getByLabel('Quantity').fill('10,000');
    await dialog.getByLabel('Exercise price').fill('0,10');
    await dialog.getByLabel('Grant date').fill('2024-01-15');
    await dialog.getByLabel('Vesting start date').fill('2024-01-15');
    const preview = dialog.getByRole('region', { name: 'Schedule preview' });
    await expect(preview.getByText('2,500 on 15 Jan 2025')).toBeVisible();
    await expect(figure(preview, 'Fully vested')).toHaveText('15 Jan 2028');
    await expect(preview.getByRole('table').getByRole('row')).toHaveCount(1 + 37);
    await dialog.getByRole('button', { name: 'Create grant' }).click();
    await expect(toast(page, 'Granted 10,000 to Eva Werknemer')).toBeVisible();
  });

  const figures = page.getByRole('region', { name: 'Today' });
  const schedule = page.getByRole('region', { name: 'Schedule' });

  await test.step('the saved schedule: cliff of 2,500, fully vested on 15 Jan 2028', async () => {
    await expect(
      page.getByRole('heading', { level: 2, name: '10,000 to Eva Werknemer' }),
    ).toBeVisible();
    await expect(figure(figures, 'Quantity')).toHaveText('10,000');
    await expect(figure(figures, 'Price')).toHaveText('EUR 0.10');
    const rows = schedule.getByRole('table', { name: /Installments/ }).getByRole('row');
    await expect(rows).toHaveCount(1 + 37);
    await expect(rows.nth(1)).toContainText('15 Jan 2025');
    await expect(rows.nth(1)).toContainText('Cliff');
    await expect(rows.nth(1)).toContainText('2,500');
    await expect(rows.nth(37)).toContainText('15 Jan 2028');
    await expect(rows.nth(37)).toContainText('10,000');
  });

  await test.step('a good leaver on 30 Jun 2025: unvested forfeited, exercise deadline set', async () => {
    await page.getByRole('button', { name: 'Record termination' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Record that Eva Werknemer leaves' });
    await confirm.getByLabel('Termination date').fill('2025-06-30');
    await confirm.getByLabel('Leaver type').selectOption('good');
    await confirm.getByLabel('Reason').fill('Resigned');
    await confirm.getByRole('button', { name: 'Record termination' }).click();
    await expect(toast(page, 'Termination of Eva Werknemer recorded')).toBeVisible();
    // 2,500 at the cliff and 5 monthly installments to 15 Jun 2025: 17/48 of 10,000.
    await expect(figure(figures, 'Vested')).toHaveText('3,542');
    await expect(figure(figures, 'Forfeited')).toHaveText('6,458');
    await expect(figure(figures, 'Unvested')).toHaveText('0');
    await expect(figure(figures, 'Exercise deadline')).toHaveText('30 Jun 2027');
    await expect(figure(figures, 'Exercisable')).toHaveText('3,542');
    await expect(
      schedule.getByRole('table', { name: 'Forfeitures' }).getByRole('row', { name: /Unvested/ }),
    ).toContainText('6,458');
  });

  await test.step('the cap table before the exercise: vested awards, no shares yet', async () => {
    const grantUrl = page.url();
    await page
      .getByRole('navigation', { name: 'Company' })
      .getByRole('link', { name: 'Cap table' })
      .click();
    const cells = page
      .getByRole('table', { name: 'Cap table' })
      .getByRole('row', { name: /Eva Werknemer/ })
      .getByRole('cell');
    // Ordinary (a dash read as "none"), awards vested, awards unvested.
    await expect(cells.nth(0)).toContainText('none');
    await expect(cells.nth(1)).toHaveText('3,542');
    await expect(cells.nth(2)).toHaveText('0');
    await page.goto(grantUrl);
  });

  await test.step('exercise 1,000 options', async () => {
    await page.getByRole('button', { name: 'Exercise', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Exercise options of Eva Werknemer' });
    const quantity = confirm.getByLabel('Quantity to exercise');
    await quantity.fill('5000');
    await expect(quantity).toHaveAccessibleDescription(/from 1 to 3,542/);
    await expect(confirm.getByRole('button', { name: 'Record exercise' })).toBeDisabled();
    await quantity.fill('1,000');
    await confirm.getByRole('button', { name: 'Record exercise' }).click();
    await expect(toast(page, 'Exercise of 1,000 recorded')).toBeVisible();
    await expect(figure(figures, 'Exercised')).toHaveText('1,000');
    await expect(figure(figures, 'Exercisable')).toHaveText('2,542');
    await expect(page.getByRole('table', { name: 'Exercises' }).getByRole('row')).toHaveCount(2);
  });

  await test.step('the Grants tab lists the grant', async () => {
    await page.getByRole('link', { name: 'All grants' }).click();
    const row = page
      .getByRole('table', { name: 'Grants' })
      .getByRole('row', { name: /Eva Werknemer/ });
    await expect(row).toContainText('ESOP 2024');
    await expect(row).toContainText('10,000');
    await expect(row).toContainText('2,542');
  });

  await test.step('after the exercise the cap table shows 1,000 shares and 2,542 awards', async () => {
    await page
      .getByRole('navigation', { name: 'Company' })
      .getByRole('link', { name: 'Cap table' })
      .click();
    const table = page.getByRole('table', { name: 'Cap table' });
    const row = table.getByRole('row', { name: /Eva Werknemer/ });
    const cells = row.getByRole('cell');
    // Ordinary, awards vested, awards unvested.
    await expect(cells.nth(0)).toHaveText('1,000');
    await expect(cells.nth(1)).toHaveText('2,542');
    await expect(cells.nth(2)).toHaveText('0');
  });
});
