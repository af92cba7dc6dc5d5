import type { Company } from '../../../contracts/company';
import type {
  COMMON_FIELDS,
  DocumentLanguage,
  MergeData,
  MergeValue,
} from '../../../contracts/documents';
import type {
  CapTableResponse,
  Plan,
  ShareClass,
  ShareEvent,
  Stakeholder,
} from '../../../contracts/equity';
import {
  formatDecimal,
  formatInteger,
  formatIsoDate,
  formatMoney,
  formatPercent,
} from '../../../contracts/i18n/format';
import type { Valuation } from '../../../contracts/valuation';
import { describeVestingTerms } from '../../../contracts/vesting-describe';
import type { GrantDetail } from '../../../contracts/vesting';
import { countryName } from '../../../domain/countries';
import { isCashSettled, type PlanType } from '../../../domain/equity';
import { OTHER_LEGAL_FORM } from '../../../domain/legal-forms';
import { replayLedger, type ShareRange } from '../../../domain/share-ledger';
import type { Translate } from '../../i18n';

/**
 * The merge data of each kind of document (issue 14): what the templates' fields are filled
 * with, built from the API's own shapes (the grant with the vesting engine's installments, the
 * register's events, the cap table) so a document says what the screens say. Every value is a
 * text in the document's language; the contract's DOCUMENT_FIELDS are the shape (its type
 * `MergeData` makes a missing or extra field a compile error).
 */

export type CommonData = MergeValue<typeof COMMON_FIELDS>;

/** Who and what every document names: the firm, the company, the signatories. */
export interface DocumentContext {
  language: DocumentLanguage;
  t: Translate;
  /** Today in `APP_TIME_ZONE`, ISO. */
  today: string;
  firmName: string;
  preparedBy: { name: string; email: string };
  company: Company;
  /** The company's board members (active), else its contact person. */
  signatories: { name: string; role: 'board_member' | 'contact' }[];
}

const SIGNATORY_ROLES = {
  board_member: 'document-text.role.boardMember',
  contact: 'document-text.role.contact',
} as const;

const PLAN_TYPES: Record<PlanType, string> = {
  stock_options: 'plans.type.stock_options',
  receipt_options: 'plans.type.receipt_options',
  phantom_shares: 'plans.type.phantom_shares',
  sar: 'plans.type.sar',
  virtual_shares: 'plans.type.virtual_shares',
  restricted_shares: 'plans.type.restricted_shares',
  rsu: 'plans.type.rsu',
};

const INSTALLMENT_KINDS = {
  time: 'document-text.installment.time',
  cliff: 'document-text.installment.cliff',
  milestone: 'document-text.installment.milestone',
  acceleration: 'document-text.installment.acceleration',
} as const;

const EVENT_TYPES = {
  issue: 'exports.register.type.issue',
  transfer: 'exports.register.type.transfer',
  cancel: 'exports.register.type.cancel',
} as const;

const GROUPS = {
  founders: 'cap-table.group.founders',
  employees: 'cap-table.group.employees',
  investors: 'cap-table.group.investors',
  other: 'cap-table.group.other',
  pool: 'cap-table.group.pool',
} as const;

const METHODS: Record<Valuation['method'], string> = {
  dcf: 'valuations.method.dcf',
  hybrid: 'valuations.method.hybrid',
  market_multiples: 'valuations.method.market_multiples',
  net_asset_value: 'valuations.method.net_asset_value',
  opm: 'valuations.method.opm',
  other: 'valuations.method.other',
  pwerm: 'valuations.method.pwerm',
  recent_round: 'valuations.method.recent_round',
};

/** The formatting of one document's language. */
function formatter(language: DocumentLanguage) {
  return {
    date: (iso: string | null) => (iso ? formatIsoDate(language, iso, 'long') : ''),
    count: (n: number | string) => formatInteger(language, n),
    /** An amount without its currency: the templates write `{currency} {amount}` ("EUR 0,10"). */
    amount: (amount: string | null) =>
      amount === null ? '' : formatDecimal(language, amount, { minFraction: 2, maxFraction: 6 }),
    /** An amount with its currency, where no currency field stands beside it. */
    money: (amount: string | null, currency: string) =>
      amount === null ? '' : formatMoney(language, amount, currency, { maxFraction: 6 }),
    percent: (value: string) => formatPercent(language, value, { maxFraction: 2 }),
  };
}

/** "Street 1, 1234 AB City, Country": the parts there are. */
function oneLine(parts: (string | null | undefined)[]): string {
  return parts.filter((p): p is string => !!p && p.trim() !== '').join(', ');
}

