import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { createVerifiedUser, signIn } from './support/auth';
import { T } from './support/i18n';
import { uniqueSuffix } from './support/users';

/**
 * Issue 13's journey: the cap table exported as an Excel workbook from its Export menu (by
 * keyboard), read back with exceljs: the caller's language in the header, the figures of the
 * screen's JSON as numbers; the register as CSV; the grants and a grant's schedule as XLSX.
 */

type Created = { id: string };

function api(page: Page, companyId: string) {
  return async (path: string, data: object): Promise<Created> => {
    const res = await page.request.post(`/api/v1/company/${companyId}${path}`, { data });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as Created;
  };
}

/** The first worksheet's rows as values (exceljs rows are 1-based). */
async function readWorkbook(path: string) {
  const book = new ExcelJS.Workbook();
  const bytes = await readFile(path);
  await book.xlsx.load(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  );
  const sheet = book.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { sheet, rows };
}

test('exports: the cap table, the register, the grants and a vesting schedule', async ({
  page,
  request,
  baseURL,
}) => {
  const user = await createVerifiedUser(request, baseURL!);
  await signIn(page, user);

  let companyId = '';
  let grantId = '';
  await test.step('a BV with two founders, a plan and a grant (through the API)', async () => {
    const res = await page.request.post('/api/v1/company', {
      data: { companyName: `Export B.V. ${uniqueSuffix()}`, companyType: 'BV' },
    });
    expect(res.status(), await res.text()).toBe(201);
    companyId = ((await res.json()) as Created).id;
    const post = api(page, companyId);
    const anna = (await post('/stakeholders', { name: 'Anna de Vries', relationship: 'founder' }))
      .id;
    const bart = (await post('/stakeholders', { name: 'Bart Jansen', relationship: 'founder' })).id;
    const eva = (await post('/stakeholders', { name: 'Eva Werknemer', relationship: 'employee' }))
      .id;
    const common = (await post('/share-classes', { name: 'Ordinary', nominalValue: '0.01' })).id;
    for (const [to, shareCount] of [
      [anna, 6000],
      [bart, 4000],
    ] as const)
      await post('/share-events', {
        type: 'issue',
        date: '2024-01-01',
        shareClassId: common,
        shareCount,
        toStakeholderId: to,
      });
    const plan = (
      await post('/plans', {
        name: 'ESOP 2024',
        planType: 'stock_options',
        shareClassId: common,
        poolSize: 2000,
        boardApprovalDate: '2024-01-01',
      })
    ).id;
    grantId = (
      await post('/grants', {
        stakeholderId: eva,
        planId: plan,
        quantity: 1200,
        exercisePrice: '0.10',
        grantDate: '2024-01-15',
        vestingStartDate: '2024-01-15',
        status: 'active',
        terms: {
          type: 'time',
          periodLength: 1,
          periodUnit: 'months',
          occurrences: 48,
          cliffPeriods: 12,
        },
      })
    ).id;
  });

  await test.step('the cap table as XLSX from the Export menu, by keyboard', async () => {
    await page.goto(`/companies/${companyId}/cap-table`);
    const capTable = page.getByRole('region', {
      name: T('cap-table.capTable.title'),
      exact: true,
    });
    const menu = capTable.getByRole('button', {
      name: T('exports.menu.label', { what: T('exports.menu.what.capTable') }),
    });
    await menu.focus();
    await page.keyboard.press('Enter');
    const item = page.getByRole('menuitem', { name: T('exports.menu.xlsx') });
    await expect(item).toBeVisible();
    const downloading = page.waitForEvent('download');
    await item.focus();
    await page.keyboard.press('Enter');
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(
      new RegExp(
        `^${T('server.capTableExport.fileName')}-export-bv-[a-z0-9]+-\\d{4}-\\d{2}-\\d{2}\\.xlsx$`,
      ),
    );

    const json = (await (
      await page.request.get(`/api/v1/company/${companyId}/cap-table`)
    ).json()) as {
      rows: { name: string; fullyDiluted: number }[];
      totals: { shares: number; fullyDiluted: number };
    };
    const { sheet, rows } = await readWorkbook((await download.path())!);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(rows[0]!.slice(0, 3)).toEqual([
      T('server.capTableExport.holder'),
      T('server.capTableExport.groupColumn'),
      'Ordinary',
    ]);
    const total = rows.at(-1)!;
    expect(total[0]).toBe(T('server.capTableExport.total'));
    expect(total[2]).toBe(json.totals.shares);
    expect(total[5]).toBe(json.totals.fullyDiluted);
    for (const row of json.rows) {
      const line = rows.find((r) => r[0] === row.name);
      expect(line?.[5], row.name).toBe(row.fullyDiluted);
    }
  });

  await test.step('the register as CSV from its own Export menu', async () => {
    const register = page.getByRole('region', {
      name: T('cap-table.register.title'),
      exact: true,
    });
    await register
      .getByRole('button', {
        name: T('exports.menu.label', { what: T('exports.menu.what.register') }),
      })
      .click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: T('exports.menu.csv') }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^${T('exports.register.fileName')}-export-bv-[a-z0-9]+-[\\d-]+\\.csv$`),
    );
    const lines = (await readFile((await download.path())!, 'utf8')).trim().split(/\r?\n/);
    // The header, then the two issues.
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('Anna de Vries');
  });

  await test.step('the grants as XLSX from the Grants tab: the table’s vested figure', async () => {
    await page.goto(`/companies/${companyId}/grants`);
    await page
      .getByRole('button', {
        name: T('exports.menu.label', { what: T('exports.menu.what.grants') }),
      })
      .click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: T('exports.menu.xlsx') }).click();
    const { rows } = await readWorkbook((await (await downloading).path())!);
    const { items } = (await (
      await page.request.get(`/api/v1/company/${companyId}/grants`)
    ).json()) as { items: { schedule: { vested: number; unvested: number } }[] };
    const vested = rows[0]!.indexOf(T('exports.grants.vested'));
    expect(rows).toHaveLength(2);
    expect(rows[1]![0]).toBe('Eva Werknemer');
    expect(rows[1]![vested]).toBe(items[0]!.schedule.vested);
    expect(rows[1]![vested + 1]).toBe(items[0]!.schedule.unvested);
  });

  await test.step('a grant’s vesting schedule as XLSX from the grant page', async () => {
    await page.goto(`/companies/${companyId}/grants/${grantId}`);
    await page
      .getByRole('button', {
        name: T('exports.menu.label', { what: T('exports.menu.what.schedule') }),
      })
      .click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: T('exports.menu.xlsx') }).click();
    const { rows } = await readWorkbook((await (await downloading).path())!);
    const detail = (await (
      await page.request.get(`/api/v1/company/${companyId}/grants/${grantId}`)
    ).json()) as { installments: { date: string; quantity: number; cumulative: number }[] };
    expect(rows[0]).toEqual([
      T('exports.schedule.date'),
      T('exports.schedule.source'),
      T('exports.schedule.quantity'),
      T('exports.schedule.cumulative'),
    ]);
    expect(
      rows.slice(1).map((r) => [(r[0] as Date).toISOString().slice(0, 10), r[2], r[3]]),
    ).toEqual(detail.installments.map((i) => [i.date, i.quantity, i.cumulative]));
  });
});
