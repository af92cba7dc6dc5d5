import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { generateSync } from 'otplib';
import { addVirtualAuthenticator, createVerifiedUser, signIn } from './support/auth';
import { T } from './support/i18n';

/** "Sign out {device}, signed in {date}" in the test's language, for any device and date. */
function signOutSessionName(): RegExp {
  const text = T('account.sessions.signOutNamed', { device: '\u0000', date: '\u0000' });
  const parts = text.split('\u0000').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.+')}$`);
}

/** The page's origin, which better-auth's POSTs must carry. */
function originOf(page: Page): string {
  return new URL(page.url()).origin;
}

test('two-factor: enable TOTP, then signing in needs the code', async ({ page, baseURL }) => {
  const user = await createVerifiedUser(page.request, baseURL!);
  await signIn(page, user);
  await page.goto('/account/security');

  const twoFactor = page.locator('div', { has: page.getByText(T('account.twoFactor.title')) });
  await page
    .getByRole('form', { name: T('account.twoFactor.enable') })
    .getByLabel(T('account.password.title'))
    .fill(user.password);
  await page.getByRole('button', { name: T('account.twoFactor.enable') }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  await expect(page.getByRole('img', { name: T('account.twoFactor.setup.qrAlt') })).toBeVisible();
  await page.getByLabel(T('account.twoFactor.setup.code')).fill(generateSync({ secret }));
  await page.getByRole('button', { name: T('account.twoFactor.setup.verify') }).click();
  await expect(
    page
      .getByRole('list', { name: T('account.twoFactor.backupCodes.title') })
      .getByRole('listitem'),
  ).toHaveCount(10);
  await page.getByRole('button', { name: T('account.twoFactor.backupCodes.saved') }).click();
  await expect(
    twoFactor.getByText(T('account.twoFactor.on'), { exact: true }).first(),
  ).toBeVisible();

  // Sign out and in again through the API, in the page's cookie jar (the header's menu and the
  // /auth/two-factor page are covered by their own specs).
  const origin = originOf(page);
  expect(
    (await page.request.post('/api/auth/sign-out', { headers: { origin }, data: {} })).status(),
  ).toBe(200);
  const first = await page.request.post('/api/auth/sign-in/email', {
    headers: { origin },
    data: { email: user.email, password: user.password },
  });
  expect(first.status()).toBe(200);
  expect(await first.json()).toMatchObject({ twoFactorRedirect: true });
  const noSession = await page.request.get('/api/auth/get-session');
  expect(await noSession.json()).toBeNull();
  const second = await page.request.post('/api/auth/two-factor/verify-totp', {
    headers: { origin },
    data: { code: generateSync({ secret }) },
  });
  expect(second.status(), await second.text()).toBe(200);
  const session = await page.request.get('/api/auth/get-session');
  expect((await session.json()).user.email).toBe(user.email);
});

test('passkeys: add with a virtual authenticator, rename, delete', async ({ page, baseURL }) => {
  const user = await createVerifiedUser(page.request, baseURL!);
  await signIn(page, user);
  await addVirtualAuthenticator(page);
  await page.goto('/account/security');
  await expect(page.getByText(T('account.passkeys.empty'))).toBeVisible();
  await page.getByRole('button', { name: T('account.passkeys.add') }).click();
  await page.getByLabel(T('account.passkeys.name'), { exact: true }).fill('Laptop');
  await page.getByRole('button', { name: T('account.passkeys.create') }).click();
  const list = page.getByRole('list', { name: T('account.passkeys.title') });
  await expect(list.getByText('Laptop')).toBeVisible();

  await page
    .getByRole('button', { name: T('account.passkeys.renameNamed', { name: 'Laptop' }) })
    .click();
  await page.getByLabel(T('account.passkeys.name'), { exact: true }).fill('Work laptop');
  await page.getByRole('button', { name: T('account.passkeys.saveName') }).click();
  await expect(list.getByText('Work laptop')).toBeVisible();

  await page
    .getByRole('button', { name: T('account.passkeys.deleteNamed', { name: 'Work laptop' }) })
    .click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: T('account.passkeys.deleteConfirm') })
    .click();
  await expect(page.getByText(T('account.passkeys.empty'))).toBeVisible();
});