function addressOf(
  language: DocumentLanguage,
  a: { street: string | null; postal: string | null; city: string | null; country: string | null },
) {
  const country = a.country ? countryName(a.country, language) : '';
  const postalCity = oneLine([a.postal, a.city]).replace(', ', ' ');
  return {
    street: a.street ?? '',
    postal: a.postal ?? '',
    city: a.city ?? '',
    country,
    address: oneLine([a.street, postalCity, country]),
  };
}

/** Dutch and Belgian forms spelled out as a deed names them ("besloten vennootschap met…"). */
const LEGAL_FORM_NAMES: Record<string, string> = {
  BV: 'document-text.legalForm.BV',
  NV: 'document-text.legalForm.NV',
  Stichting: 'document-text.legalForm.Stichting',
  Coöperatie: 'document-text.legalForm.Cooperatie',
  VOF: 'document-text.legalForm.VOF',
  CV: 'document-text.legalForm.CV',
  'BV/SRL': 'document-text.legalForm.BE.BV',
  'NV/SA': 'document-text.legalForm.BE.NV',
  'CV/SC': 'document-text.legalForm.BE.CV',
  'CommV/SComm': 'document-text.legalForm.BE.CommV',
  'VOF/SNC': 'document-text.legalForm.BE.VOF',
  'Stichting/Fondation': 'document-text.legalForm.BE.Stichting',
};

/** A company's legal form in a document: spelled out where we know it, else as stored. */
export function legalFormName(t: Translate, form: string): string {
  if (form === OTHER_LEGAL_FORM) return '';
  const key = LEGAL_FORM_NAMES[form];
  return key ? t(key) : form;
}

export function commonData(ctx: DocumentContext): CommonData {
  const c = ctx.company;
  const street = oneLine([c.street, c.streetNumber]).replace(', ', ' ');
  return {
    today: formatter(ctx.language).date(ctx.today),
    firm: { name: ctx.firmName },
    preparedBy: { name: ctx.preparedBy.name, email: ctx.preparedBy.email },
    company: {
      name: c.companyName,
      legalForm: legalFormName(ctx.t, c.companyType),
      registrationNumber: c.registrationNumber ?? '',
      vat: c.vat ?? '',
      ...addressOf(ctx.language, { ...c, street: street || null }),
    },
    signatories: ctx.signatories.map((s) => ({
      name: s.name,
      role: ctx.t(SIGNATORY_ROLES[s.role]),
    })),
  };
}

function stakeholderData(ctx: DocumentContext, s: Stakeholder) {
  return {
    name: s.name,
    email: s.email ?? '',
    employeeId: s.employeeId ?? '',
    ...addressOf(ctx.language, s),
  };
}

function planData(ctx: DocumentContext, plan: Plan) {
  const f = formatter(ctx.language);
  return {
    name: plan.name,
    type: ctx.t(PLAN_TYPES[plan.planType]),
    boardApprovalDate: f.date(plan.boardApprovalDate),
    poolSize: f.count(plan.poolReserved),
    exerciseWindow:
      plan.exerciseWindowMonths === null
        ? ''
        : ctx.t('plans.months', { count: plan.exerciseWindowMonths }),
  };
}

/** The grant's number on paper: the first eight characters of its id, upper case. */
export function grantNumber(id: string): string {
  return id.slice(0, 8).toUpperCase();
}

/** quantity × price, exact (decimal strings, no floats). */
function times(quantity: number, price: string): string {
  const [int = '0', frac = ''] = price.split('.');
  const scaled = BigInt(int + frac) * BigInt(quantity);
  if (!frac) return scaled.toString();
  const digits = scaled.toString().padStart(frac.length + 1, '0');
  return `${digits.slice(0, -frac.length)}.${digits.slice(-frac.length)}`;
}

function grantData(ctx: DocumentContext, grant: GrantDetail) {
  const f = formatter(ctx.language);
  return {
    number: grantNumber(grant.id),
    quantity: f.count(grant.quantity),
    exercisePrice: f.amount(grant.exercisePrice),
    currency: grant.currency,
    totalExercisePrice:
      grant.exercisePrice === null ? '' : f.amount(times(grant.quantity, grant.exercisePrice)),
    grantDate: f.date(grant.grantDate),
    vestingStartDate: f.date(grant.vestingStartDate),
    expiryDate: f.date(grant.expiryDate),
    offerDate: f.date(grant.offerDate),
    acceptanceDeadline: f.date(grant.acceptanceDeadline),
    vesting: describeVestingTerms(grant.terms, ctx.t, ctx.language),
  };
}

