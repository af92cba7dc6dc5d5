import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/vesting';
import { standardTemplates } from '../../src/server/modules/vesting/standard-templates';
import { today as firmToday } from '../../src/server/clock';
import { auditEvent, member, user, vestingTemplate } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { ok } from '../support/equity';

/**
 * Issue 12, "First day, without friction": the defaults and suggestions a new user meets, and the
 * messages that used to contradict themselves.
 */

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
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function company(body: Record<string, unknown> = {}, cookie = ann.cookie) {
  const c = await ok<{ id: string }>(t, cookie, '/company', 'POST', {
    companyName: 'First Day B.V.',
    ...body,
  });
  return { id: c.id, base: `/company/${c.id}` };
}

describe('stakeholders: the form pre-fills the country, the API keeps what is sent', () => {
  it('stores no country when none is sent, and exactly the one sent', async () => {
    const be = await company({ companyName: 'Brussels BV', country: 'BE' });
    const plain = await ok<{ country: string | null; taxCountry: string | null }>(
      t,
      ann.cookie,
      `${be.base}/stakeholders`,
      'POST',
      { name: 'Nora Noord', relationship: 'employee' },
    );
    expect(plain).toMatchObject({ country: null, taxCountry: null });
    const abroad = await ok(t, ann.cookie, `${be.base}/stakeholders`, 'POST', {
      name: 'Dirk Duits',
      relationship: 'employee',
      country: 'DE',
      taxCountry: 'NL',
    });
    expect(abroad).toMatchObject({ country: 'DE', taxCountry: 'NL' });
  });
});

describe('share classes: the next free share number (decision 008)', () => {
  async function setup() {
    const c = await company();
    const anna = await ok<{ id: string }>(t, ann.cookie, `${c.base}/stakeholders`, 'POST', {
      name: 'Anna de Vries',
      relationship: 'founder',
    });
    const klass = async (name: string) =>
      (
        await ok<{ id: string }>(t, ann.cookie, `${c.base}/share-classes`, 'POST', {
          name,
          nominalValue: '0.01',
        })
      ).id;
    return { ...c, anna: anna.id, common: await klass('Common'), pref: await klass('Pref A') };
  }
  const next = async (base: string) =>
    Object.fromEntries(
      (
        await ok<{ items: { name: string; nextShareNumber: number | null }[] }>(
          t,
          ann.cookie,
          `${base}/share-classes`,
        )
      ).items.map((c) => [c.name, c.nextShareNumber]),
    );

  it('is 1 for a new class, then one past the highest number ever issued, per class', async () => {
    const s = await setup();
    expect(await next(s.base)).toEqual({ Common: 1, 'Pref A': 1 });
    const issue = (shareClassId: string, count: number, first?: number, date = '2024-01-01') =>
      ok<{ id: string }>(t, ann.cookie, `${s.base}/share-events`, 'POST', {
        type: 'issue',
        date,
        shareClassId,
        shareCount: count,
        toStakeholderId: s.anna,
        ...(first ? { firstShareNumber: first, lastShareNumber: first + count - 1 } : {}),
      });
    await issue(s.common, 100, 1);
    // A later issue numbered above a gap, and one back-dated: the highest number counts.
    await issue(s.common, 50, 201);
    await issue(s.common, 20, 101, '2023-06-01');
    expect(await next(s.base)).toEqual({ Common: 251, 'Pref A': 1 });
    // Cancelled numbers stay retired (decision 008): the suggestion does not go back.
    await ok(t, ann.cookie, `${s.base}/share-events`, 'POST', {
      type: 'cancel',
      date: '2024-02-01',
      shareClassId: s.common,
      shareCount: 50,
      fromStakeholderId: s.anna,
      firstShareNumber: 201,
      lastShareNumber: 250,
    });
    const one = await ok<{ nextShareNumber: number }>(
      t,
      ann.cookie,
      `${s.base}/share-classes/${s.common}`,
    );
    expect(one.nextShareNumber).toBe(251);
    // The suggested range is free: issuing it passes the register's checks.
    await issue(s.common, 10, 251);
    expect((await next(s.base)).Common).toBe(261);
    // A class kept by count gets no suggestion.
    await issue(s.pref, 500);
    expect((await next(s.base))['Pref A']).toBeNull();
  });

  it("is another workspace's business: 404", async () => {
    const s = await setup();
    expect((await call(`${s.base}/share-classes`, 'GET', undefined, bob.cookie)).status).toBe(404);
  });
});

