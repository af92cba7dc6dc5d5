import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
import { createVerifiedUser, signIn, toast } from './support/auth';

// Nothing lost by one click (issue 11, decision 016): a deleted company goes to the trash, with
// everything in it, and comes back from there.

async function api<T>(request: APIRequestContext, path: string, data: object): Promise<T> {
  const response = await request.post(`/api/v1${path}`, { data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

test('delete a company by typing its name, find it in the trash, restore it; undo a stakeholder; delete for good', async ({
  page,
  baseURL,
}) => {
  const user = await createVerifiedUser(page.request, baseURL!);
  await signIn(page, user);
  const companyName = `Trash Holding ${Math.random().toString(36).slice(2, 8)} B.V.`;
  const company = await api<{ id: string }>(page.request, '/company', { companyName });
  await api(page.request, `/company/${company.id}/stakeholders`, {
    name: 'Femke Founder',
    relationship: 'founder',
  });
  await api(page.request, `/company/${company.id}/stakeholders`, {
    name: 'Erik Employee',
    relationship: 'employee',
  });
  await api(page.request, `/company/${company.id}/share-classes`, {
    name: 'Ordinary',
    nominalValue: '0.01',
  });

  await test.step('the dialog lists what goes with the company and wants its name', async () => {
    await page.goto(`/companies/${company.id}`);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Move company to the trash?' });
    const contents = dialog.getByRole('list', { name: 'What goes with it' });
    await expect(contents.getByRole('listitem')).toHaveText(['2 stakeholders', '1 share class']);
    const confirm = dialog.getByRole('button', { name: 'Move to trash' });
    await expect(confirm).toBeDisabled();
    const name = dialog.getByLabel(`Type ${companyName} to confirm`);
    await name.fill('Trash Holding');
    await expect(confirm).toBeDisabled();
    await name.fill(companyName);
    await confirm.click();
    await expect(toast(page, `${companyName} moved to the trash`)).toBeVisible();
    await expect(page).toHaveURL(/\/companies(\?.*)?$/);
    await expect(page.getByRole('heading', { name: 'No companies yet' })).toBeVisible();
  });

  await test.step('the trash lists it; Restore brings it back with its stakeholders', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Trash' })
      .click();
    await expect(page).toHaveURL(/\/trash$/);
    const table = page.getByRole('table', { name: 'Trash' });
    const row = table.getByRole('row').filter({ hasText: companyName });
    await expect(row).toContainText('Company');
    await expect(row).toContainText(user.name);
    // Keyboard: focus the button and press Enter.
    const restore = row.getByRole('button', { name: `Restore company ${companyName}` });
    await restore.focus();
    await page.keyboard.press('Enter');
    await expect(toast(page, `${companyName} restored`)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'The trash is empty' })).toBeVisible();

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Companies' })
      .click();
    await page
      .getByRole('table', { name: 'Companies' })
      .getByRole('link', { name: companyName })
      .click();
    await page
      .getByRole('navigation', { name: 'Company' })
      .getByRole('link', { name: 'Stakeholders' })
      .click();
    const people = page.getByRole('table', { name: 'Stakeholders' });
    await expect(people.getByText('Femke Founder')).toBeVisible();
    await expect(people.getByText('Erik Employee')).toBeVisible();
  });

  await test.step('a deleted stakeholder comes back with Undo', async () => {
    await page.getByRole('button', { name: 'Delete Erik Employee' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Move stakeholder to the trash?' });
    await confirm.getByRole('button', { name: 'Move to trash' }).click();
    await expect(toast(page, 'Erik Employee moved to the trash')).toBeVisible();
    const people = page.getByRole('table', { name: 'Stakeholders' });
    await expect(people.getByText('Erik Employee', { exact: true })).toHaveCount(0);
    await page
      .getByRole('region', { name: /^Notifications/ })
      .getByRole('listitem')
      .filter({ hasText: 'Erik Employee moved to the trash' })
      .getByRole('button', { name: 'Undo' })
      .click();
    await expect(toast(page, 'Erik Employee restored')).toBeVisible();
    await expect(people.getByText('Erik Employee')).toBeVisible();
  });

  await test.step('deleted permanently from the trash, it is gone', async () => {
    const res = await page.request.delete(`/api/v1/company/${company.id}`);
    expect(res.status()).toBe(204);
    await page.goto('/trash');
    const row = page
      .getByRole('table', { name: 'Trash' })
      .getByRole('row')
      .filter({ hasText: companyName });
    await row.getByRole('button', { name: `Delete company ${companyName} permanently` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Delete ${companyName} permanently?` });
    await confirm.getByRole('button', { name: 'Delete permanently' }).click();
    await expect(toast(page, `${companyName} deleted permanently`)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'The trash is empty' })).toBeVisible();
    const gone = await page.request.post(`/api/v1/trash/company/${company.id}/restore`);
    expect(gone.status()).toBe(404);
  });
});
