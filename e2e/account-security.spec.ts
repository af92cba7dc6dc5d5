import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { generateSync } from 'otplib';
import { addVirtualAuthenticator, createVerifiedUser, signIn } from './support/auth';

/** The page's origin, which better-auth's POSTs must carry. */
function originOf(page: Page): string {
  return new URL(page.url()).origin;
}

test('two-factor: enable TOTP, then signing in needs the code', async ({ page, baseURL }) => {
  const user = await createVerifiedUser(page.request, baseURL!);
  await signIn(page, user);
  await page.goto('/account/security');

  const twoFactor = page.locator('div', { has: page.getByText('Two-factor authentication') });
  await page
    .getByRole('form', { name: 'Enable two-factor' })
    .getByLabel('Password')
    .fill(user.password);
  await page.getByRole('button', { name: 'Enable two-factor' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await page.getByLabel('Authenticator code').fill(generateSync({ secret }));
  await page.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem')).toHaveCount(
    10,
  );
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(twoFactor.getByText('On', { exact: true }).first()).toBeVisible();

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
  await expect(page.getByText('No passkeys yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add passkey' }).click();
  await page.getByLabel('Passkey name').fill('Laptop');
  await page.getByRole('button', { name: 'Create passkey' }).click();
  const list = page.getByRole('list', { name: 'Passkeys' });
  await expect(list.getByText('Laptop')).toBeVisible();

  await page.getByRole('button', { name: 'Rename Laptop' }).click();
  await page.getByLabel('Passkey name').fill('Work laptop');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(list.getByText('Work laptop')).toBeVisible();

  await page.getByRole('button', { name: 'Delete Work laptop' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete passkey' }).click();
  await expect(page.getByText('No passkeys yet.')).toBeVisible();
});

test('API keys: create, use, revoke', async ({ page, baseURL }) => {
  const user = await createVerifiedUser(page.request, baseURL!);
  await signIn(page, user);
  await page.goto('/account/api-keys');
  await expect(page.getByText('No API keys yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Create API key' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Key name').fill('Payroll sync');
  // Client-side checks: usage fields go together, metadata must be an object.
  await dialog.getByLabel('Remaining uses').fill('10');
  await dialog.getByLabel('Metadata (JSON object)').fill('[1, 2]');
  await dialog.getByRole('button', { name: 'Create key' }).click();
  await expect(dialog.getByText('Metadata must be a JSON object')).toBeVisible();
  await expect(dialog.getByText(/together, or none/).first()).toBeVisible();
  await dialog.getByLabel('Remaining uses').fill('');
  await dialog.getByLabel('Metadata (JSON object)').fill('{"integration": "payroll"}');
  await dialog.getByRole('checkbox', { name: 'Companies: read', exact: true }).check();
  await dialog.getByRole('button', { name: 'Create key' }).click();

  const shown = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(shown.getByText('You will not be able to see this key again.')).toBeVisible();
  const key = (await shown.getByTestId('new-api-key').textContent())!.trim();
  expect(key).toMatch(/^esop_/);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(
    page.getByRole('list', { name: 'API keys' }).getByText('Payroll sync'),
  ).toBeVisible();

  const call = () => page.request.get('/api/v1/company', { headers: { 'x-api-key': key } });
  expect((await call()).status()).toBe(200);

  await page.getByRole('button', { name: 'Revoke Payroll sync' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByText('No API keys yet.')).toBeVisible();
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
  const sessions = page.getByRole('list', { name: 'Active sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await sessions.getByRole('button', { name: /^Sign out / }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sign out session' }).click();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  expect((await otherPage.request.get('/api/v1/me')).status()).toBe(401);
  await other.close();

  await page.goto('/account/settings');
  await page.getByLabel('Name', { exact: true }).fill('Eva Renamed');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('banner').getByText('Eva Renamed')).toBeVisible();
});