describe('a new workspace starts with the standard vesting templates (decision 022)', () => {
  type Template = {
    id: string;
    name: string;
    description: string | null;
    terms: Record<string, unknown>;
    planCount: number;
  };
  const templatesOf = async (cookie: string) =>
    (await ok<{ items: Template[] }>(t, cookie, '/vesting-templates')).items;
  const byName = (items: Template[]) => Object.fromEntries(items.map((x) => [x.name, x]));

  it('at sign-up: the standard set, with its audit rows by the new owner', async () => {
    const cas = await t.signUp({ name: 'Cas Claes' });
    const items = await templatesOf(cas.cookie);
    expect(items.map((x) => x.name).sort()).toEqual(
      standardTemplates('en')
        .map((x) => x.name)
        .sort(),
    );
    const four = byName(items)['4 years monthly, 1-year cliff']!;
    expect(four).toMatchObject({
      planCount: 0,
      terms: {
        type: 'time',
        periodLength: 1,
        periodUnit: 'months',
        occurrences: 48,
        cliffPeriods: 12,
        dayOfMonth: 'VESTING_START_DAY_OR_LAST_DAY_OF_MONTH',
        allocation: 'CUMULATIVE_ROUNDING',
      },
    });
    expect(byName(items)['2 years monthly, 6-month cliff']!.terms).toMatchObject({
      occurrences: 24,
      cliffPeriods: 6,
    });
    // The domain.md example on the standard template: 2,500 of 10,000 vest at the cliff.
    const preview = await ok<{ installments: { date: string; quantity: number }[] }>(
      t,
      cas.cookie,
      '/vesting/preview',
      'POST',
      { quantity: 10000, vestingStartDate: '2024-01-15', terms: four.terms },
    );
    expect(preview.installments[0]).toMatchObject({ date: '2025-01-15', quantity: 2500 });
    expect(preview.installments.at(-1)!.date).toBe('2028-01-15');

    const audited = await t.db
      .select()
      .from(auditEvent)
      .where(
        and(
          eq(auditEvent.organizationId, cas.organizationId),
          eq(auditEvent.entityType, 'vesting_template'),
        ),
      );
    expect(audited.map((a) => a.entityId).sort()).toEqual(items.map((x) => x.id).sort());
    for (const a of audited) {
      expect(a).toMatchObject({
        action: 'create',
        actorUserId: cas.userId,
        actorName: 'Cas Claes',
      });
      expect(a.changes).toMatchObject({ name: { from: null, to: expect.any(String) } });
    }
  });

  it('in a workspace created later, its own set; another workspace sees none of them', async () => {
    const dee = await t.signUp({ name: 'Dee Dekker' });
    const created = await t.request('/api/auth/organization/create', {
      method: 'POST',
      body: { name: 'Dekker Legal', slug: `dekker-${dee.userId.slice(0, 6).toLowerCase()}` },
      cookie: dee.cookie,
    });
    expect(created.status).toBe(200);
    const { id: organizationId } = await created.json();
    const rows = await t.db
      .select()
      .from(vestingTemplate)
      .where(eq(vestingTemplate.organizationId, organizationId));
    expect(rows.map((r) => r.name).sort()).toEqual(
      standardTemplates('en')
        .map((x) => x.name)
        .sort(),
    );
    const audited = await t.db
      .select()
      .from(auditEvent)
      .where(
        and(
          eq(auditEvent.organizationId, organizationId),
          eq(auditEvent.entityType, 'vesting_template'),
        ),
      );
    expect(audited).toHaveLength(rows.length);
    expect(audited.every((a) => a.actorUserId === dee.userId)).toBe(true);
    // The creator is in the new workspace now (it became active): its own ids, not the first's.
    const mine = await templatesOf(dee.cookie);
    expect(mine.map((x) => x.id).sort()).toEqual(rows.map((r) => r.id).sort());
    const first = await t.db
      .select({ id: vestingTemplate.id })
      .from(vestingTemplate)
      .where(eq(vestingTemplate.organizationId, dee.organizationId));
    expect(first).toHaveLength(standardTemplates('en').length);
    expect(first.some((r) => mine.some((x) => x.id === r.id))).toBe(false);
    const other = await call(`/vesting-templates/${mine[0]!.id}`, 'GET');
    expect(other.status).toBe(404);
  });

  it("are named in the creator's language: chosen at sign-up, asked for, or saved", async () => {
    const namesOf = async (organizationId: string) =>
      (
        await t.db
          .select({ name: vestingTemplate.name, description: vestingTemplate.description })
          .from(vestingTemplate)
          .where(eq(vestingTemplate.organizationId, organizationId))
      )
        .map((r) => r.name)
        .sort();
    const dutch = standardTemplates('nl')
      .map((x) => x.name)
      .sort();
    expect(dutch).toContain('4 jaar maandelijks, cliff van 1 jaar');
    expect(standardTemplates('nl')[0]!.description).toBe(
      'De marktstandaard voor werknemers: 25 % na een jaar, daarna maandelijks.',
    );
    const workspaceOf = async (email: string) => {
      const [row] = await t.db
        .select({ organizationId: member.organizationId })
        .from(member)
        .innerJoin(user, eq(user.id, member.userId))
        .where(eq(user.email, email));
      return row!.organizationId;
    };
    const signUp = async (email: string, body: object, headers: Record<string, string> = {}) => {
      const res = await t.request('/api/auth/sign-up/email', {
        method: 'POST',
        body: { name: 'Noor', email, password: 'correct horse battery', ...body },
        headers,
      });
      expect(res.status).toBe(200);
      return workspaceOf(email);
    };
    const suffix = Math.random().toString(36).slice(2, 8);
    // A Dutch browser signing up (the SPA sends its language as Accept-Language).
    expect(
      await namesOf(
        await signUp(`noor-${suffix}@example.nl`, {}, { 'accept-language': 'nl-BE,nl;q=0.9' }),
      ),
    ).toEqual(dutch);
    // The language chosen in the sign-up form wins over the browser's.
    expect(
      await namesOf(
        await signUp(`noah-${suffix}@example.nl`, { locale: 'nl' }, { 'accept-language': 'en' }),
      ),
    ).toEqual(dutch);
    // A workspace created later: the creator's saved language.
    const fay = await t.signUp({ name: 'Fay Flemish' });
    expect(await namesOf(fay.organizationId)).toEqual(
      standardTemplates('en')
        .map((x) => x.name)
        .sort(),
    );
    const saved = await t.request('/api/auth/update-user', {
      method: 'POST',
      body: { locale: 'nl' },
      cookie: fay.cookie,
    });
    expect(saved.status).toBe(200);
    const created = await t.request('/api/auth/organization/create', {
      method: 'POST',
      body: { name: 'Fay Advocaten', slug: `fay-${suffix}`, keepCurrentActiveOrganization: true },
      cookie: fay.cookie,
    });
    expect(created.status).toBe(200);
    expect(await namesOf((await created.json()).id)).toEqual(dutch);
  });

  it('are edited and deleted like any template', async () => {
    const eva = await t.signUp({ name: 'Eva Eerens' });
    const items = byName(await templatesOf(eva.cookie));
    const yearly = items['4 years yearly']!;
    const renamed = await ok<Template>(t, eva.cookie, `/vesting-templates/${yearly.id}`, 'PATCH', {
      name: '4 years annually',
      description: 'Our house style',
    });
    expect(renamed).toMatchObject({ name: '4 years annually', description: 'Our house style' });
    const del = await call(
      `/vesting-templates/${items['3 years monthly, no cliff']!.id}`,
      'DELETE',
      undefined,
      eva.cookie,
    );
    expect(del.status).toBe(204);
    // The standard names are the workspace's own now: a duplicate is refused as usual.
    const dup = await call(
      '/vesting-templates',
      'POST',
      {
        name: '4 YEARS MONTHLY, 1-year cliff',
        terms: items['4 years monthly, 1-year cliff']!.terms,
      },
      eva.cookie,
    );
    expect(dup.status).toBe(409);
    expect((await templatesOf(eva.cookie)).map((x) => x.name)).not.toContain(
      '3 years monthly, no cliff',
    );
  });
});

