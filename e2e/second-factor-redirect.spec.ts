import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { generate } from 'otplib';
import { codeFromSubject, createVerifiedUser, enableTotp } from './support/auth';
import { inAnyLanguage, T } from './support/i18n';
import { linkIn, waitForMail } from './support/mail';
import { uniqueSuffix } from './support/users';

/**
 * A deep link opened while signed out goes to sign-in with a `redirect` target. Whatever the
 * first factor (magic link, e-mail code), the second factor must still end on that target.
 */

async function passTotp(page: Page, secret: string) {
  await expect(
    page.getByRole('heading', { level: 1, name: T('auth.twoFactor.title') }),
  ).toBeVisible();
  await page
    .getByLabel(T('auth.twoFactor.appCode'), { exact: true })
    .fill(await generate({ secret }));
  await page.getByRole('button', { name: T('auth.twoFactor.verify') }).click();
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
    data: { companyName: `Deep Link B.V. ${uniqueSuffix()}`, companyType: 'BV' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id: companyId } = (await created.json()) as { id: string };
  const deepPath = `/companies/${companyId}/grants`;
  const atDeepPath = new RegExp(`${deepPath}$`);

  await test.step('magic link, then TOTP: lands on the deep link', async () => {
    await page.goto(deepPath);
    await expect(page).toHaveURL(/\/auth\/sign-in\?redirect=/);
    await page.getByRole('link', { name: T('auth.magicLink.title') }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: T('auth.magicLink.title') }),
    ).toBeVisible();
    await page.getByLabel(T('auth.field.email'), { exact: true }).fill(user.email);
    await page.getByRole('button', { name: T('auth.magicLink.send') }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: T('auth.checkEmail.title') }),
    ).toBeVisible();

    const mail = await waitForMail(user.email, {
      subject: inAnyLanguage('mail.magicLink.subject'),
    });
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
    await page.getByRole('link', { name: T('auth.emailOtp.title') }).click();
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
    await page
      .getByLabel(T('auth.field.code'), { exact: true })
      .fill(codeFromSubject(mail.subject));
    await page.getByRole('button', { name: T('auth.signIn.submit'), exact: true }).click();
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
  await page.getByLabel(T('auth.field.email'), { exact: true }).fill(user.email);
  await page.getByRole('button', { name: T('auth.magicLink.send') }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: T('auth.checkEmail.title') }),
  ).toBeVisible();
  const mail = await waitForMail(user.email, { subject: inAnyLanguage('mail.magicLink.subject') });
  await page.goto(linkIn(mail, `${baseURL}/api/auth/magic-link/verify`));
  await expect(page).toHaveURL(/\/auth\/two-factor/);

  // A hand-made second-factor URL with a foreign target lands on the default page too.
  await page.goto(`/auth/two-factor?redirect=${encodeURIComponent('https://evil.example/x')}`);
  await passTotp(page, secret);
  await expect(page).toHaveURL(new RegExp(`^${baseURL}/companies(\\?.*)?$`));
});
