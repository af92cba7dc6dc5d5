import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
import { createVerifiedUser, signIn, toast } from './support/auth';
import { LR, T } from './support/i18n';

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
    await page.getByRole('button', { name: T('companies.delete'), exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: T('companies.delete.title') });
    const contents = dialog.getByRole('list', { name: T('companies.delete.contents.label') });
    await expect(contents.getByRole('listitem')).toHaveText([
      T('companies.contents.stakeholders', { count: 2 }),
      T('companies.contents.shareClasses', { count: 1 }),
    ]);
    const confirm = dialog.getByRole('button', { name: T('companies.delete.confirm') });
    await expect(confirm).toBeDisabled();
    const name = dialog.getByLabel(T('companies.delete.typeName').replace('<name/>', companyName));
    await name.fill('Trash Holding');
    await expect(confirm).toBeDisabled();
    await name.fill(companyName);
    await confirm.click();
    await expect(toast(page, T('companies.toast.trashed', { name: companyName }))).toBeVisible();
    await expect(page).toHaveURL(/\/companies(\?.*)?$/);
    await expect(
      page.getByRole('heading', { name: T('companies.list.empty.title') }),
    ).toBeVisible();
  });

  await test.step('the trash lists it; Restore brings it back with its stakeholders', async () => {
    await page
      .getByRole('navigation', { name: T('shell.nav.label') })
      .getByRole('link', { name: T('shell.nav.trash') })
      .click();
    await expect(page).toHaveURL(/\/trash$/);
    const table = page.getByRole('table', { name: T('trash.title') });
    const row = table.getByRole('row').filter({ hasText: companyName });
    await expect(row).toContainText(T('trash.kind.company'));
    await expect(row).toContainText(user.name);
    // Keyboard: focus the button and press Enter.
    const restore = row.getByRole('button', {
      name: T('trash.restoreNamed', { kind: 'company', name: companyName }),
    });
    await restore.focus();
    await page.keyboard.press('Enter');
    await expect(toast(page, T('trash.toast.restored', { name: companyName }))).toBeVisible();
    await expect(page.getByRole('heading', { name: T('trash.empty.title') })).toBeVisible();

    await page
      .getByRole('navigation', { name: T('shell.nav.label') })
      .getByRole('link', { name: T('shell.nav.companies') })
      .click();
    await page
      .getByRole('table', { name: T('companies.list.label') })
      .getByRole('link', { name: companyName })
      .click();
    await page
      .getByRole('navigation', { name: T('companies.nav.label') })
      .getByRole('link', { name: T('companies.nav.stakeholders') })
      .click();
    const people = page.getByRole('table', { name: T('stakeholders.table.label') });
    await expect(people.getByText('Femke Founder')).toBeVisible();
    await expect(people.getByText('Erik Employee')).toBeVisible();
  });

  await test.step('a deleted stakeholder comes back with Undo', async () => {
    await page
      .getByRole('button', { name: T('stakeholders.deleteNamed', { name: 'Erik Employee' }) })
      .click();
    const confirm = page.getByRole('alertdialog', { name: T('stakeholders.delete.title') });
    await confirm.getByRole('button', { name: T('stakeholders.delete.confirm') }).click();
    await expect(
      toast(page, T('stakeholders.toast.trashed', { name: 'Erik Employee' })),
    ).toBeVisible();
    const people = page.getByRole('table', { name: T('stakeholders.table.label') });
    await expect(people.getByText('Erik Employee', { exact: true })).toHaveCount(0);
    await page
      .getByRole('region', { name: LR('Notifications', { exact: false }) })
      .getByRole('listitem')
      .filter({ hasText: T('stakeholders.toast.trashed', { name: 'Erik Employee' }) })
      .getByRole('button', { name: T('trash.toast.undo') })
      .click();
    await expect(toast(page, T('trash.toast.restored', { name: 'Erik Employee' }))).toBeVisible();
    await expect(people.getByText('Erik Employee')).toBeVisible();
  });

  await test.step('deleted permanently from the trash, it is gone', async () => {
    const res = await page.request.delete(`/api/v1/company/${company.id}`);
    expect(res.status()).toBe(204);
    await page.goto('/trash');
    const row = page
      .getByRole('table', { name: T('trash.title') })
      .getByRole('row')
      .filter({ hasText: companyName });
    await row
      .getByRole('button', {
        name: T('trash.purgeNamed', { kind: 'company', name: companyName }),
      })
      .click();
    const confirm = page.getByRole('alertdialog', {
      name: T('trash.purge.title', { name: companyName }),
    });
    await confirm.getByRole('button', { name: T('trash.purge') }).click();
    await expect(toast(page, T('trash.toast.purged', { name: companyName }))).toBeVisible();
    await expect(page.getByRole('heading', { name: T('trash.empty.title') })).toBeVisible();
    const gone = await page.request.post(`/api/v1/trash/company/${company.id}/restore`);
    expect(gone.status()).toBe(404);
  });
});
