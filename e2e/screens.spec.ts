import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { adminEmail, adminUser } from './support/auth';
import { expectOnlyCatalogText, usePseudoLanguage } from './support/pseudo';
import { createRealisticCompany, LONG_NAMES, REALISTIC_DATA } from './support/realistic-company';

/**
 * The sweep (issue 23, decision 034). Each journey runs once, in one language and one theme; this
 * visits every screen of the app in the project's — `en` with the light theme, `nl` with the dark
 * one, so each screen is seen in both languages and both themes — and checks it with axe-core
 * (what a journey of the run checked already is not checked again). In `en` it visits them again
 * in the pseudo language, where every word must come from a catalog. A screen added to the app
 * and not to this list fails the last test.
 */

type Ids = { companyId: string; planId: string; grantId: string; slug: string };

/** Every screen a signed-in person can open, with the address that shows it. */
const appScreens = ({ companyId, planId, grantId, slug }: Ids): string[] => {
  const company = `/companies/${companyId}`;
  return [
    '/',
    '/companies',
    '/companies/create',
    company,
    `${company}/cap-table`,
    `${company}/stakeholders`,
    `${company}/plans`,
    `${company}/plans/${planId}`,
    `${company}/grants`,
    `${company}/grants/${grantId}`,
    `${company}/valuations`,
    `${company}/documents`,
    `${company}/contacts`,
    `${company}/notes`,
    `${company}/activity`,
    '/upcoming',
    '/tasks',
    '/vesting-templates',
    '/document-templates',
    '/trash',
    '/account/settings',
    '/account/security',
    '/account/api-keys',
    '/account/organizations',
    '/organization',
    '/organization/members',
    '/organization/teams',
    '/organization/roles',
    '/organization/settings',
    '/organization/api-keys',
    `/organization/${slug}`,
    `/organization/${slug}/members`,
    `/organization/${slug}/teams`,
    `/organization/${slug}/roles`,
    `/organization/${slug}/settings`,
    `/organization/${slug}/api-keys`,
    '/admin',
    '/admin/users',
    // The not-found page, as a company that is not there shows it.
    '/companies/00000000-0000-4000-8000-000000000000',
  ];
};

/** Every screen of someone signed out (those that need a link's token show what it lacks). */
const SIGNED_OUT = [
  '/auth/sign-in',
  '/auth/sign-up',
  '/auth/forgot-password',
  '/auth/magic-link',
  '/auth/email-otp',
  '/auth/two-factor',
  '/auth/reset-password',
  '/auth/recover-account',
  '/auth/accept-invitation',
  '/auth/callback?error=INVALID_TOKEN',
  '/auth/sign-out',
];

/** Opens `path` and waits until its content has loaded (a heading, nothing busy). */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/**
 * Signs the platform admin in (every screen is open to them), in `language` (the account's
 * saved language wins over the browser's), with a realistic client.
 */
