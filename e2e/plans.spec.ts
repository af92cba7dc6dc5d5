import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { createVerifiedUser, signIn, toast } from './support/auth';

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
      .getByRole('navigation', { name: 'Company' })
      .getByRole('link', { name: 'Plans' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/companies/${company.id}/plans$`));
    await expect(page.getByRole('heading', { name: 'No plans yet' })).toBeVisible();
  });

  await test.step('create an options-on-depositary-receipts plan with a pool of 1,500', async () => {
    await page.getByRole('button', { name: 'New plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'New plan' });
    await dialog.getByLabel('Name', { exact: true }).fill(planName);
    await dialog
      .getByLabel('Plan type', { exact: true })
      .selectOption({ label: 'Options on depositary receipts' });
    // The only share class and the only STAK are chosen for the lawyer.
    await expect(dialog.getByLabel('Share class', { exact: true })).toHaveValue(/[0-9a-f-]{36}/);
    await expect(dialog.getByLabel('STAK', { exact: true })).toHaveValue(/[0-9a-f-]{36}/);
    await dialog.getByLabel('Pool size', { exact: true }).fill('1,500');
    await dialog.getByLabel('Board approval date', { exact: true }).fill('2024-01-15');
    await dialog.getByLabel('Exercise window after leaving (months)').fill('3');
    await dialog.getByRole('radio', { name: 'Double trigger' }).check();
    await dialog.getByLabel('Accelerated part (%)').fill('100');
    await dialog.getByLabel('Window (months)').fill('12');
    await dialog.getByRole('button', { name: 'Create plan' }).click();
    await expect(toast(page, `Plan ${planName} created`)).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  await test.step('the list shows the plan and its pool figures', async () => {
    const card = page.getByRole('article', { name: planName });
    await expect(card.getByText('Options on depositary receipts')).toBeVisible();
    await expect(figure(card, 'Share class')).toHaveText('Ordinary');
    await expect(figure(card, 'STAK')).toHaveText('Stichting Administratiekantoor Plans');
    await expect(figure(card, 'Board approval')).toHaveText('15 Jan 2024');
    await expect(figure(card, 'Reserved')).toHaveText('1,500');
    await expect(figure(card, 'Granted')).toHaveText('0');
    await expect(figure(card, 'Available')).toHaveText('1,500');
    await expect(card.getByRole('meter', { name: `Pool used, ${planName}` })).toHaveAttribute(
      'aria-valuetext',
      '0 of 1,500 shares granted (0%)',
    );
    await expect(card.getByText('Cash-settled')).toHaveCount(0);
  });

  await test.step('add a pool adjustment of +500: reserved becomes 2,000', async () => {
    await page.getByRole('link', { name: `Pool and terms of ${planName}` }).click();
    await expect(page.getByRole('heading', { level: 2, name: planName })).toBeVisible();
    await page.getByRole('button', { name: 'Add pool adjustment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add pool adjustment' });
    await expect(dialog.getByRole('radio', { name: 'Increase the pool' })).toBeChecked();
    await dialog.getByLabel('Number of shares', { exact: true }).fill('500');
    await dialog.getByLabel('Effective date', { exact: true }).fill('2024-06-01');
    await dialog.getByLabel('Reason', { exact: true }).fill('Series A top-up');
    await dialog.getByRole('button', { name: 'Add adjustment' }).click();
    await expect(toast(page, 'Pool adjustment added')).toBeVisible();

    const pool = page.getByRole('region', { name: 'Pool', exact: true });
    await expect(figure(pool, 'Reserved')).toHaveText('2,000');
    await expect(figure(pool, 'Available')).toHaveText('2,000');
    const history = pool.getByRole('table', { name: `Pool history of ${planName}` });
    const row = history.getByRole('row', { name: /Series A top-up/ });
    await expect(row.getByRole('cell', { name: '+500', exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: '2,000', exact: true })).toBeVisible();
    await expect(history.getByRole('row', { name: /Reserved today/ })).toContainText('2,000');
  });

  await test.step('a release beyond the pool is refused with the server message', async () => {
    await page.getByRole('button', { name: 'Add pool adjustment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add pool adjustment' });
    await dialog.getByRole('radio', { name: 'Release from the pool' }).check();
    const count = dialog.getByLabel('Number of shares', { exact: true });
    await count.fill('5000');
    await dialog.getByLabel('Effective date', { exact: true }).fill('2025-01-01');
    await dialog.getByRole('button', { name: 'Add adjustment' }).click();
    await expect(toast(page, /a pool cannot go below zero \(available: 2,000\)/)).toBeVisible();
    await expect(count).toHaveAttribute('aria-invalid', 'true');
    await expect(count).toHaveAccessibleDescription(/cannot go below zero/);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      figure(page.getByRole('region', { name: 'Pool', exact: true }), 'Reserved'),
    ).toHaveText('2,000');
  });

  await test.step('edit the leaver policy', async () => {
    const terms = page.getByRole('region', { name: 'Terms', exact: true });
    await expect(figure(terms, 'Bad leaver')).toHaveText('Unvested forfeited, vested forfeited');
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${planName}` });
    const good = dialog.getByRole('group', { name: 'Good leaver' });
    await good
      .getByRole('group', { name: 'Unvested awards' })
      .getByRole('radio', { name: 'Keep vesting' })
      .check();
    const bad = dialog.getByRole('group', { name: 'Bad leaver' });
    await bad
      .getByRole('group', { name: 'Vested awards' })
      .getByRole('radio', { name: 'Kept' })
      .check();
    await dialog.getByRole('button', { name: 'Save plan' }).click();
    await expect(toast(page, `Plan ${planName} updated`)).toBeVisible();
    await expect(figure(terms, 'Good leaver')).toHaveText('Unvested keeps vesting, vested kept');
    await expect(figure(terms, 'Bad leaver')).toHaveText('Unvested forfeited, vested kept');
    await expect(figure(terms, 'Acceleration')).toHaveText(
      'Double trigger: 100% of unvested if terminated within 12 months',
    );
  });

  await test.step('create a phantom plan: it is marked cash-settled', async () => {
    await page.getByRole('link', { name: 'All plans' }).click();
    await page.getByRole('button', { name: 'New plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'New plan' });
    await dialog
      .getByLabel('Plan type', { exact: true })
      .selectOption({ label: 'Phantom shares (cash-settled)' });
    await expect(dialog.getByLabel('Share class', { exact: true })).toHaveCount(0);
    await expect(dialog.getByText('None: a cash-settled plan creates no shares.')).toBeVisible();
    await dialog.getByLabel('Pool size', { exact: true }).fill('1000');
    // A name in use is refused by the server (409 naming the field): shown next to the name.
    const name = dialog.getByLabel('Name', { exact: true });
    await name.fill(planName.toUpperCase());
    await dialog.getByRole('button', { name: 'Create plan' }).click();
    await expect(name).toHaveAccessibleDescription('A plan with this name exists already');
    await name.fill('Phantom Plan');
    await dialog.getByRole('button', { name: 'Create plan' }).click();
    await expect(toast(page, 'Plan Phantom Plan created')).toBeVisible();
    const card = page.getByRole('article', { name: 'Phantom Plan' });
    await expect(card.getByText('Cash-settled', { exact: true })).toBeVisible();
    await expect(figure(card, 'Share class')).toHaveText('None');
    await expect(figure(card, 'Reserved')).toHaveText('1,000');
  });

  await test.step('delete the phantom plan from the list', async () => {
    await page.getByRole('button', { name: 'Delete Phantom Plan' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Move Phantom Plan to the trash?' });
    await confirm.getByRole('button', { name: 'Move to trash' }).click();
    await expect(toast(page, 'Plan Phantom Plan moved to the trash')).toBeVisible();
    await expect(page.getByRole('article', { name: 'Phantom Plan' })).toHaveCount(0);
    await expect(page.getByRole('article', { name: planName })).toBeVisible();
  });

  await test.step('delete the receipt plan from its page', async () => {
    await page.getByRole('link', { name: `Pool and terms of ${planName}` }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: `Move ${planName} to the trash?` });
    await confirm.getByRole('button', { name: 'Move to trash' }).click();
    await expect(toast(page, `Plan ${planName} moved to the trash`)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/companies/${company.id}/plans$`));
    await expect(page.getByRole('heading', { name: 'No plans yet' })).toBeVisible();
  });
});
