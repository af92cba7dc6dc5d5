import { now } from '../clock';
import { randomUUID } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import {
  valuationCreateSchema,
  type ValuationCreate,
  type ValuationCreateInput,
} from '../../contracts/valuation';
import { buildCapTable } from '../../domain/cap-table';
import {
  isCashSettled,
  type PlanType,
  type ShareEventType,
  type StakeholderRelationship,
} from '../../domain/equity';
import type { LedgerEvent } from '../../domain/share-ledger';
import {
  computeValuation,
  intrinsicValue,
  latestEffectiveDate,
  validUntil,
  type ValuationMethod,
  type ValuationPurpose,
} from '../../domain/valuation';
import { addDays, addMonths } from '../../domain/vesting';
import type { DbOrTx } from '../db/client';
import {
  depositaryReceipt,
  equityPlan,
  poolAdjustment,
  shareEvent,
  stakeholder,
  type grantSettlement,
  type valuation,
} from '../db/schema';
import { toCapTablePlan } from '../modules/equity/plans';
import {
  changeOfControlDates,
  figuresOf,
  loadGrants,
  type GrantBundle,
} from '../modules/grants/load';
import { poolUse } from '../modules/grants/summary';
import { fmvValidIn } from '../modules/valuations/service';
import type { DemoCompanyRef, DemoEquityRows } from './build-equity';
import type { DemoGrantRows } from './build-grants';

/**
 * The demo's valuation histories (issue 6): per client company with share capital three to six
 * valuations over the last three years: annual tax FMV valuations (DLOM 20–35 %), a 409A or an
 * internal one here and there, and a funding round with its preferred price. FMV mostly rises;
 * one company had a down round. The latest valuation is current for most companies, but the
 * practice view has every alert: two companies' latest valuation expired, one went stale (a
 * term sheet signed since), one expires within 60 days, and one company with grants has none.
 *
 * Rows are what the valuations service writes: every input passes `valuationCreateSchema`, the
 * fully diluted shares are the cap table's as of the effective date (the service's default,
 * `fullyDilutedSharesDerived`), so they are resolved by the seed once grants and exercises are
 * written (`resolveDemoValuations`). Cash-settled exercises then get the settlement the grants
 * service records, at the FMV valid on the exercise date (`demoSettlements`).
 */

type ValuationRow = typeof valuation.$inferInsert & { id: string; createdAt: Date };
type SettlementRow = typeof grantSettlement.$inferInsert;

/** A valuation before the cap table gives its fully diluted shares. */
export interface DemoValuationSpec {
  companyId: string;
  organizationId: string;
  effectiveDate: string;
  createdAt: Date;
  /** The create body, given the fully diluted shares (the report's figures follow them). */
  body(fullyDilutedShares: number): ValuationCreateInput;
}

type Role = 'missing' | 'expired' | 'stale' | 'expiring' | 'down' | 'normal';

/** Companies whose history shows an alert (every other one has a current valuation). */
const ROLES: Record<string, Role> = {
  'Antwerp Diamond Labs BV': 'missing',
  'Grachtenpand Software B.V.': 'expired',
  'Liège Medtech SA': 'expired',
  'Leuven Quantum BV': 'stale',
  'Hollands Glorie Games B.V.': 'expiring',
  'Noordzee Energy N.V.': 'down',
};

const PROVIDERS: Record<string, string[]> = {
  NL: ['Van Leeuwen Waardering B.V.', 'Meridian Valuation Partners', 'Kanaal Corporate Finance'],
  BE: ['Schelde Corporate Finance BV', 'Meridian Valuation Partners', 'Ardenne Advisory SRL'],
  DE: ['Nordwert Bewertung GmbH', 'Isartal Valuation Partners GmbH', 'Meridian Valuation Partners'],
};

const TAX_METHODS: ValuationMethod[] = ['dcf', 'market_multiples', 'hybrid', 'opm', 'pwerm'];
const METHODS_409A: ValuationMethod[] = ['opm', 'hybrid', 'pwerm'];
const INTERNAL_METHODS: ValuationMethod[] = ['dcf', 'market_multiples'];

