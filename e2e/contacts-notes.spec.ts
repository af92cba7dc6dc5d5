import { expect, test } from './support/test';
import { createVerifiedUser, signIn, toast } from './support/auth';
import { T } from './support/i18n';
import { uniqueSuffix } from './support/users';

/**
 * Issue 15's journey, contacts and notes: a primary contact is added to a company and shows on
 * the company list and page; a call with that contact is logged in Markdown and shown rendered
 * (raw HTML as text); the note is edited and its history shows the version before.
 */

const CONTACT = 'Carla Financiën';
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('contacts and notes: a primary contact, a call logged in Markdown, edited with history', async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  const user = await createVerifiedUser(request, baseURL!);
  await signIn(page, user);
  const companyName = `Logboek B.V. ${uniqueSuffix()}`;
  const res = await page.request.post('/api/v1/company', { data: { companyName } });
  expect(res.status(), await res.text()).toBe(201);
  const companyId = ((await res.json()) as { id: string }).id;
  const tabs = page.getByRole('navigation', { name: T('companies.nav.label') });

  await test.step('add the primary contact', async () => {
    await page.goto(`/companies/${companyId}`);
    await tabs.getByRole('link', { name: T('contacts.nav.tab') }).click();
    await expect(page.getByText(T('contacts.empty.title'))).toBeVisible();
    await page.getByRole('button', { name: T('contacts.add') }).click();
    const dialog = page.getByRole('dialog', { name: T('contacts.add') });
    await dialog.getByLabel(T('contacts.field.name')).fill(CONTACT);
    await dialog.getByLabel(T('contacts.field.function')).selectOption(T('contacts.function.cfo'));
    await dialog.getByLabel(T('contacts.field.email')).fill('carla@logboek.nl');
    await dialog.getByLabel(T('contacts.field.phone')).fill('+31 20 555 0101');
    // The first contact is the primary one.
    await expect(dialog.getByLabel(T('contacts.form.primary'))).toBeChecked();
    await dialog.getByRole('button', { name: T('contacts.add') }).click();
    await expect(toast(page, T('contacts.toast.added', { name: CONTACT }))).toBeVisible();
    const table = page.getByRole('table', { name: T('contacts.table.label') });
    const row = table.getByRole('row', { name: new RegExp(escape(CONTACT)) });
    await expect(row.getByText(T('contacts.primary'), { exact: true })).toBeVisible();
    await expect(row.getByText(T('contacts.function.cfo'), { exact: true })).toBeVisible();
    await expect(row.getByRole('link', { name: 'carla@logboek.nl' })).toBeVisible();
  });

  await test.step('the company page and list show it', async () => {
    await tabs.getByRole('link', { name: T('companies.nav.overview') }).click();
    await expect(page.getByText(`${CONTACT} · ${T('contacts.function.cfo')}`)).toBeVisible();
    await page.goto('/companies');
    const row = page.getByRole('row', { name: new RegExp(escape(companyName)) });
    await expect(row.getByText(CONTACT, { exact: true })).toBeVisible();
  });

  await test.step('log a call with the contact, in Markdown', async () => {
    await page.goto(`/companies/${companyId}/notes`);
    await expect(page.getByText(T('notes.empty.title'))).toBeVisible();
    await page.getByRole('button', { name: T('notes.add') }).click();
    const dialog = page.getByRole('dialog', { name: T('notes.add') });
    await dialog.getByRole('radio', { name: T('notes.kind.call') }).check();
    await dialog
      .getByRole('group', { name: T('notes.form.contacts') })
      .getByRole('checkbox', { name: CONTACT })
      .check();
    await dialog
      .getByLabel(T('notes.field.body'))
      .fill('Agreed: the **cliff** stays at 12 months.\n\n- send the letter\n\n<b>raw</b>');
    await dialog.getByRole('button', { name: T('notes.form.preview') }).click();
    const preview = dialog.getByRole('region', { name: T('notes.form.previewLabel') });
    await expect(preview.locator('strong')).toHaveText('cliff');
    await expect(preview.getByText('<b>raw</b>')).toBeVisible();
    await dialog.getByRole('button', { name: T('notes.form.save') }).click();
    await expect(toast(page, T('notes.toast.added'))).toBeVisible();

    const log = page.getByRole('list', { name: T('notes.list.label') });
    const item = log.getByRole('article');
    await expect(item).toHaveCount(1);
    await expect(item.getByText(T('notes.kind.call'), { exact: true })).toBeVisible();
    await expect(item.getByText(T('notes.participants', { names: CONTACT }))).toBeVisible();
    await expect(item.locator('strong')).toHaveText('cliff');
    await expect(item.getByRole('listitem')).toHaveText('send the letter');
    // Raw HTML is text, not markup.
    await expect(item.getByText('<b>raw</b>')).toBeVisible();
    await expect(item.locator('b')).toHaveCount(0);
  });

  await test.step('edit it and see the history', async () => {
    const item = page.getByRole('list', { name: T('notes.list.label') }).getByRole('article');
    // "Edit Call of <when>" in English, "Telefoongesprek van <when> bewerken" in Dutch.
    const [head, middle, tail] = T('notes.editNamed', { kind: '{kind}', when: '{when}' })
      .split(/\{kind\}|\{when\}/)
      .map(escape);
    const kind = escape(T('notes.kind.call'));
    await item
      .getByRole('button', { name: new RegExp(`^${head}${kind}${middle}.+${tail}$`) })
      .click();
    const dialog = page.getByRole('dialog', { name: T('notes.edit') });
    await dialog
      .getByLabel(T('notes.field.body'))
      .fill('Agreed: the **cliff** stays at _six_ months.');
    await dialog.getByLabel(T('notes.form.pin')).check();
    await dialog.getByRole('button', { name: T('notes.saveChanges') }).click();
    await expect(toast(page, T('notes.toast.updated'))).toBeVisible();
    await expect(item.locator('em')).toHaveText('six');
    await expect(item.getByText(T('notes.pinned'), { exact: true })).toBeVisible();

    await item.getByRole('button', { name: T('notes.history.open', { count: 1 }) }).click();
    const history = page.getByRole('dialog', { name: T('notes.history.title') });
    await expect(history.getByRole('listitem').first()).toContainText('12 months');
    await expect(history.getByText(T('notes.participants', { names: CONTACT }))).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(history).toBeHidden();
  });
});
