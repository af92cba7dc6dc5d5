import { now } from '../clock';
import { randomUUID } from 'node:crypto';
import {
  grantCreateSchema,
  vestingTemplateCreateSchema,
  type GrantCreateInput,
  type VestingTemplateCreateInput,
  type VestingTermsInput,
  type VestingTermsValue,
} from '../../contracts/vesting';
import { isCashSettled, type PlanType } from '../../domain/equity';
import { replayLedger, type LedgerEvent } from '../../domain/share-ledger';
import { addDays, addMonths, type VestingPolicy, type VestingTerms } from '../../domain/vesting';
import type {
  depositaryReceipt,
  grant,
  grantExercise,
  shareEvent,
  vestingTemplate,
} from '../db/schema';
import { grantFigures } from '../modules/grants/summary';
import { standardTemplateRows } from '../modules/vesting/templates';
import type { DemoCompanyRef, DemoEquityRows } from './build-equity';

/**
 * The demo's grants (issue 5): the workspace's vesting templates, each plan's default template,
 * and per client company a realistic set of grants to employees, advisors and board members:
 * mostly 4 years monthly behind a 1-year cliff, some 3 years quarterly, cliff-only advisor
 * grants, milestone and combined terms; drafts and Belgian offers awaiting acceptance, good and
 * bad leavers, a leave of absence, a lapsed offer cancelled, and exercises. Rows are what the
 * grants service (src/server/modules/grants/service.ts) would write: every grant passes
 * `grantCreateSchema`, fits its plan's pool at every date, and exercises take at most what the
 * engine says is exercisable; share-settled exercises issue the shares in the register (options
 * on receipts: to the STAK, with receipts for the holder), cash-settled ones are settlements only.
 *
 * Dates are relative to the seed's `today` (grants of the last four years), drawn from a PRNG
 * seeded per company: the same day gives the same demo.
 */

export interface DemoGrantRows {
  templates: (typeof vestingTemplate.$inferInsert)[];
  grants: (typeof grant.$inferInsert)[];
  shareEvents: (typeof shareEvent.$inferInsert)[];
  receipts: (typeof depositaryReceipt.$inferInsert)[];
  exercises: (typeof grantExercise.$inferInsert)[];
}

type PlanRow = DemoEquityRows['plans'][number];
type GrantRow = typeof grant.$inferInsert;

/** Companies whose plans have no grants yet (a plan can wait for its first hire). */
const WITHOUT_GRANTS = new Set(['Maasvlakte Logistics B.V.', 'Rheinland Health UG']);

const FOUR_YEARS_CLIFF: VestingTermsInput = {
  type: 'time',
  periodLength: 1,
  periodUnit: 'months',
  occurrences: 48,
  cliffPeriods: 12,
};
const THREE_YEARS_QUARTERLY: VestingTermsInput = {
  type: 'time',
  periodLength: 3,
  periodUnit: 'months',
  occurrences: 12,
  cliffPeriods: 0,
};
/** A cliff as long as the schedule vests everything at once (domain.md, Vesting). */
const CLIFF_12: VestingTermsInput = {
  type: 'time',
  periodLength: 1,
  periodUnit: 'months',
  occurrences: 12,
  cliffPeriods: 12,
};
const third = { numerator: 1, denominator: 3 };
const MILESTONES: VestingTermsInput = {
  type: 'milestone',
  milestones: [
    { id: 'product-launch', name: 'Product launch (general availability)', portion: third },
    { id: 'first-revenue', name: 'First € 1 million annual recurring revenue', portion: third },
    { id: 'funding-round', name: 'Next funding round closed', portion: third },
  ],
};
const COMBINED: VestingTermsInput = {
  type: 'combined',
  parts: [
    { portion: { numerator: 3, denominator: 4 }, terms: FOUR_YEARS_CLIFF },
    {
      portion: { numerator: 1, denominator: 4 },
      terms: {
        type: 'milestone',
        milestones: [
          {
            id: 'arr-target',
            name: 'ARR above € 5 million',
            portion: { numerator: 1, denominator: 1 },
          },
        ],
      },
    },
  ],
};

