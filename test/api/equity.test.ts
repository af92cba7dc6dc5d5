import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditEvent, shareEvent } from '../../src/server/db/schema';
import { ROUTE_PERMISSIONS } from '../../src/server/http/permissions';
import { createTestApp, type TestApp } from '../support/app';
import { equityBodies, equityFixture, ok } from '../support/equity';

let t: TestApp;
let ann: Awaited<ReturnType<TestApp['signUp']>>;
let bob: Awaited<ReturnType<TestApp['signUp']>>;

beforeAll(async () => {
  t = await createTestApp();
  ann = await t.signUp({ name: 'Ann Advocaat' });
  bob = await t.signUp({ name: 'Bob Jurist' });
});
afterAll(() => t.close());

async function call(path: string, method = 'GET', body?: unknown, cookie = ann.cookie) {
  const res = await t.request(`/api/v1${path}`, { method, body, cookie });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, text };
}

/** A company with a founder, an investor, a STAK and a common class. */
async function setup() {
  const company = await ok<{ id: string }>(t, ann.cookie, '/company', 'POST', {
    companyName: 'Ledger B.V.',
  });
  const base = `/company/${company.id}`;
  const person = async (name: string, relationship: string, extra: object = {}) =>
    (
      await ok<{ id: string }>(t, ann.cookie, `${base}/stakeholders`, 'POST', {
        name,
        relationship,
        ...extra,
      })
    ).id;
  const anna = await person('Anna de Vries', 'founder', { email: 'anna@example.nl' });
  const bart = await person('Bart Jansen', 'founder');
  const fund = await person('Fund I', 'investor', { kind: 'institution' });
  const stak = await person('STAK Ledger', 'stak', { kind: 'institution' });
  const common = (
    await ok<{ id: string }>(t, ann.cookie, `${base}/share-classes`, 'POST', {
      name: 'Common',
      nominalValue: '0.0100',
    })
  ).id;
  return { companyId: company.id, base, anna, bart, fund, stak, common };
}

const issue = (
  s: Awaited<ReturnType<typeof setup>>,
  to: string,
  count: number,
  date = '2024-01-01',
  numbers?: [number, number],
) => ({
  type: 'issue',
  date,
  shareClassId: s.common,
  shareCount: count,
  toStakeholderId: to,
  ...(numbers ? { firstShareNumber: numbers[0], lastShareNumber: numbers[1] } : {}),
});

describe('stakeholders', () => {
  it('creates, lists with search and filters, updates and deletes', async () => {
    const s = await setup();
    const all = await ok<{ items: { name: string }[] }>(t, ann.cookie, `${s.base}/stakeholders`);
    expect(all.items.map((p) => p.name)).toEqual([
      'Anna de Vries',
      'Bart Jansen',
      'Fund I',
      'STAK Ledger',
    ]);
    const founders = await ok<{ items: { name: string }[] }>(
      t,
      ann.cookie,
      `${s.base}/stakeholders?relationship=founder`,
    );
    expect(founders.items.map((p) => p.name)).toEqual(['Anna de Vries', 'Bart Jansen']);
    const search = await ok<{ items: { name: string }[] }>(
      t,
      ann.cookie,
      `${s.base}/stakeholders?q=ANNA%40`,
    );
    expect(search.items.map((p) => p.name)).toEqual(['Anna de Vries']);
    const updated = await ok<{ status: string; taxCountry: string }>(
      t,
      ann.cookie,
      `${s.base}/stakeholders/${s.bart}`,
      'PATCH',
      { status: 'terminated', taxCountry: 'be' },
    );
    expect(updated).toMatchObject({ status: 'terminated', taxCountry: 'BE' });
    const terminated = await ok<{ items: { name: string }[] }>(
      t,
      ann.cookie,
      `${s.base}/stakeholders?status=terminated`,
    );
    expect(terminated.items.map((p) => p.name)).toEqual(['Bart Jansen']);
    expect((await call(`${s.base}/stakeholders/${s.bart}`, 'DELETE')).status).toBe(204);
    expect((await call(`${s.base}/stakeholders/${s.bart}`)).status).toBe(404);
  });

  it('allows the same person (e-mail) in two client companies', async () => {
    const a = await setup();
    const b = await setup();
    for (const s of [a, b]) {
      const res = await call(`${s.base}/stakeholders`, 'POST', {
        name: 'Eve',
        relationship: 'employee',
        email: 'eve@example.nl',
      });
      expect(res.status).toBe(201);
    }
  });

  it.each([
    [{ relationship: 'founder' }, 'name'],
    [{ name: 'X', relationship: 'boss' }, 'relationship'],
    [{ name: 'X', relationship: 'founder', kind: 'robot' }, 'kind'],
    [{ name: 'X', relationship: 'founder', email: 'not-mail' }, 'email'],
    [{ name: 'X', relationship: 'founder', taxCountry: 'XX' }, 'taxCountry'],
    [{ name: 'X', relationship: 'founder', shoeSize: 44 }, 'shoeSize'],
  ])('refuses %o with a 400 naming %s', async (body, field) => {
    const s = await setup();
    const res = await call(`${s.base}/stakeholders`, 'POST', body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(res.body.error.fields)).toContain(field);
  });

  it('refuses an unknown filter value with a 400', async () => {
    const s = await setup();
    const res = await call(`${s.base}/stakeholders?relationship=boss`);
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toHaveProperty('relationship');
  });
});

