import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { generate } from 'otplib';
import { codeFromSubject, createVerifiedUser, enableTotp, toast } from './support/auth';
import { inAnyLanguage, T } from './support/i18n';
import { linkIn, waitForMail } from './support/mail';
import type { TestUser } from './support/users';

async function fillPasswordSignIn(page: Page, user: TestUser) {
  await page.goto('/auth/sign-in');
  await page.getByLabel(T('auth.field.email'), { exact: true }).fill(user.email);
  await page.getByLabel(T('auth.field.password'), { exact: true }).fill(user.password);
  await page.getByRole('button', { name: T('auth.signIn.submit'), exact: true }).click();
}

test('forgot password: reset through the mailed link, then sign in with the new password', async ({
  page,
  request,
  baseURL,
}) => {
  const user = await createVerifiedUser(request, baseURL!);
  const newPassword = 'a-brand-new-password-7';

  await page.goto('/auth/sign-in');
  await page.getByRole('link', { name: T('auth.signIn.forgotPassword') }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  await page.getByLabel(T('auth.field.email'), { exact: true }).fill(user.email);
  await page.getByRole('button', { name: T('auth.forgot.send') }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: T('auth.checkEmail.title') }),
  ).toBeVisible();

  const mail = await waitForMail(user.email, {
    subject: inAnyLanguage('mail.resetPassword.subject'),
  });
  await page.goto(linkIn(mail, `${baseURL}/api/auth/reset-password/`));
  await expect(page).toHaveURL(/\/auth\/reset-password\?token=/);

  await test.step('mismatched passwords are refused inline', async () => {
    await page.getByLabel(T('auth.reset.newPassword'), { exact: true }).fill(newPassword);
    await page.getByLabel(T('auth.reset.repeatPassword'), { exact: true }).fill(`${newPassword}x`);
    await page.getByRole('button', { name: T('auth.reset.submit') }).click();
    await expect(page.getByText(T('auth.validation.passwordsDiffer'))).toBeVisible();
  });

  await page.getByLabel(T('auth.reset.repeatPassword'), { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: T('auth.reset.submit') }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: T('auth.reset.done.title') }),
  ).toBeVisible();
  await page.getByRole('link', { name: T('auth.signIn.submit'), exact: true }).click();

  await test.step('the old password no longer works', async () => {
    await fillPasswordSignIn(page, user);
    await expect(toast(page, T('auth.error.invalidCredentials'))).toBeVisible();
  });

  await fillPasswordSignIn(page, { ...user, password: newPassword });
  await expect(page).toHaveURL(/\/companies(\?.*)?$/);

  await test.step('the link works only once', async () => {
    await page.goto('/auth/sign-out');
    await expect(page).toHaveURL(/\/auth\/sign-in/);
    await expect(toast(page, T('auth.signOut.done'))).toBeVisible();
    await page.goto(linkIn(mail, `${baseURL}/api/auth/reset-password/`));
    await expect(
      page.getByRole('heading', { level: 1, name: T('auth.reset.invalid.title') }),
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
  await page.getByRole('link', { name: T('auth.magicLink.title') }).click();
  await expect(page).toHaveURL(/\/auth\/magic-link/);
  // The sign-in page has an Email field too: wait for the new page before filling.
  await expect(
    page.getByRole('heading', { level: 1, name: T('auth.magicLink.title') }),
  ).toBeVisible();
  await page.getByLabel(T('auth.field.email'), { exact: true }).fill(user.email);
  await page.getByRole('button', { name: T('auth.magicLink.send') }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: T('auth.checkEmail.title') }),
  ).toBeVisible();

  const mail = await waitForMail(user.email, { subject: inAnyLanguage('mail.magicLink.subject') });
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
    await expect(page.getByRole('alert')).toContainText(T('auth.error.invalidLink'));
  });
});

test('e-mail code: the 6-digit code from the mail signs in', async ({ page, request, baseURL }) => {
  const user = await createVerifiedUser(request, baseURL!);

  await page.goto('/auth/sign-in');
  await page.getByRole('link', { name: T('auth.emailOtp.title') }).click();
  await expect(page).toHaveURL(/\/auth\/email-otp/);
  await expect(
    page.getByRole('heading', { level: 1, name: T('auth.emailOtp.title') }),
  ).toBeVisible();
  await page.getByLabel(T('auth.field.email'), { exact: true }).fill(user.email);
  await page.getByRole('button', { name: T('auth.emailOtp.send') }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: T('auth.emailOtp.codeTitle') }),
  ).toBeVisible();

  const mail = await waitForMail(user.email, {
    subject: inAnyLanguage('mail.code.subject', { code: /\d{6}/ }),
  });
  const code = codeFromSubject(mail.subject);

  await test.step('a wrong code is refused', async () => {
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel(T('auth.field.code'), { exact: true }).fill(wrong);
    await page.getByRole('button', { name: T('auth.signIn.submit'), exact: true }).click();
    await expect(toast(page, T('auth.error.invalidCode'))).toBeVisible();
  });

  await page.getByLabel(T('auth.field.code'), { exact: true }).fill(code);
  await page.getByRole('button', { name: T('auth.signIn.submit'), exact: true }).click();
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
    await page.getByLabel(T('auth.field.email'), { exact: true }).fill(user.email);
    await page.getByLabel(T('auth.field.password'), { exact: true }).fill(user.password);
    await page.getByRole('button', { name: T('auth.signIn.submit'), exact: true }).click();
    await expect(page).toHaveURL(/\/auth\/two-factor\?redirect=/);
    await page
      .getByLabel(T('auth.twoFactor.appCode'), { exact: true })
      .fill(await generate({ secret }));
    await page.getByRole('button', { name: T('auth.twoFactor.verify') }).click();
    await expect(page).toHaveURL(/\/companies(\?.*)?$/);
  });

  await test.step('password, then a backup code (in a fresh browser)', async () => {
    const context = await browser.newContext();
    const other = await context.newPage();
    try {
      await fillPasswordSignIn(other, user);
      await expect(other).toHaveURL(/\/auth\/two-factor/);
      await other.getByRole('link', { name: T('auth.recover.title') }).click();
      await expect(other).toHaveURL(/\/auth\/recover-account/);

      await other.getByLabel(T('auth.recover.code'), { exact: true }).fill('not-a-backup-code');
      await other.getByRole('button', { name: T('auth.twoFactor.verify') }).click();
      await expect(toast(other, T('auth.error.invalidBackupCode'))).toBeVisible();

      await other.getByLabel(T('auth.recover.code'), { exact: true }).fill(backupCodes[0]!);
      await other.getByRole('button', { name: T('auth.twoFactor.verify') }).click();
      await expect(other).toHaveURL(/\/companies(\?.*)?$/);
    } finally {
      await context.close();
    }
  });
});
