import type { Page } from '@playwright/test';
import { createVerifiedUser, signIn } from './support/auth';
import { T } from './support/i18n';
import { createRealisticCompany } from './support/realistic-company';
import { expect, test } from './support/test';

/**
 * Issue 12, "Accessibility and themes": light, dark and the system's scheme, chosen in the
 * header, kept in this browser, applied before the first paint (decision 023), and the main pages
 * pass axe-core's WCAG 2.2 AA checks (contrast included) in both themes.
 */

const themeMenu = (page: Page) => page.getByRole('combobox', { name: T('theme.label') });

/** The theme's class on <html>: `dark`, or none for light. */
const isDark = (page: Page) =>
  page.evaluate(() => document.documentElement.classList.contains('dark'));

test('the theme menu switches light, dark and system; the choice survives a reload', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/auth/sign-in');
  // System is the default, and follows the system's scheme as it changes.
  await expect(themeMenu(page)).toHaveValue('system');
  expect(await isDark(page)).toBe(false);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => isDark(page)).toBe(true);
  await expect(page.locator('html')).toHaveCSS('color-scheme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => isDark(page)).toBe(false);

  await themeMenu(page).selectOption('dark');
  expect(await isDark(page)).toBe(true);
  await expect(page.locator('body')).not.toHaveCSS('background-color', 'rgb(255, 255, 255)');
  await page.reload();
  await expect(themeMenu(page)).toHaveValue('dark');
  expect(await isDark(page)).toBe(true);

  // Light wins over a dark system; system follows it again.
  await page.emulateMedia({ colorScheme: 'dark' });
  await themeMenu(page).selectOption('light');
  expect(await isDark(page)).toBe(false);
  await page.reload();
  await expect(themeMenu(page)).toHaveValue('light');
  expect(await isDark(page)).toBe(false);
  await themeMenu(page).selectOption('system');
  expect(await isDark(page)).toBe(true);
  await page.reload();
  await expect(themeMenu(page)).toHaveValue('system');
  expect(await isDark(page)).toBe(true);
});

test('no flash: <html> has the theme before the app runs and before the first paint', async ({
  page,
}) => {
  // What the document looks like as soon as it is parsed, before any module script runs (the
  // app's entry is a module: it runs after DOMContentLoaded's parsing, never before this).
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { seenThemes: string[] }).seenThemes = seen;
    const observe = () => {
      seen.push(document.documentElement.className || '(none)');
    };
    document.addEventListener('readystatechange', observe, { once: true });
    // The first frame the browser paints.
    requestAnimationFrame(observe);
  });
  const seen = () =>
    page.evaluate(() => (window as unknown as { seenThemes: string[] }).seenThemes);

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/auth/sign-in', { waitUntil: 'domcontentloaded' });
  expect(await seen()).toEqual(['dark', 'dark']);

  await page.emulateMedia({ colorScheme: 'light' });
  await page.evaluate(() => localStorage.setItem('esop.theme', 'dark'));
  await page.reload({ waitUntil: 'domcontentloaded' });
  expect(await seen()).toEqual(['dark', 'dark']);

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.evaluate(() => localStorage.setItem('esop.theme', 'light'));
  await page.reload({ waitUntil: 'domcontentloaded' });
  expect((await seen()).every((c) => !c.split(' ').includes('dark'))).toBe(true);
});

test('the main pages pass axe-core (contrast included) in the light and the dark theme', async ({
  page,
  baseURL,
  checkA11y,
}) => {
  test.slow();
  const user = await createVerifiedUser(page.request, baseURL!);
  await signIn(page, user);
  const companyId = await createRealisticCompany(page.request);
  const pages = [
    '/companies',
    `/companies/${companyId}/cap-table`,
    `/companies/${companyId}/grants`,
    `/companies/${companyId}/valuations`,
    '/upcoming',
  ];
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const path of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0);
      expect(await isDark(page)).toBe(scheme === 'dark');
      await checkA11y();
    }
  }
});