async function signedInWithAClient(
  page: Page,
  baseURL: string,
  language?: string | null,
): Promise<Ids> {
  const admin = await adminUser(baseURL, { language, email: adminEmail('sweep') });
  const signedIn = await page.request.post('/api/auth/sign-in/email', {
    headers: { origin: baseURL },
    data: { email: admin.email, password: admin.password },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const companyId = await createRealisticCompany(page.request);
  const get = async <T>(path: string) => {
    const response = await page.request.get(`/api/v1${path}`);
    expect(response.status(), path).toBe(200);
    return (await response.json()) as T;
  };
  const plans = await get<{ items: { id: string }[] }>(`/company/${companyId}/plans`);
  const grants = await get<{ items: { id: string }[] }>(`/company/${companyId}/grants`);
  const session = (await (await page.request.get('/api/auth/get-session')).json()) as {
    session: { activeOrganizationId: string };
  };
  const workspaces = (await (await page.request.get('/api/auth/organization/list')).json()) as {
    id: string;
    slug: string;
  }[];
  const slug = workspaces.find((w) => w.id === session.session.activeOrganizationId)!.slug;
  return { companyId, planId: plans.items[0]!.id, grantId: grants.items[0]!.id, slug };
}

/** The names and addresses of the platform's users (the admin's list). */
async function platformUsers(page: Page): Promise<string[]> {
  const response = await page.request.get('/api/auth/admin/list-users?limit=1000');
  expect(response.status()).toBe(200);
  const { users } = (await response.json()) as { users: { name: string; email: string }[] };
  return users.flatMap((u) => [u.name, u.email]);
}

test('every screen of someone signed out passes axe-core', async ({ page, checkA11y }) => {
  for (const path of SIGNED_OUT) {
    await open(page, path);
    await checkA11y({ once: true });
  }
});

test('every screen of the app passes axe-core', async ({ page, baseURL, checkA11y }) => {
  test.slow();
  const ids = await signedInWithAClient(page, baseURL!);
  for (const path of appScreens(ids)) {
    await open(page, path);
    await checkA11y({ once: true });
  }
});

test('every screen shows only catalog text in the pseudo language', async ({
  page,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'en', 'The pseudo language is one run’s, the `en` one.');
  test.slow();
  await usePseudoLanguage(page);
  // Language names are written in their own language, whatever the app's; x-api-key is the
  // header's name, written as code.
  const words = ['ESOP CRM', 'English', 'Nederlands', 'x-api-key'];
  for (const path of SIGNED_OUT) {
    await open(page, path);
    await expectOnlyCatalogText(page, { allow: words });
  }
  // No saved language: the browser's, the pseudo language, stays.
  const ids = await signedInWithAClient(page, baseURL!, null);
  const workspaces = (await (await page.request.get('/api/auth/organization/list')).json()) as {
    name: string;
    slug: string;
  }[];
  const me = (await (await page.request.get('/api/auth/get-session')).json()) as {
    user: { name: string; email: string };
  };
  const userAgent = await page.evaluate(() => navigator.userAgent);
  const allow = [
    ...words,
    ...Object.values(LONG_NAMES),
    ...REALISTIC_DATA,
    me.user.name,
    me.user.email,
    userAgent,
    // The sessions list names the sessions the test's API calls opened by their user agent.
    /Playwright\/\S+ \([^)]*\)(?: \S+\/\S*)*/g,
    ...workspaces.flatMap((w) => [w.name, w.slug]),
    // Country names come from Intl (English in the pseudo language), with their codes.
    'Netherlands',
    'Belgium',
    // Codes: countries, the currency, the legal form.
    /\b(?:BE|NL|EUR|BV)\b/g,
  ];
  for (const path of appScreens(ids)) {
    // The platform's users, whom journeys running beside this one sign up: their names are data.
    const users = path.startsWith('/admin') ? await platformUsers(page) : [];
    await open(page, path);
    // Still the pseudo language (a saved language would win at sign-in).
    await expect(page.locator('body')).toContainText('⟦');
    if (path.startsWith('/admin')) users.push(...(await platformUsers(page)));
    await expectOnlyCatalogText(page, { allow: [...allow, ...users] });
  }
});

test('the sweep knows every screen of the app', () => {
  const routes = readFileSync(
    path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/web/routeTree.gen.ts'),
    'utf8',
  );
  const block = /export interface FileRoutesByFullPath \{([\s\S]*?)\n\}/.exec(routes)![1]!;
  const declared = [...block.matchAll(/^\s+'([^']+)':/gm)].map(([, route]) => route!);
  const ids: Ids = { companyId: 'C', planId: 'P', grantId: 'G', slug: 'S' };
  const visited = [...appScreens(ids), ...SIGNED_OUT].map((p) => p.split('?')[0]!);
  const missing = declared.filter((route) => {
    const pattern = new RegExp(
      `^${route.replace(/\/$/, '').replace(/\$[A-Za-z]+/g, '[^/]+') || '/'}/?$`,
    );
    return !visited.some((p) => pattern.test(p));
  });
  expect(missing, 'screens of src/web/routes that e2e/screens.spec.ts does not visit').toEqual([]);
});
