import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
import { createVerifiedUser, signIn, toast } from './support/auth';
import { T } from './support/i18n';

/** A catalog message's text as the page shows it, without its markup tags. */
function plain(message: string): string {
  return message.replace(/<\/?[a-z]+\/?>/g, '');
}

function suffix(): string {
  return Math.random().toString(36).slice(2, 8);
}

async function post<T>(api: APIRequestContext, origin: string, path: string, data: unknown) {
  const response = await api.post(path, { headers: { origin }, data });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

// Issue 3, slug mode: /organization/$slug/… shows the workspace named by the slug.
test('workspace pages by slug switch to that workspace; an unknown slug goes to /companies', async ({
  page,
  baseURL,
  locale,
  playwright,
}) => {
  const origin = baseURL!;
  // Signed up in the browser's language, as the sign-up page would: the workspace made for the
  // new user is named in it ("Werkruimte van Sly Slug" in Dutch).
  const request = await playwright.request.newContext({
    baseURL: origin,
    extraHTTPHeaders: { origin, 'accept-language': locale ?? 'en-US' },
  });
  const user = await createVerifiedUser(request, origin, { name: 'Sly Slug' });
  await request.dispose();
  const name = `Slug Firm ${suffix()}`;
  const slug = name.toLowerCase().replaceAll(' ', '-');

  await signIn(page, user);
  const home = await (await page.request.get('/api/v1/me')).json();
  const created = await post<{ id: string }>(
    page.request,
    origin,
    '/api/auth/organization/create',
    {
      name,
      slug,
      keepCurrentActiveOrganization: true,
    },
  );
  const organizations = await (await page.request.get('/api/auth/organization/list')).json();
  const homeSlug = (organizations as { id: string; slug: string }[]).find(
    (o) => o.id === home.organizationId,
  )!.slug;
  const homeName = T('server.workspace.defaultName', { name: 'Sly Slug' });

  // The slug's workspace becomes active, and the tabs keep the slug.
  await page.goto(`/organization/${slug}`);
  await expect(page).toHaveURL(new RegExp(`/organization/${slug}/members$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const me = await (await page.request.get('/api/v1/me')).json();
  expect(me.organizationId).toBe(created.id);
  const tabs = page.getByRole('navigation', { name: T('workspace.nav.label') });
  await expect(tabs.getByRole('link', { name: T('workspace.nav.members') })).toHaveAttribute(
    'aria-current',
    'page',
  );
  for (const [label, path] of [
    [T('workspace.nav.settings'), 'settings'],
    [T('workspace.nav.teams'), 'teams'],
    [T('workspace.nav.roles'), 'roles'],
    [T('workspace.nav.apiKeys'), 'api-keys'],
  ] as const) {
    await expect(tabs.getByRole('link', { name: label, exact: true })).toHaveAttribute(
      'href',
      `/organization/${slug}/${path}`,
    );
  }
  await tabs.getByRole('link', { name: T('workspace.nav.settings'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/organization/${slug}/settings$`));
  await expect(page.getByLabel(T('workspace.form.name'))).toHaveValue(name);

  // Back to the first workspace by its slug; the companies list follows.
  await page.goto(`/organization/${homeSlug}/settings`);
  await expect(page.getByLabel(T('workspace.form.name'))).toHaveValue(homeName);
  const back = await (await page.request.get('/api/v1/me')).json();
  expect(back.organizationId).toBe(home.organizationId);
  // The plain paths still show the active workspace.
  await page.goto('/organization/members');
  await expect(page.getByRole('heading', { level: 1, name: homeName })).toBeVisible();

  // A slug the user has no workspace at: the default redirect, the active workspace unchanged.
  const unknown = `no-such-firm-${suffix()}`;
  await page.goto(`/organization/${unknown}/members`);
  await expect(page).toHaveURL(/\/companies(\?.*)?$/);
  await expect(toast(page, T('workspace.slug.unknown', { slug: unknown }))).toBeVisible();
  const still = await (await page.request.get('/api/v1/me')).json();
  expect(still.organizationId).toBe(home.organizationId);
});

test('a user without a workspace is sent to the organizations page to create one', async ({
  page,
  baseURL,
  request,
}) => {
  const origin = baseURL!;
  const user = await createVerifiedUser(request, origin, { name: 'Wanda Without' });
  const workspace = `Fresh Start ${suffix()}`;
  await signIn(page, user);

  // Deleting the only workspace leaves the user without one.
  await page.goto('/organization/settings');
  const slug = await page.getByLabel(T('workspace.form.slug'), { exact: true }).inputValue();
  await page.getByRole('button', { name: T('workspace.delete.title') }).click();
  const dialog = page.getByRole('alertdialog', { name: T('workspace.delete.confirm.title') });
  await dialog.getByLabel(T('workspace.delete.confirm.slug')).fill(slug);
  await dialog.getByRole('button', { name: T('workspace.delete.title') }).click();
  await expect(page).toHaveURL(/\/account\/organizations$/);
  const notice = page
    .getByRole('status')
    .filter({ hasText: plain(T('workspace.noWorkspace.notice')) });
  await expect(notice).toBeVisible();
  expect((await page.request.get('/api/v1/me')).status()).toBe(403);

  // Workspace pages send them back here instead of failing with 403; account pages open.
  await page.goto('/companies');
  await expect(page).toHaveURL(/\/account\/organizations$/);
  await page.goto('/organization/members');
  await expect(page).toHaveURL(/\/account\/organizations$/);
  await page.goto('/account/settings');
  await expect(page).toHaveURL(/\/account\/settings$/);

  // They create a workspace, switch to it and are back at work.
  await page.goto('/account/organizations');
  await page.getByRole('button', { name: T('account.workspaces.new') }).click();
  const create = page.getByRole('dialog', { name: T('account.workspaces.new') });
  await create.getByLabel(T('workspace.form.name')).fill(workspace);
  await create.getByRole('button', { name: T('account.workspaces.create') }).click();
  await expect(toast(page, T('account.workspaces.created', { name: workspace }))).toBeVisible();
  await page
    .getByRole('button', { name: T('account.workspaces.switchTo', { name: workspace }) })
    .click();
  await expect(page).toHaveURL(/\/companies(\?.*)?$/);
  await expect(page.getByRole('heading', { name: T('companies.list.empty.title') })).toBeVisible();
  await expect(notice).toHaveCount(0);
  const me = await (await page.request.get('/api/v1/me')).json();
  expect(me.role).toBe('owner');
});
