import type { APIRequestContext, Locator } from '@playwright/test';
import { createVerifiedUser, signIn, toast } from './support/auth';
import { expect, firmDate, test } from './support/clock';
import { count, country, decimal, isoDate, L, money, T } from './support/i18n';

/** A call to the business API with the page's session (its cookie jar is the browser's). */
async function api<T>(request: APIRequestContext, path: string, data: object): Promise<T> {
  const response = await request.post(`/api/v1${path}`, { data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The figure shown under a label of a `<dl>` ("Amount payable" → "€100.00"). */
function figure(scope: Locator, label: string) {
  return scope.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=../dd');
}

/**
 * Issue 12, "First day, without friction": a Belgian company is offered Belgian legal forms, its
 * new stakeholders live in Belgium, the register suggests the next free share numbers, a grant
 * dated before the plan's board approval says why it cannot be, the exercise dialog shows what
 * the exercise costs and its spread at the FMV, and a sole owner sees why Leave is unavailable.
 */
test('first day: defaults follow the company, the register suggests numbers, messages explain', async ({
  page,
  baseURL,
}) => {
  const user = await createVerifiedUser(page.request, baseURL!);
  await signIn(page, user);
  const suffix = Math.random().toString(36).slice(2, 8);
  const companyName = `Atomium ${suffix}`;
  let companyId = '';
  let shareClassId = '';
  // The stakeholder as the selects list her: "Lotte Peeters (Oprichter)" in Dutch.
  const lotte = T('grants.form.stakeholder.option', {
    name: 'Lotte Peeters',
    relationship: L('Founder'),
  });

  await test.step('the legal forms follow the country: a Belgian company is not a Dutch BV', async () => {
    await page.goto('/companies/create');
    await page.getByLabel(L('Company name')).fill(companyName);
    const type = page.getByLabel(L('Company type'), { exact: true });
    const countrySelect = page.getByLabel(T('companies.field.country'), { exact: true });
    await expect(type).toHaveValue('BV');
    await countrySelect.selectOption('BE');
    await expect(type).toHaveValue('BV/SRL');
    await expect(type.locator('option')).toHaveText([
      'BV/SRL',
      'NV/SA',
      'CV/SC',
      'CommV/SComm',
      'VOF/SNC',
      'Stichting/Fondation',
      T('companies.legalForm.other'),
    ]);
    // Outside the listed countries the legal form is free text.
    await countrySelect.selectOption('FR');
    await expect(type).toHaveValue('');
    await expect(type).toHaveAccessibleDescription(
      T('companies.form.legalFormFreeText', { country: country('FR') }),
    );
    await type.fill('SAS');
    await countrySelect.selectOption('BE');
    await expect(type).toHaveValue('BV/SRL');
    await type.selectOption('NV/SA');
    await page.getByRole('button', { name: L('Create company') }).click();
    await expect(page).toHaveURL(/\/companies\/[0-9a-f-]{36}/);
    companyId = /\/companies\/([0-9a-f-]{36})/.exec(page.url())![1]!;
    await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible();
    await expect(page.getByText('NV/SA', { exact: true }).first()).toBeVisible();
  });

  await test.step("a new stakeholder lives in the company's country", async () => {
    await page.goto(`/companies/${companyId}/stakeholders`);
    await page
      .getByRole('button', { name: L('Add stakeholder') })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: L('Add stakeholder') });
    await expect(dialog.getByLabel(T('stakeholders.field.country'), { exact: true })).toHaveValue(
      'BE',
    );
    await expect(dialog.getByLabel(L('Tax residence'), { exact: true })).toHaveValue('BE');
    await dialog.getByLabel(L('Name'), { exact: true }).fill('Lotte Peeters');
    await dialog
      .getByLabel(L('Relationship'), { exact: true })
      .selectOption({ label: L('Founder') });
    await dialog.getByRole('button', { name: L('Add stakeholder') }).click();
    await expect(
      toast(page, T('stakeholders.toast.added', { name: 'Lotte Peeters' })),
    ).toBeVisible();
  });

  await test.step('the register suggests the next free share numbers', async () => {
    shareClassId = (
      await api<{ id: string }>(page.request, `/company/${companyId}/share-classes`, {
        name: 'Gewone aandelen',
        nominalValue: '0.01',
      })
    ).id;
    await page.goto(`/companies/${companyId}/cap-table`);
    const register = page.getByRole('region', { name: L('Shareholders’ register') });
    const issue = async (shares: number, first: string, last: string) => {
      await register
        .getByRole('button', { name: L('Issue shares'), exact: true })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: L('Issue shares'), exact: true });
      const firstNumber = dialog.getByLabel(T('cap-table.shareEvent.firstNumber'));
      await expect(firstNumber).toHaveValue(first);
      await expect(firstNumber).toHaveAccessibleDescription(
        L('The next free number of the class; empty for shares without numbers'),
      );
      await dialog.getByLabel(T('cap-table.field.date'), { exact: true }).fill('2024-01-01');
      await dialog.getByLabel(L('To stakeholder')).selectOption({ label: lotte });
      // Typed with the language's grouping ("18.000" in Dutch).
      await dialog.getByLabel(L('Share count')).fill(count(shares));
      await expect(dialog.getByLabel(T('cap-table.shareEvent.lastNumber'))).toHaveValue(last);
      await dialog.getByRole('button', { name: L('Issue shares'), exact: true }).click();
      await expect(dialog).toBeHidden();
    };
    await issue(18_000, '1', '18000');
    await issue(2_000, '18001', '20000');
    await expect(
      register
        .getByRole('table', { name: L('Shareholders register') })
        .getByRole('row')
        .nth(2),
    ).toContainText(`${count(18_001)}–${count(20_000)}`);
  });

  let grantId = '';
  await test.step("a grant dated before the plan's board approval says why it cannot be", async () => {
    await api(page.request, `/company/${companyId}/plans`, {
      name: 'Warrantplan 2024',
      planType: 'stock_options',
      shareClassId,
      poolSize: 10_000,
      boardApprovalDate: '2024-03-01',
    });
    await page.goto(`/companies/${companyId}/grants`);
    await page
      .getByRole('button', { name: L('New grant') })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: L('New grant') });
    const grantDate = dialog.getByLabel(T('grants.form.grantDate'), { exact: true });
    const vestingStart = dialog.getByLabel(T('grants.form.vestingStart'), { exact: true });
    await dialog
      .getByLabel(T('grants.form.stakeholder'), { exact: true })
      .selectOption({ label: lotte });
    await dialog.getByLabel(T('grants.form.quantity'), { exact: true }).fill(count(4800));
    await dialog
      .getByLabel(T('grants.form.exercisePrice'), { exact: true })
      .fill(decimal('0.10', 2));
    await grantDate.fill('2024-02-15');
    await vestingStart.fill('2024-02-15');
    await dialog.getByRole('button', { name: L('Create grant') }).click();
    // The server's message, on the field, in the reader's language with the date written out.
    await expect(grantDate).toHaveAccessibleDescription(
      new RegExp(
        escapeRegExp(
          T('errors.grant.beforeBoardApproval', { date: isoDate('2024-03-01', 'long') }),
        ),
      ),
    );
    await grantDate.fill('2024-03-01');
    await vestingStart.fill('2024-03-01');
    await dialog.getByRole('button', { name: L('Create grant') }).click();
    await expect(page).toHaveURL(/\/grants\/[0-9a-f-]{36}$/);
    grantId = /\/grants\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
  });

  await test.step('the exercise dialog shows the amount payable and the spread at the FMV', async () => {
    await api(page.request, `/company/${companyId}/valuations`, {
      effectiveDate: firmDate(-30),
      purpose: 'tax_fmv',
      method: 'opm',
      enterpriseValue: '1500000',
      fullyDilutedShares: 1_000_000,
    });
    await page.goto(`/companies/${companyId}/grants/${grantId}`);
    await page.getByRole('button', { name: L('Exercise'), exact: true }).click();
    const confirm = page.getByRole('alertdialog', {
      name: T('grants.exercise.title', { name: 'Lotte Peeters' }),
    });
    await confirm.getByLabel(L('Quantity to exercise')).fill(count(1000));
    await expect(figure(confirm, L('Amount payable'))).toHaveText(money('100.00'));
    await expect(figure(confirm, L('Spread at the FMV'))).toHaveText(money('1400.00'));
    await expect(
      confirm.getByText(
        T('grants.exercise.spreadDetail', {
          quantity: count(1000),
          fmv: money('1.50'),
          price: money('0.10'),
          date: isoDate(firmDate(-30)),
        }),
      ),
    ).toBeVisible();
    // Recording an exercise is not a destructive act: the button is not red.
    const record = confirm.getByRole('button', { name: L('Record exercise') });
    await expect(record).not.toHaveClass(/destructive/);
    await record.click();
    await expect(toast(page, T('grants.exercise.done', { quantity: count(1000) }))).toBeVisible();
  });

  await test.step('a sole owner sees why Leave is unavailable, before confirming anything', async () => {
    await page.goto('/account/organizations');
    // "Leave {name}" for whichever name the workspace has.
    const [before, after] = T('account.workspaces.leaveNamed', { name: '\u0000' }).split('\u0000');
    const leave = page.getByRole('button', {
      name: new RegExp(`^${escapeRegExp(before!)}.+${escapeRegExp(after!)}$`),
    });
    await expect(leave).toHaveAttribute('aria-disabled', 'true');
    await expect(leave).toHaveAccessibleDescription(T('account.workspaces.soleOwnerLeave'));
    await expect(page.getByText(T('account.workspaces.soleOwnerLeave'))).toBeVisible();
    await leave.click({ force: true });
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  });
});

