import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { generate } from 'otplib';
import {
  addVirtualAuthenticator,
  codeFromSubject,
  createVerifiedUser,
  enableTotp,
  signIn,
  toast,
} from './support/auth';
import { inAnyLanguage, L, T } from './support/i18n';
import { linkIn, waitForMail } from './support/mail';
import type { TestUser } from './support/users';

const COMPANIES = /\/companies(\?.*)?$/;

/** The header's account menu button, named after the signed-in user. */
function accountMenu(page: Page, name: string) {
  return page.getByRole('banner').getByRole('button', { name: L(`Account menu for ${name}`) });
}

/** Who the page's cookies belong to, as the server sees it (null when nobody). */
async function sessionEmail(page: Page): Promise<string | null> {
  const response = await page.request.get('/api/auth/get-session');
  const body = (await response.json()) as { user: { email: string } } | null;
  return body?.user.email ?? null;
}

async function signOutFromHeader(page: Page) {
  await page
    .getByRole('banner')
    .getByRole('button', { name: T('shell.header.signOut') })
    .click();
  await expect(page).toHaveURL(/\/auth\/sign-in/);
  await expect(toast(page, T('auth.signOut.done'))).toBeVisible();
}

async function fillPasswordSignIn(page: Page, user: TestUser) {
  await page.getByLabel(T('auth.field.email'), { exact: true }).fill(user.email);
  await page.getByLabel(T('auth.field.password'), { exact: true }).fill(user.password);
  await page.getByRole('button', { name: T('auth.signIn.submit'), exact: true }).click();
}

/** The second step on /auth/two-factor with a fresh authenticator code. */
async function passTotp(page: Page, secret: string) {
  await expect(
    page.getByRole('heading', { level: 1, name: T('auth.twoFactor.title') }),
  ).toBeVisible();
  await page
    .getByLabel(T('auth.twoFactor.appCode'), { exact: true })
    .fill(await generate({ secret }));
  await page.getByRole('button', { name: T('auth.twoFactor.verify') }).click();
}

test('passkey: sign in with it; with TOTP on, the passkey is the only step', async ({
  page,
  baseURL,
}) => {
  const user = await createVerifiedUser(page.request, baseURL!, { name: 'Pia Passkey' });
  await addVirtualAuthenticator(page);
  await signIn(page, user);

  await page.goto('/account/security');
  await page.getByRole('button', { name: T('account.passkeys.add') }).click();
  await page.getByLabel(T('account.passkeys.name')).fill('Laptop');
  await page.getByRole('button', { name: T('account.passkeys.create') }).click();
  await expect(
    page.getByRole('list', { name: T('account.passkeys.title') }).getByText('Laptop'),
  ).toBeVisible();

  await test.step('signed out, the passkey button signs in', async () => {
    await signOutFromHeader(page);
    expect(await sessionEmail(page)).toBeNull();
    await page.getByRole('button', { name: T('auth.signIn.passkey') }).click();
    await expect(page).toHaveURL(COMPANIES);
    await expect(accountMenu(page, user.name)).toBeVisible();
    expect(await sessionEmail(page)).toBe(user.email);
  });

  const { secret } = await enableTotp(page.request, baseURL!, user);
  await page.goto('/companies');
  await signOutFromHeader(page);

  await test.step('the password now needs the second factor', async () => {
    await fillPasswordSignIn(page, user);
    await expect(page).toHaveURL(/\/auth\/two-factor/);
    expect(await sessionEmail(page)).toBeNull();
  });

  await test.step('the passkey does not: it counts as a strong factor', async () => {
    await page.goto('/auth/sign-in');
    await page.getByRole('button', { name: T('auth.signIn.passkey') }).click();
    await expect(page).toHaveURL(COMPANIES);
    await expect(accountMenu(page, user.name)).toBeVisible();
    expect(await sessionEmail(page)).toBe(user.email);
    expect((await page.request.get('/api/v1/me')).status()).toBe(200);
  });

  // A wrong code on the second step is still refused (the check above is not a fluke).
  await signOutFromHeader(page);
  await fillPasswordSignIn(page, user);
  await expect(page).toHaveURL(/\/auth\/two-factor/);
  const code = await generate({ secret });
  await page
    .getByLabel(T('auth.twoFactor.appCode'), { exact: true })
    .fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: T('auth.twoFactor.verify') }).click();
  await expect(toast(page, T('auth.error.invalidCode'))).toBeVisible();
});

