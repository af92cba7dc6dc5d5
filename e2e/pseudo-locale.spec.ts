import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
import { formatIsoDate } from '../src/contracts/i18n/format';
import { firmDate } from './support/clock';
import { createVerifiedUser } from './support/auth';
import { T } from './support/i18n';
import { expectOnlyCatalogText, usePseudoLanguage } from './support/pseudo';

/**
 * The pseudo-locale run (issue 12): the main screens in the pseudo language show no English that
 * did not come from a catalog. Screens join this journey as their words move into catalogs.
 */

async function api<T>(request: APIRequestContext, path: string, data: object): Promise<T> {
  const response = await request.post(`/api/v1${path}`, { data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

test('plans and vesting templates show only catalog text', async ({ page, baseURL }) => {
  const user = await createVerifiedUser(page.request, baseURL!);
  await usePseudoLanguage(page);
  const signedIn = await page.request.post('/api/auth/sign-in/email', {
    headers: { origin: baseURL! },
    data: { email: user.email, password: user.password },
  });
  expect(signedIn.status()).toBe(200);

  const suffix = Math.random().toString(36).slice(2, 8);
  const companyName = `Pseudo Holding ${suffix}`;
  const company = await api<{ id: string }>(page.request, '/company', { companyName });
  const shareClass = await api<{ id: string }>(
    page.request,
    `/company/${company.id}/share-classes`,
    {
      name: 'Ordinary',
      nominalValue: '0.01',
    },
  );
  const template = await api<{ id: string; name: string }>(page.request, '/vesting-templates', {
    name: `Standard ${suffix}`,
    terms: {
      type: 'time',
      periodLength: 1,
      periodUnit: 'months',
      occurrences: 48,
      cliffPeriods: 12,
    },
  });
  const plan = await api<{ id: string; name: string }>(
    page.request,
    `/company/${company.id}/plans`,
    {
      name: `Option Plan ${suffix}`,
      planType: 'stock_options',
      shareClassId: shareClass.id,
      poolSize: 1000,
      boardApprovalDate: '2026-01-01',
      defaultVestingTemplateId: template.id,
    },
  );
  // The standard templates a workspace starts with are its data, named in the language it was
  // created in (decision 022): English here, as the account was made before the switch.
  const workspaceTemplates = (await (
    await page.request.get('/api/v1/vesting-templates')
  ).json()) as {
    items: { name: string; description: string | null }[];
  };
  const allow = [
    companyName,
    template.name,
    plan.name,
    'Ordinary',
    'EUR',
    // (Not '' for a missing description: splitting on it would blank every text.)
    ...workspaceTemplates.items.flatMap((x) =>
      x.description ? [x.name, x.description] : [x.name],
    ),
  ];

  await page.goto('/vesting-templates');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('⟦');
  const templates = page.getByRole('list').filter({ has: page.getByRole('article') });
  await expect(templates.getByRole('article').first()).toBeVisible();
  await expectOnlyCatalogText(page, { scope: templates, allow });

  await page.goto(`/companies/${company.id}/plans`);
  const plans = page.locator('section[aria-labelledby="plans-heading"]');
  await expect(plans.getByRole('article').first()).toBeVisible();
  await expectOnlyCatalogText(page, { scope: plans, allow });

  await page.goto(`/companies/${company.id}/plans/${plan.id}`);
  for (const id of ['plan-pool', 'plan-terms']) {
    const section = page.locator(`section[aria-labelledby="${id}-heading"]`);
    await expect(section.locator('dl').first()).toBeVisible();
    await expectOnlyCatalogText(page, { scope: section, allow });
  }
});

test('the pseudo-locale check catches English that no catalog gave', async ({ page }) => {
  await page.setContent(
    '<main><p>⟦Ĥéļļö {name}⟧</p><p>1.234,56</p><p>12 Mar 2026</p><p>Acme BV</p><button aria-label="Close"></button><p>Save changes</p></main>',
  );
  await expectOnlyCatalogText(page, { allow: ['Acme BV'] }).then(
    () => {
      throw new Error('the check passed English text');
    },
    (error: Error) => {
      expect(error.message).toContain('Save changes');
      expect(error.message).toContain('Close');
      expect(error.message).not.toContain('Acme BV');
      expect(error.message).not.toContain('Mar 2026');
    },
  );
});

test('companies, stakeholders, the trash and the workspace pages show only catalog text', async ({
  page,
  baseURL,
}) => {
  // A long journey: three times the default limit.
  test.slow();
  const user = await createVerifiedUser(page.request, baseURL!, { name: 'Pia Pseudo' });
  await usePseudoLanguage(page);
  const signedIn = await page.request.post('/api/auth/sign-in/email', {
    headers: { origin: baseURL! },
    data: { email: user.email, password: user.password },
  });
  expect(signedIn.status()).toBe(200);

  const suffix = Math.random().toString(36).slice(2, 8);
  const companyName = `Pseudo Holding ${suffix}`;
  const company = await api<{ id: string }>(page.request, '/company', {
    companyName,
    city: 'Utrecht',
    country: 'BE',
    companyType: 'Other',
  });
  await api(page.request, `/company/${company.id}/stakeholders`, {
    name: 'Anna Founder',
    kind: 'individual',
    relationship: 'founder',
    taxCountry: 'NL',
  });
  const updated = await page.request.patch(`/api/v1/company/${company.id}`, {
    data: { city: 'Gent', status: 'prospect', incorporationDate: '2020-02-03' },
  });
  expect(updated.status()).toBe(200);
  const trashed = await api<{ id: string }>(page.request, '/company', {
    companyName: `Trashed ${suffix}`,
  });
  expect((await page.request.delete(`/api/v1/company/${trashed.id}`)).status()).toBe(204);
  const workspace = `${user.name}'s workspace`;
  // The workspace's name first: it holds the user's.
  const allow = [
    workspace,
    companyName,
    `Trashed ${suffix}`,
    'Anna Founder',
    user.name,
    user.email,
    'Utrecht',
    'Gent',
    // Country names come from Intl (English in the pseudo language), with their codes.
    'Belgium',
    'Netherlands',
    /\b(?:BE|NL)\b/g,
  ];
  const dialog = page.getByRole('dialog').or(page.getByRole('alertdialog'));

  await page.goto('/companies');
  await expect(page.getByRole('table')).toContainText(companyName);
  await expectOnlyCatalogText(page, { allow });

  await page.goto(`/companies/${company.id}`);
  await expect(page.locator('main dl').first()).toBeVisible();
  await expect(page.locator('main')).toContainText('Gent');
  await expectOnlyCatalogText(page, { allow });
  await page.getByRole('button', { name: T('companies.delete', {}, 'en-XA'), exact: true }).click();
  await expect(dialog.getByRole('list')).toBeVisible();
  await expectOnlyCatalogText(page, { scope: dialog, allow });
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: T('companies.edit', {}, 'en-XA'), exact: true }).click();
  await expect(page.locator('main form')).toBeVisible();
  await expectOnlyCatalogText(page, { allow });

  await page.goto(`/companies/${company.id}/stakeholders`);
  await expect(page.getByRole('table')).toContainText('Anna Founder');
  await expectOnlyCatalogText(page, { allow });
  await page
    .getByRole('button', { name: T('stakeholders.add', {}, 'en-XA') })
    .first()
    .click();
  await expect(dialog.locator('form')).toBeVisible();
  await expectOnlyCatalogText(page, { scope: dialog, allow });
  await page.keyboard.press('Escape');

  await page.goto(`/companies/${company.id}/activity`);
  await expect(page.locator('main ol li').first()).toBeVisible();
  await expectOnlyCatalogText(page, { allow });

  await page.goto('/trash');
  await expect(page.getByRole('table')).toContainText(`Trashed ${suffix}`);
  await expectOnlyCatalogText(page, { allow });

  for (const path of ['members', 'settings', 'teams', 'roles', 'api-keys']) {
    await page.goto(`/organization/${path}`);
    await expect(page.getByRole('heading', { level: 1, name: workspace })).toBeVisible();
    await expect(page.locator('main [aria-current="page"]')).toBeVisible();
    await expectOnlyCatalogText(page, { allow });
  }
  await page.getByRole('button', { name: T('workspace.apiKeys.new', {}, 'en-XA') }).click();
  await expect(dialog.getByRole('group').first()).toBeVisible();
  await expectOnlyCatalogText(page, { scope: dialog, allow });
});

test('the sign-in pages and the account pages show only catalog text', async ({
  page,
  baseURL,
}) => {
  await usePseudoLanguage(page);
  // Language names are written in their own language, whatever the app's.
  const allow = ['ESOP CRM', 'English', 'Nederlands'];

  for (const path of [
    '/',
    '/auth/sign-in',
    '/auth/sign-up',
    '/auth/forgot-password',
    '/auth/magic-link',
    '/auth/email-otp',
    '/auth/reset-password',
    '/auth/callback?error=INVALID_TOKEN',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('⟦');
    await expectOnlyCatalogText(page, { allow });
  }

  const user = await createVerifiedUser(page.request, baseURL!);
  const signedIn = await page.request.post('/api/auth/sign-in/email', {
    headers: { origin: baseURL! },
    data: { email: user.email, password: user.password },
  });
  expect(signedIn.status()).toBe(200);
  // The sessions list shows each browser's user agent in full on hover.
  const userAgent = await page.evaluate(() => navigator.userAgent);
  // x-api-key: the header's name, written as code.
  // The workspace made at sign-up: its name and address are data.
  const workspaces = (await (await page.request.get('/api/auth/organization/list')).json()) as {
    name: string;
    slug: string;
  }[];
  const own = [
    ...allow,
    user.name,
    user.email,
    userAgent,
    'x-api-key',
    ...workspaces.flatMap((workspace) => [workspace.name, workspace.slug]),
  ];
  for (const path of [
    '/account/settings',
    '/account/security',
    '/account/api-keys',
    '/account/organizations',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('⟦');
    // The cards that load their own data have drawn their lists.
    await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0);
    await expectOnlyCatalogText(page, { allow: own });
  }
});

test('the grants list, a grant’s page and the grant dialogs show only catalog text', async ({
  page,
  baseURL,
}) => {
  // A long journey: three times the default limit.
  test.slow();
  const user = await createVerifiedUser(page.request, baseURL!);
  await usePseudoLanguage(page);
  const signedIn = await page.request.post('/api/auth/sign-in/email', {
    headers: { origin: baseURL! },
    data: { email: user.email, password: user.password },
  });
  expect(signedIn.status()).toBe(200);

  const suffix = Math.random().toString(36).slice(2, 8);
  const companyName = `Pseudo Grants ${suffix}`;
  const company = await api<{ id: string }>(page.request, '/company', {
    companyName,
    country: 'NL',
  });
  const c = `/company/${company.id}`;
  const shareClass = await api<{ id: string }>(page.request, `${c}/share-classes`, {
    name: 'Ordinary',
    nominalValue: '0.01',
  });
  const eva = await api<{ id: string }>(page.request, `${c}/stakeholders`, {
    name: 'Eva Werknemer',
    relationship: 'employee',
  });
  const milo = await api<{ id: string }>(page.request, `${c}/stakeholders`, {
    name: 'Milo Mijlpaal',
    relationship: 'employee',
  });
  const template = await api<{ id: string; name: string }>(page.request, '/vesting-templates', {
    name: `Standard ${suffix}`,
    terms: {
      type: 'time',
      periodLength: 1,
      periodUnit: 'months',
      occurrences: 48,
      cliffPeriods: 12,
    },
  });
  const plan = await api<{ id: string; name: string }>(page.request, `${c}/plans`, {
    name: `Option Plan ${suffix}`,
    planType: 'stock_options',
    shareClassId: shareClass.id,
    poolSize: 100_000,
    exerciseWindowMonths: 24,
    defaultVestingTemplateId: template.id,
  });
  // A time grant with an offer, the tax election, a leave of absence and an exercise.
  const start = firmDate(-400);
  const timeGrant = await api<{ id: string }>(page.request, `${c}/grants`, {
    stakeholderId: eva.id,
    planId: plan.id,
    quantity: 12_000,
    exercisePrice: '0.10',
    grantDate: start,
    vestingStartDate: start,
    expiryDate: firmDate(3000),
    offerDate: start,
    acceptanceDate: start,
    taxAtExercise: true,
    taxElectionDate: start,
    terms: {
      type: 'time',
      periodLength: 1,
      periodUnit: 'months',
      occurrences: 48,
      cliffPeriods: 12,
    },
  });
  const grantPath = `${c}/grants/${timeGrant.id}`;
  // An action on a grant answers with the grant (200).
  for (const [path, data] of [
    ['pauses', { start: firmDate(-30), end: firmDate(-20) }],
    ['exercises', { date: firmDate(-5), quantity: 100 }],
  ] as const) {
    const response = await page.request.post(`/api/v1${grantPath}/${path}`, { data });
    expect(response.status(), await response.text()).toBe(200);
  }
  // Milestones: one missed its deadline (a forfeiture), one is due within 90 days.
  const milestoneGrant = await api<{ id: string }>(page.request, `${c}/grants`, {
    stakeholderId: milo.id,
    planId: plan.id,
    quantity: 2_000,
    exercisePrice: '0.10',
    grantDate: firmDate(-100),
    vestingStartDate: firmDate(-100),
    terms: {
      type: 'milestone',
      milestones: [
        {
          id: 'missed',
          name: 'Pilot customer signed',
          portion: { numerator: 1, denominator: 2 },
          achievedDate: null,
          deadline: firmDate(-10),
        },
        {
          id: 'due',
          name: 'Series A closed',
          portion: { numerator: 1, denominator: 2 },
          achievedDate: null,
          deadline: firmDate(60),
        },
      ],
    },
  });
  const allow = [
    companyName,
    template.name,
    plan.name,
    'Ordinary',
    'Eva Werknemer',
    'Milo Mijlpaal',
    'Pilot customer signed',
    'Series A closed',
    'Netherlands',
    // The company's country and legal form, as codes.
    /\b(?:NL|BV)\b/g,
  ];
  const main = page.locator('main');
  const dialog = page.getByRole('dialog').or(page.getByRole('alertdialog'));
  const x = (key: string, values: Record<string, unknown> = {}) => T(key, values, 'en-XA');

  await test.step('the grants list with its chart and upcoming events', async () => {
    await page.goto(`/companies/${company.id}/grants`);
    await expect(page.getByRole('table').first()).toContainText('Milo Mijlpaal');
    await expect(main.getByRole('img').first()).toBeVisible();
    await expect(page.getByRole('list', { name: x('grants.upcoming.label') })).toContainText(
      'Series A closed',
    );
    await expectOnlyCatalogText(page, { allow });
  });

  await test.step('the new-grant dialog', async () => {
    await page
      .getByRole('button', { name: x('grants.new') })
      .first()
      .click();
    await expect(dialog.locator('form')).toBeVisible();
    await expect(dialog.getByRole('region', { name: x('grants.form.preview') })).toBeVisible();
    await expectOnlyCatalogText(page, { scope: dialog, allow });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  await test.step('a grant’s page with a leave, an exercise and its dialogs', async () => {
    await page.goto(`/companies/${company.id}/grants/${timeGrant.id}`);
    await expect(page.getByRole('table', { name: x('grants.exercises.title') })).toBeVisible();
    await expect(page.getByRole('table', { name: x('grants.leaves.title') })).toBeVisible();
    await expectOnlyCatalogText(page, { allow });

    for (const key of [
      'grants.exercise.trigger',
      'grants.terminate.trigger',
      'grants.leave.trigger',
      'grants.cancel.trigger',
      'grants.edit',
    ]) {
      await main.getByRole('button', { name: x(key), exact: true }).click();
      await expect(dialog).toBeVisible();
      if (key === 'grants.exercise.trigger') {
        await dialog.getByLabel(x('grants.exercise.quantity')).fill('10');
        await expect(dialog.locator('dl')).toBeVisible();
      }
      if (key === 'grants.edit') await expect(dialog.locator('form')).toBeVisible();
      await expectOnlyCatalogText(page, { scope: dialog, allow });
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
    await main.getByRole('button', { name: x('grants.delete') }).click();
    await expectOnlyCatalogText(page, { scope: dialog, allow });
    await page.keyboard.press('Escape');
    const leave = { from: firmDate(-30), to: firmDate(-20) };
    await main
      .getByRole('button', {
        name: x('grants.leave.remove.label', {
          from: formatIsoDate('en-XA', leave.from),
          to: formatIsoDate('en-XA', leave.to),
        }),
      })
      .click();
    await expectOnlyCatalogText(page, { scope: dialog, allow });
    await page.keyboard.press('Escape');
  });

  await test.step('a milestone grant: a forfeiture and the milestone dialog', async () => {
    await page.goto(`/companies/${company.id}/grants/${milestoneGrant.id}`);
    await expect(page.getByRole('table', { name: x('grants.forfeitures.title') })).toBeVisible();
    await expectOnlyCatalogText(page, { allow });
    await main.getByRole('button', { name: x('grants.achieve.trigger') }).click();
    await expect(dialog).toBeVisible();
    await expectOnlyCatalogText(page, { scope: dialog, allow });
  });
});

test('the cap table, the register, share classes, receipts and their dialogs show only catalog text', async ({
  page,
  baseURL,
}) => {
  // A long journey: three times the default limit.
  test.slow();
  const user = await createVerifiedUser(page.request, baseURL!);
  await usePseudoLanguage(page);
  const signedIn = await page.request.post('/api/auth/sign-in/email', {
    headers: { origin: baseURL! },
    data: { email: user.email, password: user.password },
  });
  expect(signedIn.status()).toBe(200);
  const xa = (key: string) => T(key, {}, 'en-XA');

  const suffix = Math.random().toString(36).slice(2, 8);
  const companyName = `Pseudo Equity ${suffix}`;
  const emptyName = `Pseudo Empty ${suffix}`;
  const company = await api<{ id: string }>(page.request, '/company', { companyName });
  const empty = await api<{ id: string }>(page.request, '/company', { companyName: emptyName });
  // A company with a share class but no shares yet: the other empty states.
  const classOnlyName = `Pseudo Classes ${suffix}`;
  const classOnly = await api<{ id: string }>(page.request, '/company', {
    companyName: classOnlyName,
  });
  await api(page.request, `/company/${classOnly.id}/share-classes`, {
    name: 'Ordinary',
    nominalValue: '0.01',
  });
  const c = `/company/${company.id}`;
  const ordinary = await api<{ id: string }>(page.request, `${c}/share-classes`, {
    name: 'Ordinary',
    nominalValue: '0.01',
  });
  await api(page.request, `${c}/share-classes`, {
    name: 'Preference A',
    classType: 'preferred',
    nominalValue: '0.01',
    participating: true,
    participationCapMultiple: '3',
    seniority: 2,
  });
  const person = (name: string, relationship: string) =>
    api<{ id: string }>(page.request, `${c}/stakeholders`, { name, relationship });
  const anna = await person('Anna Founder', 'founder');
  const bart = await person('Bart Investor', 'investor');
  const eva = await person('Eva Employee', 'employee');
  const stak = await api<{ id: string }>(page.request, `${c}/stakeholders`, {
    name: 'Stichting Pseudo',
    relationship: 'stak',
    kind: 'institution',
  });
  const notary = 'mr. N. Notaris';
  const event = (body: object) =>
    api(page.request, `${c}/share-events`, { shareClassId: ordinary.id, ...body });
  await event({
    type: 'issue',
    date: '2024-01-01',
    shareCount: 6000,
    toStakeholderId: anna.id,
    firstShareNumber: 1,
    lastShareNumber: 6000,
    pricePerShare: '0.01',
    currency: 'EUR',
    deedDate: '2024-01-01',
    notary,
  });
  await event({ type: 'issue', date: '2024-01-01', shareCount: 4000, toStakeholderId: bart.id });
  await event({
    type: 'transfer',
    date: '2024-03-01',
    shareCount: 1000,
    fromStakeholderId: anna.id,
    toStakeholderId: stak.id,
    firstShareNumber: 1,
    lastShareNumber: 1000,
  });
  await event({ type: 'cancel', date: '2024-04-01', shareCount: 500, fromStakeholderId: bart.id });
  await api(page.request, `${c}/receipts`, {
    stakStakeholderId: stak.id,
    shareClassId: ordinary.id,
    holderStakeholderId: eva.id,
    receiptCount: 400,
    date: '2024-05-01',
  });
  await api(page.request, `${c}/plans`, {
    name: 'Pseudo Option Plan',
    planType: 'stock_options',
    shareClassId: ordinary.id,
    poolSize: 2000,
    boardApprovalDate: '2024-01-01',
  });
  await api(page.request, `${c}/plans`, {
    name: 'Pseudo Phantom Plan',
    planType: 'phantom_shares',
    poolSize: 500,
  });
  const allow = [
    companyName,
    emptyName,
    classOnlyName,
    'Ordinary',
    'Preference A',
    'Anna Founder',
    'Bart Investor',
    'Eva Employee',
    'Stichting Pseudo',
    'Pseudo Option Plan',
    'Pseudo Phantom Plan',
    notary,
    // The legal form in the company's header is its data (the default, BV).
    /\bBV\b/g,
  ];
  const dialog = page.getByRole('dialog').or(page.getByRole('alertdialog'));
  const section = (id: string) => page.locator(`section#${id}`);

  await test.step('the tab with every section filled', async () => {
    await page.goto(`/companies/${company.id}/cap-table`);
    await expect(page.getByRole('table', { name: xa('cap-table.table.label') })).toContainText(
      'Pseudo Phantom Plan',
    );
    await expect(section('register').getByRole('table')).toContainText(notary);
    await expect(section('receipts').getByRole('table').nth(1)).toContainText('Eva Employee');
    await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0);
    await expectOnlyCatalogText(page, { allow });
  });

  await test.step('the share class dialogs', async () => {
    await page.getByRole('button', { name: xa('cap-table.shareClasses.add') }).click();
    await expect(dialog.locator('form')).toBeVisible();
    // The participation cap shows once the class participates.
    await dialog.getByLabel(xa('cap-table.shareClassForm.participating')).check();
    await expect(dialog.getByLabel(xa('cap-table.shareClassForm.participationCap'))).toBeVisible();
    await expectOnlyCatalogText(page, { scope: dialog, allow });
    await page.keyboard.press('Escape');
    const row = section('share-classes').getByRole('row', { name: /^Ordinary/ });
    await row.getByRole('button').first().click();
    await expect(dialog.locator('form')).toBeVisible();
    await expectOnlyCatalogText(page, { scope: dialog, allow });
    await page.keyboard.press('Escape');
    await row.getByRole('button').last().click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expectOnlyCatalogText(page, { scope: dialog, allow });
    await page.keyboard.press('Escape');
  });

  await test.step('the register: issue, transfer and cancel, edit and delete', async () => {
    const register = section('register');
    for (const type of ['issue', 'transfer', 'cancel']) {
      await register
        .getByRole('button', { name: xa(`cap-table.register.action.${type}`), exact: true })
        .click();
      await expect(dialog.locator('form')).toBeVisible();
      await expectOnlyCatalogText(page, { scope: dialog, allow });
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
    const first = register.getByRole('table').getByRole('row').nth(1);
    await first.getByRole('button').first().click();
    await expect(dialog.locator('form')).toBeVisible();
    await expectOnlyCatalogText(page, { scope: dialog, allow });
    await page.keyboard.press('Escape');
    await first.getByRole('button').last().click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expectOnlyCatalogText(page, { scope: dialog, allow });
    await page.keyboard.press('Escape');
  });

  await test.step('the receipts: add, edit and delete', async () => {
    const receipts = section('receipts');
    await receipts.getByRole('button', { name: xa('cap-table.receipts.add') }).click();
    await expect(dialog.locator('form')).toBeVisible();
    await expectOnlyCatalogText(page, { scope: dialog, allow });
    await page.keyboard.press('Escape');
    const line = receipts.getByRole('row', { name: /^Eva Employee/ });
    await line.getByRole('button').first().click();
    await expect(dialog.locator('form')).toBeVisible();
    await expectOnlyCatalogText(page, { scope: dialog, allow });
    await page.keyboard.press('Escape');
    await line.getByRole('button').last().click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expectOnlyCatalogText(page, { scope: dialog, allow });
    await page.keyboard.press('Escape');
  });

  await test.step('companies without shares, with and without a share class', async () => {
    for (const [id, parts] of [
      [classOnly.id, ['cap-table', 'register', 'receipts']],
      [empty.id, ['cap-table', 'share-classes', 'register', 'receipts']],
    ] as const) {
      await page.goto(`/companies/${id}/cap-table`);
      // Each section's empty state has drawn.
      for (const part of parts)
        await expect(section(part).getByRole('heading', { level: 3 })).toContainText('⟦');
      await expectOnlyCatalogText(page, { allow });
    }
  });
});

test('valuations, upcoming and the header with its user menu show only catalog text', async ({
  page,
  baseURL,
}) => {
  // A long journey: three times the default limit.
  test.slow();
  const user = await createVerifiedUser(page.request, baseURL!, { name: 'Vera Pseudo' });
  await usePseudoLanguage(page);
  const signedIn = await page.request.post('/api/auth/sign-in/email', {
    headers: { origin: baseURL! },
    data: { email: user.email, password: user.password },
  });
  expect(signedIn.status()).toBe(200);
  const xa = (key: string, values?: Record<string, unknown>) => T(key, values, 'en-XA');
  // Imported here, so that this test's additions stay at the end of the file.
  const { firmDate } = await import('./support/clock');
  const { createRealisticCompany, LONG_NAMES } = await import('./support/realistic-company');

  // A client as firms have them (three valuations, grants vesting monthly), and one whose
  // valuation expires within 60 days: the practice view's alert.
  const companyId = await createRealisticCompany(page.request);
  const suffix = Math.random().toString(36).slice(2, 8);
  const expiringName = `Pseudo Expiring ${suffix}`;
  const expiring = await api<{ id: string }>(page.request, '/company', {
    companyName: expiringName,
  });
  await api(page.request, `/company/${expiring.id}/valuations`, {
    effectiveDate: firmDate(-340),
    purpose: 'tax_fmv',
    method: 'opm',
    enterpriseValue: '2500000',
    fullyDilutedShares: 1_000_000,
  });
  const read = async <T>(path: string): Promise<T> =>
    (await (await page.request.get(`/api/v1${path}`)).json()) as T;
  const company = await read<{ companyName: string }>(`/company/${companyId}`);
  const stakeholders = await read<{ items: { name: string }[] }>(
    `/company/${companyId}/stakeholders`,
  );
  const shareClasses = await read<{ items: { name: string }[] }>(
    `/company/${companyId}/share-classes`,
  );
  const workspaces = (await (await page.request.get('/api/auth/organization/list')).json()) as {
    name: string;
  }[];
  const allow = [
    company.companyName,
    expiringName,
    ...Object.values(LONG_NAMES),
    ...stakeholders.items.map((x) => x.name),
    ...shareClasses.items.map((x) => x.name),
    ...workspaces.map((w) => w.name),
    user.name,
    user.email,
    // Country names come from Intl (English in the pseudo language), with their codes.
    'Netherlands',
    /\bNL\b/g,
    // The legal form as stored (data, like the name).
    /\bBV\b/g,
    'ESOP CRM',
    'English',
    'Nederlands',
  ];
  const dialog = page.getByRole('dialog');

  await test.step('the Valuations tab and its dialogs', async () => {
    await page.goto(`/companies/${companyId}/valuations`);
    const history = page.getByRole('table', { name: xa('valuations.history.label') });
    await expect(history.getByRole('row')).toHaveCount(1 + 3);
    await expect(page.locator('#valuation-metrics dl').first()).toBeVisible();
    await expect(page.locator('#valuation-chart figure')).toBeVisible();
    await expect(page.getByRole('main').locator('[role="status"]')).toHaveCount(0);
    await expectOnlyCatalogText(page, { allow });

    await page
      .getByRole('button', { name: xa('valuations.new') })
      .first()
      .click();
    await expect(dialog.locator('form')).toBeVisible();
    await expect(
      dialog.getByRole('region', { name: xa('valuations.form.computed') }),
    ).toBeVisible();
    await expectOnlyCatalogText(page, { scope: dialog, allow });
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // The newest valuation's edit dialog: its figures computed, the report field.
    await history.getByRole('row').nth(1).getByRole('button').first().click();
    await expect(dialog.locator('form')).toBeVisible();
    await expect(
      dialog
        .getByRole('region', { name: xa('valuations.form.computed') })
        .locator('dd')
        .first(),
    ).not.toHaveText('—');
    await expectOnlyCatalogText(page, { scope: dialog, allow });
    await page.keyboard.press('Escape');
  });

  await test.step('Upcoming with the installments shown and a valuation alert', async () => {
    await page.goto('/upcoming?days=90&installments=true');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('⟦');
    const alerts = page.getByRole('region', { name: xa('upcoming.alerts.title') });
    await expect(alerts.getByRole('row').filter({ hasText: expiringName })).toHaveCount(1);
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: xa('upcoming.type.installment') })
        .first(),
    ).toBeVisible();
    await expectOnlyCatalogText(page, { allow });
  });

  await test.step('the header and its user menu', async () => {
    const header = page.getByRole('banner');
    await expectOnlyCatalogText(page, { scope: header, allow });
    await header
      .getByRole('button', { name: xa('common.userMenu.label', { name: user.name }) })
      .click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitemradio').first()).toBeVisible();
    await expectOnlyCatalogText(page, { scope: menu, allow });
    await page.keyboard.press('Escape');
  });
});