type TemplateKey = 'fourYears' | 'threeYears' | 'cliff' | 'milestones' | 'combined';

/** The standard template the demo's employee grants use (one of every workspace's, decision 022). */
const STANDARD_FOUR_YEARS = '4 years monthly, 1-year cliff';

/** The demo firm's own templates, next to the standard set every workspace starts with. */
const TEMPLATES: Record<Exclude<TemplateKey, 'fourYears'>, VestingTemplateCreateInput> = {
  threeYears: {
    name: '3 years quarterly',
    description: 'Refresh grants and board members: no cliff, every quarter.',
    terms: THREE_YEARS_QUARTERLY,
  },
  cliff: {
    name: 'Cliff 12 months',
    description: 'Advisors: everything vests after one year of service.',
    terms: CLIFF_12,
  },
  milestones: {
    name: 'Milestones: launch, revenue, funding',
    description: 'A third each on product launch, € 1 million ARR and the next funding round.',
    terms: MILESTONES,
  },
  combined: {
    name: '75 % 4 years monthly + 25 % ARR milestone',
    description: 'Senior hires: time-based vesting with a revenue kicker.',
    terms: COMBINED,
  },
};

/** mulberry32: a small deterministic PRNG, seeded per company so each one is stable. */
export function prng(seedText: string) {
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
  return { next, int, chance: (p: number) => next() < p };
}

const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string, b: string) => (a < b ? a : b);
const monthsBetween = (from: string, to: string) =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 +
  Number(to.slice(5, 7)) -
  Number(from.slice(5, 7));

/** Spec of one grant before quantities are shared out of the pool. */
interface Draft {
  holderId: string;
  kind: 'employee' | 'refresh' | 'advisor' | 'board';
  grantDate: string;
  template: TemplateKey;
  weight: number;
  status: 'draft' | 'offered' | 'accepted' | 'active';
  plan?: PlanRow;
  quantity?: number;
  leaver?: { leaverType: 'good' | 'bad'; months: number };
  pause?: boolean;
  cancelOffer?: boolean;
}

function milestoneTerms(
  rand: ReturnType<typeof prng>,
  terms: VestingTermsValue,
  grantDate: string,
  today: string,
): VestingTermsValue {
  const fill = (m: { achievedDate: string | null; deadline: string | null }, i: number) => {
    const roll = rand.next();
    const achieved = addMonths(grantDate, rand.int(4, 20) + i * 4);
    if (roll < 0.5 && achieved < today) {
      m.achievedDate = achieved;
      return;
    }
    const deadline = addMonths(grantDate, rand.int(12, 30));
    // Deadlines passed unachieved forfeit their portion; others stay pending.
    m.deadline = roll < 0.75 || deadline > today ? deadline : null;
  };
  const copy = structuredClone(terms);
  if (copy.type === 'milestone') copy.milestones.forEach(fill);
  if (copy.type === 'combined')
    for (const part of copy.parts)
      if (part.terms.type === 'milestone') part.terms.milestones.forEach(fill);
  return copy;
}