test('two-factor after a magic link and after an e-mail code', async ({
  page,
  request,
  baseURL,
}) => {
  const user = await createVerifiedUser(request, baseURL!, { name: 'Mona Magic' });
  const { secret } = await enableTotp(request, baseURL!, user);

  await test.step('magic link: the mailed link leads to the second factor, not in', async () => {
    await page.goto('/auth/sign-in');
    await page.getByRole('link', { name: T('auth.magicLink.title') }).click();
    // The sign-in page has an Email field too: fill only once the magic-link page is there.
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
    // No session until the second step: the business API refuses the browser.
    expect(await sessionEmail(page)).toBeNull();
    expect((await page.request.get('/api/v1/me')).status()).toBe(401);

    await passTotp(page, secret);
    await expect(page).toHaveURL(COMPANIES);
    await expect(accountMenu(page, user.name)).toBeVisible();
    expect(await sessionEmail(page)).toBe(user.email);
  });

  await signOutFromHeader(page);

  await test.step('e-mail code: the code is the first step, the authenticator the second', async () => {
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
    expect(await sessionEmail(page)).toBeNull();
    await passTotp(page, secret);
    await expect(page).toHaveURL(COMPANIES);
    await expect(accountMenu(page, user.name)).toBeVisible();
  });
});

test('device sessions: add another account from the menu, switch, sign one out', async ({
  page,
  request,
  baseURL,
}) => {
  const ada = await createVerifiedUser(request, baseURL!, { name: 'Ada Alpha' });
  const ben = await createVerifiedUser(request, baseURL!, { name: 'Ben Beta' });
  await signIn(page, ada);

  await test.step('"Add another account" keeps the sign-in page open for a signed-in user', async () => {
    await accountMenu(page, ada.name).click();
    // One account: nothing to switch to yet.
    await expect(page.getByRole('group', { name: T('workspace.menu.switchAccount') })).toHaveCount(
      0,
    );
    await page.getByRole('menuitem', { name: T('workspace.menu.addAccount') }).click();
    await expect(page).toHaveURL(/\/auth\/sign-in\?addAccount=true$/);
    await expect(
      page.getByRole('heading', { level: 1, name: T('auth.signIn.addAccount.title') }),
    ).toBeVisible();
    await expect(
      page.getByText(
        T('auth.signIn.addAccount.description', { email: ada.email }).replace(/<\/?strong>/g, ''),
      ),
    ).toBeVisible();
    await expect(accountMenu(page, ada.name)).toBeVisible();

    await fillPasswordSignIn(page, ben);
    await expect(page).toHaveURL(COMPANIES);
    await expect(accountMenu(page, ben.name)).toBeVisible();
    expect(await sessionEmail(page)).toBe(ben.email);
  });

  const accounts = page.getByRole('group', { name: T('workspace.menu.switchAccount') });

  await test.step('the menu lists both accounts and switches between them', async () => {
    await accountMenu(page, ben.name).click();
    await expect(accounts.getByRole('menuitemradio')).toHaveCount(2);
    await expect(accounts.getByRole('menuitemradio', { name: ben.email })).toBeChecked();
    await expect(
      page.getByRole('menuitem', { name: T('workspace.menu.signOutAll') }),
    ).toBeVisible();
    await accounts.getByRole('menuitemradio', { name: ada.email }).click();
    await expect(page).toHaveURL(COMPANIES);
    await expect(accountMenu(page, ada.name)).toBeVisible();
    expect(await sessionEmail(page)).toBe(ada.email);

    await accountMenu(page, ada.name).click();
    await expect(accounts.getByRole('menuitemradio', { name: ada.email })).toBeChecked();
    await accounts.getByRole('menuitemradio', { name: ben.email }).click();
    await expect(accountMenu(page, ben.name)).toBeVisible();
    expect(await sessionEmail(page)).toBe(ben.email);
  });

  await test.step('signing the other account out leaves this one signed in', async () => {
    await page.goto('/account/security');
    const list = page.getByRole('list', { name: T('account.devices.title') });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await page
      .getByRole('button', { name: T('account.devices.signOutNamed', { email: ada.email }) })
      .click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: T('account.signOut') })
      .click();
    await expect(toast(page, T('account.devices.signedOut'))).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByText(ben.email)).toBeVisible();

    await accountMenu(page, ben.name).click();
    await expect(
      page.getByRole('menuitem', { name: T('workspace.menu.addAccount') }),
    ).toBeVisible();
    await expect(accounts).toHaveCount(0);
    await expect(
      page.getByRole('menuitem', { name: T('workspace.menu.signOut'), exact: true }),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    expect(await sessionEmail(page)).toBe(ben.email);
  });

  await test.step('the header\'s "Sign Out" signs out the active account only; the other becomes active', async () => {
    await addAccountFromMenu(page, ben, ada);
    await page
      .getByRole('banner')
      .getByRole('button', { name: T('shell.header.signOut') })
      .click();
    await expect(page).toHaveURL(COMPANIES);
    await expect(accountMenu(page, ben.name)).toBeVisible();
    expect(await sessionEmail(page)).toBe(ben.email);

    await accountMenu(page, ben.name).click();
    await expect(
      page.getByRole('menuitem', { name: T('workspace.menu.addAccount') }),
    ).toBeVisible();
    await expect(accounts).toHaveCount(0);
    await page.keyboard.press('Escape');
  });

  await test.step('"Sign out of all accounts" ends both and lands on sign-in', async () => {
    await addAccountFromMenu(page, ben, ada);
    await accountMenu(page, ada.name).click();
    await expect(accounts.getByRole('menuitemradio')).toHaveCount(2);
    await page.getByRole('menuitem', { name: T('workspace.menu.signOutAll') }).click();
    await expect(page).toHaveURL(/\/auth\/sign-in/);
    await expect(toast(page, T('auth.signOut.done'))).toBeVisible();
    expect(await sessionEmail(page)).toBeNull();
    const listed = await page.request.get('/api/auth/multi-session/list-device-sessions');
    expect(await listed.json()).toEqual([]);
  });
});

