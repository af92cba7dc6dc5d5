import {
  request as playwrightRequest,
  type APIRequestContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { expect, test } from './support/test';
import { createVerifiedUser, signIn } from './support/auth';
import { firmDate } from './support/clock';
import { inAnyLanguage, T } from './support/i18n';
import { linkIn, waitForMail } from './support/mail';
import { expectOnlyCatalogText, usePseudoLanguage } from './support/pseudo';
import { TEST_PASSWORD, type TestUser } from './support/users';

/*
 * Issue 12, "Layout made for data": the application shell (a sidebar on wide screens, a drawer
 * on phones), the not-found pages, a title per page, and charts readable in any theme.
 */

const APP_TITLE = 'ESOP CRM';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

async function post<T>(api: APIRequestContext, path: string, data: object): Promise<T> {
  const response = await api.post(path, { data });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** The first of the month `months` ago (firm's clock), as an ISO date. */
function monthsAgo(months: number): string {
  const today = firmDate();
  const d = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1 - months));
  return d.toISOString().slice(0, 10);
}

/**
 * A company with something on every tab, through the API (its screens have journeys of their
 * own): a share class, shares issued, a plan, a grant and two valuations.
 */
async function seedCompany(page: Page) {
  const api = page.request;
  const suffix = Math.random().toString(36).slice(2, 8);
  const companyName = `Shell Holding ${suffix}`;
  const company = await post<{ id: string }>(api, '/api/v1/company', { companyName });
  const base = `/api/v1/company/${company.id}`;
  const shareClass = await post<{ id: string }>(api, `${base}/share-classes`, {
    name: 'Ordinary',
    nominalValue: '0.01',
  });
  const founder = await post<{ id: string }>(api, `${base}/stakeholders`, {
    name: 'Femke Founder',
    relationship: 'founder',
  });
  await post(api, `${base}/share-events`, {
    type: 'issue',
    shareClassId: shareClass.id,
    toStakeholderId: founder.id,
    shareCount: 100_000,
    date: monthsAgo(30),
  });
  const employee = await post<{ id: string }>(api, `${base}/stakeholders`, {
    name: 'Erik Employee',
    relationship: 'employee',
  });
  const plan = await post<{ id: string }>(api, `${base}/plans`, {
    name: 'Phantom Plan',
    planType: 'phantom_shares',
    shareClassId: null,
    poolSize: 10_000,
  });
  const grant = await post<{ id: string }>(api, `${base}/grants`, {
    stakeholderId: employee.id,
    planId: plan.id,
    quantity: 4800,
    exercisePrice: '0.50',
    grantDate: monthsAgo(13),
    vestingStartDate: monthsAgo(13),
    terms: {
      type: 'time',
      periodLength: 1,
      periodUnit: 'months',
      occurrences: 48,
      cliffPeriods: 12,
    },
  });
  for (const [months, purpose] of [
    [20, 'funding_round'],
    [4, 'tax_fmv'],
  ] as const) {
    await post(api, `${base}/valuations`, {
      effectiveDate: monthsAgo(months),
      purpose,
      method: 'dcf',
      enterpriseValue: '1000000',
      fullyDilutedShares: 110_000,
    });
  }
  return { companyId: company.id, companyName, planId: plan.id, grantId: grant.id };
}

/**
 * Nothing in the header or the banners above it reaches past the window, and the page does not
 * scroll sideways.
 */
async function expectNoOverflow(page: Page, width: number) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(width);
  const outside = await page.evaluate((viewport) => {
    const elements = [
      ...document.querySelectorAll('header, header *, [role="note"], [role="note"] *'),
    ];
    return elements
      .map((element) => ({ element, rect: element.getBoundingClientRect() }))
      .filter(({ rect }) => rect.width > 0 && (rect.left < -0.5 || rect.right > viewport + 0.5))
      .map(
        ({ element, rect }) =>
          `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}" ${Math.round(rect.left)}–${Math.round(rect.right)}`,
      );
  }, width);
  expect(outside, 'header elements outside the window').toEqual([]);
}

/** Whether the focused element is inside the open dialog. */
function focusInDialog(page: Page) {
  return page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null);
}

