import { expect, test } from './support/test';
import { createVerifiedUser, signIn, toast } from './support/auth';
import { T } from './support/i18n';

/**
 * Issue 15's journey: in the account settings a lawyer moves their daily digest to 08:15 (kept
 * after a reload), creates their private calendar feed, sees its address once, downloads the
 * .ics (a calendar), and revokes the feed, whose address then answers 404.
 */
test('account settings: the digest time, and a calendar feed created, downloaded and revoked', async ({
  page,
  request,
  baseURL,
}) => {
  const user = await createVerifiedUser(request, baseURL!);
  await signIn(page, user);
  await page.goto('/account/settings');
  await expect(
    page.getByRole('heading', { level: 1, name: T('account.settings.title') }),
  ).toBeVisible();

  // The digest: on at 07:30 by default; moved to 08:15.
  await expect(page.getByRole('checkbox', { name: T('reminders.digest.enabled') })).toBeChecked();
  const time = page.getByLabel(T('reminders.digest.time'));
  await expect(time).toHaveValue('07:30');
  await time.fill('08:15');
  await page.getByRole('button', { name: T('reminders.digest.save') }).click();
  await expect(toast(page, T('reminders.digest.saved'))).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(T('reminders.digest.time'))).toHaveValue('08:15');

  // A calendar feed: its address is shown once, with how to subscribe.
  await expect(page.getByText(T('reminders.calendar.empty'))).toBeVisible();
  await page.getByRole('button', { name: T('reminders.calendar.create') }).click();
  const dialog = page.getByRole('dialog', { name: T('reminders.calendar.created.title') });
  await expect(dialog).toBeVisible();
  const url = (await dialog.getByTestId('calendar-feed-url').textContent())!.trim();
  expect(url).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await expect(dialog.getByText(T('reminders.calendar.google'))).toBeVisible();

  const downloading = page.waitForEvent('download');
  await dialog.getByRole('link', { name: T('reminders.calendar.download') }).click();
  const download = await downloading;
  const path = await download.path();
  const { readFile } = await import('node:fs/promises');
  const body = await readFile(path, 'utf8');
  expect(body.startsWith('BEGIN:VCALENDAR')).toBe(true);

  // The address needs no cookie.
  const anonymous = await request.get(url, { headers: { cookie: '' } });
  expect(anonymous.status()).toBe(200);

  await dialog.getByRole('button', { name: T('reminders.calendar.done') }).click();
  await expect(dialog).toBeHidden();

  // Listed (never with its address), then revoked after a confirmation.
  const list = page.getByRole('list', { name: T('reminders.calendar.list') });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await list
    .getByRole('button', { name: new RegExp(`^${T('reminders.calendar.revoke')}`) })
    .click();
  const confirm = page.getByRole('alertdialog', { name: T('reminders.calendar.revoke.title') });
  await confirm.getByRole('button', { name: T('reminders.calendar.revoke.confirm') }).click();
  await expect(toast(page, T('reminders.calendar.revoked'))).toBeVisible();
  await expect(page.getByText(T('reminders.calendar.empty'))).toBeVisible();
  expect((await request.get(url)).status()).toBe(404);
});
