import { expect, test } from './support/test';
import { createVerifiedUser, signIn, toast } from './support/auth';

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
    await expect(page.getByRole('heading', { level: 1, name: 'Vesting templates' })).toBeVisible();
    for (const name of [
      '4 years monthly, 1-year cliff',
      '4 years monthly, no cliff',
      '3 years monthly, 1-year cliff',
      '3 years monthly, no cliff',
      '2 years monthly, 6-month cliff',
      '4 years quarterly, 1-year cliff',
      '4 years yearly',
    ])
      await expect(page.getByRole('article', { name })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No vesting templates yet' })).toHaveCount(0);
  });

  await test.step('a 4-year monthly template with a 1-year cliff; the preview shows the cliff', async () => {
    await page.getByRole('button', { name: 'New template' }).click();
    const dialog = page.getByRole('dialog', { name: 'New vesting template' });
    await dialog.getByLabel('Name', { exact: true }).fill('Employees 2024');
    // The defaults are 48 monthly installments behind a 12-month cliff.
    await expect(dialog.getByLabel('Number of installments')).toHaveValue('48');
    await expect(dialog.getByLabel('Cliff (periods)')).toHaveValue('12');
    await dialog.getByLabel('Sample vesting start date').fill('2024-01-15');
    const preview = dialog.getByRole('region', { name: 'Template preview' });
    await expect(preview.getByText('2,500 on 15 Jan 2025')).toBeVisible();
    const rows = preview.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(1 + 37);
    await expect(rows.nth(1)).toContainText('Cliff');
    await expect(rows.nth(37)).toContainText('15 Jan 2028');
    await expect(rows.nth(37)).toContainText('10,000');
    // A cliff longer than the schedule is refused with the contract's message.
    await dialog.getByLabel('Cliff (periods)').fill('60');
    await dialog.getByRole('button', { name: 'Create template' }).click();
    await expect(dialog.getByLabel('Cliff (periods)')).toHaveAccessibleDescription(
      /cannot be longer than the schedule/,
    );
    await dialog.getByLabel('Cliff (periods)').fill('12');
    await dialog.getByRole('button', { name: 'Create template' }).click();
    await expect(toast(page, 'Template Employees 2024 created')).toBeVisible();
    const card = page.getByRole('article', { name: 'Employees 2024' });
    await expect(
      card.getByText('4 years monthly, 1-year cliff', { exact: true }).last(),
    ).toBeVisible();
    await expect(card.getByText('Not the default of any plan')).toBeVisible();
  });

  await test.step('a milestone template with two milestones', async () => {
    await page.getByRole('button', { name: 'New template' }).click();
    const dialog = page.getByRole('dialog', { name: 'New vesting template' });
    await dialog.getByLabel('Name', { exact: true }).fill('Product milestones');
    await dialog.getByLabel('Vesting type').selectOption({ label: 'Milestone-based' });
    const first = dialog.getByRole('group', { name: 'Milestone 1' });
    await first.getByLabel('Milestone name').fill('Launch');
    await first.getByLabel('Denominator').fill('2');
    await dialog.getByRole('button', { name: 'Add milestone' }).click();
    const second = dialog.getByRole('group', { name: 'Milestone 2' });
    await second.getByLabel('Milestone name').fill('Series A closed');
    await second.getByLabel('Denominator').fill('2');
    await second.getByLabel('Deadline').fill('2027-12-31');
    const preview = dialog.getByRole('region', { name: 'Template preview' });
    await expect(
      preview.getByText(/Pending milestones: Launch \(5,000\), Series A closed \(5,000\)/),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Create template' }).click();
    await expect(toast(page, 'Template Product milestones created')).toBeVisible();
    await expect(
      page.getByRole('article', { name: 'Product milestones' }).getByText('2 milestones'),
    ).toBeVisible();
  });

  await test.step('edit the milestone template’s name', async () => {
    await page.getByRole('button', { name: 'Edit Product milestones' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Product milestones' });
    await expect(
      dialog.getByRole('group', { name: 'Milestone 2' }).getByLabel('Milestone name'),
    ).toHaveValue('Series A closed');
    await dialog.getByLabel('Name', { exact: true }).fill('Product milestones 2026');
    await dialog.getByRole('button', { name: 'Save template' }).click();
    await expect(toast(page, 'Template Product milestones 2026 updated')).toBeVisible();
  });

  await test.step('a template a plan uses cannot be deleted (a standard one here); an unused one can', async () => {
    const templates = (await (await page.request.get('/api/v1/vesting-templates')).json()) as {
      items: { id: string; name: string }[];
    };
    const cliff = templates.items.find((t) => t.name === '4 years monthly, 1-year cliff')!;
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
        .getByRole('article', { name: '4 years monthly, 1-year cliff' })
        .getByText('Default of 1 plan'),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Delete 4 years monthly, 1-year cliff' }).click();
    let confirm = page.getByRole('alertdialog', { name: 'Delete 4 years monthly, 1-year cliff?' });
    await confirm.getByRole('button', { name: 'Delete template' }).click();
    await expect(toast(page, /plan/i)).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(
      page.getByRole('article', { name: '4 years monthly, 1-year cliff' }),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Delete Product milestones 2026' }).click();
    confirm = page.getByRole('alertdialog', { name: 'Delete Product milestones 2026?' });
    await confirm.getByRole('button', { name: 'Delete template' }).click();
    await expect(toast(page, 'Template Product milestones 2026 deleted')).toBeVisible();
    await expect(page.getByRole('article', { name: 'Product milestones 2026' })).toHaveCount(0);

    // The standard templates are the workspace's own: deleted like any other.
    await page.getByRole('button', { name: 'Delete 4 years yearly' }).click();
    confirm = page.getByRole('alertdialog', { name: 'Delete 4 years yearly?' });
    await confirm.getByRole('button', { name: 'Delete template' }).click();
    await expect(toast(page, 'Template 4 years yearly deleted')).toBeVisible();
    await expect(page.getByRole('article', { name: '4 years yearly' })).toHaveCount(0);
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
  await page.getByRole('button', { name: 'New template' }).click();
  const dialog = page.getByRole('dialog', { name: 'New vesting template' });

  await test.step('daily and 365-day periods go up to the contract’s limits', async () => {
    await dialog.getByLabel('Period unit').selectOption('days');
    await expect(dialog.getByLabel('Period length')).toHaveAttribute('max', '3660');
    await expect(dialog.getByLabel('Number of installments')).toHaveAttribute('max', '10000');
    await dialog.getByLabel('Period length').fill('365');
    await dialog.getByLabel('Number of installments').fill('4');
    await dialog.getByLabel('Cliff (periods)').fill('1');
    await dialog.getByLabel('Sample vesting start date').fill('2024-01-01');
    const preview = dialog.getByRole('region', { name: 'Template preview' });
    await expect(preview.getByText('2,500 on 31 Dec 2024')).toBeVisible();
    await dialog.getByLabel('Period length').fill('3661');
    await dialog.getByLabel('Name', { exact: true }).fill('Too long');
    await dialog.getByRole('button', { name: 'Create template' }).click();
    await expect(dialog.getByLabel('Period length')).toHaveAccessibleDescription(/at most 3660/);
  });

  await test.step('milestones round cumulatively only, and may not vest more than the whole', async () => {
    await dialog.getByLabel('Vesting type').selectOption({ label: 'Milestone-based' });
    const rounding = dialog.getByLabel('Rounding (allocation)');
    await expect(rounding.locator('option')).toHaveText([
      'Cumulative rounding (5-4-5-4)',
      'Cumulative round down (4-5-4-5)',
    ]);
    const first = dialog.getByRole('group', { name: 'Milestone 1' });
    await first.getByLabel('Milestone name').fill('Exit');
    await dialog.getByRole('button', { name: 'Add milestone' }).click();
    const second = dialog.getByRole('group', { name: 'Milestone 2' });
    await second.getByLabel('Milestone name').fill('Bonus');
    await second.getByLabel('Vests').selectOption({ label: 'A number of shares' });
    await second.getByLabel('Shares').fill('100');
    await dialog.getByLabel('Name', { exact: true }).fill('Exit plus bonus');
    await dialog.getByRole('button', { name: 'Create template' }).click();
    await expect(second.getByLabel('Shares')).toHaveAccessibleDescription(
      /portions already vest the whole/,
    );
    // Half for the exit leaves room for the bonus: saved.
    await first.getByLabel('Denominator').fill('2');
    await dialog.getByRole('button', { name: 'Create template' }).click();
    await expect(toast(page, 'Template Exit plus bonus created')).toBeVisible();
  });
});