describe('share classes', () => {
  it('stores decimals exactly and serves them as canonical strings', async () => {
    const s = await setup();
    const res = await call(`${s.base}/share-classes`, 'POST', {
      name: 'Series A',
      classType: 'preferred',
      nominalValue: '0.0100000001',
      liquidationPreferenceMultiple: 1.5,
      participating: true,
      participationCapMultiple: '3',
      seniority: 2,
      sharesAuthorized: 100000,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      nominalValue: '0.0100000001',
      liquidationPreferenceMultiple: '1.5',
      votesPerShare: '1',
      currency: 'EUR',
      participationCapMultiple: '3',
      sharesAuthorized: 100000,
      sharesOutstanding: 0,
    });
    const common = await ok<{ nominalValue: string }>(
      t,
      ann.cookie,
      `${s.base}/share-classes/${s.common}`,
    );
    expect(common.nominalValue).toBe('0.01');
  });

  it.each([
    [{ name: 'B', nominalValue: '-1' }, 'nominalValue'],
    [{ name: 'B', nominalValue: '1e5' }, 'nominalValue'],
    [{ name: 'B', nominalValue: '0.00000000001' }, 'nominalValue'],
    [{ name: 'B', nominalValue: '1', currency: 'euro' }, 'currency'],
    [{ name: 'B', nominalValue: '1', classType: 'golden' }, 'classType'],
    [{ name: 'B', nominalValue: '1', sharesAuthorized: 1.5 }, 'sharesAuthorized'],
    [{ name: 'B', nominalValue: '1', participationCapMultiple: '2' }, 'participationCapMultiple'],
  ])('refuses %o naming %s', async (body, field) => {
    const s = await setup();
    const res = await call(`${s.base}/share-classes`, 'POST', body);
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toHaveProperty(field);
  });

  it('refuses a second class of the same name (409)', async () => {
    const s = await setup();
    const res = await call(`${s.base}/share-classes`, 'POST', {
      name: 'COMMON',
      nominalValue: '1',
    });
    expect(res.status).toBe(409);
    expect(res.body.error.fields).toHaveProperty('name');
  });

  it('refuses issuing beyond the shares authorized, and lowering them below what is out', async () => {
    const s = await setup();
    await ok(t, ann.cookie, `${s.base}/share-classes/${s.common}`, 'PATCH', {
      sharesAuthorized: 1000,
    });
    await ok(t, ann.cookie, `${s.base}/share-events`, 'POST', issue(s, s.anna, 800));
    const over = await call(`${s.base}/share-events`, 'POST', issue(s, s.bart, 201));
    expect(over.status).toBe(409);
    expect(over.body.error.code).toBe('SHARES_AUTHORIZED_EXCEEDED');
    const lower = await call(`${s.base}/share-classes/${s.common}`, 'PATCH', {
      sharesAuthorized: 700,
    });
    expect(lower.status).toBe(409);
    const after = await ok<{ sharesAuthorized: number }>(
      t,
      ann.cookie,
      `${s.base}/share-classes/${s.common}`,
    );
    expect(after.sharesAuthorized).toBe(1000);
  });
});

