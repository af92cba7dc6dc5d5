import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { createVerifiedUser, signIn } from './support/auth';
import { inAnyLanguage, L, T } from './support/i18n';
import { waitForMail } from './support/mail';
import type { TestUser } from './support/users';

function suffix(): string {
  return Math.random().toString(36).slice(2, 8);
}

/** Signs `user` in on `api` (better-auth wants an Origin on every POST). */
async function apiSignIn(api: APIRequestContext, origin: string, user: TestUser): Promise<void> {
  const response = await api.post('/api/auth/sign-in/email', {
    headers: { origin },
    data: { email: user.email, password: user.password },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function post<T>(api: APIRequestContext, origin: string, path: string, data: unknown) {
  const response = await api.post(path, { headers: { origin }, data });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** Opens the header's user menu and picks a workspace in its switcher. */
async function switchWorkspaceInMenu(page: Page, user: TestUser, workspace: string) {
  await page.getByRole('button', { name: L(`Account menu for ${user.name}`) }).click();
  await page.getByRole('menuitemradio', { name: workspace }).click();
  await expect(page).toHaveURL(/\/companies(\?.*)?$/);
}

/** A role as the screens name it: a built-in one in the test's language, a custom one as named. */
const roleLabel = (role: string) =>
  ['owner', 'admin', 'member', 'guest'].includes(role) ? T(`workspace.role.${role}`) : role;

/** "Companies: read" as the permission lists write it in the test's language. */
const permission = (resource: string, action: string) =>
  T('workspace.permissions.item', {
    resource: T(`workspace.permissions.resource.${resource}`),
    action: T(`workspace.permissions.action.${action}`),
  });

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** On /organization/members: gives the member exactly `roles` through the role dialog. */
async function setRoles(page: Page, memberName: string, roles: string[]) {
  await page.getByRole('button', { name: L(`Change role of ${memberName}`) }).click();
  const dialog = page.getByRole('dialog', { name: L(`Roles of ${memberName}`) });
  // The choice appears once the workspace's custom roles have loaded.
  for (const role of roles)
    await expect(
      dialog.getByRole('checkbox', { name: roleLabel(role), exact: true }),
    ).toBeVisible();
  for (const box of await dialog.getByRole('checkbox').all()) {
    const name = (await box.evaluate((el) => el.parentElement?.textContent ?? '')).trim();
    if (roles.map(roleLabel).includes(name)) await box.check();
    else await box.uncheck();
  }
  await dialog.getByRole('button', { name: L('Save roles') }).click();
  await expect(page.getByText(L('Role updated'))).toBeVisible();
  await expect(dialog).toBeHidden();
}

// Issue 3: workspaces, invitations, roles (built-in and custom) and what they allow.
test('an owner creates a workspace, invites a colleague and narrows their role', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  // A long journey: three times the default limit.
  test.slow();
  const origin = baseURL!;
  const owner = await createVerifiedUser(request, origin, { name: 'Olga Owner' });
  const invitee = await createVerifiedUser(request, origin, { name: 'Ivo Invitee' });
  const workspace = `Firm ${suffix()}`;
  const companyName = `Shared Co ${suffix()}`;

  // The owner creates a workspace on /account/organizations and switches to it.
  await signIn(page, owner);
  await page.goto('/account/organizations');
  await page.getByRole('button', { name: L('New workspace') }).click();
  const createDialog = page.getByRole('dialog', { name: L('New workspace') });
  await createDialog.getByLabel(L('Workspace name')).fill(workspace);
  await expect(createDialog.getByLabel(L('Slug'))).toHaveValue(
    workspace.toLowerCase().replace(' ', '-'),
  );
  await createDialog.getByRole('button', { name: L('Create workspace') }).click();
  await expect(page.getByText(L(`Workspace "${workspace}" created`))).toBeVisible();
  const list = page.getByRole('list', { name: L('Your workspaces') });
  await expect(list.getByText(workspace, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: L(`Switch to ${workspace}`) }).click();
  await expect(page).toHaveURL(/\/companies(\?.*)?$/);
  const me = await (await page.request.get('/api/v1/me')).json();
  expect(me.role).toBe('owner');
  const company = await post<{ id: string }>(page.request, origin, '/api/v1/company', {
    companyName,
  });

  // Invite the colleague as a member; the invitation shows as pending.
  await page.goto('/organization/members');
  await expect(page.getByRole('heading', { level: 1, name: workspace })).toBeVisible();
  await page.getByLabel(L('E-mail address')).fill(invitee.email);
  await page.getByLabel(L('Role'), { exact: true }).selectOption('member');
  await page.getByRole('button', { name: L('Send invitation') }).click();
  await expect(page.getByText(L(`Invitation sent to ${invitee.email}`))).toBeVisible();
  const invitationRow = page
    .getByRole('table', { name: L('Invitations') })
    .getByRole('row')
    .filter({ hasText: invitee.email });
  await expect(invitationRow).toContainText(L('pending'));

  // The invitee reads the mail and accepts (through the API, on their own cookie jar).
  const mail = await waitForMail(invitee.email, {
    subject: inAnyLanguage('mail.invitation.subject', { inviter: /.+/, workspace: /.+/ }),
  });
  const link = mail.links.find((l) => l.includes('/auth/accept-invitation?invitationId='));
  if (!link) throw new Error(`No invitation link in: ${mail.links.join(', ')}`);
  const invitationId = new URL(link).searchParams.get('invitationId');
  const inviteeApi = await playwrightRequest.newContext({ baseURL: origin });
  await apiSignIn(inviteeApi, origin, invitee);
  await post(inviteeApi, origin, '/api/auth/organization/accept-invitation', { invitationId });
  await inviteeApi.dispose();

  await page.reload();
  await expect(invitationRow).toContainText(L('accepted'));
  const memberRow = page
    .getByRole('table', {
      name: new RegExp(`^${escapeRegExp(T('workspace.members.documentTitle'))}`),
    })
    .getByRole('row')
    .filter({ hasText: invitee.email });
  await expect(memberRow).toContainText(roleLabel('member'));

  // Guest: read only.
  await setRoles(page, invitee.name, ['guest']);
  await expect(memberRow).toContainText(roleLabel('guest'));

  const inviteeContext = await browser.newContext({ baseURL: origin });
  const inviteePage = await inviteeContext.newPage();
  await signIn(inviteePage, invitee);
  await switchWorkspaceInMenu(inviteePage, invitee, workspace);
  const companyLink = inviteePage
    .getByRole('table', { name: L('Companies') })
    .getByRole('link', { name: companyName });
  await expect(companyLink).toBeVisible();
  await expect(inviteePage.getByRole('link', { name: L('New company') })).toHaveCount(0);
  await companyLink.click();
  await expect(inviteePage.getByRole('heading', { level: 1, name: companyName })).toBeVisible();
  await expect(inviteePage.getByRole('button', { name: L('Edit'), exact: true })).toHaveCount(0);
  const refused = await inviteePage.request.patch(`/api/v1/company/${company.id}`, {
    headers: { origin },
    data: { city: 'Utrecht' },
  });
  expect(refused.status()).toBe(403);

  // A custom role with company:read only, made on /organization/roles and given to the invitee.
  const roleName = `reader-${suffix()}`;
  await page.goto('/organization/roles');
  await page.getByRole('button', { name: L('New role') }).click();
  const roleDialog = page.getByRole('dialog', { name: L('New role') });
  await roleDialog.getByLabel(L('Role name')).fill(roleName);
  await roleDialog
    .getByRole('checkbox', { name: permission('company', 'read'), exact: true })
    .check();
  await roleDialog.getByRole('button', { name: L('Create role') }).click();
  await expect(page.getByText(L(`Role "${roleName}" created`))).toBeVisible();
  const roleCard = page.getByRole('list', { name: L('Custom roles') }).getByRole('listitem');
  await expect(roleCard.filter({ hasText: roleName })).toContainText(permission('company', 'read'));

  await page.goto('/organization/members');
  await setRoles(page, invitee.name, [roleName]);
  await expect(memberRow).toContainText(roleName);

  await inviteePage.goto('/companies');
  await expect(companyLink).toBeVisible();
  await expect(inviteePage.getByRole('link', { name: L('New company') })).toHaveCount(0);
  const listed = await inviteePage.request.get('/api/v1/company');
  expect(listed.status()).toBe(200);
  const createRefused = await inviteePage.request.post('/api/v1/company', {
    headers: { origin },
    data: { companyName: `Not Allowed ${suffix()}` },
  });
  expect(createRefused.status()).toBe(403);
  await inviteeContext.close();
});

test('the workspace switcher in the header changes the companies list', async ({
  page,
  request,
  baseURL,
}) => {
  const origin = baseURL!;
  const user = await createVerifiedUser(request, origin, { name: 'Sam Switcher' });
  const ownCompany = `Home Co ${suffix()}`;
  const otherWorkspace = `Second ${suffix()}`;
  const otherCompany = `Away Co ${suffix()}`;

  await signIn(page, user);
  const home = await (await page.request.get('/api/v1/me')).json();
  await post(page.request, origin, '/api/v1/company', { companyName: ownCompany });
  const created = await post<{ id: string }>(
    page.request,
    origin,
    '/api/auth/organization/create',
    {
      name: otherWorkspace,
      slug: otherWorkspace.toLowerCase().replace(' ', '-'),
      keepCurrentActiveOrganization: true,
    },
  );
  // A company in the second workspace, then back to the first.
  await post(page.request, origin, '/api/auth/organization/set-active', {
    organizationId: created.id,
  });
  await post(page.request, origin, '/api/v1/company', { companyName: otherCompany });
  await post(page.request, origin, '/api/auth/organization/set-active', {
    organizationId: home.organizationId,
  });

  await page.goto('/companies');
  const table = page.getByRole('table', { name: L('Companies') });
  await expect(table.getByRole('link', { name: ownCompany })).toBeVisible();
  await expect(table.getByRole('link', { name: otherCompany })).toHaveCount(0);

  await page.getByRole('button', { name: L(`Account menu for ${user.name}`) }).click();
  // The active workspace is the checked one.
  await expect(
    page.getByRole('menuitemradio', {
      name: T('server.workspace.defaultName', { name: 'Sam Switcher' }),
    }),
  ).toBeChecked();
  await page.getByRole('menuitemradio', { name: otherWorkspace }).click();
  await expect(table.getByRole('link', { name: otherCompany })).toBeVisible();
  await expect(table.getByRole('link', { name: ownCompany })).toHaveCount(0);

  await page.getByRole('button', { name: L(`Account menu for ${user.name}`) }).click();
  await expect(page.getByRole('menuitemradio', { name: otherWorkspace })).toBeChecked();
  await page.keyboard.press('Escape');

  // The other pages of the menu are there too; the Admin entry is not, for a non-admin.
  await page.getByRole('button', { name: L(`Account menu for ${user.name}`) }).click();
  for (const item of ['Account', 'Security', 'API keys', 'Workspaces', 'Sign Out']) {
    await expect(page.getByRole('menuitem', { name: L(item), exact: true })).toBeVisible();
  }
  await expect(page.getByRole('menuitem', { name: L('Admin'), exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/admin/users');
  await expect(page.getByText(T('admin.notAllowed'))).toBeVisible();
});

test('an owner renames the workspace, manages a team and a workspace API key', async ({
  page,
  request,
  baseURL,
}) => {
  const origin = baseURL!;
  const owner = await createVerifiedUser(request, origin, { name: 'Tess Teams' });
  const newName = `Tess Firm ${suffix()}`;
  await signIn(page, owner);

  // Settings: the name changes everywhere the workspace is shown.
  await page.goto('/organization/settings');
  await expect(page.getByLabel(L('Workspace name'))).toHaveValue(
    T('server.workspace.defaultName', { name: 'Tess Teams' }),
  );
  await page.getByLabel(L('Workspace name')).fill(newName);
  await page.getByRole('button', { name: L('Save changes') }).click();
  await expect(page.getByText(L('Workspace updated'))).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: newName })).toBeVisible();
  await expect(page.getByRole('button', { name: L('Delete workspace') })).toBeVisible();

  // Teams: create, add a member, rename, delete.
  await page
    .getByRole('navigation', { name: L('Workspace') })
    .getByRole('link', { name: L('Teams') })
    .click();
  await page.getByLabel(L('Team name')).fill('Partners');
  await page.getByRole('button', { name: L('Create team') }).click();
  await expect(page.getByText(L('Team "Partners" created'))).toBeVisible();
  await page
    .getByLabel(L('Add a workspace member'))
    .selectOption({ label: `${owner.name} (${owner.email})` });
  await page.getByRole('button', { name: L('Add to team') }).click();
  await expect(page.getByRole('list', { name: L('Members of Partners') })).toContainText(
    owner.email,
  );
  await page.getByRole('button', { name: L('Rename team Partners') }).click();
  const renameDialog = page.getByRole('dialog', { name: L('Rename team') });
  await renameDialog.getByLabel(L('Team name')).fill('Senior partners');
  await renameDialog.getByRole('button', { name: L('Save') }).click();
  await expect(page.getByRole('heading', { name: 'Senior partners' })).toBeVisible();
  // better-auth keeps a workspace's last team: deleting needs a second one.
  await expect(page.getByRole('button', { name: L('Delete team Senior partners') })).toBeDisabled();
  await page.getByLabel(L('Team name')).fill('Associates');
  await page.getByRole('button', { name: L('Create team') }).click();
  await expect(page.getByRole('heading', { name: 'Associates' })).toBeVisible();
  await page.getByRole('button', { name: L('Delete team Senior partners') }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: L('Delete team') })
    .click();
  await expect(page.getByText(L('Team "Senior partners" deleted'))).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Senior partners' })).toHaveCount(0);

  // Workspace API key with chosen permissions: shown once, listed with them, used, revoked.
  await page.goto('/organization/api-keys');
  await page.getByRole('button', { name: L('New API key') }).click();
  const keyDialog = page.getByRole('dialog');
  await keyDialog.getByLabel(L('Name')).fill('Reporting');
  await keyDialog.getByRole('button', { name: L('Create key') }).click();
  await expect(keyDialog.getByText(L('Choose at least one permission.'))).toBeVisible();
  await keyDialog
    .getByRole('checkbox', { name: permission('company', 'read'), exact: true })
    .check();
  await keyDialog
    .getByRole('checkbox', { name: permission('company', 'export'), exact: true })
    .check();
  await expect(keyDialog.getByText(L('Choose at least one permission.'))).toHaveCount(0);
  await keyDialog.getByRole('button', { name: L('Create key') }).click();
  await expect(keyDialog.getByText(T('workspace.apiKeys.created.description'))).toBeVisible();
  const secret = (await keyDialog.getByLabel(L('New API key')).textContent())?.trim() ?? '';
  expect(secret).toMatch(/^esoporg_/);
  await keyDialog.getByRole('button', { name: L('Done') }).click();
  const keys = page.getByRole('table', { name: L('Workspace API keys') });
  const keyRow = keys.getByRole('row').filter({ hasText: 'Reporting' });
  await expect(keyRow.getByRole('list', { name: L('Permissions') })).toHaveText(
    new RegExp(
      `${escapeRegExp(permission('company', 'read'))}\\s*${escapeRegExp(permission('company', 'export'))}`,
    ),
  );
  // The creator is shown: the key works while they manage keys here (decision 017).
  await expect(keyRow.getByRole('cell', { name: 'Tess Teams' })).toBeVisible();
  // The key reads companies but may not create one (curl-style, no cookie).
  const keyApi = await playwrightRequest.newContext({ baseURL: origin });
  const listed = await keyApi.get('/api/v1/company', { headers: { 'x-api-key': secret } });
  expect(listed.status(), await listed.text()).toBe(200);
  const created = await keyApi.post('/api/v1/company', {
    headers: { 'x-api-key': secret },
    data: { companyName: `Key Co ${suffix()}` },
  });
  expect(created.status()).toBe(403);
  expect(await created.json()).toMatchObject({
    error: { message: 'You are not allowed to access resource: company' },
  });
  await keyApi.dispose();
  await page.getByRole('button', { name: L('Revoke Reporting') }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: L('Revoke key') })
    .click();
  await expect(page.getByText(L('No workspace API keys yet.'))).toBeVisible();
});
