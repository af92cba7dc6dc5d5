import {
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type Page,
} from '@playwright/test';
import { generate } from 'otplib';
import { inAnyLanguage, startingInAnyLanguage, T, testLanguage } from './i18n';
import { waitForMail } from './mail';
import { newUser, TEST_PASSWORD, type TestUser } from './users';

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
    // In the test browser's language, as the browser asks: the workspace's standard templates
    // and the verification mail come in it.
    headers: { origin: baseURL, 'accept-language': testLanguage() },
    data: {
      name: user.name,
      email: user.email,
      password: user.password,
      callbackURL: '/auth/callback',
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  // The mail is in the language the request asked for (Accept-Language).
  const mail = await waitForMail(user.email, {
    subject: inAnyLanguage('mail.verification.subject'),
    timeoutMs: 45_000,
  });
  const link = mail.links.find((l) => l.includes('verify-email'));
  if (!link) throw new Error(`No verification link in: ${mail.links.join(', ')}`);
  const verified = await request.get(link);
  expect(verified.ok(), `verification link answered ${verified.status()}`).toBe(true);
  return user;
}

/**
 * Signs in as the form does, through better-auth's API in the page's cookie jar, and opens the
 * companies page, where the form leads. The form itself is the subject of the sign-in journeys
 * (foundation, auth-flows, auth-more), which use {@link signInThroughForm}.
 */
export async function signIn(page: Page, user: TestUser): Promise<void> {
  const origin = new URL(page.url().startsWith('http') ? page.url() : baseUrl()).origin;
  const response = await page.request.post('/api/auth/sign-in/email', {
    headers: { origin },
    data: { email: user.email, password: user.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  await page.goto('/companies');
  await expect(page).toHaveURL(/\/companies(\?.*)?$/);
}

/** Signs in through the form and waits for the companies page. */
export async function signInThroughForm(page: Page, user: TestUser): Promise<void> {
  await page.goto('/auth/sign-in');
  // In the page's language: a test may open its own context in another language than its project's.
  const submit = page.getByRole('button', { name: inAnyLanguage('auth.signIn.submit') });
  await expect(submit).toBeVisible();
  const language = await page.evaluate(() => document.documentElement.lang);
  await page.getByLabel(T('auth.field.email', {}, language), { exact: true }).fill(user.email);
  await page
    .getByLabel(T('auth.field.password', {}, language), { exact: true })
    .fill(user.password);
  await submit.click();
  await expect(page).toHaveURL(/\/companies(\?.*)?$/);
}

function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the tests through playwright.config.ts');
  return url;
}

/** A toast as people (and screen readers) get it: inside the "Notifications" live region. */
export function toast(page: Page, text: string | RegExp) {
  // In any language: a test may switch the page's language midway.
  return page
    .getByRole('region', { name: startingInAnyLanguage('common.toast.region') })
    .getByText(text);
}

/** The 6-digit code from a code mail (the subject is "Your ESOP CRM code: 123456"). */
export function codeFromSubject(subject: string): string {
  const code = /\b(\d{6})\b/.exec(subject)?.[1];
  if (!code) throw new Error(`No 6-digit code in "${subject}"`);
  return code;
}

/**
 * Signs in through the API (in `request`'s cookie jar, which is the page's for `page.request`)
 * and turns TOTP on; returns the secret and the backup codes. The screens that do this are
 * covered by account-security.spec.ts.
 */
export async function enableTotp(request: APIRequestContext, baseURL: string, user: TestUser) {
  const headers = { origin: baseURL };
  const signedIn = await request.post('/api/auth/sign-in/email', {
    headers,
    data: { email: user.email, password: user.password },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const enabled = await request.post('/api/auth/two-factor/enable', {
    headers,
    data: { password: user.password },
  });
  expect(enabled.status(), await enabled.text()).toBe(200);
  const { totpURI, backupCodes } = (await enabled.json()) as {
    totpURI: string;
    backupCodes: string[];
  };
  const secret = new URL(totpURI).searchParams.get('secret');
  if (!secret) throw new Error(`No secret in ${totpURI}`);
  const verified = await request.post('/api/auth/two-factor/verify-totp', {
    headers,
    data: { code: await generate({ secret }) },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  return { secret, backupCodes };
}

/**
 * Gives the page's tab Chromium's virtual WebAuthn authenticator (CDP `WebAuthn.*`): a platform
 * authenticator with resident keys that verifies the user without a prompt, so passkeys can be
 * created and used. It lives as long as the tab, across navigations.
 */
export async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}

export function adminEmail(which: 'journeys' | 'sweep' = 'journeys'): string {
  const email = which === 'sweep' ? process.env.E2E_SWEEP_ADMIN_EMAIL : process.env.E2E_ADMIN_EMAIL;
  if (!email)
    throw new Error('E2E_ADMIN_EMAIL is not set: run the tests through playwright.config.ts');
  return email;
}

/**
 * The platform admin, whom global setup signed up (e2e/support/global-setup.ts) with the address
 * it put in ADMIN_EMAILS, with the test's language saved as the account's (it wins over the
 * browser's at sign-in; none, null, leaves the browser's): set in a cookie jar of its own, so the
 * caller is not signed in by it.
 */
export async function adminUser(
  origin: string,
  {
    language = testLanguage() as string | null,
    email = adminEmail(),
  }: { language?: string | null; email?: string } = {},
): Promise<TestUser> {
  const admin: TestUser = { name: 'Ada Admin', email, password: TEST_PASSWORD };
  const headers = { origin, 'accept-language': language ?? 'en' };
  const api = await playwrightRequest.newContext({ baseURL: origin });
  try {
    const signedIn = await api.post('/api/auth/sign-in/email', {
      headers,
      data: { email: admin.email, password: admin.password },
    });
    expect(signedIn.status(), await signedIn.text()).toBe(200);
    const updated = await api.post('/api/auth/update-user', {
      headers,
      data: { locale: language },
    });
    expect(updated.status(), await updated.text()).toBe(200);
  } finally {
    await api.dispose();
  }
  return admin;
}
