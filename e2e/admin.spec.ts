import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { adminUser, createVerifiedUser, signIn } from './support/auth';
import { L, T } from './support/i18n';
import { uniqueSuffix } from './support/users';

/** On /admin/users: narrows the list to `email` and opens that user's dialog. */
async function manage(page: Page, email: string) {
  await page.getByLabel(L('Search by e-mail')).fill(email);
  const rows = page.getByRole('table', { name: T('admin.users.title') }).getByRole('row');
  await expect(rows).toHaveCount(2); // header + the one user
  await page.getByRole('button', { name: L(`Manage ${email}`) }).click();
  return page.getByRole('dialog');
}

/** Confirms the open alert dialog with `label`. */
async function confirm(page: Page, label: string) {
  await page.getByRole('alertdialog').getByRole('button', { name: label, exact: true }).click();
  await expect(page.getByRole('alertdialog')).toBeHidden();
}

/** Tries to sign in through the UI; returns the page for assertions. */
async function attemptSignIn(page: Page, user: { email: string; password: string }) {
  await page.goto('/auth/sign-in');
  await page.getByLabel(T('auth.field.email'), { exact: true }).fill(user.email);
  await page.getByLabel(T('auth.field.password'), { exact: true }).fill(user.password);
  await page.getByRole('button', { name: T('auth.signIn.submit'), exact: true }).click();
}