function valuationData(ctx: DocumentContext, v: Valuation | null) {
  const f = formatter(ctx.language);
  return {
    effectiveDate: f.date(v?.effectiveDate ?? null),
    method: v ? ctx.t(METHODS[v.method]) : '',
    provider: v?.provider ?? '',
    valuePerShare: v ? f.amount(v.fmvPerShare) : '',
    currency: v?.currency ?? '',
    validUntil: f.date(v?.validUntil ?? null),
  };
}

/**
 * A grant letter: the grant, its plan and the vesting engine's installments (each with its
 * share of the grant), and the valuation in force on the grant date.
 */
export function grantLetterData(
  ctx: DocumentContext,
  input: { grant: GrantDetail; stakeholder: Stakeholder; plan: Plan; valuation: Valuation | null },
): MergeData<'grant_letter'> {
  const f = formatter(ctx.language);
  const { grant } = input;
  return {
    ...commonData(ctx),
    stakeholder: stakeholderData(ctx, input.stakeholder),
    grant: grantData(ctx, grant),
    plan: planData(ctx, input.plan),
    schedule: grant.installments.map((i) => ({
      date: f.date(i.date),
      quantity: f.count(i.quantity),
      cumulative: f.count(i.cumulative),
      percent: f.percent(percentOf(i.cumulative, grant.quantity)),
      kind: ctx.t(INSTALLMENT_KINDS[i.source]),
    })),
    hasValuation: input.valuation !== null,
    valuation: valuationData(ctx, input.valuation),
    isBelgian: ctx.company.country === 'BE',
  };
}

/** part ÷ whole × 100 as a decimal string with 4 places, rounded half up (no floats). */
export function percentOf(part: number, whole: number): string {
  if (whole === 0) return '0.0000';
  const scaled = (BigInt(part) * 1_000_000n * 2n + BigInt(whole)) / (BigInt(whole) * 2n);
  const digits = scaled.toString().padStart(5, '0');
  return `${digits.slice(0, -4)}.${digits.slice(-4)}`;
}

/** A board resolution approving a batch of grants, in the order given. */
export function boardResolutionData(
  ctx: DocumentContext,
  grants: readonly GrantDetail[],
): MergeData<'board_resolution'> {
  const f = formatter(ctx.language);
  const total = grants.reduce((sum, g) => sum + g.quantity, 0);
  return {
    ...commonData(ctx),
    grants: grants.map((g) => ({
      stakeholder: g.stakeholderName,
      plan: g.planName,
      quantity: f.count(g.quantity),
      exercisePrice: f.amount(g.exercisePrice),
      currency: g.currency,
      grantDate: f.date(g.grantDate),
      vestingStartDate: f.date(g.vestingStartDate),
      vesting: describeVestingTerms(g.terms, ctx.t, ctx.language),
    })),
    grantCount: f.count(grants.length),
    totalQuantity: f.count(total),
  };
}

/** An exercise notice: one exercise of a grant, its price or cash amount, what remains. */
export function exerciseNoticeData(
  ctx: DocumentContext,
  input: { grant: GrantDetail; stakeholder: Stakeholder; plan: Plan; exerciseId: string },
): MergeData<'exercise_notice'> {
  const f = formatter(ctx.language);
  const { grant } = input;
  const exercise = grant.exercises.find((e) => e.id === input.exerciseId);
  if (!exercise) throw new Error(`exercise ${input.exerciseId} is not of grant ${grant.id}`);
  const exercisedUpTo = grant.exercises
    .filter(
      (e) =>
        e.date < exercise.date || (e.date === exercise.date && e.createdAt <= exercise.createdAt),
    )
    .reduce((sum, e) => sum + e.quantity, 0);
  const forfeited = grant.forfeitures.reduce((sum, x) => sum + x.quantity, 0);
  const cash = isCashSettled(input.plan.planType);
  return {
    ...commonData(ctx),
    stakeholder: stakeholderData(ctx, input.stakeholder),
    grant: grantData(ctx, grant),
    plan: planData(ctx, input.plan),
    exercise: {
      date: f.date(exercise.date),
      quantity: f.count(exercise.quantity),
      pricePerShare: f.amount(grant.exercisePrice),
      totalPrice:
        grant.exercisePrice === null || cash
          ? ''
          : f.amount(times(exercise.quantity, grant.exercisePrice)),
      currency: exercise.settlement?.currency ?? grant.currency,
      settlementAmount: exercise.settlement ? f.amount(exercise.settlement.amount) : '',
      remaining: f.count(Math.max(0, grant.quantity - exercisedUpTo - forfeited)),
    },
    isCashSettled: cash,
  };
}