/** mulberry32 (as in ./build-grants.ts), seeded per company: the same day gives the same demo. */
function prng(seedText: string) {
  let a = 0;
  for (const ch of seedText) a = (Math.imul(a, 31) + ch.charCodeAt(0)) | 0;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]) => items[int(0, items.length - 1)]!;
  const between = (min: number, max: number) => min + next() * (max - min);
  return { next, int, pick, between, chance: (p: number) => next() < p };
}

const monthStart = (date: string) => `${date.slice(0, 8)}01`;
const thousands = (x: number) => (Math.round(x / 1000) * 1000).toFixed(0);

/**
 * The valuations to seed, oldest first per company. `companies` in seed order; the index picks
 * which companies show a 409A and an internal valuation, so every purpose occurs.
 */
export function planDemoValuations(
  organizationId: string,
  companies: readonly DemoCompanyRef[],
  equity: DemoEquityRows,
  today: string,
): DemoValuationSpec[] {
  const out: DemoValuationSpec[] = [];
  companies.forEach((company, index) => {
    const role = ROLES[company.companyName] ?? 'normal';
    const issues = equity.shareEvents.filter(
      (e) => e.companyId === company.id && e.type === 'issue' && e.pricePerShare,
    );
    // Companies without share capital (foundation, cooperative, partnership) have no register.
    if (issues.length === 0 || role === 'missing') return;
    const currency = equity.plans.find((p) => p.companyId === company.id)?.currency ?? 'EUR';
    const rand = prng(`valuations:${company.companyName}`);
    // Per-share figures are in units of the last round's price; a company whose shares were only
    // ever issued at par is valued from an equity value of € 1.5–3 million instead.
    const prices = issues.map((e) => Number(e.pricePerShare));
    const lastRound = Math.max(...prices);
    const seedEquity = rand.between(1_500_000, 3_000_000);
    const unitOf = (fullyDilutedShares: number) =>
      lastRound > Math.min(...prices) ? lastRound : seedEquity / fullyDilutedShares;

    // Dates: the latest first, then back in steps of 5–11 months (each one valid until the next),
    // all within the last three years.
    const latestMonthsAgo =
      role === 'expired'
        ? rand.int(13, 16)
        : role === 'expiring'
          ? 11
          : role === 'stale'
            ? rand.int(4, 7)
            : rand.int(1, 7);
    const span = 35 - latestMonthsAgo;
    const count = Math.min(rand.int(3, 6), 1 + Math.floor(span / 5));
    const dates: string[] = [];
    let month = monthStart(addMonths(today, -latestMonthsAgo));
    for (let i = 0; i < count; i++) {
      dates.unshift(month);
      month = addMonths(month, -rand.int(5, Math.min(11, Math.floor(span / (count - 1)))));
    }
    const days = dates.map((d, i) =>
      i === dates.length - 1 && role === 'expiring'
        ? // validUntil 15–50 days ahead: the "expiring" alert.
          addDays(addMonths(today, -12), rand.int(16, 51))
        : addDays(d, rand.int(0, 27)),
    );

    // One funding round, not the latest (a tax valuation follows a round); an earlier one for
    // the down round so that the FMV recovers afterwards.
    const roundAt = role === 'down' ? Math.max(1, count - 3) : rand.int(0, count - 2);
    const with409a = index % 4 === 1 ? rand.int(0, count - 1) : -1;
    const withInternal = index % 5 === 2 ? rand.int(0, count - 1) : -1;
    const provider = rand.pick(PROVIDERS[company.country] ?? PROVIDERS.NL!);

    // FMV path: from below the plans' strike (30 % of the last round) and mostly up.
    let fmv = 0.3 * rand.between(0.6, 0.8);
    let preferred = rand.between(1, 1.2);
    days.forEach((effectiveDate, i) => {
      if (i > 0)
        fmv *=
          role === 'down' && i === roundAt ? rand.between(0.6, 0.72) : rand.between(1.04, 1.18);
      const purpose: ValuationPurpose =
        i === roundAt
          ? 'funding_round'
          : i === with409a
            ? '409a'
            : i === withInternal
              ? 'internal'
              : 'tax_fmv';
      const method: ValuationMethod =
        purpose === 'funding_round'
          ? rand.pick(['recent_round', 'opm'] as const)
          : purpose === '409a'
            ? rand.pick(METHODS_409A)
            : purpose === 'internal'
              ? rand.pick(INTERNAL_METHODS)
              : rand.pick(TAX_METHODS);
      const dlom =
        purpose === 'tax_fmv' || purpose === '409a'
          ? rand.int(40, 70) / 2 // 20–35 %, in halves
          : purpose === 'internal'
            ? rand.pick([0, 10, 15])
            : 0;
      const keep = 1 - dlom / 100;
      // Every demo report values the common shares separately from the company (the preferred's
      // preference weighs on them), so the FMV follows the common value.
      const common = fmv / keep;
      if (purpose === 'funding_round')
        preferred *= role === 'down' ? rand.between(0.65, 0.8) : rand.between(1.1, 1.4);
      const round = purpose === 'funding_round';
      // Fully diluted price: a round's post-money per share. Between rounds the company is worth
      // about what the last round priced it at (so the price per share does not fall after a
      // round), and at least well above the common value.
      const perShare = round
        ? preferred * rand.between(0.85, 0.95)
        : Math.max(common * rand.between(1.3, 1.9), preferred * rand.between(0.8, 0.95));
      const cashShare = rand.between(0.05, 0.25);
      const debtShare = rand.chance(0.5) ? rand.between(0, 0.15) : 0;
      const materialEventDate =
        role === 'stale' && i === days.length - 1
          ? addDays(today, -rand.int(10, 40))
          : days[i + 1] && i + 1 === roundAt
            ? // The round closing makes the tax valuation before it stale.
              days[i + 1]!
            : null;
      const roundNote = (price: string) =>
        role === 'down'
          ? `Down round: Series B at ${currency} ${price} per preferred share, below the Series A price; anti-dilution applied.`
          : `Financing round closed at ${currency} ${price} per preferred share; common value backsolved.`;
      const notes =
        role === 'stale' && i === days.length - 1
          ? 'Series B term sheet signed since: the valuation no longer reflects the company.'
          : purpose === 'tax_fmv'
            ? 'Annual fair market value for the option plan (tax).'
            : null;
      out.push({
        companyId: company.id,
        organizationId,
        effectiveDate,
        createdAt: new Date(
          Math.max(
            company.createdAt.getTime() + 3 * 3_600_000,
            Date.parse(`${effectiveDate}T08:00:00Z`),
          ) +
            1000 * i,
        ),
        body: (fullyDilutedShares) => {
          const unit = unitOf(fullyDilutedShares);
          const equityValue = perShare * unit * fullyDilutedShares;
          const preferredPrice = (preferred * unit).toFixed(2);
          const cash = equityValue * cashShare;
          const debt = equityValue * debtShare;
          return {
            effectiveDate,
            purpose,
            method,
            provider: purpose === 'internal' ? null : provider,
            currency,
            enterpriseValue: thousands(equityValue + debt - cash),
            debt: thousands(debt),
            cash: thousands(cash),
            fullyDilutedShares: null,
            preferredPricePerShare: round ? preferredPrice : null,
            commonValuePerShare: (common * unit).toFixed(4),
            dlomPercent: String(dlom),
            shareClassId: null,
            materialEventDate,
            notes: round ? roundNote(preferredPrice) : notes,
          };
        },
      });
    });
    if (days.some((d) => d > latestEffectiveDate(today)))
      throw new Error(`Demo data: a valuation of ${company.companyName} is too far ahead`);
  });
  return out;
}

