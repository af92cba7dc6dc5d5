import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { createVerifiedUser, signIn } from './support/auth';
import { waitForMail } from './support/mail';
import { newUser } from './support/users';

function uniqueCompanyName(): string {
  return `Acme Holding ${Math.random().toString(36).slice(2, 8)}`;
}

/** A toast as people (and screen readers) get it: inside the "Notifications" live region. */
function toast(page: Page, text: string) {
  return page.getByRole('region', { name: /^Notifications/ }).getByText(text, { exact: true });
}

test('sign up, verify, sign in, create, edit and delete a company, sign out', async ({ page }) => {
  const user = newUser();
  const companyName = uniqueCompanyName();

  await test.step('sign up', async () => {
    await page.goto('/auth/sign-up');
    await page.getByLabel('Name', { exact: true }).fill(user.name);
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText(/check your e-mail/i).first()).toBeVisible();
  });

  await test.step('verify the e-mail address from the mail', async () => {
    const mail = await waitForMail(user.email, { subject: /Verify/, timeoutMs: 15_000 });
    const link = mail.links.find((l) => l.includes('verify-email')) ?? mail.links[0];
    expect(link, `links in the mail: ${mail.links.join(', ')}`).toBeTruthy();
    await page.goto(link!);
    await expect(page).toHaveURL(/\/auth\/callback/);
    await expect(
      page.getByText(/e-mail (address )?(is |has been )?verified/i).first(),
    ).toBeVisible();
  });

  await test.step('sign in', async () => {
    await signIn(page, user);
  });

  await test.step('create a company', async () => {
    await page.getByRole('link', { name: 'New company' }).click();
    await expect(page).toHaveURL(/\/companies\/create$/);
    await page.getByLabel('Company name', { exact: true }).fill(companyName);
    await page.getByLabel('VAT number', { exact: true }).fill('NL123456782B01');
    await page.getByLabel('Postal code', { exact: true }).fill('1234 AB');
    await page.getByLabel('City', { exact: true }).fill('Amsterdam');
    await page.getByLabel('Contact name', { exact: true }).fill('Jan Jansen');
    await page.getByLabel('Email', { exact: true }).fill('jan@acme.test');
    await page.getByLabel('Phone', { exact: true }).fill('+31 20 123 4567');
    await page.getByRole('button', { name: 'Create company' }).click();
    await expect(toast(page, 'Company created')).toBeVisible();
    await expect(page).toHaveURL(/\/companies\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible();
  });

  await test.step('the list shows it', async () => {
    await page.goto('/companies');
    const row = page
      .getByRole('table', { name: 'Companies' })
      .getByRole('link', { name: companyName });
    await expect(row).toBeVisible();
    await row.click();
    await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible();
  });

  await test.step('edit it', async () => {
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByLabel('City', { exact: true }).fill('Rotterdam');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Company updated')).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: /^Rotterdam$/ })).toBeVisible();
    // The activity is a tab of the company page (issue 4).
    const tabs = page.getByRole('navigation', { name: 'Company' });
    await tabs.getByRole('link', { name: 'Activity' }).click();
    const activity = page.getByRole('list', { name: 'Activity' });
    await expect(activity.getByText(/updated City/).first()).toBeVisible();
    await expect(activity.getByText('Amsterdam', { exact: true }).first()).toBeVisible();
    await tabs.getByRole('link', { name: 'Overview' }).click();
  });

  await test.step('delete it', async () => {
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toBeVisible();
    // Moving a company to the trash asks for its name first (issue 11).
    const confirm = dialog.getByRole('button', { name: 'Move to trash', exact: true });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel(`Type ${companyName} to confirm`).fill(companyName);
    await confirm.click();
    await expect(toast(page, `${companyName} moved to the trash`)).toBeVisible();
    await expect(page).toHaveURL(/\/companies(\?.*)?$/);
    // This test's user owns a fresh workspace: its only company is gone.
    await expect(page.getByRole('heading', { name: 'No companies yet' })).toBeVisible();
    await expect(page.getByRole('link', { name: companyName })).toHaveCount(0);
  });

  await test.step('sign out', async () => {
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(toast(page, 'Signed out successfully')).toBeVisible();
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
  await page.getByLabel('Company name', { exact: true }).fill(companyName);
  await page.getByLabel('VAT number', { exact: true }).fill('NL123');
  await page.getByRole('button', { name: 'Create company' }).click();

  const vat = page.getByLabel('VAT number', { exact: true });
  await expect(vat).toHaveAttribute('aria-invalid', 'true');
  await expect(vat).toHaveAccessibleDescription(/not a valid NL VAT number/i);
  await expect(page).toHaveURL(/\/companies\/create$/);

  // Nothing reached the server: the user's fresh workspace is still empty.
  await page.goto('/companies');
  await expect(page.getByRole('heading', { name: 'No companies yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: companyName })).toHaveCount(0);
});

test('a signed-out visit to /companies lands on the sign-in page', async ({ page }) => {
  await page.goto('/companies');
  await expect(page).toHaveURL(/\/auth\/sign-in/);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
});

test('an unknown page shows "Not found"', async ({ page }) => {
  await page.goto('/nope');
  await expect(page.getByText('Not found').first()).toBeVisible();
});

test('the landing page invites signed-out visitors in', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Start Free Trial' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
});