test('API keys: create, use, revoke', async ({ page, baseURL }) => {
  const user = await createVerifiedUser(page.request, baseURL!);
  await signIn(page, user);
  await page.goto('/account/api-keys');
  await expect(page.getByText(T('account.apiKeys.empty'))).toBeVisible();
  await page.getByRole('button', { name: T('account.apiKeys.create') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(T('account.apiKeys.field.name')).fill('Payroll sync');
  // Client-side checks: usage fields go together, metadata must be an object.
  await dialog.getByLabel(T('account.apiKeys.field.remaining')).fill('10');
  await dialog.getByLabel(T('account.apiKeys.field.metadata')).fill('[1, 2]');
  await dialog.getByRole('button', { name: T('account.apiKeys.createSubmit') }).click();
  await expect(dialog.getByText(T('account.apiKeys.validation.metadata'))).toBeVisible();
  await expect(
    dialog.getByText(T('account.apiKeys.validation.usageTogether')).first(),
  ).toBeVisible();
  await dialog.getByLabel(T('account.apiKeys.field.remaining')).fill('');
  await dialog.getByLabel(T('account.apiKeys.field.metadata')).fill('{"integration": "payroll"}');
  await dialog
    .getByRole('checkbox', {
      name: T('workspace.permissions.item', {
        resource: T('workspace.permissions.resource.company'),
        action: T('workspace.permissions.action.read'),
      }),
      exact: true,
    })
    .check();
  await dialog.getByRole('button', { name: T('account.apiKeys.createSubmit') }).click();

  const shown = page.getByRole('dialog', { name: T('account.apiKeys.new.title') });
  await expect(shown.getByText(T('account.apiKeys.new.description'))).toBeVisible();
  const key = (await shown.getByTestId('new-api-key').textContent())!.trim();
  expect(key).toMatch(/^esop_/);
  await shown.getByRole('button', { name: T('account.apiKeys.new.done') }).click();
  await expect(
    page.getByRole('list', { name: T('account.tab.apiKeys') }).getByText('Payroll sync'),
  ).toBeVisible();

  const call = () => page.request.get('/api/v1/company', { headers: { 'x-api-key': key } });
  expect((await call()).status()).toBe(200);

  await page
    .getByRole('button', { name: T('account.apiKeys.revokeNamed', { name: 'Payroll sync' }) })
    .click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: T('account.apiKeys.revokeConfirm') })
    .click();
  await expect(page.getByText(T('account.apiKeys.empty'))).toBeVisible();
  expect((await call()).status()).toBe(401);
});

test('sessions: revoke another browser; name change shows in the header', async ({
  page,
  browser,
  baseURL,
}) => {
  const user = await createVerifiedUser(page.request, baseURL!);
  await signIn(page, user);
  const other = await browser.newContext({ baseURL: baseURL! });
  const otherPage = await other.newPage();
  await signIn(otherPage, user);
  expect((await otherPage.request.get('/api/v1/me')).status()).toBe(200);

  await page.goto('/account/security');
  const sessions = page.getByRole('list', { name: T('account.sessions.title') });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await sessions.getByRole('button', { name: signOutSessionName() }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: T('account.sessions.signOutConfirm') })
    .click();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  expect((await otherPage.request.get('/api/v1/me')).status()).toBe(401);
  await other.close();

  await page.goto('/account/settings');
  await page.getByLabel(T('account.profile.name'), { exact: true }).fill('Eva Renamed');
  await page.getByRole('button', { name: T('account.profile.save') }).click();
  await expect(page.getByRole('banner').getByText('Eva Renamed')).toBeVisible();
});