describe('the shareholders register', () => {
  it('derives holdings: issue with share numbers, transfer, cancel', async () => {
    const s = await setup();
    await ok(t, ann.cookie, `${s.base}/share-events`, 'POST', {
      ...issue(s, s.anna, 6000, '2024-01-10', [1, 6000]),
      pricePerShare: '0.01',
      currency: 'eur',
      deedDate: '2024-01-10',
      notary: 'Mr. Notaris',
    });
    await ok(
      t,
      ann.cookie,
      `${s.base}/share-events`,
      'POST',
      issue(s, s.bart, 4000, '2024-01-10', [6001, 10000]),
    );
    await ok(t, ann.cookie, `${s.base}/share-events`, 'POST', {
      type: 'transfer',
      date: '2024-06-01',
      shareClassId: s.common,
      shareCount: 1000,
      fromStakeholderId: s.anna,
      toStakeholderId: s.stak,
      firstShareNumber: 5001,
      lastShareNumber: 6000,
      deedDate: '2024-06-01',
    });
    await ok(t, ann.cookie, `${s.base}/share-events`, 'POST', {
      type: 'cancel',
      date: '2025-01-01',
      shareClassId: s.common,
      shareCount: 500,
      fromStakeholderId: s.bart,
      firstShareNumber: 9501,
      lastShareNumber: 10000,
    });
    const table = await ok<{
      rows: { name: string; shares: Record<string, number> }[];
      totals: { shares: number };
    }>(t, ann.cookie, `${s.base}/cap-table?asOf=2025-06-30`);
    expect(table.rows.map((r) => [r.name, r.shares[s.common]])).toEqual([
      ['Anna de Vries', 5000],
      ['Bart Jansen', 3500],
      ['STAK Ledger', 1000],
    ]);
    expect(table.totals.shares).toBe(9500);
    const events = await ok<{
      items: { type: string; pricePerShare: string | null; currency: string | null }[];
    }>(t, ann.cookie, `${s.base}/share-events?stakeholderId=${s.anna}`);
    expect(events.items.map((e) => e.type)).toEqual(['issue', 'transfer']);
    expect(events.items[0]).toMatchObject({ pricePerShare: '0.01', currency: 'EUR' });
  });

  it('refuses a transfer of more shares than the holder has on that date (409 INSUFFICIENT_SHARES) and writes nothing', async () => {
    const s = await setup();
    await ok(t, ann.cookie, `${s.base}/share-events`, 'POST', issue(s, s.anna, 100, '2024-03-01'));
    const before = await t.db
      .select()
      .from(auditEvent)
      .where(eq(auditEvent.companyId, s.companyId));
    const early = await call(`${s.base}/share-events`, 'POST', {
      type: 'transfer',
      date: '2024-02-01',
      shareClassId: s.common,
      shareCount: 10,
      fromStakeholderId: s.anna,
      toStakeholderId: s.bart,
    });
    expect(early.status).toBe(409);
    expect(early.body.error).toMatchObject({
      code: 'INSUFFICIENT_SHARES',
      message:
        'Anna de Vries holds 0 Common shares on 1 February 2024, fewer than the 10 this needs',
    });
    const tooMany = await call(`${s.base}/share-events`, 'POST', {
      type: 'transfer',
      date: '2024-04-01',
      shareClassId: s.common,
      shareCount: 101,
      fromStakeholderId: s.anna,
      toStakeholderId: s.bart,
    });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.error.code).toBe('INSUFFICIENT_SHARES');
    expect(tooMany.body.error.fields).toHaveProperty('shareCount');
    const rows = await t.db.select().from(shareEvent).where(eq(shareEvent.companyId, s.companyId));
    expect(rows).toHaveLength(1);
    const after = await t.db.select().from(auditEvent).where(eq(auditEvent.companyId, s.companyId));
    expect(after).toHaveLength(before.length);
  });

  it('two concurrent transfers cannot together take more than the holder has', async () => {
    const s = await setup();
    await ok(t, ann.cookie, `${s.base}/share-events`, 'POST', issue(s, s.anna, 100));
    const transfer = (to: string) =>
      call(`${s.base}/share-events`, 'POST', {
        type: 'transfer',
        date: '2024-02-01',
        shareClassId: s.common,
        shareCount: 30,
        fromStakeholderId: s.anna,
        toStakeholderId: to,
      });
    // Four transfers of 30 from 100 shares: exactly three fit, whatever the interleaving.
    const results = await Promise.all([s.bart, s.fund, s.stak, s.bart].map(transfer));
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 409]);
    const table = await ok<{
      totals: { shares: number };
      rows: { name: string; fullyDiluted: number }[];
    }>(t, ann.cookie, `${s.base}/cap-table?asOf=2024-12-31`);
    expect(table.totals.shares).toBe(100);
    expect(table.rows.find((r) => r.name === 'Anna de Vries')?.fullyDiluted).toBe(10);
  });

  it('refuses overlapping share numbers within a class (409)', async () => {
    const s = await setup();
    await ok(
      t,
      ann.cookie,
      `${s.base}/share-events`,
      'POST',
      issue(s, s.anna, 100, '2024-01-01', [1, 100]),
    );
    const res = await call(
      `${s.base}/share-events`,
      'POST',
      issue(s, s.bart, 10, '2024-01-02', [95, 104]),
    );
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('SHARE_NUMBERS_OVERLAP');
    expect(res.body.error.message).toContain('1–100');
  });

  it('refuses moving share numbers the holder does not have, and unnumbered moves of numbered shares', async () => {
    const s = await setup();
    await ok(
      t,
      ann.cookie,
      `${s.base}/share-events`,
      'POST',
      issue(s, s.anna, 100, '2024-01-01', [1, 100]),
    );
    const wrong = await call(`${s.base}/share-events`, 'POST', {
      type: 'transfer',
      date: '2024-02-01',
      shareClassId: s.common,
      shareCount: 10,
      fromStakeholderId: s.anna,
      toStakeholderId: s.bart,
      firstShareNumber: 101,
      lastShareNumber: 110,
    });
    expect(wrong.status).toBe(409);
    expect(wrong.body.error.message).toContain('does not hold Common shares 101–110');
    const unnumbered = await call(`${s.base}/share-events`, 'POST', {
      type: 'transfer',
      date: '2024-02-01',
      shareClassId: s.common,
      shareCount: 10,
      fromStakeholderId: s.anna,
      toStakeholderId: s.bart,
    });
    expect(unnumbered.status).toBe(409);
    expect(unnumbered.body.error.fields).toHaveProperty('firstShareNumber');
  });

  it.each([
    ['a negative count', { shareCount: -5 }, 'shareCount'],
    ['a fractional count', { shareCount: 2.5 }, 'shareCount'],
    ['a count as a string', { shareCount: '10' }, 'shareCount'],
    ['an impossible date', { date: '2024-02-30' }, 'date'],
    [
      'numbers that do not match the count',
      { firstShareNumber: 1, lastShareNumber: 5 },
      'lastShareNumber',
    ],
    ['only a first number', { firstShareNumber: 1 }, 'lastShareNumber'],
    [
      'a giver on an issue',
      { fromStakeholderId: '00000000-0000-4000-8000-000000000000' },
      'fromStakeholderId',
    ],
    ['an unknown type', { type: 'gift' }, 'type'],
  ])('refuses %s (400 naming the field)', async (_name, patch, field) => {
    const s = await setup();
    const res = await call(`${s.base}/share-events`, 'POST', { ...issue(s, s.anna, 10), ...patch });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields)).toContain(field);
  });

  it("a price without a currency is in the share class's currency (issue 11)", async () => {
    const s = await setup();
    const pounds = await ok<{ id: string }>(t, ann.cookie, `${s.base}/share-classes`, 'POST', {
      name: 'Sterling A',
      nominalValue: '0.01',
      currency: 'GBP',
    });
    const priced = await ok<{ id: string; currency: string | null }>(
      t,
      ann.cookie,
      `${s.base}/share-events`,
      'POST',
      { ...issue(s, s.anna, 10), shareClassId: pounds.id, pricePerShare: '1.5' },
    );
    expect(priced.currency).toBe('GBP');
    // An explicit currency stays; an unpriced issue has none.
    const dollars = await ok<{ currency: string | null }>(
      t,
      ann.cookie,
      `${s.base}/share-events`,
      'POST',
      { ...issue(s, s.anna, 5), shareClassId: pounds.id, pricePerShare: '2', currency: 'USD' },
    );
    expect(dollars.currency).toBe('USD');
    const unpriced = await ok<{ id: string; currency: string | null }>(
      t,
      ann.cookie,
      `${s.base}/share-events`,
      'POST',
      issue(s, s.anna, 10),
    );
    expect(unpriced.currency).toBeNull();
    // Adding a price later fills in the class's currency (EUR, the default) too.
    const patched = await ok<{ currency: string | null }>(
      t,
      ann.cookie,
      `${s.base}/share-events/${unpriced.id}`,
      'PATCH',
      { pricePerShare: '0.5' },
    );
    expect(patched.currency).toBe('EUR');
  });

  it("refuses an unknown class and another company's stakeholder (400 naming the field)", async () => {
    const s = await setup();
    const other = await setup();
    const unknownClass = await call(`${s.base}/share-events`, 'POST', {
      ...issue(s, s.anna, 10),
      shareClassId: other.common,
    });
    expect(unknownClass.status).toBe(400);
    expect(unknownClass.body.error.fields).toEqual({
      shareClassId: 'No such share class in this company',
    });
    const strangers = await call(`${s.base}/share-events`, 'POST', issue(s, other.anna, 10));
    expect(strangers.status).toBe(400);
    expect(strangers.body.error.fields).toEqual({
      toStakeholderId: 'No such stakeholder in this company',
    });
  });

  it('an update and a delete are checked against the whole register', async () => {
    const s = await setup();
    const funding = await ok<{ id: string }>(
      t,
      ann.cookie,
      `${s.base}/share-events`,
      'POST',
      issue(s, s.anna, 100, '2024-01-01'),
    );
    const transfer = await ok<{ id: string }>(t, ann.cookie, `${s.base}/share-events`, 'POST', {
      type: 'transfer',
      date: '2024-05-01',
      shareClassId: s.common,
      shareCount: 60,
      fromStakeholderId: s.anna,
      toStakeholderId: s.bart,
    });
    const moveLater = await call(`${s.base}/share-events/${funding.id}`, 'PATCH', {
      date: '2024-06-01',
    });
    expect(moveLater.status).toBe(409);
    expect(moveLater.body.error.code).toBe('INSUFFICIENT_SHARES');
    const shrink = await call(`${s.base}/share-events/${funding.id}`, 'PATCH', { shareCount: 50 });
    expect(shrink.status).toBe(409);
    const remove = await call(`${s.base}/share-events/${funding.id}`, 'DELETE');
    expect(remove.status).toBe(409);
    const badPatch = await call(`${s.base}/share-events/${transfer.id}`, 'PATCH', {
      type: 'cancel',
    });
    expect(badPatch.status).toBe(400);
    expect(badPatch.body.error.fields).toHaveProperty('toStakeholderId');
    expect((await call(`${s.base}/share-events/${transfer.id}`, 'DELETE')).status).toBe(204);
    expect((await call(`${s.base}/share-events/${funding.id}`, 'DELETE')).status).toBe(204);
  });

  it('refuses deleting a stakeholder or class the register refers to (409 with a clear message)', async () => {
    const s = await setup();
    await ok(t, ann.cookie, `${s.base}/share-events`, 'POST', issue(s, s.anna, 100));
    const person = await call(`${s.base}/stakeholders/${s.anna}`, 'DELETE');
    expect(person.status).toBe(409);
    expect(person.body.error.message).toBe(
      'Anna de Vries cannot be deleted: 1 register event(s) still refer to it',
    );
    const cls = await call(`${s.base}/share-classes/${s.common}`, 'DELETE');
    expect(cls.status).toBe(409);
    expect(cls.body.error.message).toContain('1 register event(s)');
  });
});

