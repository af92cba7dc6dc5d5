import type { APIRequestContext } from '@playwright/test';
import { expect, firmDate, test } from './support/clock';
import { createVerifiedUser, signIn } from './support/auth';
import { L, T } from './support/i18n';

/** A call to the business API with the page's session (its cookie jar is the browser's). */
async function api<T>(request: APIRequestContext, path: string, data: object): Promise<T> {
  const response = await request.post(`/api/v1${path}`, { data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

/**
 * Issue 15, "Tasks and deadlines": on the practice view a cliff becomes a task with one click
 * (the row then links to it, and "My open tasks" lists it); the Tasks page shows it under My
 * tasks, and its checkbox completes it. The grant comes through the API (the grant form has its
 * own journey); its cliff is 35 days from the firm's today, so the journey is a clocked one.
 */
test('tasks: a cliff on the practice view becomes my task, completed on the Tasks page', async ({
  page,
  baseURL,
}) => {
  const user = await createVerifiedUser(page.request, baseURL!);
  await signIn(page, user);
  const suffix = Math.random().toString(36).slice(2, 8);
  const companyName = `Taken Holding ${suffix}`;
  const stakeholderName = `Tom Werknemer ${suffix}`;
  const company = await api<{ id: string }>(page.request, '/company', { companyName });
  const stakeholder = await api<{ id: string }>(
    page.request,
    `/company/${company.id}/stakeholders`,
    { name: stakeholderName, relationship: 'employee' },
  );
  const plan = await api<{ id: string }>(page.request, `/company/${company.id}/plans`, {
    name: 'Phantom Plan 2025',
    planType: 'phantom_shares',
    shareClassId: null,
    poolSize: 10_000,
  });
  const vestingStart = firmDate(-330);
  await api(page.request, `/company/${company.id}/grants`, {
    stakeholderId: stakeholder.id,
    planId: plan.id,
    quantity: 4800,
    exercisePrice: '1.00',
    grantDate: vestingStart,
    vestingStartDate: vestingStart,
    terms: {
      type: 'time',
      periodLength: 1,
      periodUnit: 'months',
      occurrences: 48,
      cliffPeriods: 12,
    },
  });
  const title = T('server.tasks.title.cliff', {
    stakeholder: stakeholderName,
    plan: 'Phantom Plan 2025',
    company: companyName,
  });

  await test.step('on the practice view, the cliff becomes a task with one click', async () => {
    await page.goto('/upcoming?types=cliff');
    await expect(page.getByRole('heading', { level: 1, name: T('upcoming.title') })).toBeVisible();
    const cliffRow = page
      .getByRole('row')
      .filter({ hasText: stakeholderName })
      .filter({ hasText: T('upcoming.type.cliff') });
    await expect(cliffRow).toHaveCount(1);
    await cliffRow
      .getByRole('button', { name: new RegExp(`^${T('tasks.deadline.create')}`) })
      .click();
    await expect(page.getByText(L('Task created'))).toBeVisible();
    // The row now links to its task instead of offering another.
    await expect(
      cliffRow.getByRole('link', { name: new RegExp(`^${T('tasks.deadline.open')}`) }),
    ).toBeVisible();
    await expect(
      cliffRow.getByRole('button', { name: new RegExp(`^${T('tasks.deadline.create')}`) }),
    ).toHaveCount(0);
    const mine = page.getByRole('region', { name: T('tasks.mine.title') });
    await expect(mine.getByText(title)).toBeVisible();
  });

  await test.step('the Tasks page lists it under My tasks; its checkbox completes it', async () => {
    await page
      .getByRole('navigation', { name: L('Main') })
      .getByRole('link', { name: T('tasks.nav') })
      .click();
    await expect(page).toHaveURL(/\/tasks$/);
    await expect(page.getByRole('heading', { level: 1, name: T('tasks.title') })).toBeVisible();
    await expect(page.getByRole('button', { name: T('tasks.scope.mine') })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(companyName);
    // A click, not check(): the done task leaves the list as soon as the server has answered.
    await row.getByRole('checkbox', { name: T('tasks.action.completeOne', { title }) }).click();
    await expect(page.getByText(L('Task completed'))).toBeVisible();
    // Done tasks leave the default list (open or waiting)…
    await expect(row).toHaveCount(0);
    // …and show, struck through, with every status.
    await page
      .getByLabel(T('tasks.filter.status'))
      .selectOption({ label: T('tasks.filter.statusAny') });
    await expect(row).toHaveCount(1);
    await expect(
      row.getByRole('checkbox', { name: T('tasks.action.reopenOne', { title }) }),
    ).toBeChecked();
  });

  await test.step('a task of my own, with no company, made in the dialog', async () => {
    const own = `Bel de notaris ${suffix}`;
    await page.getByRole('button', { name: T('tasks.action.new') }).click();
    const dialog = page.getByRole('dialog', { name: T('tasks.dialog.newTitle') });
    await dialog.getByLabel(T('tasks.field.title')).fill(own);
    await dialog.getByRole('button', { name: T('tasks.action.create') }).click();
    // The first step's toast may still show: this one is the newest.
    await expect(page.getByText(L('Task created')).last()).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('row').filter({ hasText: own })).toHaveCount(1);
  });
});
