import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { generate } from 'otplib';
import { codeFromSubject, createVerifiedUser, enableTotp, toast } from './support/auth';
import { linkIn, waitForMail } from './support/mail';
import type { TestUser } from './support/users';

async function fillPasswordSignIn(page: Page, user: TestUser) {
  await page.goto('/auth/sign-in');
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('forgot password: reset through the mailed link, then sign in with the new password', async ({
  page,
  request,
  baseURL,
}) => {
  const user = await createVerifiedUser(request, baseURL!);
  const newPassword = 'a-brand-new-password-7';

  await page.goto('/auth/sign-in');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeVisible();

  const mail = await waitForMail(user.email, { subject: /Reset your/ });
  await page.goto(linkIn(mail, `${baseURL}/api/auth/reset-password/`));
  await expect(page).toHaveURL(/\/auth\/reset-password\?token=/);

  await test.step('mismatched passwords are refused inline', async () => {
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Repeat new password', { exact: true }).fill(`${newPassword}x`);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('The passwords do not match')).toBeVisible();
  });

  await page.getByLabel('Repeat new password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your password has been changed' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();

  await test.step('the old password no longer works', async () => {
    await fillPasswordSignIn(page, user);
    await expect(toast(page, 'Invalid e-mail address or password.')).toBeVisible();
  });

  await fillPasswordSignIn(page, { ...user, password: newPassword });
  await expect(page).toHaveURL(/\/companies(\?.*)?$/);

  await test.step('the link works only once', async () => {
    await page.goto('/auth/sign-out');
    await expect(page).toHaveURL(/\/auth\/sign-in/);
    await expect(toast(page, 'Signed out successfully')).toBeVisible();
    await page.goto(linkIn(mail, `${baseURL}/api/auth/reset-password/`));
    await expect(
      page.getByRole('heading', { level: 1, name: 'This reset link is not valid' }),
    ).toBeVisible();
  });
});

test('magic link: the mailed link signs in and lands on the companies page', async ({
  page,
  request,
  baseURL,
}) => {
  const user = await createVerifiedUser(request, baseURL!);

  await page.goto('/auth/sign-in');
  await page.getByRole('link', { name: 'Sign in with a magic link' }).click();
  await expect(page).toHaveURL(/\/auth\/magic-link/);
  // The sign-in page has an Email field too: wait for the new page before filling.
  await expect(
    page.getByRole('heading', { level: 1, name: 'Sign in with a magic link' }),
  ).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeVisible();

  const mail = await waitForMail(user.email, { subject: /sign-in link/ });
  const link = mail.links.find((l) => l.includes('/magic-link/verify'));
  expect(link, `links: ${mail.links.join(', ')}`).toBeTruthy();
  await page.goto(link!);
  await expect(page).toHaveURL(/\/companies(\?.*)?$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await test.step('a used link is refused on the magic-link page', async () => {
    await page.goto('/auth/sign-out');
    await expect(page).toHaveURL(/\/auth\/sign-in/);
    await page.goto(link!);
    await expect(page).toHaveURL(/\/auth\/magic-link\?.*error=/);
    await expect(page.getByRole('alert')).toContainText('This link is not valid');
  });
});

test('e-mail code: the 6-digit code from the mail signs in', async ({ page, request, baseURL }) => {
  const user = await createVerifiedUser(request, baseURL!);

  await page.goto('/auth/sign-in');
  await page.getByRole('link', { name: 'Sign in with an e-mail code' }).click();
  await expect(page).toHaveURL(/\/auth\/email-otp/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Sign in with an e-mail code' }),
  ).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your code' })).toBeVisible();

  const mail = await waitForMail(user.email, { subject: /code:/ });
  const code = codeFromSubject(mail.subject);

  await test.step('a wrong code is refused', async () => {
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel('Code', { exact: true }).fill(wrong);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(toast(page, 'This code is not valid. Check it and try again.')).toBeVisible();
  });

  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/companies(\?.*)?$/);
});

test('two-factor: password + authenticator code, and password + backup code', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const user = await createVerifiedUser(request, baseURL!);
  const { secret, backupCodes } = await enableTotp(request, baseURL!, user);

  await test.step('password, then the authenticator code', async () => {
    await page.goto('/companies');
    await expect(page).toHaveURL(/\/auth\/sign-in\?redirect=/);
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/auth\/two-factor\?redirect=/);
    await page.getByLabel('Authenticator code', { exact: true }).fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/companies(\?.*)?$/);
  });

  await test.step('password, then a backup code (in a fresh browser)', async () => {
    const context = await browser.newContext();
    const other = await context.newPage();
    try {
      await fillPasswordSignIn(other, user);
      await expect(other).toHaveURL(/\/auth\/two-factor/);
      await other.getByRole('link', { name: 'Use a backup code' }).click();
      await expect(other).toHaveURL(/\/auth\/recover-account/);

      await other.getByLabel('Backup code', { exact: true }).fill('not-a-backup-code');
      await other.getByRole('button', { name: 'Verify' }).click();
      await expect(
        toast(other, 'This backup code is not valid. Each backup code works only once.'),
      ).toBeVisible();

      await other.getByLabel('Backup code', { exact: true }).fill(backupCodes[0]!);
      await other.getByRole('button', { name: 'Verify' }).click();
      await expect(other).toHaveURL(/\/companies(\?.*)?$/);
    } finally {
      await context.close();
    }
  });
});