/**
 * Issue 12 on the practice view: the list is paginated like the grants table, and routine
 * installments appear only when asked for (the URL keeps the ask).
 */
test('upcoming: routine installments on request, fifty rows a page', async ({ page, baseURL }) => {
  const user = await createVerifiedUser(page.request, baseURL!);
  await signIn(page, user);
  const company = await api<{ id: string }>(page.request, '/company', {
    companyName: `Paging Holding ${Math.random().toString(36).slice(2, 8)}`,
  });
  const plan = await api<{ id: string }>(page.request, `/company/${company.id}/plans`, {
    name: 'Phantom',
    planType: 'phantom_shares',
    poolSize: 100_000,
  });
  // Five employees, vesting monthly since a year ago: 5 × 12 installments in the next 365 days.
  for (const n of [1, 2, 3, 4, 5]) {
    const person = await api<{ id: string }>(page.request, `/company/${company.id}/stakeholders`, {
      name: `Employee ${n}`,
      relationship: 'employee',
    });
    await api(page.request, `/company/${company.id}/grants`, {
      stakeholderId: person.id,
      planId: plan.id,
      quantity: 4800,
      exercisePrice: '1.00',
      grantDate: firmDate(-400),
      vestingStartDate: firmDate(-400),
      terms: {
        type: 'time',
        periodLength: 1,
        periodUnit: 'months',
        occurrences: 48,
        cliffPeriods: 12,
      },
    });
  }

  await page.goto('/upcoming?days=365');
  await expect(
    page.getByRole('heading', { name: T('upcoming.empty.title', { days: count(365) }) }),
  ).toBeVisible();
  await page.getByRole('checkbox', { name: L('Show routine installments') }).check();
  await expect(page).toHaveURL(/installments=true/);
  const pages = page.getByRole('navigation', { name: L('Upcoming pages') });
  await expect(
    pages.getByText(T('common.pager.showing', { from: '1', to: '50', total: '60' })),
  ).toBeVisible();
  await pages.getByRole('button', { name: T('common.pager.nextPage') }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(
    pages.getByText(T('common.pager.showing', { from: '51', to: '60', total: '60' })),
  ).toBeVisible();
  await expect(
    page.getByRole('row').filter({ hasText: T('upcoming.type.installment') }),
  ).toHaveCount(10);
  // Leaving installments out again starts from the first page.
  await page.getByRole('checkbox', { name: L('Show routine installments') }).uncheck();
  await expect(page).not.toHaveURL(/page=|installments=/);
});
