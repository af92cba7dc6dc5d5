import { expect, test } from './support/test';
import { createVerifiedUser, signIn } from './support/auth';
import { L, T } from './support/i18n';

/**
 * The language switch (issue 12): the header offers every catalog's language by its own name; a
 * choice re-renders the app in it, sets <html lang>, survives a reload, and is saved on the
 * account, so the same account in another browser starts in it.
 */
test('the header switches the app to Dutch, which the account keeps', async ({
  page,
  browser,
  baseURL,
}) => {
  const user = await createVerifiedUser(page.request, baseURL!);
  await signIn(page, user);
  await page.goto('/vesting-templates');
  await expect(page.getByRole('heading', { level: 1, name: L('Vesting templates') })).toBeVisible();

  const language = page.getByRole('combobox', { name: L('Language') });
  await expect(language.getByRole('option')).toHaveText(['English', 'Nederlands']);
  await language.selectOption('nl');
  await expect(
    page.getByRole('heading', { level: 1, name: T('vesting.templates.title', {}, 'nl') }),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await expect(page).toHaveTitle(new RegExp(T('vesting.templates.title', {}, 'nl')));

  await page.reload();
  await expect(
    page.getByRole('heading', { level: 1, name: T('vesting.templates.title', {}, 'nl') }),
  ).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Taal' })).toHaveValue('nl');

  // Another browser, English by its own preference: the account's choice wins once signed in.
  const other = await browser.newContext({ locale: 'en-GB', baseURL: baseURL! });
  const otherPage = await other.newPage();
  await signIn(otherPage, user);
  await otherPage.goto('/vesting-templates');
  await expect(
    otherPage.getByRole('heading', { level: 1, name: T('vesting.templates.title', {}, 'nl') }),
  ).toBeVisible();
  await expect(otherPage.locator('html')).toHaveAttribute('lang', 'nl');
  await other.close();

  // And back to English.
  await page.getByRole('combobox', { name: 'Taal' }).selectOption('en');
  await expect(
    page.getByRole('heading', { level: 1, name: T('vesting.templates.title', {}, 'en') }),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('a browser that prefers Dutch starts in Dutch', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ locale: 'nl-NL', baseURL: baseURL! });
  const page = await context.newPage();
  const user = await createVerifiedUser(page.request, baseURL!);
  // Signed in through the API (the page shares its cookies): the sign-in page's words are not
  // this test's subject.
  const signedIn = await page.request.post('/api/auth/sign-in/email', {
    headers: { origin: baseURL! },
    data: { email: user.email, password: user.password },
  });
  expect(signedIn.status()).toBe(200);
  await page.goto('/vesting-templates');
  await expect(
    page.getByRole('heading', { level: 1, name: T('vesting.templates.title', {}, 'nl') }),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await context.close();
});
