import ExcelJS from 'exceljs';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importJob } from '../../src/server/db/schema';
import { failInterruptedImports, settleImports } from '../../src/server/modules/imports/service';
import { createTestApp, type TestApp } from '../support/app';
import { ok } from '../support/equity';

// Spreadsheet import (issue 13, decision 025): every kind, good files and bad ones built here.
let t: TestApp;
let ann: Awaited<ReturnType<TestApp['signUp']>>;
let bob: Awaited<ReturnType<TestApp['signUp']>>;

beforeAll(async () => {
  t = await createTestApp();
  ann = await t.signUp({ name: 'Ann Advocaat' });
  bob = await t.signUp({ name: 'Bob Jurist' });
});
afterAll(async () => {
  await settleImports();
  await t.close();
});

type Job = {
  id: string;
  status: string;
  progress: number;
  rows: number;
  sheets: string[];
  sheet: string;
  headers: string[];
  mapping: Record<string, string | null>;
  preview: { row: number; values: Record<string, unknown> }[];
  errors: { row: number; column: string | null; message: string }[];
  created: number;
  skipped: number;
};

async function xlsx(sheets: Record<string, unknown[][]>): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = workbook.addWorksheet(name);
    for (const row of rows) sheet.addRow(row);
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

async function upload(
  companyId: string,
  file: Uint8Array | string,
  kind: string,
  extra: {
    name?: string;
    mapping?: unknown;
    sheet?: string;
    cookie?: string;
    language?: string;
  } = {},
) {
  const form = new FormData();
  const bytes = typeof file === 'string' ? new TextEncoder().encode(file) : file;
  form.set(
    'file',
    new File(
      [new Uint8Array(bytes)],
      extra.name ?? (typeof file === 'string' ? 'rows.csv' : 'rows.xlsx'),
    ),
  );
  form.set('kind', kind);
  if (extra.mapping) form.set('mapping', JSON.stringify(extra.mapping));
  if (extra.sheet) form.set('sheet', extra.sheet);
  const res = await t.request(`/api/v1/company/${companyId}/imports`, {
    method: 'POST',
    rawBody: form,
    cookie: extra.cookie ?? ann.cookie,
    headers: extra.language ? { 'accept-language': extra.language } : {},
  });
  return {
    status: res.status,
    body: (await res.json()) as Job & { error?: { code: string; fields?: Record<string, string> } },
  };
}

/** Commits a dry run and waits until the background commit is done. */
async function commit(companyId: string, id: string, cookie = ann.cookie) {
  const res = await t.request(`/api/v1/company/${companyId}/imports/${id}/commit`, {
    method: 'POST',
    cookie,
  });
  expect(res.status, await res.clone().text()).toBe(202);
  await settleImports();
  return ok<Job>(t, cookie, `/company/${companyId}/imports/${id}`);
}

async function company(name = 'Import B.V.') {
  return (await ok<{ id: string }>(t, ann.cookie, '/company', 'POST', { companyName: name })).id;
}