/** Signed in as `current`, adds `other` through the menu; `other` is then the active account. */
async function addAccountFromMenu(page: Page, current: TestUser, other: TestUser) {
  await accountMenu(page, current.name).click();
  await page.getByRole('menuitem', { name: T('workspace.menu.addAccount') }).click();
  await expect(page).toHaveURL(/\/auth\/sign-in\?addAccount=true$/);
  await fillPasswordSignIn(page, other);
  await expect(page).toHaveURL(COMPANIES);
  await expect(accountMenu(page, other.name)).toBeVisible();
  expect(await sessionEmail(page)).toBe(other.email);
}

test('adding an account that has two-factor on asks for its second factor', async ({
  page,
  request,
  baseURL,
}) => {
  const ada = await createVerifiedUser(request, baseURL!, { name: 'Ada Alpha' });
  const carl = await createVerifiedUser(request, baseURL!, { name: 'Carl Careful' });
  const { secret } = await enableTotp(request, baseURL!, carl);
  await signIn(page, ada);

  // The other way in: the security page's list of this browser's accounts.
  await page.goto('/account/security');
  await page.getByRole('link', { name: T('account.devices.add') }).click();
  await expect(page).toHaveURL(/\/auth\/sign-in\?addAccount=true$/);
  await fillPasswordSignIn(page, carl);
  await expect(page).toHaveURL(/\/auth\/two-factor/);
  await passTotp(page, secret);
  await expect(page).toHaveURL(COMPANIES);
  await expect(accountMenu(page, carl.name)).toBeVisible();

  await accountMenu(page, carl.name).click();
  const accounts = page.getByRole('group', { name: T('workspace.menu.switchAccount') });
  await expect(accounts.getByRole('menuitemradio')).toHaveCount(2);
  await accounts.getByRole('menuitemradio', { name: ada.email }).click();
  await expect(accountMenu(page, ada.name)).toBeVisible();
  expect(await sessionEmail(page)).toBe(ada.email);
});