/**
 * The cap table's fully diluted total as of each spec's effective date: what getCapTable
 * (src/server/modules/equity/cap-table.ts, with awardsOf) gives and the valuations service
 * stores when fullyDilutedShares is omitted, computed the same way (register replayed to the
 * date, outstanding non-cash awards, unallocated non-cash pools) from one read of the workspace
 * instead of a dozen queries per valuation. test/api/demo.test.ts checks every figure against
 * the cap table endpoint.
 */
export async function demoFullyDiluted(
  db: DbOrTx,
  organizationId: string,
  specs: readonly DemoValuationSpec[],
): Promise<number[]> {
  // One after another: this runs in the seed's transaction, a single connection.
  const people = await db
    .select({
      id: stakeholder.id,
      companyId: stakeholder.companyId,
      name: stakeholder.name,
      relationship: stakeholder.relationship,
    })
    .from(stakeholder)
    .where(eq(stakeholder.organizationId, organizationId));
  const events = await db
    .select()
    .from(shareEvent)
    .where(eq(shareEvent.organizationId, organizationId))
    .orderBy(asc(shareEvent.date), asc(shareEvent.createdAt), asc(shareEvent.id));
  const plans = await db
    .select()
    .from(equityPlan)
    .where(eq(equityPlan.organizationId, organizationId));
  const receipts = await db
    .select({
      companyId: depositaryReceipt.companyId,
      stakStakeholderId: depositaryReceipt.stakStakeholderId,
      shareClassId: depositaryReceipt.shareClassId,
      receiptCount: depositaryReceipt.receiptCount,
      date: depositaryReceipt.date,
    })
    .from(depositaryReceipt)
    .where(eq(depositaryReceipt.organizationId, organizationId));
  const planIds = plans.map((p) => p.id);
  const adjustments =
    planIds.length === 0
      ? []
      : await db
          .select()
          .from(poolAdjustment)
          .where(inArray(poolAdjustment.planId, planIds))
          .orderBy(asc(poolAdjustment.date), asc(poolAdjustment.createdAt));
  const bundles = await loadGrants(db, { planIds });
  const coc = await changeOfControlDates(db, [...new Set(specs.map((s) => s.companyId))]);
  const group = <T extends { companyId: string }>(rows: readonly T[]) => {
    const by = new Map<string, T[]>();
    for (const row of rows) by.set(row.companyId, [...(by.get(row.companyId) ?? []), row]);
    return by;
  };
  const peopleBy = group(people);
  const eventsBy = group(events);
  const plansBy = group(plans);
  const receiptsBy = group(receipts);
  const bundlesBy = group(bundles.map((b) => ({ companyId: b.row.companyId, bundle: b })));
  return specs.map(({ companyId, effectiveDate: asOf }) => {
    const ledger: LedgerEvent[] = (eventsBy.get(companyId) ?? [])
      .filter((e) => e.date <= asOf)
      .map((e, seq) => ({
        id: e.id,
        seq,
        type: e.type as ShareEventType,
        date: e.date,
        shareClassId: e.shareClassId,
        shareCount: e.shareCount,
        fromStakeholderId: e.fromStakeholderId,
        toStakeholderId: e.toStakeholderId,
        firstShareNumber: e.firstShareNumber,
        lastShareNumber: e.lastShareNumber,
      }));
    // As awardsOf: outstanding awards, and what each plan's grants took from its pool by then.
    const changeOfControl = coc.get(companyId) ?? null;
    const awards = [];
    const granted = new Map<string, number>();
    for (const { bundle: b } of bundlesBy.get(companyId) ?? []) {
      if (b.row.grantDate > asOf) continue;
      const f = figuresOf(b as GrantBundle, changeOfControl, asOf);
      granted.set(
        b.row.planId,
        (granted.get(b.row.planId) ?? 0) + poolUse(f, b.row.quantity, b.plan.forfeitedTo),
      );
      if (['draft', 'offered'].includes(b.row.status)) continue;
      const vested = Math.max(0, f.vested - f.exercised);
      if (vested + f.unvested > 0)
        awards.push({
          stakeholderId: b.row.stakeholderId,
          planId: b.row.planId,
          vested,
          unvested: f.unvested,
        });
    }
    return buildCapTable({
      asOf,
      stakeholders: (peopleBy.get(companyId) ?? []).map((p) => ({
        id: p.id,
        name: p.name,
        relationship: p.relationship as StakeholderRelationship,
      })),
      events: ledger,
      plans: (plansBy.get(companyId) ?? []).map((p) => ({
        ...toCapTablePlan(
          p,
          adjustments.filter((a) => a.planId === p.id),
        ),
        granted: granted.get(p.id) ?? 0,
      })),
      awards,
      receipts: receiptsBy.get(companyId) ?? [],
    }).totals.fullyDiluted;
  });
}