describe('a grant dated before the plan existed', () => {
  it("says that the plan's pool exists from its board approval, on the grant date", async () => {
    const c = await company();
    const eve = await ok<{ id: string }>(t, ann.cookie, `${c.base}/stakeholders`, 'POST', {
      name: 'Eve Employee',
      relationship: 'employee',
    });
    const common = await ok<{ id: string }>(t, ann.cookie, `${c.base}/share-classes`, 'POST', {
      name: 'Common',
      nominalValue: '0.01',
    });
    const plan = await ok<{ id: string }>(t, ann.cookie, `${c.base}/plans`, 'POST', {
      name: 'ESOP 2026',
      planType: 'stock_options',
      shareClassId: common.id,
      poolSize: 10000,
      boardApprovalDate: '2026-03-01',
    });
    const grant = (grantDate: string) =>
      call(`${c.base}/grants`, 'POST', {
        stakeholderId: eve.id,
        planId: plan.id,
        quantity: 1000,
        exercisePrice: '0.10',
        grantDate,
        vestingStartDate: grantDate,
        terms: { type: 'time', periodLength: 1, periodUnit: 'months', occurrences: 48 },
      });
    const early = await grant('2026-02-28');
    expect(early.status).toBe(400);
    expect(early.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: {
        grantDate:
          "The plan's pool exists from its board approval on 1 March 2026; date the grant on or after it",
      },
    });
    // Not the old contradiction: a pool of 10,000 said to have "0 shares available".
    expect(JSON.stringify(early.body)).not.toMatch(/available/);
    expect((await grant('2026-03-01')).status).toBe(201);
    // Moving an existing grant before the approval is refused the same way.
    const moved = await call(`${c.base}/grants`, 'GET');
    const id = (moved.body.items as { id: string }[])[0]!.id;
    const patch = await call(`${c.base}/grants/${id}`, 'PATCH', {
      grantDate: '2026-01-15',
      vestingStartDate: '2026-01-15',
    });
    expect(patch.status).toBe(400);
    expect(Object.keys(patch.body.error.fields)).toEqual(['grantDate']);
  });
});

