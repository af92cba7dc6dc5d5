import { expect, test } from './support/test';
import { createVerifiedUser } from './support/auth';

// The interactive API reference (issue 11): bundled Swagger UI under a strict CSP, public.
test('the API reference at /api/docs lists the operations, with no console errors and no request leaving this server', async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  // Signed in (the page's cookie jar), with one company to find.
  const user = await createVerifiedUser(page.request, baseURL!);
  const headers = { origin };
  const signedIn = await page.request.post('/api/auth/sign-in/email', {
    headers,
    data: { email: user.email, password: user.password },
  });
  expect(signedIn.status()).toBe(200);
  const companyName = `Docs Reader ${Math.random().toString(36).slice(2, 8)} B.V.`;
  const created = await page.request.post('/api/v1/company', { headers, data: { companyName } });
  expect(created.status()).toBe(201);

  const problems: string[] = [];
  const requested: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('request', (r) => requested.push(r.url()));
  // A violated Content-Security-Policy is reported as an event (and a console error).
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
    );
  });

  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /ESOP CRM API/ })).toBeVisible();
  const listCompanies = page.getByText("List the workspace's client companies (keyset-paginated)");
  await expect(listCompanies).toBeVisible();
  await expect(page.getByText('Create a client company', { exact: true })).toBeVisible();
  // The security schemes: the session cookie and the API key header.
  await page.getByRole('button', { name: /Authorize/ }).click();
  const dialog = page.locator('.dialog-ux');
  await expect(dialog).toContainText('x-api-key');
  await expect(dialog).toContainText('better-auth.session_token');
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  // An operation opens with its responses, errors included, and can be tried with the session.
  await listCompanies.click();
  const operation = page.locator('#operations-Companies-listCompanies');
  await expect(operation).toContainText('RATE_LIMITED');
  await operation.getByRole('button', { name: 'Try it out' }).click();
  await operation.getByRole('button', { name: 'Execute' }).click();
  await expect(operation.locator('.live-responses-table')).toContainText(companyName);

  for (const url of requested) {
    if (url.startsWith('data:')) continue;
    expect(new URL(url).origin, url).toBe(origin);
  }
  expect(requested).toContain(`${origin}/api/v1/openapi.json`);
  expect(problems).toEqual([]);
});