describe('stakeholders', () => {
  it('reads an XLSX with Dutch headers, commits it, and a re-import creates no duplicates', async () => {
    const id = await company();
    const file = await xlsx({
      Personen: [
        ['Naam', 'E-mail', 'Relatie', 'Personeelsnummer', 'Plaats'],
        ['Anna de Vries', 'anna@example.nl', 'oprichter', 'E-001', 'Utrecht'],
        ['Bram Bakker', 'bram@example.nl', 'Werknemer', 'E-002', 'Haarlem'],
      ],
    });
    const dry = await upload(id, file, 'stakeholders');
    expect(dry.status, JSON.stringify(dry.body)).toBe(201);
    expect(dry.body).toMatchObject({
      status: 'validated',
      rows: 2,
      errors: [],
      sheets: ['Personen'],
    });
    expect(dry.body.mapping).toMatchObject({
      name: 'Naam',
      email: 'E-mail',
      employeeId: 'Personeelsnummer',
    });
    expect(dry.body.preview[0]).toMatchObject({
      row: 2,
      values: { name: 'Anna de Vries', relationship: 'founder' },
    });

    const done = await commit(id, dry.body.id);
    expect(done).toMatchObject({ status: 'committed', progress: 1, created: 2, skipped: 0 });
    const list = await ok<{ items: { name: string }[] }>(
      t,
      ann.cookie,
      `/company/${id}/stakeholders`,
    );
    expect(list.items.map((s) => s.name).sort()).toEqual(['Anna de Vries', 'Bram Bakker']);
    // Through the API's create service, in the import's transaction: each row audited as a POST is.
    const activity = await ok<{ items: { entityType: string; action: string }[] }>(
      t,
      ann.cookie,
      `/company/${id}/activity`,
    );
    expect(activity.items.map((e) => `${e.action} ${e.entityType}`)).toEqual([
      'create stakeholder',
      'create stakeholder',
      'create company',
    ]);

    const again = await upload(id, file, 'stakeholders');
    expect(again.body).toMatchObject({ errors: [], skipped: 2 });
    expect(await commit(id, again.body.id)).toMatchObject({ created: 0, skipped: 2 });
    // Matched by employee id even when other fields changed.
    const changed = await xlsx({
      S: [
        ['Name', 'Employee id', 'Relationship'],
        ['Anna de Vries-Jansen', 'E-001', 'founder'],
      ],
    });
    expect((await upload(id, changed, 'stakeholders')).body).toMatchObject({ skipped: 1 });
    const after = await ok<{ items: unknown[] }>(t, ann.cookie, `/company/${id}/stakeholders`);
    expect(after.items).toHaveLength(2);
  });

  it('imports a row again whose record was deleted since', async () => {
    const id = await company();
    const file = await xlsx({
      S: [
        ['Name', 'Relationship'],
        ['Carla Claes', 'advisor'],
        ['Dirk Dekker', 'advisor'],
      ],
    });
    const first = await upload(id, file, 'stakeholders');
    expect(await commit(id, first.body.id)).toMatchObject({ created: 2 });
    const list = await ok<{ items: { id: string; name: string }[] }>(
      t,
      ann.cookie,
      `/company/${id}/stakeholders`,
    );
    const carla = list.items.find((p) => p.name === 'Carla Claes')!;
    const del = await t.request(`/api/v1/company/${id}/stakeholders/${carla.id}`, {
      method: 'DELETE',
      cookie: ann.cookie,
    });
    expect(del.status).toBeLessThan(300);
    const again = await upload(id, file, 'stakeholders');
    expect(again.body).toMatchObject({ errors: [], skipped: 1 });
    expect(await commit(id, again.body.id)).toMatchObject({ created: 1, skipped: 1 });
    const after = await ok<{ items: { name: string }[] }>(
      t,
      ann.cookie,
      `/company/${id}/stakeholders`,
    );
    expect(after.items.map((p) => p.name).sort()).toEqual(['Carla Claes', 'Dirk Dekker']);
    // The key now points at the new record: a third import creates nothing.
    const third = await upload(id, file, 'stakeholders');
    expect(third.body).toMatchObject({ skipped: 2 });
  });

  it('lets the caller map columns, and pick a sheet of several', async () => {
    const id = await company();
    const file = await xlsx({
      Notes: [['Anything'], ['x']],
      People: [
        ['Who', 'Role'],
        ['Carla', 'advisor'],
      ],
    });
    const res = await upload(id, file, 'stakeholders', {
      sheet: 'People',
      mapping: { name: 'Who', relationship: 'Role' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ sheets: ['Notes', 'People'], sheet: 'People', errors: [] });
    const unknown = await upload(id, file, 'stakeholders', {
      sheet: 'People',
      mapping: { name: 'Nope' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.fields).toHaveProperty('mapping');
  });

  it('reports errors by row and column in the caller’s language', async () => {
    const id = await company();
    const csv = 'Naam,Relatie,E-mail\nAnna,oprichter,not-an-email\n,werknemer,\nBram,koning,\n';
    const res = await upload(id, csv, 'stakeholders', { language: 'nl' });
    expect(res.status).toBe(201);
    const rows = res.body.errors.map((e) => [e.row, e.column]);
    expect(rows).toEqual([
      [2, 'E-mail'],
      [3, 'Naam'],
      [4, 'Relatie'],
    ]);
    expect(res.body.errors[2]!.message).toContain('is niet een van');
    const commitRes = await t.request(`/api/v1/company/${id}/imports/${res.body.id}/commit`, {
      method: 'POST',
      cookie: ann.cookie,
    });
    expect(commitRes.status).toBe(409);
  });
});

/** A company with a share class, two stakeholders (one accented) and a plan. */
async function structure() {
  const id = await company();
  const base = `/company/${id}`;
  await ok(t, ann.cookie, `${base}/share-classes`, 'POST', {
    name: 'Gewone aandelen',
    nominalValue: '0.01',
  });
  await ok(t, ann.cookie, `${base}/stakeholders`, 'POST', {
    name: 'José Müller',
    relationship: 'founder',
    email: 'jose@example.nl',
  });
  await ok(t, ann.cookie, `${base}/stakeholders`, 'POST', {
    name: 'Eva Smit',
    relationship: 'employee',
    employeeId: 'E-7',
  });
  return id;
}

describe('share events', () => {
  it('reads a Windows-1252 CSV with semicolons and Dutch numbers, applied in date order', async () => {
    const id = await structure();
    const csv =
      'Soort;Datum;Soort aandelen;Aantal aandelen;Van;Aan;Prijs per aandeel\r\n' +
      // The transfer comes first in the file but is dated after the issue.
      'overdracht;01-03-2024;Gewone aandelen;250;José Müller;E-7;\r\n' +
      'uitgifte;1-2-2024;Gewone aandelen;1.000;;jose@example.nl;1.234,56\r\n';
    const bytes = new Uint8Array(Buffer.from(csv, 'latin1'));
    const dry = await upload(id, bytes, 'share-events');
    expect(dry.status, JSON.stringify(dry.body)).toBe(201);
    expect(dry.body.errors).toEqual([]);
    expect(dry.body.preview[1]!.values).toMatchObject({
      type: 'issue',
      date: '2024-02-01',
      shareCount: 1000,
      pricePerShare: '1234.56',
    });
    const done = await commit(id, dry.body.id);
    expect(done).toMatchObject({ status: 'committed', created: 2 });
    const events = await ok<{ items: { type: string; shareCount: number }[] }>(
      t,
      ann.cookie,
      `/company/${id}/share-events`,
    );
    expect(events.items.map((e) => [e.type, e.shareCount])).toEqual([
      ['issue', 1000],
      ['transfer', 250],
    ]);
  });

  it('refuses ambiguous numbers and dates instead of guessing', async () => {
    const id = await structure();
    const csv =
      'Type,Date,Share class,Number of shares,To\n' +
      'issue,03/04/2024,Gewone aandelen,"1,000",Eva Smit\n' +
      'issue,2024-04-05,Gewone aandelen,12,Nobody\n';
    const res = await upload(id, csv, 'share-events');
    expect(res.body.errors.map((e) => [e.row, e.column])).toEqual([
      [2, 'Date'],
      [2, 'Number of shares'],
      [3, 'To'],
    ]);
    expect(res.body.errors[1]!.message).toMatch(/two ways/);
  });

  it('reports the register’s 409 in the dry run, with its row and column', async () => {
    const id = await structure();
    const csv =
      'Type,Date,Share class,Number of shares,From,To\n' +
      'issue,2024-01-01,Gewone aandelen,100,,José Müller\n' +
      'transfer,2024-02-01,Gewone aandelen,60,José Müller,Eva Smit\n' +
      // Fine alone; after the row above José holds 40, not 50.
      'transfer,2024-03-01,Gewone aandelen,50,José Müller,Eva Smit\n' +
      'issue,2024-04-01,Gewone aandelen,10,,Eva Smit\n';
    const dry = await upload(id, csv, 'share-events', { language: 'nl' });
    expect(dry.status).toBe(201);
    expect(dry.body.errors).toHaveLength(1);
    expect(dry.body.errors[0]).toMatchObject({ row: 4, column: 'Number of shares' });
    expect(dry.body.errors[0]!.message).toMatch(/José Müller/);
    expect(dry.body.errors[0]!.message).toMatch(/1 maart 2024/);
    const refused = await t.request(`/api/v1/company/${id}/imports/${dry.body.id}/commit`, {
      method: 'POST',
      cookie: ann.cookie,
    });
    expect(refused.status).toBe(409);
  });

  it('fails the commit on a 409 the company got after the dry run, naming the row; stores nothing', async () => {
    const id = await structure();
    const [jose] = (
      await ok<{ items: { id: string; name: string }[] }>(
        t,
        ann.cookie,
        `/company/${id}/stakeholders`,
      )
    ).items.filter((p) => p.name === 'José Müller');
    const [cls] = (
      await ok<{ items: { id: string }[] }>(t, ann.cookie, `/company/${id}/share-classes`)
    ).items;
    await ok(t, ann.cookie, `/company/${id}/share-events`, 'POST', {
      type: 'issue',
      date: '2023-01-01',
      shareClassId: cls!.id,
      shareCount: 100,
      toStakeholderId: jose!.id,
    });
    const csv =
      'Type,Date,Share class,Number of shares,From,To\n' +
      'issue,2024-01-01,Gewone aandelen,5,,Eva Smit\n' +
      'transfer,2024-02-01,Gewone aandelen,80,José Müller,Eva Smit\n';
    const dry = await upload(id, csv, 'share-events');
    expect(dry.body.errors).toEqual([]);
    // Meanwhile José's shares are cancelled down to 50.
    await ok(t, ann.cookie, `/company/${id}/share-events`, 'POST', {
      type: 'cancel',
      date: '2023-06-01',
      shareClassId: cls!.id,
      shareCount: 50,
      fromStakeholderId: jose!.id,
    });
    const done = await commit(id, dry.body.id);
    expect(done.status).toBe('failed');
    expect(done.errors).toHaveLength(1);
    expect(done.errors[0], JSON.stringify(done.errors)).toMatchObject({
      row: 3,
      column: 'Number of shares',
    });
    const events = await ok<{ items: unknown[] }>(t, ann.cookie, `/company/${id}/share-events`);
    expect(events.items).toHaveLength(2);
  });

  it('keeps the sheet’s order for events of one date, in the register and for the writes after', async () => {
    const id = await structure();
    // Ten holders, each given shares and passing half on, all on one date: a transfer listed
    // before its issue would take shares its holder does not have yet.
    const lines = ['Type,Date,Share class,Number of shares,From,To'];
    for (let i = 0; i < 10; i++) {
      lines.push(`issue,2024-05-01,Gewone aandelen,${100 + i},,José Müller`);
      lines.push(`transfer,2024-05-01,Gewone aandelen,${100 + i},José Müller,Eva Smit`);
    }
    const dry = await upload(id, `${lines.join('\n')}\n`, 'share-events');
    expect(dry.body.errors).toEqual([]);
    expect(await commit(id, dry.body.id)).toMatchObject({ status: 'committed', created: 20 });
    const events = await ok<{ items: { type: string; shareCount: number }[] }>(
      t,
      ann.cookie,
      `/company/${id}/share-events`,
    );
    expect(events.items.map((e) => `${e.type} ${e.shareCount}`)).toEqual(
      lines.slice(1).map((l) => {
        const [type, , , count] = l.split(',');
        return `${type} ${count}`;
      }),
    );
    // The register replays as entered: a write after the import is judged on it.
    const [cls] = (
      await ok<{ items: { id: string }[] }>(t, ann.cookie, `/company/${id}/share-classes`)
    ).items;
    const people = (
      await ok<{ items: { id: string; name: string }[] }>(
        t,
        ann.cookie,
        `/company/${id}/stakeholders`,
      )
    ).items;
    const eva = people.find((p) => p.name === 'Eva Smit')!;
    await ok(t, ann.cookie, `/company/${id}/share-events`, 'POST', {
      type: 'cancel',
      date: '2024-06-01',
      shareClassId: cls!.id,
      shareCount: 1045,
      fromStakeholderId: eva.id,
    });
  });
});

describe('grants and valuations', () => {
  it('imports grants with a template name or explicit terms, formulas read as their results', async () => {
    const id = await structure();
    const base = `/company/${id}`;
    const classes = await ok<{ items: { id: string }[] }>(t, ann.cookie, `${base}/share-classes`);
    await ok(t, ann.cookie, `${base}/plans`, 'POST', {
      name: 'ESOP 2024',
      planType: 'stock_options',
      shareClassId: classes.items[0]!.id,
      poolSize: 10000,
      boardApprovalDate: '2024-01-01',
    });
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Grants');
    sheet.addRow([
      'Stakeholder',
      'Plan',
      'Quantity',
      'Exercise price',
      'Grant date',
      'Vesting template',
      'Vesting months',
      'Cliff months',
    ]);
    sheet.addRow([
      'Eva Smit',
      'ESOP 2024',
      { formula: '500*2', result: 1000 },
      0.1,
      new Date(Date.UTC(2024, 2, 1)),
      '4 years monthly, 1-year cliff',
      null,
      null,
    ]);
    sheet.addRow(['jose@example.nl', 'ESOP 2024', 200, '0,25', '15-03-2024', null, 24, 6]);
    const file = new Uint8Array(await workbook.xlsx.writeBuffer());
    const dry = await upload(id, file, 'grants');
    expect(dry.status, JSON.stringify(dry.body)).toBe(201);
    expect(dry.body.errors).toEqual([]);
    expect(dry.body.preview[0]!.values).toMatchObject({
      quantity: 1000,
      grantDate: '2024-03-01',
      vestingStartDate: '2024-03-01',
    });
    expect(dry.body.preview[1]!.values).toMatchObject({
      exercisePrice: '0.25',
      terms: { occurrences: 24, cliffPeriods: 6 },
    });
    expect(await commit(id, dry.body.id)).toMatchObject({ status: 'committed', created: 2 });
    const again = await upload(id, file, 'grants');
    expect(again.body).toMatchObject({ skipped: 2, errors: [] });
    expect(await commit(id, again.body.id)).toMatchObject({ created: 0, skipped: 2 });
    const grants = await ok<{ items: unknown[] }>(t, ann.cookie, `${base}/grants`);
    expect(grants.items).toHaveLength(2);
  });

  it('reports a formula error as a cell error', async () => {
    const id = await company();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('V');
    sheet.addRow(['Effective date', 'Purpose', 'Method', 'Enterprise value']);
    sheet.addRow([
      '2024-06-30',
      'tax_fmv',
      'dcf',
      { formula: '1/0', result: { error: '#DIV/0!' } },
    ]);
    const res = await upload(id, new Uint8Array(await workbook.xlsx.writeBuffer()), 'valuations');
    expect(res.body.errors).toEqual([
      { row: 2, column: 'Enterprise value', message: 'The cell holds the error #DIV/0!.' },
    ]);
  });

  it('imports valuations from an English CSV with a BOM', async () => {
    const id = await company();
    const csv =
      '\ufeffExternal id,Effective date,Purpose,Method,Enterprise value,Debt,Cash,Fully diluted shares\n' +
      'V1,31/12/2023,Tax,dcf,"1,250,000.00",0,"50,000",100000\n' +
      'V2,30/06/2024,internal,Market multiples,2000000.5,0,0,100000\n';
    const dry = await upload(id, csv, 'valuations');
    expect(dry.status, JSON.stringify(dry.body)).toBe(201);
    expect(dry.body.errors).toEqual([]);
    expect(dry.body.preview[0]!.values).toMatchObject({
      effectiveDate: '2023-12-31',
      purpose: 'tax_fmv',
      enterpriseValue: '1250000',
      cash: '50000',
    });
    expect(await commit(id, dry.body.id)).toMatchObject({ created: 2 });
    expect((await upload(id, csv, 'valuations')).body).toMatchObject({ skipped: 2 });
  });
});

/** A plan "ESOP 2024" of `poolSize` options on the company's first share class. */
async function plan(companyId: string, poolSize = 1000) {
  const classes = await ok<{ items: { id: string }[] }>(
    t,
    ann.cookie,
    `/company/${companyId}/share-classes`,
  );
  await ok(t, ann.cookie, `/company/${companyId}/plans`, 'POST', {
    name: 'ESOP 2024',
    planType: 'stock_options',
    shareClassId: classes.items[0]!.id,
    poolSize,
  });
}

describe('a bad row of every kind', () => {
  // Per kind: a sheet whose third row breaks the kind's contract, and the cell the error names.
  const cases: [string, string, string, RegExp][] = [
    [
      'stakeholders',
      'Name,Relationship,E-mail\nAnna,founder,anna@example.nl\nBram,founder,not-an-e-mail\n',
      'E-mail',
      /e-mail/i,
    ],
    [
      'share-events',
      'Type,Date,Share class,Number of shares,To\nissue,2024-01-01,Gewone aandelen,10,Eva Smit\nissue,2024-01-02,Preferente aandelen,10,Eva Smit\n',
      'Share class',
      /Preferente aandelen/,
    ],
    [
      'grants',
      'Stakeholder,Plan,Quantity,Exercise price,Grant date,Vesting months\nEva Smit,ESOP 2024,100,0.10,2024-03-01,48\nEva Smit,ESOP 2024,-3,0.10,2024-03-01,48\n',
      'Quantity',
      /./,
    ],
    [
      'valuations',
      'Effective date,Purpose,Method,Enterprise value\n2024-06-30,tax_fmv,dcf,1000000\n2024-02-30,tax_fmv,dcf,1000000\n',
      'Effective date',
      /./,
    ],
  ];

  it.each(cases)(
    '%s: the error names row 3 and its column, and nothing can be committed',
    async (kind, csv, column, text) => {
      const id = await structure();
      await plan(id);
      const dry = await upload(id, csv, kind);
      expect(dry.status, JSON.stringify(dry.body)).toBe(201);
      expect(dry.body.errors.map((e) => [e.row, e.column])).toEqual([[3, column]]);
      expect(dry.body.errors[0]!.message).toMatch(text);
      const res = await t.request(`/api/v1/company/${id}/imports/${dry.body.id}/commit`, {
        method: 'POST',
        cookie: ann.cookie,
      });
      expect(res.status).toBe(409);
    },
  );

  it('grants: a grant beyond what is left of the pool fails the commit with its row', async () => {
    const id = await structure();
    await plan(id);
    const csv =
      'Stakeholder,Plan,Quantity,Exercise price,Grant date,Vesting months\n' +
      'Eva Smit,ESOP 2024,600,0.10,2024-03-01,48\n' +
      'José Müller,ESOP 2024,600,0.10,2024-04-01,48\n';
    const dry = await upload(id, csv, 'grants');
    expect(dry.body.errors).toEqual([]);
    const done = await commit(id, dry.body.id);
    expect(done.status).toBe('failed');
    expect(done.errors.map((e) => [e.row, e.column])).toEqual([[3, 'Quantity']]);
    const grants = await ok<{ items: unknown[] }>(t, ann.cookie, `/company/${id}/grants`);
    expect(grants.items).toEqual([]);
  });
});

describe('files refused', () => {
  const refused = async (file: Uint8Array | string, name?: string) => {
    const id = await company();
    const res = await upload(id, file, 'stakeholders', { name });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    return res.body.error!.fields!.file!;
  };

  it('refuses a file over 25 MB', async () => {
    const big = new Uint8Array(25 * 1024 * 1024 + 1).fill(0x61);
    expect(await refused(big, 'big.csv')).toMatch(/25 MB/);
  });

  it('refuses a zip bomb before inflating it', async () => {
    const zeros = new Uint8Array(20 * 1024 * 1024);
    const bomb = zipSync({
      '[Content_Types].xml': strToU8('<Types/>'),
      'xl/workbook.xml': strToU8('<workbook/>'),
      'xl/worksheets/sheet1.xml': zeros,
    });
    expect(await refused(bomb)).toMatch(/unpacks/);
  });

  it('refuses a macro-enabled workbook', async () => {
    const files = unzipSync(await xlsx({ S: [['Name'], ['A']] }));
    files['xl/vbaProject.bin'] = strToU8('macro');
    expect(await refused(zipSync(files), 'rows.xlsm')).toMatch(/macros/);
  });

  it('refuses an empty sheet, and what is no spreadsheet', async () => {
    expect(await refused(await xlsx({ S: [['Name', 'Relationship']] }))).toMatch(/empty/);
    expect(await refused('%PDF-1.4\n\0binary', 'report.pdf')).toMatch(/not a spreadsheet/);
    expect(await refused(zipSync({ 'word/document.xml': strToU8('<w/>') }))).toMatch(
      /not a spreadsheet/,
    );
  });
});

describe('jobs', () => {
  it('are scoped to the workspace: another workspace gets 404', async () => {
    const id = await company();
    const dry = await upload(id, 'Name,Relationship\nAnna,founder\n', 'stakeholders');
    expect(
      (await upload(id, 'Name,Relationship\nA,founder\n', 'stakeholders', { cookie: bob.cookie }))
        .status,
    ).toBe(404);
    const get = await t.request(`/api/v1/company/${id}/imports/${dry.body.id}`, {
      cookie: bob.cookie,
    });
    expect(get.status).toBe(404);
    const post = await t.request(`/api/v1/company/${id}/imports/${dry.body.id}/commit`, {
      method: 'POST',
      cookie: bob.cookie,
    });
    expect(post.status).toBe(404);
  });

  it('a commit left running when the server stopped is failed at start', async () => {
    const id = await company();
    const dry = await upload(id, 'Name,Relationship\nAnna,founder\n', 'stakeholders');
    const { eq } = await import('drizzle-orm');
    await t.db.update(importJob).set({ status: 'running' }).where(eq(importJob.id, dry.body.id));
    expect(await failInterruptedImports(t.db)).toBe(1);
    const job = await ok<Job>(t, ann.cookie, `/company/${id}/imports/${dry.body.id}`);
    expect(job.status).toBe('failed');
    expect(job.errors[0]!.message).toMatch(/server stopped/);
  });

  it('serves a template in the caller’s language that maps itself', async () => {
    const id = await company();
    const res = await t.app.request(
      `http://localhost:3000/api/v1/company/${id}/imports/template?kind=grants`,
      {
        headers: { cookie: ann.cookie, 'accept-language': 'nl' },
      },
    );
    expect(res.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const headers = (workbook.worksheets[0]!.getRow(1).values as string[]).slice(1);
    expect(headers).toContain('Datum toekenning');
    expect(headers).toContain('Belanghebbende');
  });
});
