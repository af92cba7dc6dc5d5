import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, firmDate, test } from './support/clock';
import { formatInteger, formatIsoDate } from '../src/contracts/i18n/format';
import { createVerifiedUser, signIn, toast } from './support/auth';
import { T, testLanguage } from './support/i18n';

/** A call to the business API with the page's session (its cookie jar is the browser's). */
async function api<T>(request: APIRequestContext, path: string, data: object): Promise<T> {
  const response = await request.post(`/api/v1${path}`, { data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

/** `YYYY-MM-DD`, `days` from the server's today (the firm's calendar, pinnable). */
const isoDaysFromToday = firmDate;

/** A date as the app shows it in the test's language ("1 Mar 2024"; "1 mrt 2024"). */
function shown(_page: Page, iso: string): Promise<string> {
  return Promise.resolve(formatIsoDate(testLanguage(), iso));
}

/** "100 on 1 Mar 2024": the next installment's figure. */
async function nextInstallment(page: Page, iso: string): Promise<string> {
  return T('grants.figure.nextInstallment.value', {
    quantity: formatInteger(testLanguage(), 100),
    date: await shown(page, iso),
  });
}

/** The figure shown under a label of a `<dl>` ("Vested" → "3,542"). */
function figure(scope: Locator, label: string) {
  const text = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return scope.locator('dt', { hasText: new RegExp(`^${text}$`) }).locator('xpath=../dd');
}

/**
 * Issue 5's leave of absence: on the grant page a lawyer records a leave; the next installment
 * moves by its length, the leave is listed with the schedule, and an overlapping leave is
 * refused with the server's reason. 4,800 vest 100 every 30 days from 45 days ago, so the next
 * installment is in 15 days; a 20-day leave from today moves it to 35 days from today.
 */
test('grant: a leave of absence moves the next installment', async ({ page, baseURL }) => {
  const user = await createVerifiedUser(page.request, baseURL!);
  await signIn(page, user);
  const suffix = Math.random().toString(36).slice(2, 8);
  const company = await api<{ id: string }>(page.request, '/company', {
    companyName: `Leave Holding ${suffix}`,
  });
  const stakeholder = await api<{ id: string }>(
    page.request,
    `/company/${company.id}/stakeholders`,
    { name: 'Lotte Verlof', relationship: 'employee' },
  );
  const plan = await api<{ id: string }>(page.request, `/company/${company.id}/plans`, {
    name: 'Phantom Plan',
    planType: 'phantom_shares',
    shareClassId: null,
    poolSize: 10_000,
  });
  const vestingStart = isoDaysFromToday(-45);
  const grant = await api<{ id: string }>(page.request, `/company/${company.id}/grants`, {
    stakeholderId: stakeholder.id,
    planId: plan.id,
    quantity: 4800,
    exercisePrice: '1.00',
    grantDate: vestingStart,
    vestingStartDate: vestingStart,
    terms: {
      type: 'time',
      periodLength: 30,
      periodUnit: 'days',
      occurrences: 48,
      cliffPeriods: 0,
    },
  });

  await page.goto(`/companies/${company.id}/grants/${grant.id}`);
  const figures = page.getByRole('region', { name: T('grants.detail.today') });
  const schedule = page.getByRole('region', { name: T('grants.schedule.title') });
  const nextLabel = T('grants.figure.nextInstallment');
  const leavesTable = T('grants.leaves.title');
  const leaveDialog = T('grants.leave.title', { name: 'Lotte Verlof' });
  const startLabel = T('grants.leave.start');
  const endLabel = T('grants.leave.end');
  const leaveStart = isoDaysFromToday(0);
  const leaveEnd = isoDaysFromToday(20);

  await test.step('before the leave: the next installment is in 15 days', async () => {
    await expect(
      page.getByRole('heading', {
        level: 2,
        name: T('grants.detail.heading', {
          quantity: formatInteger(testLanguage(), 4800),
          name: 'Lotte Verlof',
        }),
      }),
    ).toBeVisible();
    await expect(figure(figures, nextLabel)).toHaveText(
      await nextInstallment(page, isoDaysFromToday(15)),
    );
    await expect(schedule.getByRole('table', { name: leavesTable })).toHaveCount(0);
  });

  await test.step('the form names its errors before anything is sent', async () => {
    await page.getByRole('button', { name: T('grants.leave.trigger') }).click();
    const dialog = page.getByRole('alertdialog', { name: leaveDialog });
    await dialog.getByLabel(startLabel).fill(leaveEnd);
    await dialog.getByLabel(endLabel).fill(leaveStart);
    await dialog.getByRole('button', { name: T('grants.leave.confirm') }).click();
    await expect(dialog.getByLabel(endLabel)).toHaveAccessibleDescription(
      new RegExp(T('grants.leave.endBeforeStart')),
    );
    await expect(dialog).toBeVisible();
  });

  await test.step('a 20-day leave from today moves the next installment by 20 days', async () => {
    const dialog = page.getByRole('alertdialog', { name: leaveDialog });
    await dialog.getByLabel(startLabel).fill(leaveStart);
    await dialog.getByLabel(endLabel).fill(leaveEnd);
    await dialog.getByRole('button', { name: T('grants.leave.confirm') }).click();
    await expect(
      toast(
        page,
        T('grants.leave.done', {
          from: await shown(page, leaveStart),
          to: await shown(page, leaveEnd),
        }),
      ),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(figure(figures, nextLabel)).toHaveText(
      await nextInstallment(page, isoDaysFromToday(35)),
    );
    const leaves = schedule.getByRole('table', { name: leavesTable });
    await expect(leaves.getByRole('row')).toHaveCount(2);
    await expect(leaves.getByRole('row').nth(1)).toContainText(await shown(page, leaveStart));
    await expect(leaves.getByRole('row').nth(1)).toContainText(await shown(page, leaveEnd));
    await expect(leaves.getByRole('row').nth(1)).toContainText('20');
    // The installment table has moved too: the first one still ahead is 35 days from today.
    await expect(
      schedule
        .getByRole('table', {
          name: T('grants.schedule.installmentsCaption', { name: 'Lotte Verlof' }),
        })
        .getByRole('row')
        .nth(2),
    ).toContainText(await shown(page, isoDaysFromToday(35)));
  });

  await test.step('an overlapping leave is refused with the server’s reason', async () => {
    await page.getByRole('button', { name: T('grants.leave.trigger') }).click();
    const dialog = page.getByRole('alertdialog', { name: leaveDialog });
    await dialog.getByLabel(startLabel).fill(isoDaysFromToday(10));
    await dialog.getByLabel(endLabel).fill(isoDaysFromToday(40));
    await dialog.getByRole('button', { name: T('grants.leave.confirm') }).click();
    // The server's reason, in the page's language with the dates written out.
    const longDate = (iso: string) => formatIsoDate(testLanguage(), iso, 'long');
    await expect(
      toast(
        page,
        T('errors.leave.overlaps', { start: longDate(leaveStart), end: longDate(leaveEnd) }),
      ),
    ).toBeVisible();
    await expect(dialog.getByLabel(startLabel)).toHaveAccessibleDescription(
      T('errors.leave.overlaps.field'),
    );
    await dialog.getByRole('button', { name: T('common.cancel') }).click();
    await expect(schedule.getByRole('table', { name: leavesTable }).getByRole('row')).toHaveCount(
      2,
    );
  });

  await test.step('a leave recorded by mistake is removed after a confirmation', async () => {
    const leaves = schedule.getByRole('table', { name: leavesTable });
    await leaves
      .getByRole('button', {
        name: T('grants.leave.remove.label', {
          from: await shown(page, leaveStart),
          to: await shown(page, leaveEnd),
        }),
      })
      .click();
    const confirm = page.getByRole('alertdialog', { name: T('grants.leave.remove.title') });
    await confirm.getByRole('button', { name: T('grants.leave.remove.confirm') }).click();
    await expect(toast(page, T('grants.leave.remove.done'))).toBeVisible();
    await expect(leaves).toHaveCount(0);
    await expect(figure(figures, nextLabel)).toHaveText(
      await nextInstallment(page, isoDaysFromToday(15)),
    );
  });
});