/**
 * The valuation row the service would insert for a spec, given the cap table's fully diluted
 * total as of its effective date (the API's default when fullyDilutedShares is omitted).
 */
export function demoValuationRow(
  spec: DemoValuationSpec,
  fullyDilutedShares: number,
): ValuationRow {
  if (fullyDilutedShares <= 0)
    throw new Error(`Demo data: no shares on ${spec.effectiveDate} for a valuation`);
  const body: ValuationCreate = valuationCreateSchema.parse(spec.body(fullyDilutedShares));
  if (computeValuation({ ...body, fullyDilutedShares }).equityValue.startsWith('-'))
    throw new Error(`Demo data: negative equity value on ${spec.effectiveDate}`);
  return {
    id: randomUUID(),
    organizationId: spec.organizationId,
    companyId: spec.companyId,
    ...body,
    fullyDilutedShares,
    fullyDilutedSharesDerived: true,
    validUntil: validUntil(body.effectiveDate),
    createdAt: spec.createdAt,
    updatedAt: spec.createdAt,
  };
}

/**
 * The settlements the grants service records for the demo's cash-settled exercises: at the FMV
 * valid on the exercise date (`fmvValidIn`, as `fmvValidOn` in exerciseGrant), amount
 * max(0, FMV − base price) × quantity. None when no valuation is valid on the date.
 */
