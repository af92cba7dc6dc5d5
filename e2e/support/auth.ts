import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { waitForMail } from './mail';
import { newUser, type TestUser } from './users';

/**
 * Signs a new user up through better-auth's API and opens the verification link from the mail,
 * for tests whose subject is not the sign-up itself (foundation.spec.ts covers that via the UI).
 */
export async function createVerifiedUser(
  request: APIRequestContext,
  baseURL: string,
  overrides: Partial<TestUser> = {},
): Promise<TestUser> {
  const user = newUser(overrides);
  const response = await request.post('/api/auth/sign-up/email', {
    headers: { origin: baseURL },
    data: {
      name: user.name,
      email: user.email,
      password: user.password,
      callbackURL: '/auth/callback',
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const mail = await waitForMail(user.email, { subject: /Verify/, timeoutMs: 15_000 });
  const link = mail.links.find((l) => l.includes('verify-email'));
  if (!link) throw new Error(`No verification link in: ${mail.links.join(', ')}`);
  const verified = await request.get(link);
  expect(verified.ok(), `verification link answered ${verified.status()}`).toBe(true);
  return user;
}

/** Signs in through the UI and waits for the companies page. */
export async function signIn(page: Page, user: TestUser): Promise<void> {
  await page.goto('/auth/sign-in');
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/companies(\?.*)?$/);
}
