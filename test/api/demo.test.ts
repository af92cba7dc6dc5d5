import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Valuation, ValuationList, ValuationMetrics } from '../../src/contracts/valuation';
import type { Grant, GrantDetail, VestingTemplate } from '../../src/contracts/vesting';
import { compareDecimals, intrinsicValue } from '../../src/domain/valuation';
import { seedDemo, DEMO_EMAIL, DEMO_PASSWORD } from '../../src/server/demo/seed';
import { EMAIL_PATTERN } from '../../src/contracts/text';
import { phoneError } from '../../src/domain/identifiers';
import { addDays } from '../../src/domain/vesting';
import { DEMO_COLLEAGUES } from '../../src/server/demo/build-practice';
import {
  account,
  auditEvent,
  company as companyTable,
  contact,
  depositaryReceipt,
  equityPlan,
  grant as grantTable,
  grantExercise,
  grantSettlement,
  member,
  note,
  noteParticipant,
  poolAdjustment,
  shareClass,
  shareEvent,
  stakeholder,
  task,
  user,
  valuation,
  vestingTemplate,
} from '../../src/server/db/schema';
import { standardTemplates } from '../../src/server/modules/vesting/standard-templates';
import { and, count, eq, inArray } from 'drizzle-orm';
import { replayLedger } from '../../src/domain/share-ledger';
import { loadLedger } from '../../src/server/modules/equity/register';
import { today as firmToday, now } from '../../src/server/clock';
import { createTestApp, silentLogger, type TestApp } from '../support/app';
import { ok } from '../support/equity';

let t: TestApp;
let cookie: string;

interface Company {
  id: string;
  companyName: string;
  companyType: string;
  country: string;
  incorporationDate: string | null;
  registrationNumber: string | null;
}
interface CapTable {
  rows: {
    stakeholderId: string;
    name: string;
    group: string;
    shares: Record<string, number>;
    awardsVested: number;
    awardsUnvested: number;
    fullyDilutedPercent: string;
  }[];
  pools: { planId: string; reserved: number; cashSettled: boolean; fullyDilutedPercent: string }[];
  shareClasses: { id: string; name: string; classType: string }[];
  totals: { shares: number; fullyDiluted: number; sharesByClass: Record<string, number> };
}
interface Person {
  id: string;
  name: string;
  kind: string;
  relationship: string;
}
interface Plan {
  id: string;
  planType: string;
  poolSize: number;
  poolReserved: number;
  poolGranted: number;
  poolAvailable: number;
  defaultVestingTemplateId: string | null;
  leaverPolicy: { good: { unvested: string }; bad: { unvested: string } };
  shareClassId: string | null;
  stakStakeholderId: string | null;
}

interface ShareEventItem {
  id: string;
  type: string;
  date: string;
  shareCount: number;
  toStakeholderId: string | null;
  firstShareNumber: number | null;
  deedDate: string | null;
  notes: string | null;
}

/** Everything the demo test looks at, per company, read through the API. */
let structures: {
  company: Company;
  capTable: CapTable;
  people: Person[];
  plans: Plan[];
  /** The cap table today (the one above is as of 2026-01-01). */
  capTableToday: CapTable;
  grants: Grant[];
  events: ShareEventItem[];
  receipts: { stakStakeholderId: string; holderStakeholderId: string; receiptCount: number }[];
  adjustments: number;
  /** Valuation history, oldest first, with statuses as of today. */
  valuations: Valuation[];
}[];

/** Legal forms without share capital: a foundation (the STAK itself), a cooperative, a partnership. */
const WITHOUT_SHARES = ['Stichting', 'Coöperatie', 'VOF'];

const isExercise = (e: ShareEventItem) => e.notes?.startsWith('Exercise of grant ') ?? false;

/** The kind of a grant's terms, with cliff-only time terms apart. */
function termsKind(terms: Grant['terms']): string {
  if (terms.type !== 'time') return terms.type;
  if (terms.cliffPeriods === 0) return 'time';
  return terms.cliffPeriods === terms.occurrences ? 'cliff' : 'time-with-cliff';
}

const allMilestones = (terms: Grant['terms']) =>
  terms.type === 'milestone'
    ? terms.milestones
    : terms.type === 'combined'
      ? terms.parts.flatMap((p) => (p.terms.type === 'milestone' ? p.terms.milestones : []))
      : [];

/** Four-decimal percentage strings summed exactly, in ten-thousandths. */
const percentUnits = (values: string[]) =>
  values.reduce((sum, v) => sum + Number(v.replace('.', '')), 0);

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo({ database: t.database, auth: t.auth, logger: silentLogger });
  // A second start seeds nothing more (the tests below count what one seed made).
  await seedDemo({ database: t.database, auth: t.auth, logger: silentLogger });
  cookie = (await t.signIn(DEMO_EMAIL, DEMO_PASSWORD)).cookie;
  const list = await ok<{ items: Company[]; total: number }>(t, cookie, '/company?limit=200');
  structures = await Promise.all(
    list.items.map(async (company) => {
      const base = `/company/${company.id}`;
      const [capTable, capTableToday, grants, people, plans, events, receipts, valuations] =
        await Promise.all([
          ok<CapTable>(t, cookie, `${base}/cap-table?asOf=2026-01-01`),
          ok<CapTable>(t, cookie, `${base}/cap-table`),
          ok<{ items: Grant[] }>(t, cookie, `${base}/grants`),
          ok<{ items: Person[] }>(t, cookie, `${base}/stakeholders`),
          ok<{ items: Plan[] }>(t, cookie, `${base}/plans`),
          ok<{ items: ShareEventItem[] }>(t, cookie, `${base}/share-events`),
          ok<{
            items: {
              stakStakeholderId: string;
              holderStakeholderId: string;
              receiptCount: number;
            }[];
          }>(t, cookie, `${base}/receipts`),
          ok<ValuationList>(t, cookie, `${base}/valuations`),
        ]);
      let adjustments = 0;
      for (const plan of plans.items) {
        const res = await ok<{ items: unknown[] }>(
          t,
          cookie,
          `${base}/plans/${plan.id}/pool-adjustments`,
        );
        adjustments += res.items.length;
      }
      return {
        company,
        capTable,
        capTableToday,
        grants: grants.items,
        people: people.items,
        plans: plans.items,
        events: events.items,
        receipts: receipts.items,
        adjustments,
        valuations: valuations.items,
      };
    }),
  );
}, 180_000);
afterAll(() => t.close());