describe('Upcoming: routine installments only when asked for', () => {
  type Item = { type: string; date: string; grantId: string; quantity: number | null };

  it('lists cliffs and deadlines by default; installments with installments=true or by type', async () => {
    const cid = await t.signUp({ name: 'Cid Cliff' });
    const c = await company({ companyName: 'Cliff B.V.' }, cid.cookie);
    const eve = await ok<{ id: string }>(t, cid.cookie, `${c.base}/stakeholders`, 'POST', {
      name: 'Eve Employee',
      relationship: 'employee',
    });
    const plan = await ok<{ id: string }>(t, cid.cookie, `${c.base}/plans`, 'POST', {
      name: 'Phantom',
      planType: 'phantom_shares',
      poolSize: 10000,
      boardApprovalDate: '2020-01-01',
    });
    // The 12-month cliff falls in about a month; monthly installments follow it.
    const start = addDays(firmToday(), -330);
    const grant = await ok<{ id: string }>(t, cid.cookie, `${c.base}/grants`, 'POST', {
      stakeholderId: eve.id,
      planId: plan.id,
      quantity: 4800,
      exercisePrice: '1.00',
      grantDate: start,
      vestingStartDate: start,
      terms: {
        type: 'time',
        periodLength: 1,
        periodUnit: 'months',
        occurrences: 48,
        cliffPeriods: 12,
      },
    });
    const typesOf = async (query: string) =>
      (await ok<{ items: Item[] }>(t, cid.cookie, `/upcoming?days=180${query}`)).items
        .filter((i) => i.grantId === grant.id)
        .map((i) => i.type);
    const plain = await typesOf('');
    expect(plain).toEqual(['cliff']);
    const all = await typesOf('&installments=true');
    expect(all[0]).toBe('cliff');
    expect(all.filter((x) => x === 'installment').length).toBeGreaterThanOrEqual(4);
    expect(await typesOf('&installments=false')).toEqual(['cliff']);
    // Asking for the type is asking for them too.
    expect((await typesOf('&types=installment')).every((x) => x === 'installment')).toBe(true);
    expect((await typesOf('&types=installment')).length).toBe(all.length - 1);
    // The same for one company.
    const one = await ok<{ items: Item[] }>(t, cid.cookie, `/upcoming?days=180&companyId=${c.id}`);
    expect(one.items.map((i) => i.type)).toEqual(['cliff']);
    const bad = await call('/upcoming?installments=yes', 'GET', undefined, cid.cookie);
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ installments: 'installments must be true or false' });
  });
});
