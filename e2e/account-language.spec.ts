import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { createVerifiedUser, signIn, toast } from './support/auth';
import { T } from './support/i18n';
import { waitForMail } from './support/mail';
import { newUser } from './support/users';

/**
 * The account's language in its settings (issue 12): a card offers every catalog's language by
 * its own name; choosing one re-renders the app in it, sets <html lang>, survives a reload and is
 * saved on the account, so a fresh browser shows it once signed in. Each browser here is opened
 * with an explicit locale, so the journey means the same whatever the project's language.
 */

async function englishPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({
    locale: 'en-GB',
    baseURL,
    extraHTTPHeaders: { origin: baseURL },
  });
  return context.newPage();
}

function settingsHeading(page: Page, language: string) {
  return page.getByRole('heading', { level: 1, name: T('account.settings.title', {}, language) });
}

test('account settings switch the app to Dutch, which the account keeps', async ({
  browser,
  baseURL,
}) => {
  const page = await englishPage(browser, baseURL!);
  const user = await createVerifiedUser(page.request, baseURL!);
  await signIn(page, user);
  await page.goto('/account/settings');
  await expect(settingsHeading(page, 'en')).toBeVisible();

  const choice = page.getByRole('radiogroup', { name: T('account.language.title', {}, 'en') });
  await expect(choice.getByRole('radio')).toHaveCount(2);
  await expect(choice.getByRole('radio', { name: 'English' })).toBeChecked();

  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/auth/update-user') && response.ok(),
  );
  // click, not check: the app re-mounts in Dutch at once, so the English group is gone.
  await choice.getByRole('radio', { name: 'Nederlands' }).click();
  await saved;

  // The page reads Dutch, the document says so, and the focus stayed on the choice.
  await expect(settingsHeading(page, 'nl')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await expect(page).toHaveTitle(new RegExp(T('account.settings.title', {}, 'nl')));
  const dutchChoice = page.getByRole('radiogroup', { name: T('account.language.title', {}, 'nl') });
  await expect(dutchChoice.getByRole('radio', { name: 'Nederlands' })).toBeChecked();
  await expect(dutchChoice.getByRole('radio', { name: 'Nederlands' })).toBeFocused();
  await expect(
    page.getByRole('heading', { name: T('account.profile.title', {}, 'nl'), exact: true }),
  ).toBeVisible();

  await page.reload();
  await expect(settingsHeading(page, 'nl')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');

  // Signing out keeps this browser in Dutch.
  await page.goto('/auth/sign-out');
  await expect(toast(page, T('auth.signOut.done', {}, 'nl'))).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 1, name: T('auth.signIn.submit', {}, 'nl') }),
  ).toBeVisible();
  await page.context().close();

  // A fresh browser that prefers English: the account's saved language wins once signed in.
  const other = await englishPage(browser, baseURL!);
  await signIn(other, user);
  await other.goto('/account/settings');
  await expect(settingsHeading(other, 'nl')).toBeVisible();
  await expect(other.locator('html')).toHaveAttribute('lang', 'nl');
  await other.context().close();
});

test('signing up in Dutch gives the new account Dutch', async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    locale: 'nl-NL',
    baseURL: baseURL!,
    extraHTTPHeaders: { origin: baseURL! },
  });
  const page = await context.newPage();
  const user = newUser();

  await page.goto('/auth/sign-up');
  await expect(
    page.getByRole('heading', { level: 1, name: T('auth.signUp.title', {}, 'nl') }),
  ).toBeVisible();
  await page.getByLabel(T('auth.field.name', {}, 'nl'), { exact: true }).fill(user.name);
  await page.getByLabel(T('auth.field.email', {}, 'nl'), { exact: true }).fill(user.email);
  await page.getByLabel(T('auth.field.password', {}, 'nl'), { exact: true }).fill(user.password);
  await page.getByRole('button', { name: T('auth.signUp.submit', {}, 'nl') }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: T('auth.checkEmail.title', {}, 'nl') }),
  ).toBeVisible();

  const mail = await waitForMail(user.email, { timeoutMs: 45_000 });
  const link = mail.links.find((l) => l.includes('verify-email'));
  expect(link, `links in the mail: ${mail.links.join(', ')}`).toBeTruthy();
  const verified = await page.request.get(link!);
  expect(verified.ok()).toBe(true);
  await context.close();

  // Signed in from a browser that prefers English: without a language saved at sign-up, the
  // account would take this browser's English; it shows Dutch, the language it was created in.
  const other = await englishPage(browser, baseURL!);
  await signIn(other, user);
  await expect(other.locator('html')).toHaveAttribute('lang', 'nl');
  await other.goto('/account/settings');
  await expect(settingsHeading(other, 'nl')).toBeVisible();
  await other.context().close();
});