describe('demo workspace (npm run demo)', () => {
  it('has an audit row for every grant and exercise, shown in the activity tabs (issue 11)', async () => {
    const grants = await t.db.select({ id: grantTable.id }).from(grantTable);
    const exercises = await t.db.select({ id: grantExercise.id }).from(grantExercise);
    expect(grants.length).toBeGreaterThan(50);
    expect(exercises.length).toBeGreaterThan(5);
    const audited = async (entityType: string) =>
      new Set(
        (
          await t.db
            .select({ id: auditEvent.entityId })
            .from(auditEvent)
            .where(and(eq(auditEvent.entityType, entityType), eq(auditEvent.action, 'create')))
        ).map((r) => r.id),
      );
    const auditedGrants = await audited('grant');
    const auditedExercises = await audited('grant_exercise');
    expect(grants.filter((g) => !auditedGrants.has(g.id))).toEqual([]);
    expect(exercises.filter((x) => !auditedExercises.has(x.id))).toEqual([]);
    for (const kind of ['company', 'stakeholder', 'plan', 'valuation', 'share_event']) {
      expect((await audited(kind)).size, kind).toBeGreaterThan(0);
    }
    const { company } = structures.find((s) => s.grants.length > 0)!;
    const activity = await ok<{ items: { entityType: string; actor: { name: string } }[] }>(
      t,
      cookie,
      `/company/${company.id}/activity`,
    );
    expect(activity.items.some((e) => e.entityType === 'grant')).toBe(true);
    expect(activity.items.every((e) => e.actor.name === 'Demi de Vries')).toBe(true);
  });

  it('has the history of everything it seeded: a create row per record, and the grant events (issue 12)', async () => {
    const created = async (entityType: string) =>
      (
        await t.db
          .select({ id: auditEvent.entityId, changes: auditEvent.changes })
          .from(auditEvent)
          .where(and(eq(auditEvent.entityType, entityType), eq(auditEvent.action, 'create')))
      ).map((r) => r.id);
    const tables = [
      ['vesting_template', vestingTemplate],
      ['company', companyTable],
      ['stakeholder', stakeholder],
      ['share_class', shareClass],
      ['share_event', shareEvent],
      ['depositary_receipt', depositaryReceipt],
      ['plan', equityPlan],
      ['pool_adjustment', poolAdjustment],
      ['grant', grantTable],
      ['grant_exercise', grantExercise],
      ['valuation', valuation],
    ] as const;
    for (const [entityType, table] of tables) {
      const ids = (await t.db.select({ id: table.id }).from(table)).map((r) => r.id);
      expect(ids.length, entityType).toBeGreaterThan(0);
      // Exactly one create row per record: none missing, none twice.
      expect((await created(entityType)).sort(), entityType).toEqual(ids.sort());
    }
    // The standard templates every workspace starts with are the demo's too.
    const names = (await t.db.select({ name: vestingTemplate.name }).from(vestingTemplate)).map(
      (r) => r.name,
    );
    for (const x of standardTemplates('en')) expect(names).toContain(x.name);

    const updates = await t.db
      .select({ id: auditEvent.entityId, changes: auditEvent.changes })
      .from(auditEvent)
      .where(and(eq(auditEvent.entityType, 'grant'), eq(auditEvent.action, 'update')));
    const updateKeys = (grantId: string) =>
      updates.filter((u) => u.id === grantId).flatMap((u) => Object.keys(u.changes ?? {}));
    const grants = await t.db.select().from(grantTable);
    const paused = grants.filter((g) => g.pauses.length > 0);
    const achieved = grants.filter((g) => JSON.stringify(g.terms).includes('"achievedDate":"'));
    expect(paused.length).toBeGreaterThan(0);
    expect(achieved.length).toBeGreaterThan(0);
    for (const g of paused) expect(updateKeys(g.id)).toContain('leave of absence');
    for (const g of achieved)
      expect(updateKeys(g.id).some((k) => k.startsWith('milestone '))).toBe(true);
    for (const g of grants.filter((x) => x.terminationDate))
      expect(updateKeys(g.id)).toContain('termination');

    // A cash settlement is in its exercise's row, as the exercise service writes it.
    const settlements = await t.db.select().from(grantSettlement);
    expect(settlements.length).toBeGreaterThan(0);
    const exerciseRows = await t.db
      .select({ id: auditEvent.entityId, changes: auditEvent.changes })
      .from(auditEvent)
      .where(eq(auditEvent.entityType, 'grant_exercise'));
    for (const s of settlements) {
      const row = exerciseRows.find((r) => r.id === s.exerciseId)!;
      expect(row.changes).toMatchObject({
        // Money in two decimals, as the service computes it (the column reads back with ten).
        settlementAmount: { from: null, to: `${Number(s.amount).toFixed(2)} ${s.currency}` },
      });
    }
  });

  it('seeds a verified demo lawyer with 25 NL/BE/DE clients, once', async () => {
    expect(await t.db.select().from(user).where(eq(user.email, DEMO_EMAIL))).toHaveLength(1);
    expect(structures).toHaveLength(25);
    const countries = new Set(structures.map((s) => s.company.country));
    expect([...countries].sort()).toEqual(['BE', 'DE', 'NL']);
    for (const { company } of structures) {
      expect(company.incorporationDate, company.companyName).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(company.registrationNumber, company.companyName).toBeTruthy();
    }
    // The second seed added nothing.
    const [people] = await t.db.select({ n: count() }).from(stakeholder);
    expect(people!.n).toBe(structures.reduce((n, s) => n + s.people.length, 0));
  });

  it('gives every company with share capital a cap table that sums to 100 %', () => {
    const withShares = structures.filter((s) => !WITHOUT_SHARES.includes(s.company.companyType));
    expect(withShares).toHaveLength(22);
    for (const { company, capTable, people } of withShares) {
      const name = company.companyName;
      expect(capTable.totals.shares, name).toBeGreaterThan(0);
      const percents = [
        ...capTable.rows.map((r) => r.fullyDilutedPercent),
        ...capTable.pools.map((p) => p.fullyDilutedPercent),
      ];
      expect(percentUnits(percents), name).toBe(100_0000);
      // Two or three founders, individuals, all on the cap table at incorporation.
      const founders = people.filter((p) => p.relationship === 'founder');
      expect(founders.length, name).toBeGreaterThanOrEqual(2);
      expect(founders.length, name).toBeLessThanOrEqual(3);
      expect(founders.every((f) => f.kind === 'individual')).toBe(true);
      expect(capTable.rows.filter((r) => r.group === 'founders').length, name).toBeGreaterThan(0);
      expect(
        people.some((p) => p.relationship === 'employee'),
        name,
      ).toBe(true);
      // The common class is the Dutch/Belgian "Gewone aandelen" or its German/French name.
      expect(
        capTable.shareClasses.find((c) => c.classType === 'common'),
        name,
      ).toBeDefined();
    }
    for (const s of structures.filter((x) => WITHOUT_SHARES.includes(x.company.companyType))) {
      expect(s.capTable.totals.fullyDiluted, s.company.companyName).toBe(0);
      expect(s.events).toHaveLength(0);
    }
  });

  it('has investors (institutions), preferred Series A classes and a numbered, notarised register', () => {
    const withShares = structures.filter((s) => s.events.length > 0);
    const investors = withShares.flatMap((s) =>
      s.people.filter((p) => p.relationship === 'investor'),
    );
    expect(investors.some((p) => p.name === 'Volta Ventures Fund II')).toBe(true);
    expect(investors.filter((p) => p.kind === 'institution').length).toBeGreaterThan(10);
    const preferred = withShares.filter((s) =>
      s.capTable.shareClasses.some((c) => c.classType === 'preferred'),
    );
    expect(preferred.length).toBeGreaterThanOrEqual(5);
    const nl = withShares.filter((s) => s.company.country === 'NL');
    expect(nl.every((s) => s.capTable.shareClasses.some((c) => c.name === 'Gewone aandelen'))).toBe(
      true,
    );
    for (const s of withShares) {
      // Shares issued on the exercise of an option are entered as the API does: unnumbered.
      const registered = s.events.filter((e) => !isExercise(e));
      expect(registered.every((e) => e.firstShareNumber !== null)).toBe(true);
      expect(registered.filter((e) => e.type === 'issue').every((e) => e.deedDate !== null)).toBe(
        true,
      );
    }
    const types = new Set(withShares.flatMap((s) => s.events.map((e) => e.type)));
    expect([...types].sort()).toEqual(['cancel', 'issue', 'transfer']);
  });

  it('has STAKs whose depositary receipts are held by employees and covered by shares', () => {
    const withStak = structures.filter((s) => s.people.some((p) => p.relationship === 'stak'));
    expect(withStak.length).toBeGreaterThanOrEqual(3);
    for (const { company, people, receipts, capTable } of withStak) {
      expect(company.country).toBe('NL');
      expect(receipts.length, company.companyName).toBeGreaterThan(0);
      const byId = new Map(people.map((p) => [p.id, p]));
      expect(
        receipts.some((r) => byId.get(r.holderStakeholderId)?.relationship === 'employee'),
      ).toBe(true);
      const stakId = receipts[0]!.stakStakeholderId;
      const stakRow = capTable.rows.find((r) => r.stakeholderId === stakId);
      expect(stakRow, `${company.companyName}: the STAK is a shareholder`).toBeDefined();
      const common = capTable.shareClasses.find((c) => c.classType === 'common')!;
      const out = receipts.reduce((n, r) => n + r.receiptCount, 0);
      expect(out).toBeGreaterThan(0);
      expect(stakRow!.shares[common.id]).toBeGreaterThanOrEqual(out);
    }
  });

  it('gives every company with shares one or two plans with pools and a pool adjustment', () => {
    const withShares = structures.filter((s) => s.events.length > 0);
    for (const { company, plans, capTable } of withShares) {
      const name = company.companyName;
      expect(plans.length, name).toBeGreaterThanOrEqual(1);
      expect(plans.length, name).toBeLessThanOrEqual(2);
      expect(plans.every((p) => p.poolSize > 0)).toBe(true);
      expect(capTable.pools.map((p) => p.planId).sort()).toEqual(plans.map((p) => p.id).sort());
      if (company.country === 'DE')
        expect(
          plans.some((p) => p.planType === 'virtual_shares'),
          name,
        ).toBe(true);
      for (const plan of plans.filter((p) => p.planType === 'receipt_options')) {
        expect(plan.stakStakeholderId, name).not.toBeNull();
      }
    }
    const planTypes = new Set(withShares.flatMap((s) => s.plans.map((p) => p.planType)));
    for (const type of ['stock_options', 'receipt_options', 'virtual_shares', 'phantom_shares'])
      expect(planTypes.has(type), type).toBe(true);
    const adjustments = withShares.reduce((n, s) => n + s.adjustments, 0);
    expect(adjustments).toBeGreaterThanOrEqual(withShares.length - 2);
    // Cash-settled pools are listed but never dilute.
    const cash = withShares.flatMap((s) => s.capTable.pools.filter((p) => p.cashSettled));
    expect(cash.length).toBeGreaterThan(0);
    expect(cash.every((p) => p.fullyDilutedPercent === '0.0000')).toBe(true);
  });

  it('keeps every ledger rule: the whole register of every company replays without a violation', async () => {
    let replayed = 0;
    for (const { company } of structures) {
      const ledger = await loadLedger(t.db, company.id);
      const { violation } = replayLedger(ledger.events, {
        receipts: ledger.receipts,
        authorized: ledger.authorized,
      });
      expect(violation, company.companyName).toBeNull();
      replayed += ledger.events.length;
    }
    const [events] = await t.db.select({ n: count() }).from(shareEvent);
    expect(replayed).toBe(events!.n);
    expect(replayed).toBeGreaterThan(50);
  });

  it('has the workspace vesting templates, and every plan points at a default one', async () => {
    const { items: templates } = await ok<{ items: VestingTemplate[] }>(
      t,
      cookie,
      '/vesting-templates',
    );
    const names = templates.map((x) => x.name);
    for (const name of ['4 years monthly, 1-year cliff', '3 years quarterly', 'Cliff 12 months'])
      expect(names).toContain(name);
    expect(templates.some((x) => x.terms.type === 'milestone')).toBe(true);
    expect(templates.some((x) => x.terms.type === 'combined')).toBe(true);
    const ids = new Set(templates.map((x) => x.id));
    const plans = structures.flatMap((s) => s.plans);
    expect(plans.length).toBeGreaterThan(20);
    for (const plan of plans) expect(ids.has(plan.defaultVestingTemplateId ?? '')).toBe(true);
    expect(templates.reduce((n, x) => n + x.planCount, 0)).toBe(plans.length);
    // Grants say which template their terms came from.
    const grants = structures.flatMap((s) => s.grants);
    expect(grants.every((g) => g.templateId !== null && ids.has(g.templateId))).toBe(true);
  });

  it('gives about twenty companies grants of every kind of terms', () => {
    const withGrants = structures.filter((s) => s.grants.length > 0);
    expect(withGrants.length).toBeGreaterThanOrEqual(18);
    for (const s of withGrants) {
      expect(s.grants.length, s.company.companyName).toBeGreaterThanOrEqual(3);
      expect(s.grants.length, s.company.companyName).toBeLessThanOrEqual(25);
      const people = new Map(s.people.map((p) => [p.id, p]));
      for (const g of s.grants)
        expect(['employee', 'advisor', 'board_member']).toContain(
          people.get(g.stakeholderId)?.relationship,
        );
    }
    const grants = withGrants.flatMap((s) => s.grants);
    const kinds = new Map<string, number>();
    for (const g of grants) kinds.set(termsKind(g.terms), (kinds.get(termsKind(g.terms)) ?? 0) + 1);
    for (const kind of ['time', 'time-with-cliff', 'cliff', 'milestone', 'combined'])
      expect(kinds.get(kind) ?? 0, kind).toBeGreaterThan(0);
    // Most are the standard four years monthly behind a one-year cliff.
    expect(kinds.get('time-with-cliff')!).toBeGreaterThan(grants.length / 3);
    // Milestones: achieved (dated), pending, and forfeited when the deadline passed.
    const milestones = grants.flatMap((g) => allMilestones(g.terms));
    expect(milestones.some((m) => m.achievedDate !== null)).toBe(true);
    expect(grants.some((g) => g.schedule.pending.length > 0)).toBe(true);
    expect(
      grants.some(
        (g) => g.termination === null && g.cancelledDate === null && g.schedule.forfeited > 0,
      ),
    ).toBe(true);
    // Grant dates spread over the past years, none in the future.
    const today = firmToday();
    expect(grants.every((g) => g.grantDate <= today)).toBe(true);
    expect(new Set(grants.map((g) => g.grantDate.slice(0, 4))).size).toBeGreaterThanOrEqual(3);
  });

  it('keeps every plan within its pool', () => {
    let plans = 0;
    for (const s of structures.filter((x) => x.grants.length > 0)) {
      for (const plan of s.plans) {
        const mine = s.grants.filter((g) => g.planId === plan.id);
        const quantity = mine.reduce((n, g) => n + g.quantity, 0);
        expect(quantity, plan.id).toBeLessThanOrEqual(plan.poolReserved);
        expect(plan.poolGranted, plan.id).toBeLessThanOrEqual(plan.poolReserved);
        expect(plan.poolAvailable, plan.id).toBeGreaterThanOrEqual(0);
        if (mine.length > 0) {
          plans++;
          expect(plan.poolGranted, plan.id).toBeGreaterThan(0);
        }
      }
    }
    expect(plans).toBeGreaterThanOrEqual(18);
  });

  it('has offers, acceptances, good and bad leavers, a leave of absence and a cancellation', () => {
    const grants = structures.flatMap((s) => s.grants);
    const statuses = new Set(grants.map((g) => g.status));
    for (const status of ['draft', 'offered', 'active', 'cancelled'])
      expect(statuses).toContain(status);
    // Belgian offers: accepted in writing within 60 days.
    const belgian = structures.filter((s) => s.company.country === 'BE').flatMap((s) => s.grants);
    expect(belgian.some((g) => g.status === 'offered' && g.acceptanceDeadline !== null)).toBe(true);
    for (const g of belgian.filter((x) => x.acceptanceDate))
      expect(g.acceptanceDate! <= g.acceptanceDeadline!).toBe(true);
    const good = grants.filter((g) => g.termination?.leaverType === 'good');
    const bad = grants.filter((g) => g.termination?.leaverType === 'bad');
    expect(good.length).toBeGreaterThan(0);
    expect(bad.length).toBeGreaterThan(0);
    // Leavers forfeit what was unvested (unless the plan lets a good leaver's vesting continue);
    // bad leavers forfeit what vested too.
    const plans = new Map(structures.flatMap((s) => s.plans.map((p) => [p.id, p])));
    for (const g of [...good, ...bad]) {
      if (plans.get(g.planId)!.leaverPolicy[g.termination!.leaverType].unvested === 'continue')
        continue;
      expect(g.schedule.unvested, g.id).toBe(0);
      expect(g.schedule.forfeited, g.id).toBeGreaterThan(0);
    }
    expect(bad.every((g) => g.schedule.exercisable === 0)).toBe(true);
    expect(bad.some((g) => g.status === 'forfeited' || g.schedule.forfeited > 0)).toBe(true);
    expect(grants.some((g) => g.pauses.length > 0)).toBe(true);
  });

  it('has exercises: share issues in the register and on the cap table, and cash settlements', async () => {
    let shareSettled = 0;
    let cashSettled = 0;
    for (const s of structures) {
      const base = `/company/${s.company.id}`;
      const exercised = s.grants.filter((g) => g.schedule.exercised > 0);
      for (const g of exercised) {
        const detail = await ok<GrantDetail>(t, cookie, `${base}/grants/${g.id}`);
        const plan = s.plans.find((p) => p.id === g.planId)!;
        expect(detail.exercises.length).toBeGreaterThan(0);
        for (const e of detail.exercises) {
          if (plan.planType === 'virtual_shares' || plan.planType === 'phantom_shares') {
            expect(e.shareEventId).toBeNull();
            cashSettled++;
            continue;
          }
          const event = s.events.find((x) => x.id === e.shareEventId);
          expect(event, `${s.company.companyName}: exercise ${e.id}`).toBeDefined();
          expect(event!.type).toBe('issue');
          expect(event!.shareCount).toBe(e.quantity);
          expect(event!.date).toBe(e.date);
          const holder =
            plan.planType === 'receipt_options' ? plan.stakStakeholderId : g.stakeholderId;
          expect(event!.toStakeholderId).toBe(holder);
          const row = s.capTableToday.rows.find((r) => r.stakeholderId === holder);
          expect(row, `${s.company.companyName}: the holder is a shareholder`).toBeDefined();
          expect(Object.values(row!.shares).reduce((n, x) => n + x, 0)).toBeGreaterThanOrEqual(
            e.quantity,
          );
          if (plan.planType === 'receipt_options') {
            expect(e.receiptId).not.toBeNull();
            expect(
              s.receipts.some(
                (r) => r.holderStakeholderId === g.stakeholderId && r.receiptCount === e.quantity,
              ),
            ).toBe(true);
          }
          shareSettled++;
        }
        expect(detail.schedule.exercised).toBeLessThanOrEqual(detail.schedule.vested);
      }
      // Every exercise issue in the register belongs to an exercise of a grant.
      const issued = s.events.filter(isExercise);
      expect(
        issued.every((e) => s.grants.some((g) => e.notes === `Exercise of grant ${g.id}`)),
      ).toBe(true);
    }
    expect(shareSettled).toBeGreaterThan(0);
    expect(cashSettled).toBeGreaterThan(0);
  });

  it('shows outstanding awards, vested and unvested, on the cap table', () => {
    const withAwards = structures.filter((s) =>
      s.capTableToday.rows.some((r) => r.awardsVested > 0 && r.awardsUnvested > 0),
    );
    expect(withAwards.length).toBeGreaterThanOrEqual(5);
    for (const s of structures.filter((x) => x.grants.length > 0)) {
      const fromGrants = s.grants
        .filter((g) => !['draft', 'offered'].includes(g.status))
        .reduce((n, g) => n + g.schedule.unvested, 0);
      const onTable = s.capTableToday.rows.reduce((n, r) => n + r.awardsUnvested, 0);
      const cash = new Set(s.capTableToday.pools.filter((p) => p.cashSettled).map((p) => p.planId));
      const cashUnvested = s.grants
        .filter((g) => cash.has(g.planId) && !['draft', 'offered'].includes(g.status))
        .reduce((n, g) => n + g.schedule.unvested, 0);
      expect(onTable, s.company.companyName).toBe(fromGrants - cashUnvested);
    }
  });

  it('gives every company with share capital a valuation history of 3–6, with a funding round', () => {
    const withShares = structures.filter((s) => s.events.length > 0);
    // The one company with grants and no valuation: the practice view's "missing" alert.
    const missing = withShares.filter((s) => s.valuations.length === 0);
    expect(missing.map((s) => s.company.companyName)).toEqual(['Antwerp Diamond Labs BV']);
    expect(missing[0]!.grants.length).toBeGreaterThan(0);
    const valued = withShares.filter((s) => s.valuations.length > 0);
    expect(valued).toHaveLength(21);
    const today = firmToday();
    const threeYearsAgo = `${Number(today.slice(0, 4)) - 3}${today.slice(4)}`;
    for (const { company, valuations } of valued) {
      const name = company.companyName;
      expect(valuations.length, name).toBeGreaterThanOrEqual(3);
      expect(valuations.length, name).toBeLessThanOrEqual(6);
      expect(
        valuations.every((v) => v.effectiveDate >= threeYearsAgo && v.effectiveDate <= today),
      ).toBe(true);
      const rounds = valuations.filter((v) => v.purpose === 'funding_round');
      expect(rounds.length, name).toBeGreaterThanOrEqual(1);
      expect(
        rounds.every((v) => v.preferredPricePerShare !== null),
        name,
      ).toBe(true);
      for (const v of valuations.filter((x) => ['tax_fmv', '409a'].includes(x.purpose))) {
        expect(Number(v.dlomPercent), name).toBeGreaterThanOrEqual(20);
        expect(Number(v.dlomPercent), name).toBeLessThanOrEqual(35);
      }
      expect(valuations.every((v) => v.provider !== null || v.purpose === 'internal')).toBe(true);
      // Between rounds the company keeps about the value its last round gave it: the price per
      // share never drops by a third from one valuation to the next, except in a (down) round.
      for (const v of valuations.filter((x) => x.change !== null && x.purpose !== 'funding_round'))
        expect(
          Number(v.change!.pricePerShare.percent),
          `${name} ${v.effectiveDate}`,
        ).toBeGreaterThan(-34);
    }
    const all = valued.flatMap((s) => s.valuations);
    for (const purpose of ['tax_fmv', 'funding_round', '409a', 'internal'])
      expect(
        all.some((v) => v.purpose === purpose),
        purpose,
      ).toBe(true);
    expect(new Set(all.map((v) => v.method)).size).toBeGreaterThanOrEqual(5);
    // FMV rises mostly; one company had a down round.
    const changes = all.filter((v) => v.change !== null);
    const falls = changes.filter((v) => v.change!.fmvPerShare.absolute.startsWith('-'));
    expect(falls.length).toBeLessThan(changes.length / 3);
    const downRounds = all.filter(
      (v) => v.purpose === 'funding_round' && v.change?.fmvPerShare.absolute.startsWith('-'),
    );
    expect(downRounds.length).toBeGreaterThanOrEqual(1);
  });

  it('shows every valuation alert: current, expiring, expired, stale', () => {
    const latest = structures
      .filter((s) => s.valuations.length > 0)
      .map((s) => ({ name: s.company.companyName, status: s.valuations.at(-1)!.status }));
    const by = (status: string) => latest.filter((l) => l.status === status).map((l) => l.name);
    expect(by('expired')).toHaveLength(2);
    expect(by('stale')).toEqual(['Leuven Quantum BV']);
    expect(by('expiring')).toEqual(['Hollands Glorie Games B.V.']);
    expect(by('current').length).toBe(latest.length - 4);
    // Older ones are superseded.
    for (const s of structures)
      expect(s.valuations.slice(0, -1).every((v) => v.status === 'superseded')).toBe(true);
  });

  it('takes fully diluted shares from the cap table as of the effective date, as the API does', async () => {
    const valued = structures.filter((s) => s.valuations.length > 0);
    for (const s of valued) {
      for (const v of s.valuations) {
        const table = await ok<CapTable>(
          t,
          cookie,
          `/company/${s.company.id}/cap-table?asOf=${v.effectiveDate}`,
        );
        expect(v.fullyDilutedShares, `${s.company.companyName} ${v.effectiveDate}`).toBe(
          table.totals.fullyDiluted,
        );
        expect(v.fullyDilutedSharesDerived).toBe(true);
      }
    }
  });

  it('answers valuation metrics for a demo company: FMV, CAGR and intrinsic value', async () => {
    const s = structures.find(
      (x) =>
        x.valuations.at(-1)?.status === 'current' && x.valuations.length >= 3 && x.grants.length,
    )!;
    const metrics = await ok<ValuationMetrics>(
      t,
      cookie,
      `/company/${s.company.id}/valuation-metrics`,
    );
    expect(metrics.current?.id).toBe(s.valuations.at(-1)!.id);
    expect(metrics.fmvPerShare).not.toBeNull();
    expect(metrics.fmvCagr).not.toBeNull();
    expect(metrics.fmvCagr!.fromDate).toBe(s.valuations[0]!.effectiveDate);
    expect(metrics.intrinsicValue).not.toBeNull();
    expect(metrics.outstandingGrants).toBeGreaterThan(0);
  });

  it('settles cash exercises at the FMV valid on the exercise date, as the API does', async () => {
    const settlements = await t.db.select().from(grantSettlement);
    const bySettled = new Map(settlements.map((x) => [x.exerciseId, x]));
    const exercises = await t.db.select().from(grantExercise);
    let settled = 0;
    let unsettled = 0;
    for (const s of structures) {
      const cashPlans = new Set(
        s.plans
          .filter((p) => p.planType === 'virtual_shares' || p.planType === 'phantom_shares')
          .map((p) => p.id),
      );
      for (const g of s.grants.filter((x) => cashPlans.has(x.planId))) {
        for (const e of exercises.filter((x) => x.grantId === g.id)) {
          const inForce = s.valuations.filter((v) => v.effectiveDate <= e.date).at(-1);
          const valid =
            inForce &&
            !(inForce.materialEventDate && inForce.materialEventDate <= e.date) &&
            e.date <= inForce.validUntil
              ? inForce
              : null;
          const row = bySettled.get(e.id);
          if (!valid) {
            expect(row, `${s.company.companyName}: exercise on ${e.date}`).toBeUndefined();
            unsettled++;
            continue;
          }
          expect(row, `${s.company.companyName}: exercise on ${e.date}`).toBeDefined();
          expect(row!.valuationId).toBe(valid.id);
          expect(row!.grantId).toBe(g.id);
          expect(row!.currency).toBe(valid.currency);
          expect(compareDecimals(row!.fmvPerShare, valid.fmvPerShare)).toBe(0);
          expect(compareDecimals(row!.basePrice ?? '0', g.exercisePrice ?? '0')).toBe(0);
          // max(0, FMV − base price) × quantity, 2 decimals.
          expect(
            compareDecimals(
              row!.amount,
              intrinsicValue(valid.fmvPerShare, g.exercisePrice, e.quantity),
            ),
          ).toBe(0);
          settled++;
        }
      }
    }
    expect(settled).toBeGreaterThan(0);
    expect(settlements).toHaveLength(settled);
    void unsettled;
  });
});

