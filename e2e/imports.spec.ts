import type { Page } from '@playwright/test';
import { STAKEHOLDER_RELATIONSHIPS } from '../src/domain/equity';
import { expect, test } from './support/test';
import { createVerifiedUser, signIn, toast } from './support/auth';
import { count, L, LR, T } from './support/i18n';
import { uniqueSuffix } from './support/users';

/**
 * Issue 13's journey: a stakeholder sheet with one bad cell is checked (the dry run names its row
 * and column), corrected and checked again, committed; the progress finishes and the
 * stakeholders are in the company's list.
 */

const PEOPLE = ['Anna Import', 'Bart Import', 'Chris Import'];

/** A CSV as a Dutch office exports it (semicolons), with `relationship` for the third person. */
function sheet(relationship: string): Buffer {
  const lines = [
    'Naam;E-mail;Relatie',
    `${PEOPLE[0]};anna@example.nl;oprichter`,
    `${PEOPLE[1]};bart@example.nl;werknemer`,
    `${PEOPLE[2]};chris@example.nl;${relationship}`,
  ];
  return Buffer.from(lines.join('\r\n'), 'utf8');
}

async function upload(page: Page, dialog: ReturnType<Page['getByRole']>, relationship: string) {
  await dialog.getByLabel(T('imports.wizard.file')).setInputFiles({
    name: 'stakeholders.csv',
    mimeType: 'text/csv',
    buffer: sheet(relationship),
  });
  await dialog.getByRole('button', { name: T('imports.wizard.check') }).click();
}

test('imports: a stakeholder sheet checked, corrected, committed and listed', async ({
  page,
  request,
  baseURL,
}) => {
  const user = await createVerifiedUser(request, baseURL!);
  await signIn(page, user);
  const res = await page.request.post('/api/v1/company', {
    data: { companyName: `Import B.V. ${uniqueSuffix()}`, companyType: 'BV' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const companyId = ((await res.json()) as { id: string }).id;

  await page.goto(`/companies/${companyId}/stakeholders`);
  await page.getByRole('button', { name: T('imports.wizard.open') }).click();
  const dialog = page.getByRole('dialog', { name: T('imports.wizard.title') });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(T('imports.wizard.kind'))).toHaveValue('stakeholders');

  await test.step("the file picker speaks the app's language, not the browser's", async () => {
    const picker = dialog.getByLabel(T('imports.wizard.file'));
    // "Bestand kiezen" and "Geen bestand gekozen" in the nl project, where the browser's own
    // file input would still say "Choose File" and "No file chosen".
    await expect(dialog.getByText(L('Choose file'), { exact: true })).toBeVisible();
    await expect(dialog.getByText(L('No file chosen'), { exact: true })).toBeVisible();
    await expect(picker).toHaveAccessibleDescription(LR('No file chosen', { exact: false }));
    // The browser's own control, with its own words, is hidden (yet focusable, for keyboards).
    const box = await picker.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(1);
    await picker.focus();
    await expect(picker).toBeFocused();
    await picker.setInputFiles({
      name: 'chosen-sheet.csv',
      mimeType: 'text/csv',
      buffer: sheet('adviseur'),
    });
    await expect(dialog.getByText('chosen-sheet.csv', { exact: true })).toBeVisible();
    await expect(dialog.getByText(L('No file chosen'), { exact: true })).toHaveCount(0);
    await expect(picker).toHaveAccessibleDescription(/chosen-sheet\.csv/);
  });

  await test.step('the dry run names the bad cell by row and column', async () => {
    await upload(page, dialog, 'astronaut');
    await expect(
      dialog.getByRole('heading', {
        name: T('imports.wizard.result', { rows: 3, errors: 1, skipped: 0 }),
      }),
    ).toBeVisible();
    const errors = dialog.getByRole('table', { name: T('imports.wizard.errors') });
    const row = errors.getByRole('row').nth(1);
    await expect(row.getByRole('cell')).toHaveText([
      count(4),
      'Relatie',
      T('imports.cell.choice', {
        value: 'astronaut',
        choices: STAKEHOLDER_RELATIONSHIPS.join(', '),
      }),
    ]);
    await expect(
      dialog.getByRole('button', { name: T('imports.wizard.commit', { rows: 3 }) }),
    ).toBeDisabled();
  });

  await test.step('the corrected file checks clean and is committed', async () => {
    await upload(page, dialog, 'adviseur');
    await expect(
      dialog.getByRole('heading', {
        name: T('imports.wizard.result', { rows: 3, errors: 0, skipped: 0 }),
      }),
    ).toBeVisible();
    const preview = dialog.getByRole('table', { name: T('imports.wizard.preview') });
    await expect(preview.getByRole('cell', { name: PEOPLE[2], exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: T('imports.wizard.commit', { rows: 3 }) }).click();
    // The progress runs to its end: the wizard closes with the server's "committed".
    await expect(toast(page, T('imports.wizard.committed'))).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  await test.step('the stakeholders are in the list', async () => {
    const list = page.getByRole('table', { name: T('stakeholders.table.label') });
    for (const name of PEOPLE) await expect(list.getByText(name, { exact: true })).toBeVisible();
  });

  await test.step('the same file again is recognised as already imported', async () => {
    await page.getByRole('button', { name: T('imports.wizard.open') }).click();
    await upload(page, dialog, 'adviseur');
    await expect(
      dialog.getByRole('heading', {
        name: T('imports.wizard.result', { rows: 3, errors: 0, skipped: 3 }),
      }),
    ).toBeVisible();
  });
});