export function demoSettlements(
  grants: DemoGrantRows,
  plans: DemoEquityRows['plans'],
  valuations: readonly ValuationRow[],
): SettlementRow[] {
  const grantById = new Map(grants.grants.map((g) => [g.id!, g]));
  const planById = new Map(plans.map((p) => [p.id!, p]));
  const histories = new Map<string, ValuationRow[]>();
  for (const v of valuations) {
    const list = histories.get(v.companyId) ?? [];
    list.push(v);
    histories.set(v.companyId, list);
  }
  // History order: effective date, then when recorded, then id (as the service reads it).
  for (const list of histories.values())
    list.sort((a, b) =>
      a.effectiveDate !== b.effectiveDate
        ? a.effectiveDate < b.effectiveDate
          ? -1
          : 1
        : a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1),
    );
  const out: SettlementRow[] = [];
  for (const exercise of grants.exercises) {
    const grant = grantById.get(exercise.grantId)!;
    const plan = planById.get(grant.planId)!;
    if (!isCashSettled(plan.planType as PlanType)) continue;
    const history = (histories.get(exercise.companyId) ?? []) as Parameters<typeof fmvValidIn>[0];
    const settlement = fmvValidIn(history, exercise.date);
    if (!settlement) continue;
    const basePrice = grant.exercisePrice ?? null;
    out.push({
      exerciseId: exercise.id!,
      organizationId: exercise.organizationId,
      companyId: exercise.companyId,
      grantId: grant.id!,
      valuationId: settlement.valuationId,
      fmvPerShare: settlement.fmvPerShare,
      basePrice,
      amount: intrinsicValue(settlement.fmvPerShare, basePrice, exercise.quantity),
      currency: settlement.currency,
      createdAt: exercise.createdAt ?? now(),
    });
  }
  return out;
}
