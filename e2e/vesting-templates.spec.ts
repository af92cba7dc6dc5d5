import { expect, test } from './support/test';
import { createVerifiedUser, signIn, toast } from './support/auth';
import { count, isoDate, T, testLanguage } from './support/i18n';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A contract's message: its own wording in English, the catalog's in other languages. */
const contractMessage = (english: RegExp, key: string, values?: Record<string, unknown>) =>
  testLanguage() === 'en' ? english : new RegExp(escapeRegExp(T(key, values)));

/** The standard templates a new workspace starts with, named in its creator's language. */
const standard = (key: string) => T(`standard-templates.${key}.name`);

/**
 * Issue 5: the workspace's vesting templates. Create a time-based template with a cliff and see
 * its live preview, a milestone template, edit, refuse to delete one a plan uses, delete.
 */
test('vesting templates: create with preview, milestones, edit, in-use refusal, delete', async ({
  page,
  baseURL,
}) => {
  const user = await createVerifiedUser(page.request, baseURL!);
  await signIn(page, user);

  await test.step('a new workspace starts with the standard templates (issue 12)', async () => {
    await page.goto('/vesting-templates');
    await expect(
      page.getByRole('heading', { level: 1, name: T('vesting.templates.title') }),
    ).toBeVisible();
    for (const name of [
      standard('fourYearsCliff'),
      standard('fourYears'),
      standard('threeYearsCliff'),
      standard('threeYears'),
      standard('twoYearsSixMonthCliff'),
      standard('fourYearsQuarterly'),
      standard('fourYearsYearly'),
    ])
      await expect(page.getByRole('article', { name })).toBeVisible();
    await expect(page.getByRole('heading', { name: T('vesting.templates.empty') })).toHaveCount(0);
  });

  await test.step('a 4-year monthly template with a 1-year cliff; the preview shows the cliff', async () => {
    await page.getByRole('button', { name: T('vesting.templates.new') }).click();
    const dialog = page.getByRole('dialog', { name: T('vesting.templates.newTitle') });
    await dialog.getByLabel(T('vesting.form.name'), { exact: true }).fill('Employees 2024');
    // The defaults are 48 monthly installments behind a 12-month cliff.
    await expect(dialog.getByLabel(T('vesting.time.occurrences'))).toHaveValue('48');
    await expect(dialog.getByLabel(T('vesting.time.cliff'))).toHaveValue('12');
    await dialog.getByLabel(T('vesting.form.sampleStart')).fill('2024-01-15');
    const preview = dialog.getByRole('region', { name: T('vesting.form.preview') });
    await expect(
      preview.getByText(
        T('vesting.preview.atCliff.value', { quantity: count(2500), date: isoDate('2025-01-15') }),
      ),
    ).toBeVisible();
    const rows = preview.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(1 + 37);
    await expect(rows.nth(1)).toContainText(T('vesting.source.cliff'));
    await expect(rows.nth(37)).toContainText(isoDate('2028-01-15'));
    await expect(rows.nth(37)).toContainText(count(10000));
    // A cliff longer than the schedule is refused with the contract's message.
    await dialog.getByLabel(T('vesting.time.cliff')).fill('60');
    await dialog.getByRole('button', { name: T('vesting.templates.create') }).click();
    await expect(dialog.getByLabel(T('vesting.time.cliff'))).toHaveAccessibleDescription(
      contractMessage(/cannot be longer than the schedule/, 'validation.vesting.cliffTooLong'),
    );
    await dialog.getByLabel(T('vesting.time.cliff')).fill('12');
    await dialog.getByRole('button', { name: T('vesting.templates.create') }).click();
    await expect(
      toast(page, T('vesting.templates.created', { name: 'Employees 2024' })),
    ).toBeVisible();
    const card = page.getByRole('article', { name: 'Employees 2024' });
    await expect(card.getByText(standard('fourYearsCliff'), { exact: true }).last()).toBeVisible();
    await expect(card.getByText(T('vesting.templates.noPlan'))).toBeVisible();
  });

  await test.step('a milestone template with two milestones', async () => {
    await page.getByRole('button', { name: T('vesting.templates.new') }).click();
    const dialog = page.getByRole('dialog', { name: T('vesting.templates.newTitle') });
    await dialog.getByLabel(T('vesting.form.name'), { exact: true }).fill('Product milestones');
    await dialog
      .getByLabel(T('vesting.type.label'))
      .selectOption({ label: T('vesting.type.milestone') });
    const first = dialog.getByRole('group', {
      name: T('vesting.milestone.numbered', { number: 1 }),
    });
    await first.getByLabel(T('vesting.milestone.name')).fill('Launch');
    await first.getByLabel(T('vesting.denominator')).fill('2');
    await dialog.getByRole('button', { name: T('vesting.milestone.add') }).click();
    const second = dialog.getByRole('group', {
      name: T('vesting.milestone.numbered', { number: 2 }),
    });
    await second.getByLabel(T('vesting.milestone.name')).fill('Series A closed');
    await second.getByLabel(T('vesting.denominator')).fill('2');
    await second.getByLabel(T('vesting.milestone.deadline')).fill('2027-12-31');
    const preview = dialog.getByRole('region', { name: T('vesting.form.preview') });
    await expect(
      preview.getByText(
        T('vesting.preview.pending', {
          list: [
            T('vesting.preview.pendingItem', { name: 'Launch', quantity: count(5000) }),
            T('vesting.preview.pendingItem', { name: 'Series A closed', quantity: count(5000) }),
          ].join(', '),
        }),
      ),
    ).toBeVisible();
    await dialog.getByRole('button', { name: T('vesting.templates.create') }).click();
    await expect(
      toast(page, T('vesting.templates.created', { name: 'Product milestones' })),
    ).toBeVisible();
    await expect(
      page
        .getByRole('article', { name: 'Product milestones' })
        .getByText(T('vesting.describe.milestones', { count: 2 })),
    ).toBeVisible();
  });

  await test.step('edit the milestone template’s name', async () => {
    await page
      .getByRole('button', {
        name: T('vesting.templates.editNamed', { name: 'Product milestones' }),
      })
      .click();
    const dialog = page.getByRole('dialog', {
      name: T('vesting.templates.editTitle', { name: 'Product milestones' }),
    });
    await expect(
      dialog
        .getByRole('group', { name: T('vesting.milestone.numbered', { number: 2 }) })
        .getByLabel(T('vesting.milestone.name')),
    ).toHaveValue('Series A closed');
    await dialog
      .getByLabel(T('vesting.form.name'), { exact: true })
      .fill('Product milestones 2026');
    await dialog.getByRole('button', { name: T('vesting.templates.save') }).click();
    await expect(
      toast(page, T('vesting.templates.updated', { name: 'Product milestones 2026' })),
    ).toBeVisible();
  });

  await test.step('a template a plan uses cannot be deleted (a standard one here); an unused one can', async () => {
    const templates = (await (await page.request.get('/api/v1/vesting-templates')).json()) as {
      items: { id: string; name: string }[];
    };
    const cliff = templates.items.find((t) => t.name === standard('fourYearsCliff'))!;
    const company = (await (
      await page.request.post('/api/v1/company', { data: { companyName: 'Templates BV' } })
    ).json()) as { id: string };
    const plan = await page.request.post(`/api/v1/company/${company.id}/plans`, {
      data: {
        name: 'Phantom 2024',
        planType: 'phantom_shares',
        poolSize: 1000,
        defaultVestingTemplateId: cliff.id,
      },
    });
    expect(plan.status(), await plan.text()).toBe(201);
    await page.reload();
    await expect(
      page
        .getByRole('article', { name: standard('fourYearsCliff') })
        .getByText(T('vesting.templates.planCount', { count: 1 })),
    ).toBeVisible();

    await page
      .getByRole('button', {
        name: T('vesting.templates.deleteNamed', { name: standard('fourYearsCliff') }),
      })
      .click();
    let confirm = page.getByRole('alertdialog', {
      name: T('vesting.templates.deleteTitle', { name: standard('fourYearsCliff') }),
    });
    await confirm.getByRole('button', { name: T('vesting.templates.deleteConfirm') }).click();
    await expect(
      toast(
        page,
        T('errors.vestingTemplate.inUse', {
          name: standard('fourYearsCliff'),
          plans: T('errors.uses.plans', { count: 1 }),
        }),
      ),
    ).toBeVisible();
    await confirm.getByRole('button', { name: T('common.cancel') }).click();
    await expect(page.getByRole('article', { name: standard('fourYearsCliff') })).toBeVisible();

    await page
      .getByRole('button', {
        name: T('vesting.templates.deleteNamed', { name: 'Product milestones 2026' }),
      })
      .click();
    confirm = page.getByRole('alertdialog', {
      name: T('vesting.templates.deleteTitle', { name: 'Product milestones 2026' }),
    });
    await confirm.getByRole('button', { name: T('vesting.templates.deleteConfirm') }).click();
    await expect(
      toast(page, T('vesting.templates.deleted', { name: 'Product milestones 2026' })),
    ).toBeVisible();
    await expect(page.getByRole('article', { name: 'Product milestones 2026' })).toHaveCount(0);

    // The standard templates are the workspace's own: deleted like any other.
    await page
      .getByRole('button', {
        name: T('vesting.templates.deleteNamed', { name: standard('fourYearsYearly') }),
      })
      .click();
    confirm = page.getByRole('alertdialog', {
      name: T('vesting.templates.deleteTitle', { name: standard('fourYearsYearly') }),
    });
    await confirm.getByRole('button', { name: T('vesting.templates.deleteConfirm') }).click();
    await expect(
      toast(page, T('vesting.templates.deleted', { name: standard('fourYearsYearly') })),
    ).toBeVisible();
    await expect(page.getByRole('article', { name: standard('fourYearsYearly') })).toHaveCount(0);
  });
});

