import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
} from '@playwright/test';
import { createVerifiedUser } from './support/auth';
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
    .getByRole('table', { name: 'Companies' })
    .getByRole('link', { name: companyName });
  await expect(row).toBeVisible();
  await expect(page.getByRole('link', { name: 'New company' })).toHaveCount(0);

  await row.click();
  await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: companyName })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  await expect(page.getByText('Activity', { exact: true })).toHaveCount(0);
  expect(activityRequests).toEqual([]);

  // Reachable by URL, but no form.
  await page.goto('/companies/create');
  await expect(page.getByText('Your role does not allow creating companies.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create company' })).toHaveCount(0);

  // The server decides, whatever the UI shows.
  const refused = await page.request.patch(`/api/v1/company/${company.id}`, {
    headers: { origin },
    data: { city: 'Utrecht' },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
});
