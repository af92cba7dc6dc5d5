import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
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

async function post<R>(api: APIRequestContext, baseURL: string, path: string, data: unknown) {
  const response = await api.post(path, { headers: { origin: baseURL }, data });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as R;
}

/** `user` joins the owner's workspace as a member on `api` (invited, accepts, makes it active). */
async function joinAsMember(
  ownerApi: APIRequestContext,
  api: APIRequestContext,
  origin: string,
  organizationId: string,
  user: TestUser,
) {
  const invitation = await post<{ id: string }>(
    ownerApi,
    origin,
    '/api/auth/organization/invite-member',
    { email: user.email, role: 'member' },
  );
  await apiSignIn(api, origin, user);
  const accepted = await post<{ member: { userId: string } }>(
    api,
    origin,
    '/api/auth/organization/accept-invitation',
    { invitationId: invitation.id },
  );
  await post(api, origin, '/api/auth/organization/set-active', { organizationId });
  return accepted.member.userId;
}

// Issue 15, client access (decision 029): an owner restricts a company to a team, sees who can
// see it and why, and a member outside the team no longer finds it.
test('an owner restricts a company to a team; a member outside it no longer finds it', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const origin = baseURL!;
  const suffix = Math.random().toString(36).slice(2, 8);
  const owner = await createVerifiedUser(request, origin, { name: 'Olga Owner' });
  const insider = await createVerifiedUser(request, origin, { name: `Tina Team ${suffix}` });
  const outsider = await createVerifiedUser(request, origin, { name: `Otto Outside ${suffix}` });
  const companyName = `Walled Client ${suffix} B.V.`;
  const teamName = `Corporate ${suffix}`;

  // The owner's workspace: a company, two members, and a team with one of them.
  const ownerApi = await playwrightRequest.newContext({ baseURL: origin });
  await apiSignIn(ownerApi, origin, owner);
  const { organizationId } = await (await ownerApi.get('/api/v1/me')).json();
  const company = await post<{ id: string }>(ownerApi, origin, '/api/v1/company', {
    companyName,
  });
  const openName = `Open Client ${suffix} B.V.`;
  await post(ownerApi, origin, '/api/v1/company', { companyName: openName });
  const insiderApi = await playwrightRequest.newContext({ baseURL: origin });
  const insiderId = await joinAsMember(ownerApi, insiderApi, origin, organizationId, insider);
  await insiderApi.dispose();

  // The outsider, in a browser of their own (in the project's language), sees the company while
  // it is open to everyone.
  const outsiderContext = await browser.newContext({
    baseURL: origin,
    locale: test.info().project.use.locale,
    colorScheme: test.info().project.use.colorScheme,
  });
  const outsiderPage = await outsiderContext.newPage();
  await joinAsMember(ownerApi, outsiderPage.request, origin, organizationId, outsider);
  const team = await post<{ id: string }>(ownerApi, origin, '/api/auth/organization/create-team', {
    name: teamName,
    organizationId,
  });
  await post(ownerApi, origin, '/api/auth/organization/add-team-member', {
    teamId: team.id,
    userId: insiderId,
  });
  await ownerApi.dispose();
  const table = (p: typeof page) => p.getByRole('table', { name: T('companies.list.label') });
  const companyLink = (p: typeof page) => table(p).getByRole('link', { name: companyName });
  await outsiderPage.goto('/companies');
  await expect(table(outsiderPage).getByRole('link', { name: openName })).toBeVisible();
  await expect(companyLink(outsiderPage)).toBeVisible();

  // The owner restricts it to the team.
  await signIn(page, owner);
  await companyLink(page).click();
  await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible();
  await page.getByRole('button', { name: T('companies.access.open') }).click();
  const dialog = page.getByRole('dialog', {
    name: T('companies.access.title', { name: companyName }),
  });
  await expect(dialog).toBeVisible();
  // Open to everyone: the outsider is among those who can see it.
  await expect(dialog.getByRole('listitem').filter({ hasText: outsider.name })).toContainText(
    T('companies.access.reason.everyone'),
  );
  await dialog.getByRole('radio', { name: T('companies.access.restricted') }).check();
  await dialog.getByRole('searchbox', { name: T('companies.access.filter') }).fill('Corporate');
  await dialog.getByRole('checkbox', { name: teamName }).check();
  await dialog.getByRole('button', { name: T('companies.access.save') }).click();

  // The confirmation names who loses access: the outsider, not the team's member.
  const confirm = page.getByRole('alertdialog', { name: T('companies.access.confirm.title') });
  await expect(confirm).toContainText(outsider.name);
  await expect(confirm).not.toContainText(insider.name);
  await confirm.getByRole('button', { name: T('companies.access.confirm.button') }).click();
  await expect(toast(page, T('companies.access.saved.restricted'))).toBeVisible();
  await expect(dialog).toBeHidden();
  // The header marks it restricted (for screen readers too).
  await expect(page.getByText(T('companies.access.mark'), { exact: true })).toBeAttached();

  // Who can see it now, and why.
  await page.getByRole('button', { name: T('companies.access.open') }).click();
  await expect(dialog.getByRole('radio', { name: T('companies.access.restricted') })).toBeChecked();
  await expect(dialog.getByRole('listitem').filter({ hasText: insider.name })).toContainText(
    T('companies.access.reason.team', { teams: teamName }),
  );
  await expect(dialog.getByRole('listitem').filter({ hasText: owner.name })).toContainText(
    T('companies.access.reason.role'),
  );
  await expect(dialog.getByRole('listitem').filter({ hasText: outsider.name })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The outsider no longer finds it in the list, and its address answers "not found".
  await outsiderPage.goto('/companies');
  await expect(table(outsiderPage).getByRole('link', { name: openName })).toBeVisible();
  await expect(companyLink(outsiderPage)).toHaveCount(0);
  await outsiderPage.goto(`/companies/${company.id}`);
  await expect(
    outsiderPage.getByRole('heading', { name: T('shell.notFound.company.title') }),
  ).toBeVisible();
  await outsiderContext.close();
});
