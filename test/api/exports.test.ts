import { unzipSync } from 'fflate';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { ok } from '../support/equity';

/*
 * Issue 13: the cap table, the shareholders' register, the grants and a grant's vesting schedule
 * as XLSX (numbers as numbers, dates as dates, frozen header, the caller's language) and as CSV
 * (the one writer: formula cells neutralized, numbers left alone).
 */

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const AS_OF = '2026-11-24';

let t: TestApp;
let lawyer: Awaited<ReturnType<TestApp['signUp']>>;
let stranger: Awaited<ReturnType<TestApp['signUp']>>;
let base: string;
let grantId: string;

// Names a spreadsheet would read as formulas (the single-line text schema refuses tabs and
// line breaks in names, so those cases are the CSV writer's unit test's).
const INJECTIONS = ['=HYPERLINK("http://evil.example","Click")', '+31 6 12345678', '@SUM(A1:A9)'];

beforeAll(async () => {
  t = await createTestApp();
  lawyer = await t.signUp({ name: 'Lara Lawyer' });
  stranger = await t.signUp({ name: 'Sam Stranger' });
  const company = await ok<{ id: string }>(t, lawyer.cookie, '/company', 'POST', {
    companyName: 'Export Zoë B.V.',
  });
  base = `/company/${company.id}`;
  const person = async (name: string, relationship = 'founder') =>
    (
      await ok<{ id: string }>(t, lawyer.cookie, `${base}/stakeholders`, 'POST', {
        name,
        relationship,
      })
    ).id;
  const anna = await person('Anna de Vries');
  const evil = await Promise.all(INJECTIONS.map((name) => person(name, 'investor')));
  const employee = await person('Eva Employee', 'employee');
  const common = await ok<{ id: string }>(t, lawyer.cookie, `${base}/share-classes`, 'POST', {
    name: 'Gewone aandelen',
    nominalValue: '0.01',
  });
  await ok(t, lawyer.cookie, `${base}/share-events`, 'POST', {
    type: 'issue',
    date: '2024-01-01',
    shareClassId: common.id,
    shareCount: 6000,
    toStakeholderId: anna,
    firstShareNumber: 1,
    lastShareNumber: 6000,
    pricePerShare: '0.0125',
    notes: '=1+1\nsigned by the notary',
  });
  for (const [i, id] of evil.entries()) {
    await ok(t, lawyer.cookie, `${base}/share-events`, 'POST', {
      type: 'issue',
      date: '2024-02-01',
      shareClassId: common.id,
      shareCount: 1000 * (i + 1),
      toStakeholderId: id,
      notes: '-1 share disputed',
    });
  }
  const plan = await ok<{ id: string }>(t, lawyer.cookie, `${base}/plans`, 'POST', {
    name: 'ESOP 2024',
    planType: 'stock_options',
    shareClassId: common.id,
    poolSize: 4000,
    boardApprovalDate: '2024-01-01',
  });
  const grant = await ok<{ id: string }>(t, lawyer.cookie, `${base}/grants`, 'POST', {
    stakeholderId: employee,
    planId: plan.id,
    quantity: 1000,
    exercisePrice: '0.50',
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
  });
  grantId = grant.id;
  await ok(t, lawyer.cookie, `${base}/valuations`, 'POST', {
    effectiveDate: '2025-06-30',
    purpose: 'tax_fmv',
    method: 'opm',
    enterpriseValue: '22500',
    fullyDilutedShares: 10000,
    commonValuePerShare: '2.25',
  });
});
afterAll(() => t.close());

const get = (path: string, headers: Record<string, string> = {}, cookie = lawyer.cookie) =>
  t.request(`/api/v1${base}${path}`, { cookie, headers });

async function workbook(res: Response) {
  expect(res.status, res.status === 200 ? '' : await res.clone().text()).toBe(200);
  expect(res.headers.get('content-type')).toBe(XLSX);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await res.arrayBuffer());
  const sheet = book.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    // exceljs rows are 1-based: drop the empty slot 0.
    rows.push((row.values as unknown[]).slice(1));
  });
  return { sheet, header: rows[0]!, rows: rows.slice(1) };
}

/** The CSV as lines, the byte-order mark dropped. */
async function csvLines(res: Response) {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
  expect(text.startsWith('\uFEFF')).toBe(true);
  return text.slice(1);
}

const isoOf = (value: unknown) => (value as Date).toISOString().slice(0, 10);