describe('depositary receipts', () => {
  it("keeps the receipts within the STAK's shares of the class (409 RECEIPTS_EXCEED_SHARES)", async () => {
    const s = await setup();
    await ok(t, ann.cookie, `${s.base}/share-events`, 'POST', issue(s, s.stak, 1000, '2024-01-01'));
    const receipt = (count: number, holder = s.anna) => ({
      stakStakeholderId: s.stak,
      shareClassId: s.common,
      holderStakeholderId: holder,
      receiptCount: count,
      date: '2024-02-01',
    });
    await ok(t, ann.cookie, `${s.base}/receipts`, 'POST', receipt(600));
    const over = await call(`${s.base}/receipts`, 'POST', receipt(401, s.bart));
    expect(over.status).toBe(409);
    expect(over.body.error).toMatchObject({
      code: 'RECEIPTS_EXCEED_SHARES',
      message:
        'STAK Ledger would have 1,001 depositary receipts out on Common shares but holds only 1,000 on 1 February 2024',
    });
    await ok(t, ann.cookie, `${s.base}/receipts`, 'POST', receipt(400, s.bart));
    // The STAK cannot give away shares that back receipts.
    const transfer = await call(`${s.base}/share-events`, 'POST', {
      type: 'transfer',
      date: '2024-03-01',
      shareClassId: s.common,
      shareCount: 1,
      fromStakeholderId: s.stak,
      toStakeholderId: s.fund,
    });
    expect(transfer.status).toBe(409);
    expect(transfer.body.error.code).toBe('RECEIPTS_EXCEED_SHARES');
    const list = await ok<{ items: { receiptCount: number }[] }>(
      t,
      ann.cookie,
      `${s.base}/receipts`,
    );
    expect(list.items.map((r) => r.receiptCount)).toEqual([600, 400]);
  });

  it('needs a STAK to issue receipts', async () => {
    const s = await setup();
    const res = await call(`${s.base}/receipts`, 'POST', {
      stakStakeholderId: s.anna,
      shareClassId: s.common,
      holderStakeholderId: s.bart,
      receiptCount: 1,
      date: '2024-01-01',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      stakStakeholderId: 'This stakeholder is not a STAK (relationship "stak")',
    });
  });
});

