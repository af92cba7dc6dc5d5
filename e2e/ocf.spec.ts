import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { createVerifiedUser, signIn, toast } from './support/auth';
import { T } from './support/i18n';
import { uniqueSuffix } from './support/users';

/**
 * Issue 13's journey: a company with shares and a grant is exported as an Open Cap Format
 * package from its page, and the package is imported again from the companies list; the new
 * company opens with the import report, and its cap table holds the same shares.
 */

type Created = { id: string };

function api(page: Page, companyId: string) {
  return async (path: string, data: object): Promise<Created> => {
    const res = await page.request.post(`/api/v1/company/${companyId}${path}`, { data });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as Created;
  };
}

test('OCF: export a company and import the package as a new company', async ({
  page,
  request,
  baseURL,
}) => {
  const user = await createVerifiedUser(request, baseURL!);
  await signIn(page, user);
  const name = `OCF Reis B.V. ${uniqueSuffix()}`;
  let companyId = '';

  await test.step('a company with a holder, shares and a grant (through the API)', async () => {
    const res = await page.request.post('/api/v1/company', {
      data: { companyName: name, companyType: 'BV' },
    });
    expect(res.status(), await res.text()).toBe(201);
    companyId = ((await res.json()) as Created).id;
    const post = api(page, companyId);
    const anna = await post('/stakeholders', { name: 'Anna de Vries', relationship: 'founder' });
    const common = await post('/share-classes', { name: 'Gewone aandelen', nominalValue: '0.01' });
    await post('/share-events', {
      type: 'issue',
      date: '2024-01-01',
      shareClassId: common.id,
      shareCount: 1000,
      toStakeholderId: anna.id,
    });
    const plan = await post('/plans', {
      name: 'ESOP',
      planType: 'stock_options',
      shareClassId: common.id,
      poolSize: 100,
    });
    await post('/grants', {
      stakeholderId: anna.id,
      planId: plan.id,
      quantity: 48,
      exercisePrice: '0.10',
      grantDate: '2024-01-01',
      vestingStartDate: '2024-01-01',
      terms: { type: 'time', periodLength: 1, periodUnit: 'months', occurrences: 48 },
    });
  });

  let packagePath = '';
  await test.step('export the company as OCF from its page', async () => {
    await page.goto(`/companies/${companyId}`);
    const downloading = page.waitForEvent('download');
    const button = page.getByRole('button', { name: T('ocf.export.button') });
    await button.focus();
    await page.keyboard.press('Enter');
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^ocf-reis-bv-[a-z0-9]+\.ocf\.zip$/);
    packagePath = (await download.path())!;
  });

  await test.step('import it from the companies list: the new company shows the report', async () => {
    await page.goto('/companies');
    await page.getByTestId('ocf-import-file').setInputFiles(packagePath);
    await expect(toast(page, T('ocf.import.done'))).toBeVisible();
    await expect(page).not.toHaveURL(new RegExp(companyId));
    await expect(page).toHaveURL(/\/companies\/[0-9a-f-]{36}$/);
    const report = page.getByRole('region', { name: T('ocf.report.title') });
    await expect(report).toBeVisible();
    await expect(report.getByText(T('ocf.report.nothingSkipped'))).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await report.getByRole('button', { name: T('ocf.report.dismiss') }).click();
    await expect(report).toBeHidden();
  });

  await test.step('a package that is not a zip is refused with a toast', async () => {
    await page.goto('/companies');
    await page.getByTestId('ocf-import-file').setInputFiles({
      name: 'not-a-package.ocf.zip',
      mimeType: 'application/zip',
      buffer: Buffer.from('this is not a zip'),
    });
    // The server's message, in the page's language (issue 12).
    await expect(toast(page, new RegExp(T('errors.ocf.notZip')))).toBeVisible();
  });
});