describe('the cap table as XLSX', () => {
  it('has the JSON figures, numbers as numbers, a frozen header, and the file name', async () => {
    const table = await ok<{
      rows: { name: string; fullyDiluted: number; fullyDilutedPercent: string }[];
      pools: { name: string; available: number }[];
      totals: { shares: number; fullyDiluted: number };
    }>(t, lawyer.cookie, `${base}/cap-table?asOf=${AS_OF}`);
    const res = await get(`/cap-table/export?asOf=${AS_OF}&format=xlsx`, {
      'accept-language': 'en-GB',
    });
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="cap-table-export-zoe-bv-${AS_OF}.xlsx"; ` +
        `filename*=UTF-8''cap-table-export-zoe-bv-${AS_OF}.xlsx`,
    );
    const { sheet, header, rows } = await workbook(res);
    expect(header).toEqual([
      'Holder',
      'Group',
      'Gewone aandelen',
      'Awards vested',
      'Awards unvested',
      'Fully diluted',
      'Fully diluted %',
    ]);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getColumn(1).width).toBeGreaterThan(10);
    const total = rows.at(-1)!;
    expect(total[0]).toBe('Total');
    expect(total[2]).toBe(table.totals.shares);
    expect(total[5]).toBe(table.totals.fullyDiluted);
    expect(typeof total[5]).toBe('number');
    expect(total[6]).toBeCloseTo(1, 9);
    for (const row of table.rows) {
      const line = rows.find((r) => r[0] === row.name)!;
      expect(line, row.name).toBeDefined();
      expect(line[5]).toBe(row.fullyDiluted);
      expect(line[6]).toBeCloseTo(Number(row.fullyDilutedPercent) / 100, 9);
    }
    // A formula-looking name stays text in a workbook.
    expect(rows.map((r) => r[0])).toEqual(expect.arrayContaining(INJECTIONS));
    expect(sheet.getColumn(7).numFmt).toContain('%');
    expect(sheet.getColumn(6).numFmt).toBe('#,##0');
  });

  it('in Dutch for a Dutch reader', async () => {
    const { header, rows } = await workbook(
      await get(`/cap-table/export?asOf=${AS_OF}&format=xlsx`, { 'accept-language': 'nl' }),
    );
    expect(header.slice(0, 2)).toEqual(['Houder', 'Groep']);
    expect(rows.at(-1)![0]).toBe('Totaal');
  });

  it('CSV stays the default, and neutralizes formula names', async () => {
    const text = await csvLines(
      await get(`/cap-table/export?asOf=${AS_OF}`, { 'accept-language': 'en-GB' }),
    );
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")",investors,1000,`);
    expect(text).toContain(`'+31 6 12345678,investors,2000,`);
    expect(text).toContain(`'@SUM(A1:A9),investors,3000,`);
  });

  it('400 naming the field for a bad format or date', async () => {
    for (const [query, field] of [
      ['format=pdf', 'format'],
      ['asOf=2024-13-01', 'asOf'],
    ] as const) {
      const res = await get(`/cap-table/export?${query}`);
      expect(res.status, query).toBe(400);
      const body = (await res.json()) as {
        error: { code: string; fields: Record<string, string> };
      };
      expect(body.error.code).toBe('VALIDATION_ERROR');
      expect(Object.keys(body.error.fields)).toEqual([field]);
    }
  });
});