// Issue 3: platform administration on /admin/users, for the users named in ADMIN_EMAILS.
test('a platform admin searches, bans, unbans, impersonates, signs out, resets and deletes a user', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  // A long journey: three times the default limit.
  test.slow();
  const origin = baseURL!;
  const admin = await adminUser(origin);
  const user = await createVerifiedUser(request, origin, { name: 'Bea Banned' });
  const userContext = await browser.newContext({ baseURL: origin });
  const userPage = await userContext.newPage();

  // The admin finds the Admin entry in the account menu; the list searches by e-mail.
  await signIn(page, admin);
  await page.getByRole('button', { name: L(`Account menu for ${admin.name}`) }).click();
  await page.getByRole('menuitem', { name: T('workspace.menu.admin'), exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: T('admin.users.title') })).toBeVisible();
  const stamp = uniqueSuffix();
  const adminRow = page.getByRole('row').filter({ hasText: admin.email });
  await page.getByLabel(L('Search by e-mail')).fill(admin.email);
  await expect(adminRow).toContainText(T('admin.users.badge.admin'));
  await page.getByLabel(L('Search by e-mail')).fill(`nobody-${stamp}@nowhere.test`);
  await expect(
    page.getByText(T('admin.users.noMatch', { search: `nobody-${stamp}@nowhere.test` })),
  ).toBeVisible();

  // Ban with a reason and an expiry: the user cannot sign in, and is told why.
  let dialog = await manage(page, user.email);
  await dialog.getByLabel(T('admin.ban.reason')).fill('Unpaid invoices');
  await dialog.getByLabel(T('admin.ban.duration')).selectOption('7');
  await dialog.getByRole('button', { name: T('admin.ban.button') }).click();
  await confirm(page, T('admin.ban.button'));
  await expect(page.getByText(L(`${user.name} is banned`))).toBeVisible();
  await expect(
    dialog.getByText(
      T('admin.ban.detailsUntil', {
        reason: T('admin.ban.quotedReason', { reason: 'Unpaid invoices' }),
        date: '',
      }).trim(),
    ),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  const userRow = page.getByRole('row').filter({ hasText: user.email });
  await expect(userRow).toContainText(T('admin.users.badge.banned'));

  await attemptSignIn(userPage, user);
  await expect(
    userPage.getByText(L('This account has been suspended. Contact your administrator.')).first(),
  ).toBeVisible();
  await expect(userPage).toHaveURL(/\/auth\/sign-in/);

  // Unban: the user signs in again.
  dialog = await manage(page, user.email);
  await dialog.getByRole('button', { name: T('admin.unban.button') }).click();
  await confirm(page, T('admin.unban.button'));
  await expect(page.getByText(L(`${user.name} is no longer banned`))).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(userRow).not.toContainText(T('admin.users.badge.banned'));
  await signIn(userPage, user);

  // Revoke the user's sessions: their next page load finds them signed out.
  dialog = await manage(page, user.email);
  await dialog.getByRole('button', { name: T('admin.sessions.revokeAll') }).click();
  await confirm(page, T('admin.sessions.confirm'));
  await expect(page.getByText(L(`${user.name} is signed out everywhere`))).toBeVisible();
  await page.keyboard.press('Escape');
  const afterRevoke = await userPage.request.get('/api/v1/me');
  expect(afterRevoke.status()).toBe(401);
  await userPage.goto('/companies');
  await expect(userPage).toHaveURL(/\/auth\/sign-in/);

  // Set a new password: the user signs in with it (and no longer with the old one).
  const newPassword = 'admin-chosen-password-7';
  dialog = await manage(page, user.email);
  await dialog.getByLabel(T('admin.password.new')).fill(newPassword);
  await dialog.getByRole('button', { name: T('admin.password.button') }).click();
  await confirm(page, T('admin.password.button'));
  await expect(page.getByText(L(`Password of ${user.name} changed`))).toBeVisible();
  await page.keyboard.press('Escape');
  await attemptSignIn(userPage, user);
  await expect(userPage.getByText(L('Invalid e-mail address or password.')).first()).toBeVisible();
  await signIn(userPage, { ...user, password: newPassword });

  // Impersonate: the admin sees the app as the user, with a banner, until they stop.
  dialog = await manage(page, user.email);
  await dialog.getByRole('button', { name: T('admin.impersonation.button') }).click();
  await confirm(page, T('admin.impersonation.button'));
  await expect(page).toHaveURL(/\/companies(\?.*)?$/);
  const banner = page.getByRole('status').filter({
    hasText: T('admin.impersonation.banner', { name: user.name, email: user.email }),
  });
  await expect(banner).toContainText(
    T('admin.impersonation.banner', { name: user.name, email: user.email }),
  );
  await expect(
    page.getByRole('button', { name: L(`Account menu for ${user.name}`) }),
  ).toBeVisible();
  const asUser = await (await page.request.get('/api/v1/me')).json();
  expect(asUser.user.name).toBe(user.name);
  await banner.getByRole('button', { name: T('admin.impersonation.stop') }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(banner).toHaveCount(0);
  await expect(
    page.getByRole('button', { name: L(`Account menu for ${admin.name}`) }),
  ).toBeVisible();

  // Delete: the user is gone from the list and cannot sign in.
  dialog = await manage(page, user.email);
  await dialog.getByRole('button', { name: T('admin.delete.button') }).click();
  await confirm(page, T('admin.delete.button'));
  await expect(page.getByText(L(`${user.name} deleted`))).toBeVisible();
  await expect(page.getByText(T('admin.users.noMatch', { search: user.email }))).toBeVisible();
  await attemptSignIn(userPage, { ...user, password: newPassword });
  await expect(userPage.getByText(L('Invalid e-mail address or password.')).first()).toBeVisible();
  await userContext.close();
});

test('a user who is not a platform admin gets no admin screen and no admin API', async ({
  page,
  request,
  baseURL,
}) => {
  const origin = baseURL!;
  const user = await createVerifiedUser(request, origin, { name: 'Norm Nonadmin' });
  await signIn(page, user);

  await page.getByRole('button', { name: L(`Account menu for ${user.name}`) }).click();
  await expect(
    page.getByRole('menuitem', { name: T('workspace.menu.admin'), exact: true }),
  ).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.goto('/admin/users');
  await expect(page.getByText(T('admin.notAllowed'))).toBeVisible();
  await expect(page.getByRole('table', { name: T('admin.users.title') })).toHaveCount(0);
  await expect(page.getByLabel(L('Search by e-mail'))).toHaveCount(0);
  const listed = await page.request.get('/api/auth/admin/list-users');
  expect(listed.status()).toBe(403);
});