test('wide screens: the sidebar holds the navigation, marks the page and leaves the content ≥ 1,150 px', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize(DESKTOP);
  const user = await createVerifiedUser(page.request, baseURL!);
  await signIn(page, user);
  const { companyId } = await seedCompany(page);

  const nav = page.getByRole('navigation', { name: T('shell.nav.label') });
  await expect(nav.getByRole('link')).toHaveText([
    T('shell.nav.companies'),
    T('shell.nav.upcoming'),
    T('tasks.nav'),
    T('shell.nav.vestingTemplates'),
    T('documents.nav.templates'),
    T('shell.nav.trash'),
  ]);
  const companies = nav.getByRole('link', { name: T('shell.nav.companies') });
  const upcoming = nav.getByRole('link', { name: T('shell.nav.upcoming') });
  await expect(companies).toHaveAttribute('aria-current', 'page');
  await expect(upcoming).not.toHaveAttribute('aria-current', 'page');
  // The phone's menu button is not shown next to the sidebar.
  await expect(page.getByRole('button', { name: T('shell.menu.open') })).toBeHidden();

  const contentWidth = await page.evaluate(() => {
    const main = document.getElementById('main')!;
    const style = getComputedStyle(main);
    return main.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  });
  expect(contentWidth).toBeGreaterThanOrEqual(1150);

  await upcoming.click();
  await expect(page).toHaveURL(/\/upcoming$/);
  await expect(upcoming).toHaveAttribute('aria-current', 'page');
  await expect(companies).not.toHaveAttribute('aria-current', 'page');

  // Inside a company, "Companies" stays marked, and the company's tabs are kept.
  await page.goto(`/companies/${companyId}/grants`);
  await expect(companies).toHaveAttribute('aria-current', 'page');
  await expect(
    page
      .getByRole('navigation', { name: T('companies.nav.label') })
      .getByRole('link', { name: T('companies.nav.grants') }),
  ).toHaveAttribute('aria-current', 'page');

  await nav.getByRole('link', { name: T('shell.nav.vestingTemplates') }).click();
  await expect(page).toHaveURL(/\/vesting-templates$/);
  await nav.getByRole('link', { name: T('shell.nav.trash') }).click();
  await expect(page).toHaveURL(/\/trash$/);
});

test('the sidebar leaves out what the role may not open: no trash for a guest', async ({
  page,
  baseURL,
}) => {
  const origin = baseURL!;
  const owner = await createVerifiedUser(page.request, origin, { name: 'Olga Owner' });
  const guest = await createVerifiedUser(page.request, origin, { name: 'Gus Guest' });
  const ownerApi = await playwrightRequest.newContext({
    baseURL: origin,
    extraHTTPHeaders: { origin },
  });
  await post(ownerApi, '/api/auth/sign-in/email', { email: owner.email, password: owner.password });
  const { organizationId } = (await (await ownerApi.get('/api/v1/me')).json()) as {
    organizationId: string;
  };
  const invitation = await post<{ id: string }>(ownerApi, '/api/auth/organization/invite-member', {
    email: guest.email,
    role: 'guest',
  });
  await ownerApi.dispose();

  await signIn(page, guest);
  await post(page.request, '/api/auth/organization/accept-invitation', {
    invitationId: invitation.id,
  });
  await post(page.request, '/api/auth/organization/set-active', { organizationId });
  await page.goto('/companies');
  await expect(
    page.getByRole('navigation', { name: T('shell.nav.label') }).getByRole('link'),
  ).toHaveText([
    T('shell.nav.companies'),
    T('shell.nav.upcoming'),
    T('tasks.nav'),
    T('shell.nav.vestingTemplates'),
    T('documents.nav.templates'),
  ]);
});

