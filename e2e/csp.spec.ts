import { expect, test } from './support/test';
import { createVerifiedUser, toast } from './support/auth';
import { watchCspViolations } from './support/csp';
import { L, T } from './support/i18n';
import { uniqueSuffix } from './support/users';

// Issue 11, finding 7: the SPA runs under its strict Content-Security-Policy without a single
// violation (decision 014): no inline script, no eval (zod's probe included), library <style>
// elements admitted by the response's nonce.
test('the main screens run under the Content-Security-Policy without a violation', async ({
  page,
  request,
  baseURL,
}) => {
  const violations = await watchCspViolations(page);
  const user = await createVerifiedUser(request, baseURL!, { name: 'Clara Policy' });

  await test.step('sign in (a zod-validated form) under the policy', async () => {
    const response = await page.goto('/auth/sign-in');
    const policy = response!.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    // A wrong password first: the form validates, the server refuses, a toast is styled.
    await page.getByLabel(T('auth.field.email'), { exact: true }).fill(user.email);
    await page
      .getByLabel(T('auth.field.password'), { exact: true })
      .fill('not the password at all');
    await page.getByRole('button', { name: T('auth.signIn.submit'), exact: true }).click();
    await expect(
      page
        .getByRole('alert')
        .or(toast(page, T('auth.error.invalidCredentials')))
        .first(),
    ).toBeVisible();
    await page.getByLabel(T('auth.field.password'), { exact: true }).fill(user.password);
    await page.getByRole('button', { name: T('auth.signIn.submit'), exact: true }).click();
    await expect(page).toHaveURL(/\/companies(\?.*)?$/);
  });

  const companyName = `Policy Holding ${uniqueSuffix()}`;
  await test.step('the companies list, and a company created in its form', async () => {
    await expect(page.getByRole('heading', { level: 1, name: L('Companies') })).toBeVisible();
    await page
      .getByRole('link', { name: L('New company') })
      .first()
      .click();
    await page.getByLabel(L('Company name'), { exact: true }).fill(companyName);
    await page.getByRole('button', { name: L('Create company') }).click();
    await expect(toast(page, L('Company created'))).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible();
  });

  await test.step('the company page and its tabs', async () => {
    await page.goto('/companies');
    await page
      .getByRole('table', { name: L('Companies') })
      .getByRole('link', { name: companyName })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible();
    for (const [tab, path] of [
      ['Stakeholders', 'stakeholders'],
      ['Cap table', 'cap-table'],
      ['Plans', 'plans'],
      ['Grants', 'grants'],
      ['Valuations', 'valuations'],
      ['Activity', 'activity'],
    ] as const) {
      await page.getByRole('link', { name: L(tab), exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/companies/[0-9a-f-]{36}/${path}$`));
      await expect(page.getByRole('main')).not.toBeEmpty();
    }
    // A dialog: Radix locks the page's scroll with a <style> element of its own.
    await page.getByRole('link', { name: L('Overview'), exact: true }).click();
    await page.getByRole('button', { name: L('Delete'), exact: true }).click();
    await expect(page.getByRole('alertdialog').or(page.getByRole('dialog'))).toBeVisible();
    await page.keyboard.press('Escape');
  });

  await test.step('no violation anywhere', async () => {
    expect(await violations()).toEqual([]);
    // The sonner toaster's stylesheet was admitted: its toasts are positioned, not in the flow.
    expect(
      await page.evaluate(() => document.querySelectorAll('style[nonce]').length),
    ).toBeGreaterThan(0);
  });
});