function buildCompanyGrants(
  out: DemoGrantRows,
  equity: DemoEquityRows,
  company: DemoCompanyRef,
  templateIds: Record<TemplateKey, string>,
  parsedTemplates: Record<TemplateKey, VestingTermsValue>,
  today: string,
  companyIndex: number,
) {
  const plans = equity.plans.filter((p) => p.companyId === company.id);
  if (plans.length === 0 || WITHOUT_GRANTS.has(company.companyName)) return;
  const rand = prng(company.companyName);
  const organizationId = plans[0]!.organizationId;
  const owned = { organizationId, companyId: company.id };
  const people = equity.stakeholders.filter((s) => s.companyId === company.id);
  const approval = (p: PlanRow) => addDays(p.boardApprovalDate ?? '2000-01-01', 14);
  const windowStart = later(
    addMonths(today, -48),
    plans.map(approval).reduce((a, b) => earlier(a, b)),
  );
  const span = Math.max(1, monthsBetween(windowStart, today) - 2);
  const dateIn = (fromMonth: number, toMonth: number) =>
    addDays(
      addMonths(windowStart, rand.int(Math.min(fromMonth, span), Math.min(toMonth, span))),
      rand.int(0, 20),
    );

  // Who gets what.
  const drafts: Draft[] = [];
  const employees = people.filter((p) => p.relationship === 'employee');
  employees.forEach((person, j) => {
    const leaves = person.status === 'terminated';
    const grantDate = leaves
      ? dateIn(0, 8)
      : person.status === 'leave_of_absence'
        ? dateIn(0, 18)
        : dateIn(0, span);
    const roll = rand.next();
    const template: TemplateKey =
      roll < 0.66
        ? 'fourYears'
        : roll < 0.78
          ? 'threeYears'
          : roll < 0.9
            ? 'combined'
            : 'milestones';
    drafts.push({
      holderId: person.id!,
      kind: 'employee',
      grantDate,
      template,
      weight: j < 3 ? rand.int(3, 5) : rand.int(1, 3),
      status: 'active',
      leaver: leaves
        ? { leaverType: companyIndex % 2 === 0 ? 'good' : 'bad', months: rand.int(13, 30) }
        : undefined,
      pause: person.status === 'leave_of_absence',
    });
    // Early hires get a refresh grant after two years.
    if (!leaves && j < 3 && monthsBetween(grantDate, today) > 26 && rand.chance(0.6))
      drafts.push({
        holderId: person.id!,
        kind: 'refresh',
        grantDate: addDays(addMonths(grantDate, 24), rand.int(0, 40)),
        template: 'threeYears',
        weight: 1,
        status: 'active',
      });
  });
  for (const person of people.filter((p) => p.relationship === 'advisor'))
    drafts.push({
      holderId: person.id!,
      kind: 'advisor',
      grantDate: dateIn(0, span),
      template: rand.chance(0.6) ? 'cliff' : 'milestones',
      weight: 1,
      status: 'active',
    });
  for (const person of people.filter((p) => p.relationship === 'board_member'))
    drafts.push({
      holderId: person.id!,
      kind: 'board',
      grantDate: dateIn(0, span),
      template: 'threeYears',
      weight: 1,
      status: 'active',
    });
  if (drafts.length === 0) return;
  drafts.sort((a, b) => (a.grantDate < b.grantDate ? -1 : 1));

  // The newest grants are still being papered: a draft, or (Belgium) an offer awaiting written
  // acceptance; one Belgian offer lapsed unanswered and was cancelled.
  const newest = drafts.filter((d) => !d.leaver && !d.pause && d.kind !== 'refresh');
  const pending = newest.at(-1);
  if (pending && drafts.length >= 4) {
    pending.grantDate = addDays(today, -rand.int(3, 25));
    pending.status = company.country === 'BE' ? 'offered' : 'draft';
  }
  if (company.country === 'BE' && newest.length >= 5) {
    const accepted = newest.at(-2)!;
    accepted.grantDate = addDays(today, -rand.int(40, 55));
    accepted.status = 'accepted';
    if (companyIndex % 3 === 0) newest.at(-3)!.cancelOffer = true;
  }
  drafts.sort((a, b) => (a.grantDate < b.grantDate ? -1 : 1));

  // Plans: any plan approved by the grant date; the pool shared out by weight, never exceeding
  // the smallest reserve the plan ever has (the API refuses POOL_EXHAUSTED otherwise).
  for (const d of drafts) {
    const eligible = plans.filter((p) => approval(p) <= d.grantDate);
    if (eligible.length > 0) d.plan = eligible[rand.int(0, eligible.length - 1)];
    else {
      // Not reached with the window above; kept so a data change cannot predate a plan.
      d.plan = [...plans].sort((a, b) => (approval(a) < approval(b) ? -1 : 1))[0]!;
      d.grantDate = approval(d.plan);
    }
  }
  for (const plan of plans) {
    const mine = drafts.filter((d) => d.plan === plan);
    if (mine.length === 0) continue;
    let reserved = plan.poolSize;
    let budget = reserved;
    for (const a of equity.poolAdjustments
      .filter((x) => x.planId === plan.id)
      .sort((x, y) => (x.date < y.date ? -1 : 1))) {
      reserved += a.shareCount;
      budget = Math.min(budget, reserved);
    }
    const step = budget >= 50_000 ? 250 : budget >= 5_000 ? 25 : 5;
    const share = budget * (0.45 + rand.next() * 0.3);
    const weights = mine.reduce((s, d) => s + d.weight, 0);
    for (const d of mine)
      d.quantity = Math.max(step, Math.floor((share * d.weight) / weights / step) * step);
    const total = mine.reduce((s, d) => s + d.quantity!, 0);
    if (total > budget)
      throw new Error(`Demo data: grants of ${plan.name} (${total}) exceed its pool (${budget})`);
  }

  // The register as it stands, for the exercises' issues.
  const classes = equity.shareClasses.filter((c) => c.companyId === company.id);
  const ledger: LedgerEvent[] = equity.shareEvents
    .filter((e) => e.companyId === company.id)
    .map((e, seq) => ({
      id: e.id!,
      seq,
      type: e.type as LedgerEvent['type'],
      date: e.date,
      shareClassId: e.shareClassId,
      shareCount: e.shareCount,
      fromStakeholderId: e.fromStakeholderId ?? null,
      toStakeholderId: e.toStakeholderId ?? null,
      firstShareNumber: e.firstShareNumber ?? null,
      lastShareNumber: e.lastShareNumber ?? null,
    }));
  const ledgerReceipts = equity.receipts
    .filter((r) => r.companyId === company.id)
    .map((r) => ({
      id: r.id!,
      date: r.date,
      stakStakeholderId: r.stakStakeholderId,
      shareClassId: r.shareClassId,
      receiptCount: r.receiptCount,
    }));
  const authorized = new Map(
    classes.filter((c) => c.sharesAuthorized != null).map((c) => [c.id!, c.sharesAuthorized!]),
  );
  const issues = equity.shareEvents.filter(
    (e) => e.companyId === company.id && e.type === 'issue' && e.pricePerShare,
  );
  const strikeOn = (date: string) => {
    const before = issues.filter((e) => e.date <= date).at(-1) ?? issues[0];
    const price = Number(before?.pricePerShare ?? '1');
    // Common stock's fair market value: a discount on the last round's price (domain.md).
    return Math.max(0.01, Math.round(price * 30) / 100).toFixed(2);
  };

  // Entered after the equity structure; anything dated later, on its own date.
  let tick = 0;
  const entered = (date?: string) => {
    const base = company.createdAt.getTime() + 7_200_000;
    const own = date ? Date.parse(`${date}T09:00:00Z`) : 0;
    const at = new Date(Math.max(base, own) + 1000 * tick++);
    return { createdAt: at, updatedAt: at };
  };

  let exercisesHere = 0;
  for (const d of drafts) {
    const plan = d.plan!;
    const type = plan.planType as PlanType;
    const options = type === 'stock_options' || type === 'receipt_options';
    const vestingStartDate = d.status === 'active' ? `${d.grantDate.slice(0, 8)}01` : d.grantDate;
    const terms =
      d.template === 'milestones' || d.template === 'combined'
        ? milestoneTerms(rand, parsedTemplates[d.template], d.grantDate, today)
        : parsedTemplates[d.template];
    const offered = company.country === 'BE' && d.status !== 'draft';
    const acceptanceDate =
      offered && d.status !== 'offered'
        ? earlier(addDays(d.grantDate, rand.int(7, 50)), today)
        : null;
    const taxAtExercise =
      company.country === 'NL' && options && d.grantDate >= '2023-01-01' && rand.chance(0.4);
    const input: GrantCreateInput = {
      stakeholderId: d.holderId,
      planId: plan.id!,
      quantity: d.quantity!,
      exercisePrice: options || type === 'phantom_shares' ? strikeOn(d.grantDate) : null,
      currency: plan.currency,
      grantDate: d.grantDate,
      vestingStartDate,
      templateId: templateIds[d.template],
      terms,
      expiryDate: options ? addMonths(d.grantDate, 120) : null,
      offerDate: offered ? d.grantDate : null,
      acceptanceDate: d.cancelOffer ? null : acceptanceDate,
      taxAtExercise,
      taxElectionDate: taxAtExercise ? addDays(d.grantDate, rand.int(1, 20)) : null,
      status: d.cancelOffer ? 'offered' : d.status,
      notes:
        d.kind === 'refresh'
          ? 'Refresh grant after two years'
          : d.kind === 'advisor'
            ? 'Advisory agreement'
            : null,
    };
    const body = grantCreateSchema.parse(input);
    const row: GrantRow = {
      id: randomUUID(),
      ...owned,
      ...body,
      currency: body.currency ?? plan.currency,
      terminationDate: null,
      leaverType: null,
      terminationReason: null,
      cancelledDate: null,
      cancellationReason: null,
      pauses: [],
      ...entered(d.grantDate),
    };
    if (d.cancelOffer) {
      // Belgian offers lapse when not accepted in writing within 60 days (law of 26 March 1999).
      row.cancelledDate = earlier(addDays(d.grantDate, 61), today);
      row.cancellationReason = 'Offer not accepted within 60 days';
    }
    const months = monthsBetween(d.grantDate, today) - 2;
    if (d.leaver && months >= 2) {
      row.terminationDate = addDays(
        addMonths(d.grantDate, Math.min(d.leaver.months, months)),
        rand.int(0, 20),
      );
      row.leaverType = d.leaver.leaverType;
      row.terminationReason =
        d.leaver.leaverType === 'good'
          ? 'Resigned; good leaver under the plan'
          : 'Dismissed for cause (urgent reason); bad leaver';
    }
    if (d.pause) {
      const start = `${addMonths(today, -2).slice(0, 8)}01`;
      if (start > vestingStartDate) row.pauses = [{ start, end: addMonths(start, 6) }];
    }
    out.grants.push(row);

    // Exercises: good leavers use their window; a few early hires exercise part of what vested.
    if (!['accepted', 'active'].includes(body.status) || row.cancelledDate) continue;
    const policy: VestingPolicy = {
      leaver: plan.leaverPolicy as VestingPolicy['leaver'],
      acceleration: plan.acceleration as VestingPolicy['acceleration'],
      exerciseWindowMonths: plan.exerciseWindowMonths ?? null,
    };
    const figuresOn = (date: string) =>
      grantFigures(
        {
          quantity: row.quantity,
          vestingStartDate: row.vestingStartDate,
          terms: row.terms as VestingTerms,
          status: row.status!,
          expiryDate: row.expiryDate ?? null,
          terminationDate: row.terminationDate ?? null,
          leaverType: row.leaverType ?? null,
          cancelledDate: null,
          pauses: row.pauses ?? [],
          exercises: [],
        },
        policy,
        null,
        date,
      );
    let date: string | null = null;
    let quantity = 0;
    if (row.leaverType === 'good' && row.terminationDate) {
      date = earlier(addDays(row.terminationDate, rand.int(10, 45)), today);
      quantity = figuresOn(date).exercisable;
    } else if (
      !row.terminationDate &&
      d.kind === 'employee' &&
      exercisesHere < 2 &&
      rand.chance(0.35)
    ) {
      date = addDays(today, -rand.int(20, 200));
      const f = figuresOn(date);
      quantity = Math.floor((f.exercisable * rand.int(2, 8)) / 10);
    }
    if (!date || quantity <= 0 || date < row.grantDate) continue;
    exercisesHere++;
    let shareEventId: string | null = null;
    let receiptId: string | null = null;
    if (!isCashSettled(type)) {
      const toStakeholderId =
        type === 'receipt_options' ? plan.stakStakeholderId! : row.stakeholderId;
      shareEventId = randomUUID();
      const event = {
        id: shareEventId,
        ...owned,
        type: 'issue',
        date,
        shareClassId: plan.shareClassId!,
        shareCount: quantity,
        toStakeholderId,
        fromStakeholderId: null,
        firstShareNumber: null,
        lastShareNumber: null,
        pricePerShare: row.exercisePrice ?? null,
        currency: row.exercisePrice ? row.currency : null,
        notes: `Exercise of grant ${row.id}`,
        ...entered(date),
      };
      ledger.push({ ...event, type: 'issue', seq: ledger.length });
      if (type === 'receipt_options') {
        receiptId = randomUUID();
        const receipt = {
          id: receiptId,
          ...owned,
          stakStakeholderId: toStakeholderId,
          shareClassId: plan.shareClassId!,
          holderStakeholderId: row.stakeholderId,
          receiptCount: quantity,
          date,
          notes: `Exercise of grant ${row.id}`,
          ...entered(date),
        };
        ledgerReceipts.push(receipt);
        out.receipts.push(receipt);
      }
      const { violation } = replayLedger(ledger, { receipts: ledgerReceipts, authorized });
      if (violation)
        throw new Error(`Demo data: exercise in ${company.companyName}: ${violation.code}`);
      out.shareEvents.push(event);
    }
    out.exercises.push({
      id: randomUUID(),
      ...owned,
      grantId: row.id!,
      date,
      quantity,
      shareEventId,
      receiptId,
      createdAt: entered(date).createdAt,
    });
  }
}