/** The platform admin of the e2e server (see admin.spec.ts): signs up once per run. */
async function platformAdmin(api: APIRequestContext): Promise<TestUser> {
  const email = process.env.E2E_ADMIN_EMAIL;
  if (!email)
    throw new Error('E2E_ADMIN_EMAIL is not set: run the tests through playwright.config.ts');
  const admin: TestUser = { name: 'Ada Admin', email, password: TEST_PASSWORD };
  // Signed up by another test of this run already? (A second sign-up answers 200 as well: it
  // only mails the address, so that sign-up does not tell who has an account.)
  const signedIn = await api.post('/api/auth/sign-in/email', {
    data: { email: admin.email, password: admin.password },
  });
  if (signedIn.ok()) return admin;
  const response = await api.post('/api/auth/sign-up/email', {
    data: { name: admin.name, email: admin.email, password: admin.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  const mail = await waitForMail(admin.email, {
    subject: inAnyLanguage('mail.verification.subject'),
  });
  const origin = process.env.E2E_BASE_URL!;
  expect((await api.get(linkIn(mail, `${origin}/api/auth/verify-email`))).ok()).toBe(true);
  return admin;
}

test('390 px phone: a menu button opens the navigation in a drawer that keeps focus; nothing in the header overflows', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize(PHONE);
  // The longest name and a long address: the header must still fit.
  const user = await createVerifiedUser(page.request, baseURL!, {
    name: 'Maximiliaan van Oldenbarnevelt',
    email: `maximiliaan.van.oldenbarnevelt.${Math.random().toString(36).slice(2, 8)}@advocatenkantoor-voorbeeld.test`,
  });
  await signIn(page, user);
  const { companyId } = await seedCompany(page);

  await test.step('no sidebar; the header fits on the companies, upcoming and company pages', async () => {
    await expect(page.getByRole('navigation', { name: T('shell.nav.label') })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: T('common.language.label') })).toHaveCount(0);
    await expectNoOverflow(page, PHONE.width);
    await page.goto('/upcoming');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoOverflow(page, PHONE.width);
    await page.goto(`/companies/${companyId}/cap-table`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoOverflow(page, PHONE.width);
  });

  await test.step('the account menu, with the workspace switcher, opens inside the window', async () => {
    await page
      .getByRole('button', { name: T('common.userMenu.label', { name: user.name }) })
      .click();
    const accountMenu = page.getByRole('menu');
    await expect(accountMenu.getByRole('menuitemradio').first()).toBeVisible();
    const box = (await accountMenu.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await expectNoOverflow(page, PHONE.width);
    await page.keyboard.press('Escape');
    await expect(accountMenu).toBeHidden();
  });

  const menu = page.getByRole('button', { name: T('shell.menu.open') });
  const drawer = page.getByRole('dialog', { name: T('shell.menu.title') });

  await test.step('the menu opens the drawer, keeps focus inside it, and Escape closes it', async () => {
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await menu.click();
    await expect(drawer).toBeVisible();
    const nav = drawer.getByRole('navigation', { name: T('shell.nav.label') });
    await expect(nav.getByRole('link')).toHaveText([
      T('shell.nav.companies'),
      T('shell.nav.upcoming'),
      T('tasks.nav'),
      T('shell.nav.vestingTemplates'),
      T('documents.nav.templates'),
      T('shell.nav.trash'),
    ]);
    await expect(nav.getByRole('link', { name: T('shell.nav.companies') })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // The header has no room for the language switch on a phone: the drawer has it.
    await expect(drawer.getByRole('combobox', { name: T('common.language.label') })).toBeVisible();
    expect(await focusInDialog(page)).toBe(true);
    // More Tabs than the drawer has stops, both ways: focus never leaves it.
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Tab');
      expect(await focusInDialog(page), `after Tab ${i + 1}`).toBe(true);
    }
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusInDialog(page), `after Shift+Tab ${i + 1}`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
  });

  await test.step('following a link closes the drawer', async () => {
    await menu.click();
    await drawer.getByRole('link', { name: T('shell.nav.upcoming') }).click();
    await expect(page).toHaveURL(/\/upcoming$/);
    await expect(drawer).toBeHidden();
    await menu.click();
    await expect(drawer.getByRole('link', { name: T('shell.nav.upcoming') })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await drawer.getByRole('button', { name: T('shell.menu.close') }).click();
    await expect(drawer).toBeHidden();
  });

  await test.step('the local-mode banner fits too', async () => {
    // This server sends real mail; the banner's layout is checked with the answer of a server in
    // local mode.
    await page.route('**/api/v1/meta', async (route) => {
      const response = await route.fetch();
      const meta = (await response.json()) as Record<string, unknown>;
      await route.fulfill({
        response,
        json: { ...meta, mail: { mode: 'outbox', outboxPath: '/dev/outbox' } },
      });
    });
    await page.reload();
    await expect(page.getByRole('note').getByText(T('shell.mailMode.openOutbox'))).toBeVisible();
    await expectNoOverflow(page, PHONE.width);
    await page.unroute('**/api/v1/meta');
  });

  await test.step('so does the impersonation banner, with this long name and address', async () => {
    const { user: impersonated } = await post<{ user: { id: string } }>(
      page.request,
      '/api/auth/sign-in/email',
      { email: user.email, password: user.password },
    );
    const admin = await platformAdmin(page.request);
    await post(page.request, '/api/auth/sign-in/email', {
      email: admin.email,
      password: admin.password,
    });
    await post(page.request, '/api/auth/admin/impersonate-user', { userId: impersonated.id });
    await page.goto('/companies');
    const banner = page.getByRole('status').filter({ hasText: user.email });
    await expect(banner).toBeVisible();
    await expectNoOverflow(page, PHONE.width);
    await banner.getByRole('button').click();
    await expect(page).toHaveURL(/\/admin\/users$/);
  });
});

test('not-found pages: an unknown address, company, tab and grant, each with a title and a way back', async ({
  page,
  baseURL,
}) => {
  const notFoundTitle = T('shell.notFound.page.title');

  await test.step('signed out: an unknown address offers the home page', async () => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: notFoundTitle })).toBeVisible();
    await expect(page).toHaveTitle(`${notFoundTitle} · ${APP_TITLE}`);
    await page.getByRole('link', { name: T('shell.notFound.page.home') }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  const user = await createVerifiedUser(page.request, baseURL!);
  await signIn(page, user);
  const { companyId, companyName } = await seedCompany(page);

  await test.step('signed in: back to the previous page, or to the companies', async () => {
    await page.goto('/companies');
    // In-app navigation to an address no link leads to: the history entry the router would
    // push, announced as the browser does when it moves through history.
    await page.evaluate(() => {
      window.history.pushState(
        { __TSR_index: 1, __TSR_key: 'e2e', key: 'e2e' },
        '',
        '/no-such-page',
      );
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    });
    await expect(page.getByRole('heading', { level: 1, name: notFoundTitle })).toBeVisible();
    await expect(page).toHaveTitle(`${notFoundTitle} · ${APP_TITLE}`);
    await page.getByRole('button', { name: T('shell.notFound.goBack') }).click();
    await expect(page).toHaveURL(/\/companies$/);
    await page.goto('/companies/create/and/more');
    await expect(page.getByRole('heading', { name: notFoundTitle })).toBeVisible();
    await page.getByRole('link', { name: T('shell.notFound.page.companies') }).click();
    await expect(page).toHaveURL(/\/companies$/);
  });

  await test.step('an unknown company id', async () => {
    const title = T('shell.notFound.company.title');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      await page.goto(`/companies/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page).toHaveTitle(`${title} · ${APP_TITLE}`);
    }
    await page.getByRole('link', { name: T('shell.notFound.company.back') }).click();
    await expect(page).toHaveURL(/\/companies$/);
  });

  await test.step('an address no tab of an existing company has', async () => {
    await page.goto(`/companies/${companyId}/no-such-tab`);
    await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: notFoundTitle })).toBeVisible();
    await expect(page).toHaveTitle(`${notFoundTitle} · ${APP_TITLE}`);
    await page.getByRole('link', { name: T('shell.notFound.companyPage.overview') }).click();
    await expect(page).toHaveURL(new RegExp(`/companies/${companyId}$`));
  });

  await test.step('an unknown grant', async () => {
    const title = T('shell.notFound.grant.title');
    await page.goto(`/companies/${companyId}/grants/00000000-0000-4000-8000-000000000000`);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page).toHaveTitle(`${title} · ${APP_TITLE}`);
    await page.getByRole('link', { name: T('shell.notFound.grant.back') }).click();
    await expect(page).toHaveURL(new RegExp(`/companies/${companyId}/grants$`));
  });
});

test('every page has its own document title', async ({ page, baseURL }) => {
  const user = await createVerifiedUser(page.request, baseURL!);
  await signIn(page, user);
  const { companyId, companyName, planId, grantId } = await seedCompany(page);
  const company = `/companies/${companyId}`;
  const pages: { path: string; ofCompany?: boolean }[] = [
    { path: '/companies' },
    { path: '/companies/create' },
    { path: company, ofCompany: true },
    { path: `${company}/stakeholders`, ofCompany: true },
    { path: `${company}/cap-table`, ofCompany: true },
    { path: `${company}/plans`, ofCompany: true },
    { path: `${company}/plans/${planId}`, ofCompany: true },
    { path: `${company}/grants`, ofCompany: true },
    { path: `${company}/grants/${grantId}`, ofCompany: true },
    { path: `${company}/valuations`, ofCompany: true },
    { path: `${company}/activity`, ofCompany: true },
    { path: '/upcoming' },
    { path: '/vesting-templates' },
    { path: '/trash' },
    { path: '/account/settings' },
    { path: '/account/security' },
    { path: '/account/api-keys' },
    { path: '/account/organizations' },
    { path: '/organization/settings' },
    { path: '/organization/members' },
    { path: '/organization/teams' },
    { path: '/organization/roles' },
    { path: '/organization/api-keys' },
    { path: '/admin/users' },
  ];
  const titles = new Map<string, string>();
  let previous = '';
  for (const { path, ofCompany } of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // Every page sets its own: the title must change from the page before.
    await expect.poll(() => page.title(), { message: `the title of ${path}` }).not.toBe(previous);
    const title = await page.title();
    expect(title, path).toMatch(new RegExp(`^.+ · ${APP_TITLE}$`));
    if (ofCompany) expect(title, path).toContain(companyName);
    titles.set(path, title);
    previous = title;
  }
  // Distinct across all of them, not only from the page before.
  const byTitle = new Map<string, string[]>();
  for (const [path, title] of titles) byTitle.set(title, [...(byTitle.get(title) ?? []), path]);
  expect([...byTitle.values()].filter((paths) => paths.length > 1)).toEqual([]);
});

/** The smallest label of a chart as shown on screen, in CSS pixels. */
function smallestLabelPx(chart: Locator) {
  return chart.evaluate((svg) =>
    Math.min(
      ...[...svg.querySelectorAll('text')].map(
        (text) => parseFloat(getComputedStyle(text).fontSize) * (text.getScreenCTM()?.a ?? 1),
      ),
    ),
  );
}

/** Colours written into the chart instead of taken from the theme (CSS variables, classes). */
function literalColours(chart: Locator) {
  return chart.evaluate((svg) =>
    [...svg.querySelectorAll('[fill], [stroke], [style]')].flatMap((element) =>
      ['fill', 'stroke', 'style']
        .map((name) => element.getAttribute(name))
        .filter(
          (value): value is string => value !== null && !['none', 'currentColor'].includes(value),
        ),
    ),
  );
}

test('charts have a text alternative, labels of at least 11 px and the theme’s colours', async ({
  page,
  baseURL,
}) => {
  const user = await createVerifiedUser(page.request, baseURL!);
  await signIn(page, user);
  const { companyId, grantId } = await seedCompany(page);
  const company = `/companies/${companyId}`;
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    for (const path of [
      `${company}/grants`,
      `${company}/grants/${grantId}`,
      `${company}/valuations`,
      `${company}/cap-table`,
    ]) {
      await page.goto(path);
      const chart = page.locator('svg[role="img"]').first();
      await expect(chart, path).toBeVisible();
      await expect(chart, path).toHaveAccessibleName(/\S/);
      await expect(chart, path).toHaveAccessibleDescription(/\d/);
      expect(
        await smallestLabelPx(chart),
        `${path} at ${viewport.width} px`,
      ).toBeGreaterThanOrEqual(11);
      expect(await literalColours(chart), path).toEqual([]);
    }
  }
});

test('the shell and the not-found pages show only catalog text (pseudo language)', async ({
  page,
  baseURL,
}) => {
  const user = await createVerifiedUser(page.request, baseURL!);
  await usePseudoLanguage(page);
  await post(page.request, '/api/auth/sign-in/email', {
    email: user.email,
    password: user.password,
  });
  const { companyId } = await seedCompany(page);

  await page.setViewportSize(DESKTOP);
  await page.goto('/companies');
  const sidebar = page.getByRole('navigation', { name: T('shell.nav.label', {}, 'en-XA') });
  await expect(sidebar.getByRole('link')).toHaveCount(6);
  await expectOnlyCatalogText(page, { scope: sidebar });

  for (const path of ['/no-such-page', '/companies/00000000-0000-4000-8000-000000000000']) {
    await page.goto(path);
    const notFound = page.getByRole('region').filter({ has: page.getByRole('heading') });
    await expect(notFound).toBeVisible();
    await expect(page).toHaveTitle(/⟦/);
    await expectOnlyCatalogText(page, { scope: notFound });
  }
  await page.goto(`/companies/${companyId}/no-such-tab`);
  const notFound = page.getByRole('region', {
    name: T('shell.notFound.page.title', {}, 'en-XA'),
  });
  await expectOnlyCatalogText(page, { scope: notFound });

  await page.setViewportSize(PHONE);
  await page.getByRole('button', { name: T('shell.menu.open', {}, 'en-XA') }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('link')).toHaveCount(6);
  // The language switch names each language in that language.
  await expectOnlyCatalogText(page, { scope: drawer, allow: ['English', 'Nederlands'] });
});
