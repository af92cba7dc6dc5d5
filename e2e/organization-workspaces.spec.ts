import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
import { createVerifiedUser, signIn } from './support/auth';

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
  request,
}) => {
  const origin = baseURL!;
  const user = await createVerifiedUser(request, origin, { name: 'Sly Slug' });
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

  // The slug's workspace becomes active, and the tabs keep the slug.
  await page.goto(`/organization/${slug}`);
  await expect(page).toHaveURL(new RegExp(`/organization/${slug}/members$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const me = await (await page.request.get('/api/v1/me')).json();
  expect(me.organizationId).toBe(created.id);
  const tabs = page.getByRole('navigation', { name: 'Workspace' });
  await expect(tabs.getByRole('link', { name: 'Members' })).toHaveAttribute('aria-current', 'page');
  for (const [label, path] of [
    ['Settings', 'settings'],
    ['Teams', 'teams'],
    ['Roles', 'roles'],
    ['API keys', 'api-keys'],
  ] as const) {
    await expect(tabs.getByRole('link', { name: label })).toHaveAttribute(
      'href',
      `/organization/${slug}/${path}`,
    );
  }
  await tabs.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(new RegExp(`/organization/${slug}/settings$`));
  await expect(page.getByLabel('Workspace name')).toHaveValue(name);

  // Back to the first workspace by its slug; the companies list follows.
  await page.goto(`/organization/${homeSlug}/settings`);
  await expect(page.getByLabel('Workspace name')).toHaveValue("Sly Slug's workspace");
  const back = await (await page.request.get('/api/v1/me')).json();
  expect(back.organizationId).toBe(home.organizationId);
  // The plain paths still show the active workspace.
  await page.goto('/organization/members');
  await expect(page.getByRole('heading', { level: 1, name: "Sly Slug's workspace" })).toBeVisible();

  // A slug the user has no workspace at: the default redirect, the active workspace unchanged.
  await page.goto(`/organization/no-such-firm-${suffix()}/members`);
  await expect(page).toHaveURL(/\/companies(\?.*)?$/);
  await expect(page.getByText(/You have no workspace at/)).toBeVisible();
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
  const slug = await page.getByLabel('Slug').inputValue();
  await page.getByRole('button', { name: 'Delete workspace' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByLabel('Workspace slug').fill(slug);
  await dialog.getByRole('button', { name: 'Delete workspace' }).click();
  await expect(page).toHaveURL(/\/account\/organizations$/);
  const notice = page.getByRole('status').filter({ hasText: 'You are not in a workspace' });
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
  await page.getByRole('button', { name: 'New workspace' }).click();
  const create = page.getByRole('dialog', { name: 'New workspace' });
  await create.getByLabel('Workspace name').fill(workspace);
  await create.getByRole('button', { name: 'Create workspace' }).click();
  await expect(page.getByText(`Workspace "${workspace}" created`)).toBeVisible();
  await page.getByRole('button', { name: `Switch to ${workspace}` }).click();
  await expect(page).toHaveURL(/\/companies(\?.*)?$/);
  await expect(page.getByRole('heading', { name: 'No companies yet' })).toBeVisible();
  await expect(notice).toHaveCount(0);
  const me = await (await page.request.get('/api/v1/me')).json();
  expect(me.role).toBe('owner');
});