function rangesText(
  ranges: readonly ShareRange[],
  unnumbered: number,
  f: ReturnType<typeof formatter>,
  t: Translate,
): string {
  const parts = ranges.map((r) =>
    r.first === r.last ? f.count(r.first) : `${f.count(r.first)}–${f.count(r.last)}`,
  );
  if (unnumbered > 0) parts.push(t('document-text.unnumbered', { count: unnumbered }));
  return parts.join(', ');
}

/**
 * The shareholders' register extract as of a date (art. 2:194 BW): every event up to it, oldest
 * first as the Register tab lists them, and the holdings the ledger's replay gives on that date
 * (holder, address, class, count, share numbers).
 */
export function registerExtractData(
  ctx: DocumentContext,
  input: {
    asOf: string;
    /** The register's events as the API lists them (oldest first). */
    events: readonly ShareEvent[];
    classes: readonly Pick<ShareClass, 'id' | 'name'>[];
    holders: readonly Stakeholder[];
  },
): MergeData<'register_extract'> {
  const f = formatter(ctx.language);
  const className = new Map(input.classes.map((c) => [c.id, c.name]));
  const holder = new Map(input.holders.map((h) => [h.id, h]));
  const name = (id: string | null) => (id ? (holder.get(id)?.name ?? '') : '');
  const events = input.events.filter((e) => e.date <= input.asOf);
  const { holdings } = replayLedger(
    events.map((e, seq) => ({ ...e, seq })),
    { asOf: input.asOf },
  );
  const lines = events.map((e) => ({
    date: f.date(e.date),
    type: ctx.t(EVENT_TYPES[e.type]),
    shareClass: className.get(e.shareClassId) ?? '',
    quantity: f.count(e.shareCount),
    from: name(e.fromStakeholderId),
    to: name(e.toStakeholderId),
    shareNumbers:
      e.firstShareNumber === null || e.lastShareNumber === null
        ? ''
        : `${f.count(e.firstShareNumber)}–${f.count(e.lastShareNumber)}`,
    pricePerShare: e.pricePerShare === null ? '' : f.money(e.pricePerShare, e.currency ?? 'EUR'),
    deedDate: f.date(e.deedDate),
    notary: e.notary ?? '',
  }));
  const rows: {
    holder: string;
    cls: string;
    data: MergeData<'register_extract'>['holdings'][number];
  }[] = [];
  let total = 0;
  for (const [classId, byHolder] of holdings) {
    for (const [holderId, h] of byHolder) {
      if (h.count === 0) continue;
      total += h.count;
      const s = holder.get(holderId);
      const cls = className.get(classId) ?? '';
      rows.push({
        holder: s?.name ?? '',
        cls,
        data: {
          holder: s?.name ?? '',
          address: s ? addressOf(ctx.language, s).address : '',
          shareClass: cls,
          shares: f.count(h.count),
          shareNumbers: rangesText(h.ranges, h.unnumbered, f, ctx.t),
        },
      });
    }
  }
  const collator = new Intl.Collator(ctx.language);
  rows.sort((a, b) => collator.compare(a.holder, b.holder) || collator.compare(a.cls, b.cls));
  return {
    ...commonData(ctx),
    asOf: f.date(input.asOf),
    lines,
    holdings: rows.map((r) => r.data),
    totalShares: f.count(total),
  };
}

/** The cap-table report: the cap table's rows, pools and totals, and the valuation in force. */
export function capTableReportData(
  ctx: DocumentContext,
  input: { capTable: CapTableResponse; valuation: Valuation | null },
): MergeData<'cap_table_report'> {
  const f = formatter(ctx.language);
  const { capTable } = input;
  const sum = (shares: Record<string, number>) => Object.values(shares).reduce((a, b) => a + b, 0);
  return {
    ...commonData(ctx),
    asOf: f.date(capTable.asOf),
    rows: capTable.rows.map((r) => ({
      holder: r.name,
      group: ctx.t(GROUPS[r.group]),
      shares: f.count(sum(r.shares)),
      awards: f.count(r.awardsVested + r.awardsUnvested),
      fullyDiluted: f.count(r.fullyDiluted),
      percent: f.percent(r.fullyDilutedPercent),
    })),
    pools: capTable.pools.map((p) => ({
      name: p.name,
      reserved: f.count(p.reserved),
      granted: f.count(p.granted),
      available: f.count(p.available),
      percent: f.percent(p.fullyDilutedPercent),
    })),
    totals: {
      shares: f.count(capTable.totals.shares),
      fullyDiluted: f.count(capTable.totals.fullyDiluted),
    },
    hasValuation: input.valuation !== null,
    valuation: valuationData(ctx, input.valuation),
  };
}