test('account deletion: confirmed through the mailed link, which needs the signed-in browser', async ({
  page,
  browser,
  baseURL,
}) => {
  const user = await createVerifiedUser(page.request, baseURL!, { name: 'Dora Delete' });
  await signIn(page, user);

  await page.goto('/account/settings');
  await page.getByRole('button', { name: T('account.delete.submit') }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByText(T('account.delete.confirmDescription'))).toBeVisible();
  await dialog.getByRole('button', { name: T('account.delete.confirm') }).click();
  await expect(page.getByRole('status').getByText(T('account.delete.sent'))).toBeVisible();
  // Nothing is deleted before the link is opened.
  expect((await page.request.get('/api/v1/me')).status()).toBe(200);

  const mail = await waitForMail(user.email, {
    subject: inAnyLanguage('mail.deleteAccount.subject'),
  });
  const link = linkIn(mail, `${baseURL}/api/auth/delete-user/callback`);

  await test.step('a tampered link is explained on the account page, and deletes nothing', async () => {
    const tampered = new URL(link);
    tampered.searchParams.set('token', 'not-the-token');
    await page.goto(tampered.href);
    await expect(page).toHaveURL(/\/account\/settings\?deleteAccountError=INVALID_TOKEN$/);
    await expect(page.getByRole('alert')).toContainText(T('account.delete.linkInvalid'));
    // At the top of the page, where the visitor lands.
    await expect(page.getByRole('alert')).toBeInViewport();
    expect((await page.request.get('/api/v1/me')).status()).toBe(200);

    // Asking for a new mail there clears the explanation.
    await page.getByRole('button', { name: T('account.delete.submit') }).click();
    await dialog.getByRole('button', { name: T('account.delete.confirm') }).click();
    await expect(page.getByRole('status').getByText(T('account.delete.sent'))).toBeVisible();
    await expect(page).toHaveURL(/\/account\/settings$/);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  await test.step('opened in a signed-out browser, the link asks to sign in, then works', async () => {
    const context = await browser.newContext({ baseURL: baseURL! });
    const other = await context.newPage();
    try {
      await other.goto(link);
      await expect(other).toHaveURL(/\/auth\/sign-in\?redirect=/);
      await fillPasswordSignIn(other, user);
      await expect(other).toHaveURL(/\/account\/settings\?deleteAccountError=/);
      await expect(other.getByRole('alert')).toContainText(T('account.delete.linkNeedsSession'));
      expect(await sessionEmail(other)).toBe(user.email);

      await other.goto(link);
      await expect(other).toHaveURL(/\/auth\/sign-in\?accountDeleted=true$/);
      await expect(
        other.getByRole('status').getByText(T('auth.signIn.accountDeleted')),
      ).toBeVisible();
      await expect(
        other.getByRole('banner').getByRole('button', {
          name: new RegExp(`^${T('common.userMenu.label', { name: '' }).trim()}`),
        }),
      ).toHaveCount(0);
      expect(await sessionEmail(other)).toBeNull();
    } finally {
      await context.close();
    }
  });

  await test.step('the account is gone: every session ends, the password is refused', async () => {
    expect((await page.request.get('/api/v1/me')).status()).toBe(401);
    await page.goto('/companies');
    await expect(page).toHaveURL(/\/auth\/sign-in/);
    await fillPasswordSignIn(page, user);
    await expect(toast(page, T('auth.error.invalidCredentials'))).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/sign-in/);
  });
});