describe('the practice in the demo workspace (issue 15)', () => {
  const lawyers = async () => {
    const [demi] = await t.db.select().from(user).where(eq(user.email, DEMO_EMAIL));
    const colleagues = await t.db
      .select()
      .from(user)
      .where(
        inArray(
          user.email,
          DEMO_COLLEAGUES.map((c) => c.email),
        ),
      );
    return { demi: demi!, colleagues, all: [demi!, ...colleagues] };
  };

  it('has three lawyers: the demo lawyer (owner) and two colleagues, who have no password yet', async () => {
    const { demi, colleagues, all } = await lawyers();
    expect(colleagues.map((c) => c.name).sort()).toEqual(['Jens Vermeulen', 'Sanne Bakker']);
    expect(colleagues.every((c) => c.emailVerified)).toBe(true);
    const members = await t.db.select().from(member);
    expect(members.map((m) => [m.userId, m.role]).sort()).toEqual(
      [[demi.id, 'owner'], ...colleagues.map((c) => [c.id, 'member'])].sort(),
    );
    // No credential account: signing in answers as a wrong password does (no 5xx) …
    expect(
      await t.db
        .select()
        .from(account)
        .where(
          inArray(
            account.userId,
            colleagues.map((c) => c.id),
          ),
        ),
    ).toEqual([]);
    const colleague = colleagues.find((c) => c.name === 'Sanne Bakker')!;
    const denied = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      body: { email: colleague.email, password: 'any password at all' },
    });
    expect(denied.status).toBe(401);
    // … and "forgot password" gives them one, with which they sign in to the demo workspace.
    const asked = await t.request('/api/auth/request-password-reset', {
      method: 'POST',
      body: { email: colleague.email, redirectTo: '/auth/reset-password' },
    });
    expect(asked.status).toBe(200);
    const mail = t.mails.findLast((m) => m.to === colleague.email);
    const token = mail?.text.match(/reset-password\/([A-Za-z0-9_-]+)/)?.[1];
    expect(token, mail?.text).toBeDefined();
    const reset = await t.request('/api/auth/reset-password', {
      method: 'POST',
      body: { token, newPassword: 'sanne-bakker-2026' },
    });
    expect(reset.status).toBe(200);
    const session = await t.signIn(colleague.email, 'sanne-bakker-2026');
    const list = await ok<{ total: number }>(t, session.cookie, '/company?limit=200');
    expect(list.total).toBe(25);
    // The demo lawyer keeps most clients; each colleague is responsible for three.
    const companies = await t.db.select().from(companyTable);
    const responsible = (id: string) => companies.filter((c) => c.responsibleUserId === id).length;
    expect(responsible(demi.id)).toBe(19);
    for (const c of colleagues) expect(responsible(c.id), c.name).toBe(3);
    expect(all).toHaveLength(3);
  });

  it('gives every client 2–4 contacts with one primary, some of them its stakeholders', async () => {
    const contacts = await t.db.select().from(contact);
    const people = await t.db.select().from(stakeholder);
    const companies = await t.db.select().from(companyTable);
    const functions = ['founder', 'ceo', 'cfo', 'hr', 'legal', 'board_member', 'investor', 'other'];
    for (const c of companies) {
      const mine = contacts.filter((x) => x.companyId === c.id);
      expect(mine.length, c.companyName).toBeGreaterThanOrEqual(2);
      expect(mine.length, c.companyName).toBeLessThanOrEqual(4);
      const primary = mine.filter((x) => x.primary);
      expect(primary, c.companyName).toHaveLength(1);
      // The primary contact is the company's contact person.
      expect(primary[0]!.name).toBe(c.contactName);
      expect(primary[0]!.email).toBe(c.email);
      const domain = c.email!.split('@')[1]!;
      for (const x of mine) {
        expect(functions).toContain(x.function);
        expect([null, 'nl', 'en']).toContain(x.language);
        expect(x.email && EMAIL_PATTERN.test(x.email), x.name).toBe(true);
        expect(x.email!.endsWith(`@${domain}`), x.email!).toBe(true);
        expect(x.phone && phoneError(x.phone), x.phone!).toBeNull();
        expect(x.phone!.startsWith(`+${{ NL: 31, BE: 32, DE: 49 }[c.country!]} `)).toBe(true);
        if (x.stakeholderId) {
          const person = people.find((p) => p.id === x.stakeholderId)!;
          expect(person.companyId, x.name).toBe(c.id);
          expect(person.name).toBe(x.name);
        }
      }
      expect(new Set(mine.map((x) => x.name)).size, c.companyName).toBe(mine.length);
    }
    const linked = contacts.filter((x) => x.stakeholderId);
    expect(linked.length).toBeGreaterThan(20);
    const founders = linked.filter(
      (x) => people.find((p) => p.id === x.stakeholderId)!.relationship === 'founder',
    );
    expect(founders.length).toBeGreaterThan(15);
    for (const fn of ['founder', 'ceo', 'cfo', 'hr', 'board_member'])
      expect(
        contacts.some((x) => x.function === fn),
        fn,
      ).toBe(true);
  });

  it('has a year of notes, calls, meetings and e-mails per client, linked within the client', async () => {
    const notes = await t.db.select().from(note);
    const participants = await t.db.select().from(noteParticipant);
    const contacts = await t.db.select().from(contact);
    const companies = await t.db.select().from(companyTable);
    const grants = await t.db.select().from(grantTable);
    const plans = await t.db.select().from(equityPlan);
    const valuations = await t.db.select().from(valuation);
    const { all } = await lawyers();
    const today = firmToday();
    const day = (d: Date) => d.toISOString().slice(0, 10);
    for (const c of companies) {
      const mine = notes.filter((n) => n.companyId === c.id);
      expect(mine.length, c.companyName).toBeGreaterThanOrEqual(12);
      const dates = mine.map((n) => day(n.occurredAt)).sort();
      // About a year: from eleven months ago or more to the past month, none in the future.
      expect(dates[0]! <= addDays(today, -330), c.companyName).toBe(true);
      expect(dates[0]! >= addDays(today, -367), c.companyName).toBe(true);
      expect(dates.at(-1)! >= addDays(today, -31), c.companyName).toBe(true);
      expect(mine.every((n) => n.occurredAt.getTime() <= now().getTime())).toBe(true);
      const pinned = mine.filter((n) => n.pinned).length;
      expect(pinned, c.companyName).toBeGreaterThanOrEqual(1);
      expect(pinned, c.companyName).toBeLessThanOrEqual(2);
      // Dutch for Dutch and Flemish clients, English for German (and Walloon) ones.
      const calls = mine.filter((n) => n.kind === 'call').map((n) => n.body);
      const dutch = c.country !== 'DE' && c.city !== 'Liège';
      for (const body of calls)
        expect(body.startsWith(dutch ? '**Telefoongesprek**' : '**Call**'), body).toBe(true);
    }
    expect(new Set(notes.map((n) => n.kind))).toEqual(
      new Set(['note', 'call', 'meeting', 'email']),
    );
    for (const l of all) {
      const theirs = notes.filter((n) => n.authorId === l.id);
      expect(theirs.length, l.name).toBeGreaterThan(20);
      expect(theirs.every((n) => n.authorName === l.name)).toBe(true);
    }
    expect(notes.some((n) => /\n- /.test(n.body))).toBe(true);
    expect(notes.some((n) => /\*\*\S[^*]*\*\*/.test(n.body))).toBe(true);
    // Every link stays within the note's company.
    const companyOf = new Map<string, string>([
      ...grants.map((g) => [g.id, g.companyId] as [string, string]),
      ...plans.map((p) => [p.id, p.companyId] as [string, string]),
      ...valuations.map((v) => [v.id, v.companyId] as [string, string]),
      ...contacts.map((x) => [x.id, x.companyId] as [string, string]),
    ]);
    for (const key of ['grantId', 'planId', 'valuationId'] as const) {
      const linked = notes.filter((n) => n[key]);
      expect(linked.length, key).toBeGreaterThan(10);
      for (const n of linked) expect(companyOf.get(n[key]!), key).toBe(n.companyId);
    }
    const byId = new Map(notes.map((n) => [n.id, n]));
    const memberIds = new Set(all.map((l) => l.id));
    expect(participants.some((p) => p.userId)).toBe(true);
    for (const p of participants) {
      const n = byId.get(p.noteId)!;
      expect(Boolean(p.contactId) !== Boolean(p.userId)).toBe(true);
      if (p.contactId) {
        const x = contacts.find((y) => y.id === p.contactId)!;
        expect(x.companyId).toBe(n.companyId);
        expect(p.name).toBe(x.name);
      } else {
        expect(memberIds.has(p.userId!)).toBe(true);
        expect(p.userId).not.toBe(n.authorId);
      }
    }
    // Calls, meetings and e-mails name who took part.
    const withContacts = new Set(participants.filter((p) => p.contactId).map((p) => p.noteId));
    expect(notes.filter((n) => n.kind !== 'note').every((n) => withContacts.has(n.id))).toBe(true);
  });

  it('gives every lawyer open, overdue, this week’s, later, waiting, done and undated tasks', async () => {
    const tasks = await t.db.select().from(task);
    const contacts = await t.db.select().from(contact);
    const grants = await t.db.select().from(grantTable);
    const valuations = await t.db.select().from(valuation);
    const { all } = await lawyers();
    const today = firmToday();
    for (const l of all) {
      const mine = tasks.filter((x) => x.assigneeId === l.id);
      const open = mine.filter((x) => x.status === 'open');
      const overdue = open.filter((x) => x.dueDate !== null && x.dueDate < today);
      const thisWeek = open.filter(
        (x) => x.dueDate !== null && x.dueDate >= today && x.dueDate <= addDays(today, 6),
      );
      const later = open.filter((x) => x.dueDate !== null && x.dueDate > addDays(today, 6));
      expect(overdue.length, l.name).toBeGreaterThanOrEqual(2);
      expect(thisWeek.length, l.name).toBeGreaterThanOrEqual(2);
      expect(later.length, l.name).toBeGreaterThanOrEqual(2);
      expect(open.some((x) => x.dueDate === null)).toBe(true);
      expect(mine.some((x) => x.status === 'waiting')).toBe(true);
      expect(mine.filter((x) => x.status === 'done').length).toBeGreaterThanOrEqual(2);
      expect(new Set(mine.map((x) => x.priority))).toEqual(new Set(['low', 'normal', 'high']));
      expect(mine.some((x) => x.grantId) || mine.some((x) => x.contactId)).toBe(true);
      expect(new Set(mine.map((x) => x.title)).size, l.name).toBe(mine.length);
    }
    expect(tasks.some((x) => x.dueTime !== null)).toBe(true);
    // Each lawyer has one piece of the firm's own work, without a client; none twice.
    const firmWork = tasks.filter((x) => x.companyId === null);
    expect(firmWork).toHaveLength(3);
    expect(new Set(firmWork.map((x) => x.title)).size).toBe(3);
    const names = new Map(all.map((l) => [l.id, l.name]));
    for (const x of tasks) {
      expect(['open', 'waiting', 'done']).toContain(x.status);
      expect(x.completedAt !== null, x.title).toBe(x.status === 'done');
      expect(x.createdAt.getTime()).toBeLessThanOrEqual(now().getTime());
      if (x.completedAt) {
        expect(x.completedAt.getTime()).toBeLessThanOrEqual(now().getTime());
        expect(x.completedAt.getTime()).toBeGreaterThan(x.createdAt.getTime());
      }
      if (x.dueTime !== null) {
        expect(x.dueTime).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
        expect(x.dueDate).not.toBeNull();
      }
      expect(names.get(x.createdBy!)).toBe(x.createdByName);
      // Links stay within the task's company.
      if (x.grantId) expect(grants.find((g) => g.id === x.grantId)!.companyId).toBe(x.companyId);
      if (x.valuationId)
        expect(valuations.find((v) => v.id === x.valuationId)!.companyId).toBe(x.companyId);
      if (x.contactId)
        expect(contacts.find((c) => c.id === x.contactId)!.companyId).toBe(x.companyId);
    }
  });
});