/**
 * Templates (the standard set and the demo firm's own), grants and exercises for the demo
 * workspace; sets each plan's default template
 * (virtual shares: 3 years quarterly; others: 4 years monthly with a 1-year cliff).
 */
export function buildDemoGrants(
  organizationId: string,
  companies: readonly DemoCompanyRef[],
  equity: DemoEquityRows,
  today: string,
): DemoGrantRows {
  const out: DemoGrantRows = {
    templates: [],
    grants: [],
    shareEvents: [],
    receipts: [],
    exercises: [],
  };
  const ids = {} as Record<TemplateKey, string>;
  const parsed = {} as Record<TemplateKey, VestingTermsValue>;
  const first = companies.reduce((a, c) => (c.createdAt < a ? c.createdAt : a), now());
  // The workspace's standard templates come with it, before anything else.
  const standard = standardTemplateRows(
    organizationId,
    'en',
    new Date(first.getTime() - 2 * 86_400_000),
  );
  out.templates.push(...standard);
  const fourYears = standard.find((x) => x.name === STANDARD_FOUR_YEARS)!;
  ids.fourYears = fourYears.id;
  parsed.fourYears = fourYears.terms as VestingTermsValue;
  let tick = 0;
  for (const key of Object.keys(TEMPLATES) as (keyof typeof TEMPLATES)[]) {
    const body = vestingTemplateCreateSchema.parse(TEMPLATES[key]);
    const at = new Date(first.getTime() - 86_400_000 + 1000 * tick++);
    ids[key] = randomUUID();
    parsed[key] = body.terms;
    out.templates.push({ id: ids[key], organizationId, ...body, createdAt: at, updatedAt: at });
  }
  for (const plan of equity.plans)
    plan.defaultVestingTemplateId =
      plan.planType === 'virtual_shares' ? ids.threeYears : ids.fourYears;
  companies.forEach((company, index) =>
    buildCompanyGrants(out, equity, company, ids, parsed, today, index),
  );
  return out;
}
