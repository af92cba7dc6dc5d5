import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, DEMO_EMAIL, DEMO_PASSWORD } from '../../src/server/demo/seed';
import { shareEvent, stakeholder, user } from '../../src/server/db/schema';
import { count, eq } from 'drizzle-orm';
import { replayLedger } from '../../src/domain/share-ledger';
import { loadLedger } from '../../src/server/modules/equity/register';
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
  shareClassId: string | null;
  stakStakeholderId: string | null;
}

/** Everything the demo test looks at, per company, read through the API. */
let structures: {
  company: Company;
  capTable: CapTable;
  people: Person[];
  plans: Plan[];
  events: { type: string; firstShareNumber: number | null; deedDate: string | null }[];
  receipts: { stakStakeholderId: string; holderStakeholderId: string; receiptCount: number }[];
  adjustments: number;
}[];

/** Legal forms without share capital: a foundation (the STAK itself), a cooperative, a partnership. */
const WITHOUT_SHARES = ['Stichting', 'Coöperatie', 'VOF'];

/** Four-decimal percentage strings summed exactly, in ten-thousandths. */
const percentUnits = (values: string[]) =>
  values.reduce((sum, v) => sum + Number(v.replace('.', '')), 0);

beforeAll(async () => {
  t = await createTestApp();
  const started = performance.now();
  await seedDemo({ database: t.database, auth: t.auth, logger: silentLogger });
  // Seeding is one transaction of bulk inserts: a demo start must stay quick.
  expect(performance.now() - started).toBeLessThan(5000);
  await seedDemo({ database: t.database, auth: t.auth, logger: silentLogger });
  cookie = (await t.signIn(DEMO_EMAIL, DEMO_PASSWORD)).cookie;
  const list = await ok<{ items: Company[]; total: number }>(t, cookie, '/company?limit=200');
  structures = await Promise.all(
    list.items.map(async (company) => {
      const base = `/company/${company.id}`;
      const [capTable, people, plans, events, receipts] = await Promise.all([
        ok<CapTable>(t, cookie, `${base}/cap-table?asOf=2026-01-01`),
        ok<{ items: Person[] }>(t, cookie, `${base}/stakeholders`),
        ok<{ items: Plan[] }>(t, cookie, `${base}/plans`),
        ok<{ items: { type: string; firstShareNumber: number | null; deedDate: string | null }[] }>(
          t,
          cookie,
          `${base}/share-events`,
        ),
        ok<{
          items: { stakStakeholderId: string; holderStakeholderId: string; receiptCount: number }[];
        }>(t, cookie, `${base}/receipts`),
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
        people: people.items,
        plans: plans.items,
        events: events.items,
        receipts: receipts.items,
        adjustments,
      };
    }),
  );
}, 60_000);
afterAll(() => t.close());

describe('demo workspace (npm run demo)', () => {
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
      expect(s.events.every((e) => e.firstShareNumber !== null)).toBe(true);
      expect(s.events.filter((e) => e.type === 'issue').every((e) => e.deedDate !== null)).toBe(
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
});