describe('plans and pools', () => {
  it('creates an options-on-receipts plan with defaults and pool figures', async () => {
    const s = await setup();
    const plan = await ok<Record<string, unknown>>(t, ann.cookie, `${s.base}/plans`, 'POST', {
      name: 'STAK Option Plan 2024',
      planType: 'receipt_options',
      shareClassId: s.common,
      stakStakeholderId: s.stak,
      poolSize: 1500,
      boardApprovalDate: '2024-01-15',
      exerciseWindowMonths: 3,
      acceleration: { trigger: 'double', percent: 100, windowMonths: 12 },
    });
    expect(plan).toMatchObject({
      currency: 'EUR',
      forfeitedTo: 'pool',
      leaverPolicy: {
        good: { unvested: 'forfeit', vested: 'keep' },
        bad: { unvested: 'forfeit', vested: 'forfeit' },
      },
      acceleration: { trigger: 'double', percent: 100, windowMonths: 12 },
      cashSettled: false,
      poolReserved: 1500,
      poolGranted: 0,
      poolAvailable: 1500,
    });
  });

  it('counts STAK shares that back receipt options once in the fully diluted total (issue 11)', async () => {
    const s = await setup();
    await ok(t, ann.cookie, `${s.base}/share-events`, 'POST', issue(s, s.anna, 9000));
    // The STAK holds 1,000 shares for the option plan; 200 receipts are already out.
    await ok(t, ann.cookie, `${s.base}/share-events`, 'POST', issue(s, s.stak, 1000));
    await ok(t, ann.cookie, `${s.base}/receipts`, 'POST', {
      stakStakeholderId: s.stak,
      shareClassId: s.common,
      holderStakeholderId: s.bart,
      receiptCount: 200,
      date: '2024-02-01',
    });
    await ok(t, ann.cookie, `${s.base}/plans`, 'POST', {
      name: 'STAK options',
      planType: 'receipt_options',
      shareClassId: s.common,
      stakStakeholderId: s.stak,
      poolSize: 600,
    });
    const table = await ok<{
      rows: { stakeholderId: string; heldForPlans: number; fullyDiluted: number }[];
      pools: { available: number }[];
      totals: { shares: number; fullyDiluted: number };
    }>(t, ann.cookie, `${s.base}/cap-table?asOf=2025-01-01`);
    // Before: 10,000 shares + 600 pool = 10,600, the pool's shares counted twice.
    expect(table.totals.shares).toBe(10_000);
    expect(table.pools[0]!.available).toBe(600);
    const stak = table.rows.find((r) => r.stakeholderId === s.stak)!;
    expect(stak.heldForPlans).toBe(600);
    expect(stak.fullyDiluted).toBe(400);
    expect(table.totals.fullyDiluted).toBe(10_000);
  });

  it.each([
    [{ planType: 'stock_options', poolSize: 10 }, 'shareClassId'],
    [{ planType: 'receipt_options', poolSize: 10, withClass: true }, 'stakStakeholderId'],
    [{ planType: 'phantom_shares', poolSize: -1 }, 'poolSize'],
    [
      { planType: 'sar', poolSize: 10, acceleration: { trigger: 'double', percent: 50 } },
      'acceleration.windowMonths',
    ],
    [
      {
        planType: 'sar',
        poolSize: 10,
        leaverPolicy: { good: { unvested: 'keep', vested: 'keep' } },
      },
      'leaverPolicy.good.unvested',
    ],
    [{ planType: 'sar', poolSize: 10, forfeitedTo: 'charity' }, 'forfeitedTo'],
  ])('refuses %o naming %s', async (raw, field) => {
    const s = await setup();
    const { withClass, ...body } = raw as Record<string, unknown>;
    const res = await call(`${s.base}/plans`, 'POST', {
      name: 'P',
      ...body,
      ...(withClass ? { shareClassId: s.common } : {}),
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields)).toContain(field);
  });

  it('refuses a pool reduced below what is granted (409 POOL_EXHAUSTED with the available number)', async () => {
    const s = await setup();
    const plan = await ok<{ id: string }>(t, ann.cookie, `${s.base}/plans`, 'POST', {
      name: 'ESOP',
      planType: 'stock_options',
      shareClassId: s.common,
      poolSize: 1000,
      boardApprovalDate: '2024-01-01',
    });
    const adj = `${s.base}/plans/${plan.id}/pool-adjustments`;
    const more = await ok<{ id: string }>(t, ann.cookie, adj, 'POST', {
      date: '2024-06-01',
      shareCount: 500,
      reason: 'Series A top-up',
    });
    await ok(t, ann.cookie, adj, 'POST', { date: '2025-01-01', shareCount: -1200 });
    const tooMuch = await call(adj, 'POST', { date: '2025-02-01', shareCount: -301 });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.error.code).toBe('POOL_EXHAUSTED');
    expect(tooMuch.body.error.message).toContain('(available: 300)');
    // Removing the top-up would leave the later release uncovered.
    const removeTopUp = await call(`${adj}/${more.id}`, 'DELETE');
    expect(removeTopUp.status).toBe(409);
    const shrink = await call(`${s.base}/plans/${plan.id}`, 'PATCH', { poolSize: 600 });
    expect(shrink.status).toBe(409);
    expect(shrink.body.error.code).toBe('POOL_EXHAUSTED');
    const current = await ok<{ poolReserved: number; poolSize: number }>(
      t,
      ann.cookie,
      `${s.base}/plans/${plan.id}`,
    );
    expect(current).toMatchObject({ poolSize: 1000, poolReserved: 300 });
    const zero = await call(adj, 'POST', { date: '2025-02-01', shareCount: 0 });
    expect(zero.status).toBe(400);
  });

  it('phantom plans settle in cash: listed in the cap table, not in the fully diluted count', async () => {
    const s = await setup();
    await ok(t, ann.cookie, `${s.base}/share-events`, 'POST', issue(s, s.anna, 900));
    await ok(t, ann.cookie, `${s.base}/plans`, 'POST', {
      name: 'Phantom',
      planType: 'phantom_shares',
      poolSize: 500,
    });
    await ok(t, ann.cookie, `${s.base}/plans`, 'POST', {
      name: 'ESOP',
      planType: 'stock_options',
      shareClassId: s.common,
      poolSize: 100,
    });
    const table = await ok<{
      pools: {
        name: string;
        available: number;
        cashSettled: boolean;
        fullyDilutedPercent: string;
      }[];
      totals: { fullyDiluted: number };
      rows: { fullyDilutedPercent: string }[];
    }>(t, ann.cookie, `${s.base}/cap-table?asOf=2025-01-01`);
    expect(table.totals.fullyDiluted).toBe(1000);
    expect(table.rows[0]!.fullyDilutedPercent).toBe('90.0000');
    expect(table.pools).toEqual([
      expect.objectContaining({ name: 'ESOP', available: 100, fullyDilutedPercent: '10.0000' }),
      expect.objectContaining({
        name: 'Phantom',
        available: 500,
        cashSettled: true,
        fullyDilutedPercent: '0.0000',
      }),
    ]);
  });

  it('refuses a second plan of the same name', async () => {
    const s = await setup();
    await ok(t, ann.cookie, `${s.base}/plans`, 'POST', {
      name: 'ESOP',
      planType: 'sar',
      poolSize: 1,
    });
    const res = await call(`${s.base}/plans`, 'POST', {
      name: 'esop',
      planType: 'sar',
      poolSize: 1,
    });
    expect(res.status).toBe(409);
  });
});