describe('the register as XLSX and CSV', () => {
  it('one row per event, dates as dates, counts and prices as numbers', async () => {
    const { items } = await ok<{ items: { date: string; shareCount: number }[] }>(
      t,
      lawyer.cookie,
      `${base}/share-events`,
    );
    const res = await get('/share-events/export?format=xlsx', { 'accept-language': 'en-GB' });
    expect(res.headers.get('content-disposition')).toMatch(
      /filename="share-register-export-zoe-bv-\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    const { sheet, header, rows } = await workbook(res);
    expect(header.slice(0, 4)).toEqual(['Date', 'Entry', 'Share class', 'Shares']);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(rows).toHaveLength(items.length);
    rows.forEach((row, i) => {
      expect(row[0]).toBeInstanceOf(Date);
      expect(isoOf(row[0])).toBe(items[i]!.date);
      expect(row[3]).toBe(items[i]!.shareCount);
    });
    // Excel's built-in short date (format 14): shown in the reader's own date order.
    expect(sheet.getCell('A2').numFmt).toBe('mm-dd-yy');
    const styles = new TextDecoder().decode(
      unzipSync(
        new Uint8Array(await (await get('/share-events/export?format=xlsx')).arrayBuffer()),
      )['xl/styles.xml']!,
    );
    expect(styles).toMatch(/<xf numFmtId="14"/);
    expect(styles).not.toMatch(/formatCode="[dmy-]+"/);
    expect(rows[0]!.slice(1, 3)).toEqual(['Issue', 'Gewone aandelen']);
    expect(rows[0]![5]).toBe('Anna de Vries');
    expect(rows[0]![6]).toBe(1);
    expect(rows[0]![7]).toBe(6000);
    expect(rows[0]![8]).toBe(0.0125);
    expect(rows[0]![9]).toBe('EUR');
  });

  it('Dutch headers; CSV with semicolons, decimal commas and neutralized text', async () => {
    const { header } = await workbook(
      await get('/share-events/export?format=xlsx', { 'accept-language': 'nl' }),
    );
    expect(header.slice(0, 4)).toEqual(['Datum', 'Post', 'Aandelensoort', 'Aandelen']);
    const text = await csvLines(await get('/share-events/export', { 'accept-language': 'nl' }));
    const lines = text.split('\r\n');
    expect(lines[0]!.split(';')[0]).toBe('Datum');
    // A formula on a note's first line: neutralized, and quoted for its line break. (Notes are
    // trimmed and their line breaks kept as LF: a tab or CR cannot start one; csv.test.ts has those.)
    expect(lines[1]).toBe(
      `2024-01-01;Uitgifte;Gewone aandelen;6000;;Anna de Vries;1;6000;0,0125;EUR;;;"'=1+1\nsigned by the notary"`,
    );
    expect(text).toContain(`;"'=HYPERLINK(""http://evil.example"",""Click"")";`);
    expect(text).toContain(`;'+31 6 12345678;`);
    expect(text).toContain(`;'@SUM(A1:A9);`);
    expect(text).toContain(`;'-1 share disputed`);
  });
});

describe('the grants and a schedule as XLSX', () => {
  it('the grants table’s figures', async () => {
    const { items } = await ok<{
      items: {
        id: string;
        quantity: number;
        schedule: { vested: number; unvested: number; exercisable: number };
      }[];
    }>(t, lawyer.cookie, `${base}/grants`);
    const grant = items.find((g) => g.id === grantId)!;
    const { header, rows } = await workbook(
      await get('/grants/export?format=xlsx', { 'accept-language': 'en-GB' }),
    );
    expect(header).toEqual([
      'Stakeholder',
      'Plan',
      'Quantity',
      'Exercise price',
      'Currency',
      'Grant date',
      'Vesting start date',
      'Expiry date',
      'Status',
      'Vested',
      'Unvested',
      'Exercised',
      'Forfeited',
      'Exercisable',
      'Next installment',
      'Next installment quantity',
      'Intrinsic value',
      'Value currency',
    ]);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.slice(0, 5)).toEqual(['Eva Employee', 'ESOP 2024', 1000, 0.5, 'EUR']);
    expect(row[5]).toBeInstanceOf(Date);
    expect(isoOf(row[5])).toBe('2024-01-15');
    expect(row[9]).toBe(grant.schedule.vested);
    expect(row[10]).toBe(grant.schedule.unvested);
    expect(row[13]).toBe(grant.schedule.exercisable);
    // (FMV − 0.50) × the outstanding 1,000 options, at the FMV the valuation metrics call current.
    const metrics = await ok<{ fmvPerShare: string }>(
      t,
      lawyer.cookie,
      `${base}/valuation-metrics`,
    );
    expect(Number(metrics.fmvPerShare)).toBeGreaterThan(0.5);
    expect(row[16]).toBeCloseTo((Number(metrics.fmvPerShare) - 0.5) * 1000, 6);
    expect(row[17]).toBe('EUR');
  });

  it('a schedule: the engine’s installments, in Dutch for a Dutch reader', async () => {
    const detail = await ok<{
      installments: { date: string; quantity: number; cumulative: number }[];
    }>(t, lawyer.cookie, `${base}/grants/${grantId}`);
    const res = await get(`/grants/${grantId}/schedule/export?format=xlsx`, {
      'accept-language': 'nl',
    });
    expect(res.headers.get('content-disposition')).toMatch(
      /filename="vestingschema-export-zoe-bv-eva-employee-\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    const { header, rows } = await workbook(res);
    expect(header).toEqual(['Datum', 'Soort', 'Vest', 'Totaal gevest']);
    expect(rows.map((r) => [isoOf(r[0]), r[2], r[3]])).toEqual(
      detail.installments.map((i) => [i.date, i.quantity, i.cumulative]),
    );
    expect(rows[0]![1]).toBe('Cliff');
    expect(rows[1]![1]).toBe('Termijn');
  });

  it('a schedule as CSV: counts as plain numbers', async () => {
    const text = await csvLines(
      await get(`/grants/${grantId}/schedule/export`, { 'accept-language': 'en-GB' }),
    );
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Date,Kind,Vests,Vested in total');
    expect(lines[1]).toBe('2025-01-15,Cliff,250,250');
    expect(lines.at(-1)).toMatch(/^2028-01-15,Installment,\d+,1000$/);
  });
});

describe('scope', () => {
  it('404 for another workspace’s company or grant, on every export', async () => {
    for (const path of [
      '/cap-table/export?format=xlsx',
      '/share-events/export?format=xlsx',
      '/grants/export?format=xlsx',
      `/grants/${grantId}/schedule/export?format=xlsx`,
      '/cap-table/export',
    ]) {
      const res = await get(path, {}, stranger.cookie);
      expect(res.status, path).toBe(404);
    }
    // A grant id that is not one of the company's.
    const res = await get(`/grants/00000000-0000-4000-8000-000000000000/schedule/export`);
    expect(res.status).toBe(404);
  });
});
