import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { createVerifiedUser, signIn, toast } from './support/auth';
import { T } from './support/i18n';
import type { TestUser } from './support/users';

/** Signs `user` in on `api` (better-auth wants an Origin on every POST). */
async function apiSignIn(api: APIRequestContext, baseURL: string, user: TestUser): Promise<void> {
  const response = await api.post('/api/auth/sign-in/email', {
    headers: { origin: baseURL },
    data: { email: user.email, password: user.password },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function post<T>(api: APIRequestContext, baseURL: string, path: string, data: unknown) {
  const response = await api.post(path, { headers: { origin: baseURL }, data });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

// Issue 3: the UI hides what the role lacks, and the server refuses it anyway.
test('a guest sees no create, edit, delete or activity, and the API refuses their writes', async ({
  page,
  request,
  baseURL,
}) => {
  const origin = baseURL!;
  const owner = await createVerifiedUser(request, origin, { name: 'Olga Owner' });
  const guest = await createVerifiedUser(request, origin, { name: 'Gus Guest' });
  const companyName = `Guest Visible ${Math.random().toString(36).slice(2, 8)}`;

  // The owner, on their own cookie jar: a company, and an invitation as guest.
  const ownerApi = await playwrightRequest.newContext({ baseURL: origin });
  await apiSignIn(ownerApi, origin, owner);
  const { organizationId } = await (await ownerApi.get('/api/v1/me')).json();
  const company = await post<{ id: string }>(ownerApi, origin, '/api/v1/company', {
    companyName,
  });
  const invitation = await post<{ id: string; role: string }>(
    ownerApi,
    origin,
    '/api/auth/organization/invite-member',
    { email: guest.email, role: 'guest' },
  );
  expect(invitation.role).toBe('guest');
  await ownerApi.dispose();

  // The guest, on the browser's cookie jar: accept, and switch to the owner's workspace.
  await apiSignIn(page.request, origin, guest);
  await post(page.request, origin, '/api/auth/organization/accept-invitation', {
    invitationId: invitation.id,
  });
  await post(page.request, origin, '/api/auth/organization/set-active', { organizationId });

  const activityRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/activity')) activityRequests.push(r.url());
  });

  await page.goto('/companies');
  const row = page
    .getByRole('table', { name: T('companies.list.label') })
    .getByRole('link', { name: companyName });
  await expect(row).toBeVisible();
  await expect(page.getByRole('link', { name: T('companies.new') })).toHaveCount(0);

  await row.click();
  await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: companyName })).toBeVisible();
  await expect(page.getByRole('button', { name: T('companies.edit'), exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: T('companies.delete'), exact: true })).toHaveCount(
    0,
  );
  await expect(page.getByText(T('companies.nav.activity'), { exact: true })).toHaveCount(0);
  // Nothing a guest could import: no import button (issue 13).
  await expect(page.getByRole('button', { name: T('imports.wizard.open') })).toHaveCount(0);
  expect(activityRequests).toEqual([]);

  // Reachable by URL, but no form.
  await page.goto('/companies/create');
  await expect(page.getByText(T('companies.create.notAllowed'))).toBeVisible();
  await expect(page.getByRole('button', { name: T('companies.create') })).toHaveCount(0);

  // The server decides, whatever the UI shows.
  const refused = await page.request.patch(`/api/v1/company/${company.id}`, {
    headers: { origin },
    data: { city: 'Utrecht' },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
});

/** On /organization/members: gives the member exactly `roles` through the role dialog. */
async function setRoles(page: Page, memberName: string, roles: string[]) {
  await page
    .getByRole('button', {
      name: T('workspace.members.changeRoleOf', { name: memberName }),
    })
    .click();
  const dialog = page.getByRole('dialog', {
    name: T('workspace.members.rolesOf', { name: memberName }),
  });
  for (const box of await dialog.getByRole('checkbox').all()) {
    const name = (await box.evaluate((el) => el.parentElement?.textContent ?? '')).trim();
    if (roles.includes(name)) await box.check();
    else await box.uncheck();
  }
  await dialog.getByRole('button', { name: T('workspace.members.roles.save') }).click();
  await expect(toast(page, T('workspace.members.toast.roleUpdated'))).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('a custom role with only company:read shows companies without actions and refuses writes', async ({
  page,
  browser,
  request,
  baseURL,
  locale,
  colorScheme,
}) => {
  const origin = baseURL!;
  const owner = await createVerifiedUser(request, origin, { name: 'Rosa Roles' });
  const reader = await createVerifiedUser(request, origin, { name: 'Rex Reader' });
  const companyName = `Readable ${Math.random().toString(36).slice(2, 8)}`;
  const roleName = `reader-${Math.random().toString(36).slice(2, 8)}`;

  // The owner: a company, and the reader invited (as member) and accepted through the API.
  await signIn(page, owner);
  const { organizationId } = await (await page.request.get('/api/v1/me')).json();
  const company = await post<{ id: string }>(page.request, origin, '/api/v1/company', {
    companyName,
  });
  const invitation = await post<{ id: string }>(
    page.request,
    origin,
    '/api/auth/organization/invite-member',
    { email: reader.email, role: 'member' },
  );
  // The reader's browser speaks the project's language and theme, as the owner's does.
  const readerContext = await browser.newContext({
    baseURL: origin,
    locale,
    colorScheme,
    timezoneId: 'Europe/Amsterdam',
  });
  const readerPage = await readerContext.newPage();
  await apiSignIn(readerPage.request, origin, reader);
  await post(readerPage.request, origin, '/api/auth/organization/accept-invitation', {
    invitationId: invitation.id,
  });
  await post(readerPage.request, origin, '/api/auth/organization/set-active', { organizationId });

  // The role is made on /organization/roles (company → read only) and given on the members page.
  const companiesRead = T('workspace.permissions.item', {
    resource: T('workspace.permissions.resource.company'),
    action: T('workspace.permissions.action.read'),
  });
  await page.goto('/organization/roles');
  await page.getByRole('button', { name: T('workspace.roles.new') }).click();
  const roleDialog = page.getByRole('dialog', { name: T('workspace.roles.new') });
  await roleDialog.getByLabel(T('workspace.roles.form.name')).fill(roleName);
  await roleDialog.getByRole('checkbox', { name: companiesRead, exact: true }).check();
  await roleDialog.getByRole('button', { name: T('workspace.roles.create') }).click();
  await expect(toast(page, T('workspace.roles.toast.created', { role: roleName }))).toBeVisible();
  const roleCard = page
    .getByRole('list', { name: T('workspace.roles.title') })
    .getByRole('listitem')
    .filter({ hasText: roleName });
  await expect(roleCard).toContainText(companiesRead);
  await page.goto('/organization/members');
  await setRoles(page, reader.name, [roleName]);
  const memberRow = page
    .getByRole('table', { name: T('workspace.members.heading', { count: 2 }) })
    .getByRole('row')
    .filter({ hasText: reader.email });
  await expect(memberRow).toContainText(roleName);

  // The reader: the list and the company, without create, edit, delete or the activity log.
  await readerPage.goto('/companies');
  const row = readerPage
    .getByRole('table', { name: T('companies.list.label') })
    .getByRole('link', { name: companyName });
  await expect(row).toBeVisible();
  await expect(readerPage.getByRole('link', { name: T('companies.new') })).toHaveCount(0);
  await row.click();
  await expect(readerPage.getByRole('heading', { level: 1, name: companyName })).toBeVisible();
  await expect(
    readerPage.getByRole('button', { name: T('companies.edit'), exact: true }),
  ).toHaveCount(0);
  await expect(
    readerPage.getByRole('button', { name: T('companies.delete'), exact: true }),
  ).toHaveCount(0);
  await expect(readerPage.getByText(T('companies.nav.activity'), { exact: true })).toHaveCount(0);
  await readerPage.goto('/companies/create');
  await expect(readerPage.getByText(T('companies.create.notAllowed'))).toBeVisible();

  // The API, called from the page with the reader's cookie, refuses the write with 403.
  const refused = await readerPage.evaluate(async (name) => {
    const response = await fetch('/api/v1/company', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ companyName: name }),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  }, `Not Allowed ${roleName}`);
  expect(refused).toEqual({
    status: 403,
    body: {
      error: {
        code: 'FORBIDDEN',
        message: T('errors.forbidden.resource', { resource: 'company' }),
      },
    },
  });
  const read = await readerPage.request.get(`/api/v1/company/${company.id}`);
  expect(read.status()).toBe(200);
  const deleted = await readerPage.request.delete(`/api/v1/company/${company.id}`, {
    headers: { origin },
  });
  expect(deleted.status()).toBe(403);
  await readerContext.close();
});