describe('cap table, CSV and key figures', () => {
  it('as of a date, with groups and percentages summing to 100', async () => {
    const s = await setup();
    await ok(t, ann.cookie, `${s.base}/share-events`, 'POST', issue(s, s.anna, 1, '2024-01-01'));
    await ok(t, ann.cookie, `${s.base}/share-events`, 'POST', issue(s, s.bart, 1, '2024-01-01'));
    await ok(t, ann.cookie, `${s.base}/share-events`, 'POST', issue(s, s.fund, 1, '2024-06-01'));
    const early = await ok<{ rows: unknown[] }>(
      t,
      ann.cookie,
      `${s.base}/cap-table?asOf=2024-05-31`,
    );
    expect(early.rows).toHaveLength(2);
    const table = await ok<{
      rows: { fullyDilutedPercent: string }[];
      groups: { group: string; fullyDilutedPercent: string }[];
    }>(t, ann.cookie, `${s.base}/cap-table?asOf=2024-06-01`);
    const sum = table.rows.reduce(
      (acc, r) => acc + Number(r.fullyDilutedPercent.replace('.', '')),
      0,
    );
    expect(sum).toBe(1_000_000);
    expect(
      Object.fromEntries(table.groups.map((g) => [g.group, g.fullyDilutedPercent])),
    ).toMatchObject({ founders: '66.6667', investors: '33.3333' });
    const bad = await call(`${s.base}/cap-table?asOf=2024-13-01`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('asOf');
  });

  it('exports CSV with a header row, one row per holder and the totals', async () => {
    const s = await setup();
    await ok(t, ann.cookie, `${s.base}/share-events`, 'POST', issue(s, s.anna, 300));
    const res = await t.request(`/api/v1${s.base}/cap-table/export?asOf=2024-12-31`, {
      cookie: ann.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    // Named after the company and the date (issue 12).
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="cap-table-ledger-bv-2024-12-31.csv"; filename*=UTF-8''cap-table-ledger-bv-2024-12-31.csv`,
    );
    const lines = (await res.text()).trimEnd().split('\r\n');
    expect(lines).toEqual([
      'Holder,Group,Common,Awards vested,Awards unvested,Fully diluted,Fully diluted %',
      'Anna de Vries,founders,300,0,0,300,100.0000',
      'Total,,300,,,300,100.0000',
    ]);
  });

  it('summarises the structure for the overview', async () => {
    const s = await setup();
    await ok(t, ann.cookie, `${s.base}/share-events`, 'POST', issue(s, s.anna, 300));
    await ok(t, ann.cookie, `${s.base}/plans`, 'POST', {
      name: 'ESOP',
      planType: 'stock_options',
      shareClassId: s.common,
      poolSize: 100,
    });
    const summary = await ok(t, ann.cookie, `${s.base}/summary`);
    expect(summary).toEqual({
      stakeholders: 4,
      shareholders: 1,
      shareClasses: 1,
      plans: 1,
      sharesOutstanding: 300,
      poolReserved: 100,
      poolGranted: 0,
      poolUsedPercent: '0.0',
    });
  });
});

describe('audit and scope', () => {
  it('writes every change to the company activity', async () => {
    const s = await setup();
    await ok(t, ann.cookie, `${s.base}/share-events`, 'POST', issue(s, s.anna, 10));
    const activity = await ok<{ items: { entityType: string; action: string }[] }>(
      t,
      ann.cookie,
      `${s.base}/activity`,
    );
    expect(activity.items.map((e) => `${e.action} ${e.entityType}`)).toEqual([
      'create share_event',
      'create share_class',
      'create stakeholder',
      'create stakeholder',
      'create stakeholder',
      'create stakeholder',
      'create company',
    ]);
    const rows = await t.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.companyId, s.companyId), eq(auditEvent.entityType, 'share_event')));
    expect(rows[0]!.changes).toMatchObject({ shareCount: { from: null, to: 10 } });
  });

  const routes = ROUTE_PERMISSIONS.filter((r) => r.path.startsWith('/company/{companyId}/'));
  it.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    'another workspace gets 404 on %s',
    async (key, route) => {
      const fixture = await equityFixture(t, ann.cookie);
      const path = `/api/v1${route.path.replace(/\{(\w+)\}/g, (_, name: string) => fixture.params[name]!)}`;
      const res = await t.request(path, {
        method: route.method,
        body: equityBodies(fixture)[key],
        cookie: bob.cookie,
      });
      expect(res.status).toBe(404);
      expect((await res.json()).error.code).toBe('NOT_FOUND');
    },
  );

  it('an id that is not a UUID is simply not found', async () => {
    const s = await setup();
    expect((await call(`${s.base}/stakeholders/not-a-uuid`)).status).toBe(404);
    expect((await call(`/company/nope/plans`)).status).toBe(404);
  });

  it("one plan's pool adjustments are not reachable through another plan", async () => {
    const f = await equityFixture(t, ann.cookie);
    const other = await ok<{ id: string }>(t, ann.cookie, `/company/${f.companyId}/plans`, 'POST', {
      name: 'Other',
      planType: 'sar',
      poolSize: 5,
    });
    const res = await call(
      `/company/${f.companyId}/plans/${other.id}/pool-adjustments/${f.params.adjustmentId}`,
    );
    expect(res.status).toBe(404);
  });
});
