import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { createVerifiedUser, signIn, signInThroughForm, toast as toastWith } from './support/auth';
import { T, testLanguage } from './support/i18n';
import { waitForMail } from './support/mail';
import { newUser } from './support/users';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A toast reading exactly `text`, inside the "Notifications" live region. */
const toast = (page: Page, text: string) => toastWith(page, new RegExp(`^${escapeRegExp(text)}$`));

function uniqueCompanyName(): string {
  return `Acme Holding ${Math.random().toString(36).slice(2, 8)}`;
}

test('sign up, verify, sign in, create, edit and delete a company, sign out', async ({ page }) => {
  const user = newUser();
  const companyName = uniqueCompanyName();

  await test.step('sign up', async () => {
    await page.goto('/auth/sign-up');
    await page.getByLabel(T('auth.field.name'), { exact: true }).fill(user.name);
    await page.getByLabel(T('auth.field.email'), { exact: true }).fill(user.email);
    await page.getByLabel(T('auth.field.password'), { exact: true }).fill(user.password);
    await page.getByRole('button', { name: T('auth.signUp.submit') }).click();
    await expect(page.getByRole('heading', { name: T('auth.checkEmail.title') })).toBeVisible();
  });

  await test.step('verify the e-mail address from the mail', async () => {
    // In the language the account was created in: the browser's.
    const mail = await waitForMail(user.email, {
      subject: new RegExp(`^${escapeRegExp(T('mail.verification.subject'))}$`),
      timeoutMs: 45_000,
    });
    const link = mail.links.find((l) => l.includes('verify-email')) ?? mail.links[0];
    expect(link, `links in the mail: ${mail.links.join(', ')}`).toBeTruthy();
    await page.goto(link!);
    await expect(page).toHaveURL(/\/auth\/callback/);
    await expect(page.getByRole('heading', { name: T('auth.verify.done.title') })).toBeVisible();
  });

  await test.step('sign in', async () => {
    await signInThroughForm(page, user);
  });

  await test.step('create a company', async () => {
    await page.getByRole('link', { name: T('companies.new') }).click();
    await expect(page).toHaveURL(/\/companies\/create$/);
    await page.getByLabel(T('companies.field.companyName'), { exact: true }).fill(companyName);
    await page.getByLabel(T('companies.field.vat'), { exact: true }).fill('NL123456782B01');
    await page.getByLabel(T('companies.field.postal'), { exact: true }).fill('1234 AB');
    await page.getByLabel(T('companies.field.city'), { exact: true }).fill('Amsterdam');
    await page.getByLabel(T('companies.field.contactName'), { exact: true }).fill('Jan Jansen');
    await page.getByLabel(T('companies.field.email'), { exact: true }).fill('jan@acme.test');
    await page.getByLabel(T('companies.field.phone'), { exact: true }).fill('+31 20 123 4567');
    await page.getByRole('button', { name: T('companies.create') }).click();
    await expect(toast(page, T('companies.toast.created'))).toBeVisible();
    await expect(page).toHaveURL(/\/companies\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible();
  });

  await test.step('the list shows it', async () => {
    await page.goto('/companies');
    const row = page
      .getByRole('table', { name: T('companies.list.label') })
      .getByRole('link', { name: companyName });
    await expect(row).toBeVisible();
    await row.click();
    await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible();
  });

  await test.step('edit it', async () => {
    await page.getByRole('button', { name: T('companies.edit'), exact: true }).click();
    await page.getByLabel(T('companies.field.city'), { exact: true }).fill('Rotterdam');
    await page.getByRole('button', { name: T('companies.saveChanges') }).click();
    await expect(toast(page, T('companies.toast.updated'))).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: /^Rotterdam$/ })).toBeVisible();
    // The activity is a tab of the company page (issue 4).
    const tabs = page.getByRole('navigation', { name: T('companies.nav.label') });
    await tabs.getByRole('link', { name: T('companies.nav.activity') }).click();
    const activity = page.getByRole('list', { name: T('companies.activity.label') });
    await expect(
      activity
        .getByText(
          new RegExp(
            escapeRegExp(
              T('companies.activity.company.updateFields', { fields: T('companies.field.city') }),
            ),
          ),
        )
        .first(),
    ).toBeVisible();
    await expect(activity.getByText('Amsterdam', { exact: true }).first()).toBeVisible();
    await tabs.getByRole('link', { name: T('companies.nav.overview') }).click();
  });

  await test.step('delete it', async () => {
    await page.getByRole('button', { name: T('companies.delete'), exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toBeVisible();
    // Moving a company to the trash asks for its name first (issue 11).
    const confirm = dialog.getByRole('button', {
      name: T('companies.delete.confirm'),
      exact: true,
    });
    await expect(confirm).toBeDisabled();
    await dialog
      .getByLabel(T('companies.delete.typeName').replace('<name/>', companyName))
      .fill(companyName);
    await confirm.click();
    await expect(toast(page, T('companies.toast.trashed', { name: companyName }))).toBeVisible();
    await expect(page).toHaveURL(/\/companies(\?.*)?$/);
    // This test's user owns a fresh workspace: its only company is gone.
    await expect(
      page.getByRole('heading', { name: T('companies.list.empty.title') }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: companyName })).toHaveCount(0);
  });

  await test.step('sign out', async () => {
    await page.getByRole('button', { name: T('shell.header.signOut'), exact: true }).click();
    await expect(toast(page, T('auth.signOut.done'))).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/sign-in/);
  });
});

test('an invalid VAT number shows an inline error and creates nothing', async ({
  page,
  request,
  baseURL,
}) => {
  const user = await createVerifiedUser(request, baseURL!);
  await signIn(page, user);
  const companyName = uniqueCompanyName();

  await page.goto('/companies/create');
  await page.getByLabel(T('companies.field.companyName'), { exact: true }).fill(companyName);
  await page.getByLabel(T('companies.field.vat'), { exact: true }).fill('NL123');
  await page.getByRole('button', { name: T('companies.create') }).click();

  const vat = page.getByLabel(T('companies.field.vat'), { exact: true });
  await expect(vat).toHaveAttribute('aria-invalid', 'true');
  // The contract's message: its own wording in English, the catalog's in other languages.
  await expect(vat).toHaveAccessibleDescription(
    testLanguage() === 'en'
      ? /not a valid NL VAT number/i
      : new RegExp(escapeRegExp(T('validation.company.vat.invalid', { country: 'NL' }))),
  );
  await expect(page).toHaveURL(/\/companies\/create$/);

  // Nothing reached the server: the user's fresh workspace is still empty.
  await page.goto('/companies');
  await expect(page.getByRole('heading', { name: T('companies.list.empty.title') })).toBeVisible();
  await expect(page.getByRole('link', { name: companyName })).toHaveCount(0);
});

test('a signed-out visit to /companies lands on the sign-in page', async ({ page }) => {
  await page.goto('/companies');
  await expect(page).toHaveURL(/\/auth\/sign-in/);
  await expect(
    page.getByRole('button', { name: T('auth.signIn.submit'), exact: true }),
  ).toBeVisible();
});

test('an unknown page shows "Not found"', async ({ page }) => {
  await page.goto('/nope');
  await expect(
    page.getByRole('heading', { level: 1, name: T('shell.notFound.page.title') }),
  ).toBeVisible();
});

test('the landing page invites signed-out visitors in', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: T('landing.cta.startTrial') })).toBeVisible();
  await expect(
    page.getByRole('link', { name: T('landing.cta.signIn'), exact: true }),
  ).toBeVisible();
});
