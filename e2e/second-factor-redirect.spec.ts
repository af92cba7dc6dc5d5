import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { generate } from 'otplib';
import { codeFromSubject, createVerifiedUser, enableTotp } from './support/auth';
import { linkIn, waitForMail } from './support/mail';

/**
 * A deep link opened while signed out goes to sign-in with a `redirect` target. Whatever the
 * first factor (magic link, e-mail code), the second factor must still end on that target.
 */

async function passTotp(page: Page, secret: string) {
  await expect(
    page.getByRole('heading', { level: 1, name: 'Two-factor authentication' }),
  ).toBeVisible();
  await page.getByLabel('Authenticator code', { exact: true }).fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Verify' }).click();
}

test('the second factor after a magic link or an e-mail code returns to the deep link', async ({
  page,
  request,
  baseURL,
}) => {
  const user = await createVerifiedUser(request, baseURL!, { name: 'Dora Deeplink' });
  const { secret } = await enableTotp(request, baseURL!, user);
  const created = await request.post('/api/v1/company', {
    headers: { origin: baseURL! },
    data: { companyName: `Deep Link B.V. ${Date.now().toString(36)}`, companyType: 'BV' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id: companyId } = (await created.json()) as { id: string };
  const deepPath = `/companies/${companyId}/grants`;
  const atDeepPath = new RegExp(`${deepPath}$`);

  await test.step('magic link, then TOTP: lands on the deep link', async () => {
    await page.goto(deepPath);
    await expect(page).toHaveURL(/\/auth\/sign-in\?redirect=/);
    await page.getByRole('link', { name: 'Sign in with a magic link' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Sign in with a magic link' }),
    ).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByRole('button', { name: 'Send sign-in link' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeVisible();

    const mail = await waitForMail(user.email, { subject: /sign-in link/ });
    await page.goto(linkIn(mail, `${baseURL}/api/auth/magic-link/verify`));
    await expect(page).toHaveURL(/\/auth\/two-factor/);
    await passTotp(page, secret);
    await expect(page).toHaveURL(atDeepPath);
  });

  // Signed out again (the API, so the test does not depend on the header's menu).
  await page.request.post('/api/auth/sign-out', { headers: { origin: baseURL! }, data: {} });

  await test.step('e-mail code, then TOTP: lands on the deep link', async () => {
    await page.goto(deepPath);
    await expect(page).toHaveURL(/\/auth\/sign-in\?redirect=/);
    await page.getByRole('link', { name: 'Sign in with an e-mail code' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Sign in with an e-mail code' }),
    ).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Enter your code' })).toBeVisible();
    const mail = await waitForMail(user.email, { subject: /code:/ });
    await page.getByLabel('Code', { exact: true }).fill(codeFromSubject(mail.subject));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/auth\/two-factor/);
    await passTotp(page, secret);
    await expect(page).toHaveURL(atDeepPath);
  });
});

test('a foreign redirect target is ignored after the magic link and the second factor', async ({
  page,
  request,
  baseURL,
}) => {
  const user = await createVerifiedUser(request, baseURL!, { name: 'Olga Openredirect' });
  const { secret } = await enableTotp(request, baseURL!, user);

  await page.goto(`/auth/magic-link?redirect=${encodeURIComponent('//evil.example/phish')}`);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeVisible();
  const mail = await waitForMail(user.email, { subject: /sign-in link/ });
  await page.goto(linkIn(mail, `${baseURL}/api/auth/magic-link/verify`));
  await expect(page).toHaveURL(/\/auth\/two-factor/);

  // A hand-made second-factor URL with a foreign target lands on the default page too.
  await page.goto(`/auth/two-factor?redirect=${encodeURIComponent('https://evil.example/x')}`);
  await passTotp(page, secret);
  await expect(page).toHaveURL(new RegExp(`^${baseURL}/companies(\\?.*)?$`));
});