/**
 * Issue 11: the terms editor follows the contract — milestones that would vest more than the grant
 * are refused on the milestone, milestone terms offer the cumulative rounding types only, and the
 * period and installment limits are the contract's (365-day periods, daily vesting over years).
 */
test('vesting templates: the terms editor shows the contract’s limits and names the offending milestone', async ({
  page,
  baseURL,
}) => {
  const user = await createVerifiedUser(page.request, baseURL!);
  await signIn(page, user);
  await page.goto('/vesting-templates');
  await page.getByRole('button', { name: T('vesting.templates.new') }).click();
  const dialog = page.getByRole('dialog', { name: T('vesting.templates.newTitle') });

  await test.step('daily and 365-day periods go up to the contract’s limits', async () => {
    await dialog.getByLabel(T('vesting.time.periodUnit')).selectOption('days');
    await expect(dialog.getByLabel(T('vesting.time.periodLength'))).toHaveAttribute('max', '3660');
    await expect(dialog.getByLabel(T('vesting.time.occurrences'))).toHaveAttribute('max', '10000');
    await dialog.getByLabel(T('vesting.time.periodLength')).fill('365');
    await dialog.getByLabel(T('vesting.time.occurrences')).fill('4');
    await dialog.getByLabel(T('vesting.time.cliff')).fill('1');
    await dialog.getByLabel(T('vesting.form.sampleStart')).fill('2024-01-01');
    const preview = dialog.getByRole('region', { name: T('vesting.form.preview') });
    await expect(
      preview.getByText(
        T('vesting.preview.atCliff.value', { quantity: count(2500), date: isoDate('2024-12-31') }),
      ),
    ).toBeVisible();
    await dialog.getByLabel(T('vesting.time.periodLength')).fill('3661');
    await dialog.getByLabel(T('vesting.form.name'), { exact: true }).fill('Too long');
    await dialog.getByRole('button', { name: T('vesting.templates.create') }).click();
    await expect(dialog.getByLabel(T('vesting.time.periodLength'))).toHaveAccessibleDescription(
      contractMessage(/at most 3660/, 'validation.tooBig', { maximum: 3660 }),
    );
  });

  await test.step('milestones round cumulatively only, and may not vest more than the whole', async () => {
    await dialog
      .getByLabel(T('vesting.type.label'))
      .selectOption({ label: T('vesting.type.milestone') });
    const rounding = dialog.getByLabel(T('vesting.allocation.label'));
    await expect(rounding.locator('option')).toHaveText([
      T('vesting.allocation.CUMULATIVE_ROUNDING'),
      T('vesting.allocation.CUMULATIVE_ROUND_DOWN'),
    ]);
    const first = dialog.getByRole('group', {
      name: T('vesting.milestone.numbered', { number: 1 }),
    });
    await first.getByLabel(T('vesting.milestone.name')).fill('Exit');
    await dialog.getByRole('button', { name: T('vesting.milestone.add') }).click();
    const second = dialog.getByRole('group', {
      name: T('vesting.milestone.numbered', { number: 2 }),
    });
    await second.getByLabel(T('vesting.milestone.name')).fill('Bonus');
    await second
      .getByLabel(T('vesting.milestone.vests'))
      .selectOption({ label: T('vesting.milestone.byQuantity') });
    await second.getByLabel(T('vesting.milestone.shares')).fill('100');
    await dialog.getByLabel(T('vesting.form.name'), { exact: true }).fill('Exit plus bonus');
    await dialog.getByRole('button', { name: T('vesting.templates.create') }).click();
    await expect(second.getByLabel(T('vesting.milestone.shares'))).toHaveAccessibleDescription(
      contractMessage(/portions already vest the whole/, 'validation.vesting.milestoneFixedOver'),
    );
    // Half for the exit leaves room for the bonus: saved.
    await first.getByLabel(T('vesting.denominator')).fill('2');
    await dialog.getByRole('button', { name: T('vesting.templates.create') }).click();
    await expect(
      toast(page, T('vesting.templates.created', { name: 'Exit plus bonus' })),
    ).toBeVisible();
  });
});
