import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
import { createVerifiedUser, signIn } from './support/auth';
import { T } from './support/i18n';

// Issue 15: search for a stakeholder from the header with the keyboard only — Ctrl-K, part of
// the name, arrow down, Enter — and land on the stakeholders tab of their company.

async function post<T>(api: APIRequestContext, origin: string, path: string, data: unknown) {
  const response = await api.post(path, { headers: { origin }, data });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

test('a lawyer finds a stakeholder from the header with the keyboard', async ({
  page,
  baseURL,
  request,
}) => {
  const origin = baseURL!;
  const lawyer = await createVerifiedUser(request, origin, { name: 'Sara Searcher' });
  await signIn(page, lawyer);
  // A surname nobody else has, with an accent: typed without it.
  const token = Math.random().toString(36).slice(2, 7).replace(/\d/g, 'x');
  const surname = `Zwänenburg${token}`;
  const companyName = `Schelde Robotics ${token}`;
  const company = await post<{ id: string }>(page.request, origin, '/api/v1/company', {
    companyName,
    country: 'NL',
  });
  for (const first of ['Anna', 'Bert'])
    await post(page.request, origin, `/api/v1/company/${company.id}/stakeholders`, {
      name: `${first} ${surname}`,
      relationship: 'employee',
    });

  await page.goto('/companies');
  const button = page.getByRole('button', { name: T('search.button') });
  await expect(button).toBeVisible();

  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: T('search.title') });
  await expect(palette).toBeVisible();
  const box = palette.getByRole('combobox', { name: T('search.label') });
  await expect(box).toBeFocused();
  await expect(palette.getByText(T('search.hint'))).toBeVisible();

  await page.keyboard.type(`zwanenburg${token.slice(0, 3)}`);
  const listbox = palette.getByRole('listbox', { name: T('search.results') });
  const group = listbox.getByRole('group', { name: T('search.type.stakeholder') });
  await expect(group.getByRole('option')).toHaveCount(2);
  const anna = group.getByRole('option', { name: `Anna ${surname}` });
  const bert = group.getByRole('option', { name: `Bert ${surname}` });
  await expect(anna).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await anna.getAttribute('id'))!);
  // The matched prefix is marked (text, not HTML).
  await expect(anna.locator('mark')).toHaveText(`Zwänenburg${token.slice(0, 3)}`);

  await page.keyboard.press('ArrowDown');
  await expect(bert).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await bert.getAttribute('id'))!);
  await page.keyboard.press('Enter');

  await expect(palette).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/companies/${company.id}/stakeholders$`));
  await expect(page.getByRole('cell', { name: `Bert ${surname}` })).toBeVisible();

  // Esc closes the palette; nothing found reads as such.
  await page.keyboard.press('Control+k');
  await expect(palette).toBeVisible();
  await page.keyboard.type('qqxyzzy');
  await expect(palette.getByText(T('search.empty', { query: 'qqxyzzy' }))).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();
});
