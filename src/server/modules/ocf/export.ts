import { and, asc, eq, isNull } from 'drizzle-orm';
import { customComment } from '../../../domain/ocf/custom';
import { START_CONDITION_ID, allocationOf, toOcfConditions } from '../../../domain/ocf/vesting';
import type { PlanType } from '../../../domain/equity';
import type { VestingTerms } from '../../../domain/vesting';
import { now, today } from '../../clock';
import type { DbOrTx } from '../../db/client';
import {
  companyEvent,
  depositaryReceipt,
  equityPlan,
  grant,
  grantExercise,
  poolAdjustment,
  shareClass,
  shareEvent,
  stakeholder,
} from '../../db/schema';
import type { ServiceArgs } from '../../http/context';
import { fileNameSlug } from '../../http/content-disposition';
import { getCompany } from '../companies/service';
import { decimalOut } from '../equity/shared';
import { listValuations } from '../valuations/service';
import { jsonBytes, md5, writeZip } from './zip';

/**
 * `GET /company/{id}/ocf`: the company as an Open Cap Format 1.2 package (docs/decisions/024).
 * One file per object type plus the manifest with each file's MD5. Our fields OCF has no place
 * for travel in each object's custom comment (domain/ocf/custom.ts), so the package re-imports
 * without loss.
 */

export const OCF_VERSION = '1.2.1-alpha+main';

type Obj = Record<string, unknown>;

const RELATIONSHIP: Record<string, string> = {
  founder: 'FOUNDER',
  employee: 'EMPLOYEE',
  advisor: 'ADVISOR',
  board_member: 'BOARD_MEMBER',
  consultant: 'CONSULTANT',
  investor: 'INVESTOR',
  stak: 'OTHER',
  other: 'OTHER',
};
const STATUS: Record<string, string> = {
  active: 'ACTIVE',
  leave_of_absence: 'LEAVE_OF_ABSENCE',
  terminated: 'TERMINATION_VOLUNTARY_OTHER',
};
/** Our plan types as OCF compensation types (decision 024). */
export const COMPENSATION: Record<PlanType, string> = {
  stock_options: 'OPTION',
  receipt_options: 'OPTION',
  rsu: 'RSU',
  restricted_shares: 'RSU',
  sar: 'CSAR',
  phantom_shares: 'CSAR',
  virtual_shares: 'CSAR',
};

const money = (amount: string | null, currency: string) => ({
  amount: amount ?? '0',
  currency,
});
/** OCF Phone's pattern ("+31 20 123 4567"); other numbers travel in the custom comment only. */
const OCF_PHONE = /^\+\d{1,3}\s\d{2,3}\s\d{2,3}\s\d{4}(\s(ext.|extension)\s\d+)?$/;
const ocfPhone = (phone: string | null) => (phone && OCF_PHONE.test(phone) ? phone : null);
const clean = (o: Obj): Obj =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null));

/** Everything the package holds, read in one go (ordered so that two exports compare). */
async function load(db: DbOrTx, companyId: string) {
  const byCompany = <T extends { companyId: unknown }>(t: T) => eq(t.companyId as never, companyId);
  const stakeholders = await db
    .select()
    .from(stakeholder)
    .where(and(byCompany(stakeholder), isNull(stakeholder.deletedAt)))
    .orderBy(asc(stakeholder.name), asc(stakeholder.createdAt), asc(stakeholder.id));
  const classes = await db
    .select()
    .from(shareClass)
    .where(byCompany(shareClass))
    .orderBy(asc(shareClass.seniority), asc(shareClass.name));
  const events = await db
    .select()
    .from(shareEvent)
    .where(byCompany(shareEvent))
    .orderBy(asc(shareEvent.date), asc(shareEvent.createdAt), asc(shareEvent.id));
  const receipts = await db
    .select()
    .from(depositaryReceipt)
    .where(byCompany(depositaryReceipt))
    .orderBy(
      asc(depositaryReceipt.date),
      asc(depositaryReceipt.createdAt),
      asc(depositaryReceipt.id),
    );
  const plans = await db
    .select()
    .from(equityPlan)
    .where(and(byCompany(equityPlan), isNull(equityPlan.deletedAt)))
    .orderBy(asc(equityPlan.name));
  const adjustments = await db
    .select()
    .from(poolAdjustment)
    .where(byCompany(poolAdjustment))
    .orderBy(asc(poolAdjustment.date), asc(poolAdjustment.createdAt), asc(poolAdjustment.id));
  const grants = await db
    .select()
    .from(grant)
    .where(and(byCompany(grant), isNull(grant.deletedAt)))
    .orderBy(asc(grant.grantDate), asc(grant.createdAt), asc(grant.id));
  const exercises = await db
    .select()
    .from(grantExercise)
    .where(byCompany(grantExercise))
    .orderBy(asc(grantExercise.date), asc(grantExercise.createdAt), asc(grantExercise.id));
  const companyEvents = await db
    .select()
    .from(companyEvent)
    .where(byCompany(companyEvent))
    .orderBy(asc(companyEvent.date), asc(companyEvent.createdAt));
  return {
    stakeholders,
    classes,
    events,
    receipts,
    plans,
    adjustments,
    grants,
    exercises,
    companyEvents,
  };
}

export interface OcfPackage {
  /** File name → JSON content, the manifest included. */
  files: Record<string, Obj>;
  zip: Uint8Array;
  fileName: string;
  asciiFileName: string;
}

/** The company's OCF package (404 for another workspace's or a trashed company). */
export async function exportOcf(args: ServiceArgs<{ companyId: string }>): Promise<OcfPackage> {
  const { db } = args;
  const company = await getCompany(args);
  const data = await load(db, company.id);
  const valuations = (await listValuations(args)).items;
  const liveGrantIds = new Set(data.grants.map((g) => g.id));
  const exercises = data.exercises.filter((e) => liveGrantIds.has(e.grantId));
  const receiptsOfExercises = new Set(exercises.map((e) => e.receiptId).filter(Boolean));
  const eventsOfExercises = new Map(
    exercises.filter((e) => e.shareEventId).map((e) => [e.shareEventId!, e.id]),
  );

  // ---- issuer
  const street = [company.street, company.streetNumber].filter(Boolean).join(' ');
  const taxIds = [
    company.registrationNumber && { tax_id: company.registrationNumber, country: company.country },
    company.vat && { tax_id: company.vat, country: company.country },
  ].filter(Boolean);
  const issuer = clean({
    object_type: 'ISSUER',
    id: company.id,
    legal_name: company.companyName,
    formation_date: company.incorporationDate ?? company.createdAt.slice(0, 10),
    country_of_formation: company.country,
    tax_ids: taxIds.length > 0 ? taxIds : undefined,
    email: company.email ? { email_address: company.email, email_type: 'BUSINESS' } : undefined,
    phone: ocfPhone(company.phone)
      ? { phone_number: company.phone, phone_type: 'BUSINESS' }
      : undefined,
    address:
      street || company.city || company.postal
        ? clean({
            address_type: 'LEGAL',
            street_suite: street || undefined,
            city: company.city ?? undefined,
            postal_code: company.postal ?? undefined,
            country: company.country,
          })
        : undefined,
    comments: [
      customComment({
        companyType: company.companyType,
        status: company.status,
        street: company.street,
        streetNumber: company.streetNumber,
        contactName: company.contactName,
        email: company.email,
        phone: company.phone,
        vat: company.vat,
        registrationNumber: company.registrationNumber,
        incorporationDate: company.incorporationDate,
        notes: company.notes,
        changesOfControl: data.companyEvents
          .filter((e) => e.type === 'change_of_control')
          .map((e) => e.date),
      }),
    ],
  });

  // ---- stakeholders (a STAK's receipt register rides along in its custom comment)
  const stakeholders = data.stakeholders.map((s) =>
    clean({
      object_type: 'STAKEHOLDER',
      id: s.id,
      name: { legal_name: s.name },
      stakeholder_type: s.kind === 'institution' ? 'INSTITUTION' : 'INDIVIDUAL',
      issuer_assigned_id: s.employeeId ?? undefined,
      current_relationship: RELATIONSHIP[s.relationship] ?? 'OTHER',
      current_status: STATUS[s.status] ?? 'ACTIVE',
      contact_info:
        s.email || ocfPhone(s.phone)
          ? clean({
              emails: s.email ? [{ email_address: s.email, email_type: 'PERSONAL' }] : undefined,
              phone_numbers: ocfPhone(s.phone)
                ? [{ phone_number: s.phone, phone_type: 'MOBILE' }]
                : undefined,
            })
          : undefined,
      addresses: s.country
        ? [
            clean({
              address_type: 'CONTACT',
              street_suite: s.street ?? undefined,
              city: s.city ?? undefined,
              postal_code: s.postal ?? undefined,
              country: s.country,
            }),
          ]
        : undefined,
      comments: [
        customComment({
          relationship: s.relationship,
          status: s.status,
          email: s.email,
          phone: s.phone,
          street: s.street,
          postal: s.postal,
          city: s.city,
          country: s.country,
          taxCountry: s.taxCountry,
          notes: s.notes,
          receipts:
            s.relationship === 'stak'
              ? data.receipts
                  .filter((r) => r.stakStakeholderId === s.id && !receiptsOfExercises.has(r.id))
                  .map((r) => ({
                    shareClassId: r.shareClassId,
                    holderStakeholderId: r.holderStakeholderId,
                    receiptCount: r.receiptCount,
                    date: r.date,
                    notes: r.notes,
                  }))
              : undefined,
        }),
      ],
    }),
  );

  // ---- stock classes
  const stockClasses = data.classes.map((c, i) =>
    clean({
      object_type: 'STOCK_CLASS',
      id: c.id,
      name: c.name,
      class_type: c.classType === 'preferred' ? 'PREFERRED' : 'COMMON',
      default_id_prefix: `${c.classType === 'preferred' ? 'P' : 'C'}${i + 1}-`,
      initial_shares_authorized:
        c.sharesAuthorized === null ? 'UNLIMITED' : String(c.sharesAuthorized),
      votes_per_share: decimalOut(c.votesPerShare),
      par_value: money(decimalOut(c.nominalValue), c.currency),
      seniority: String(c.seniority),
      liquidation_preference_multiple: decimalOut(c.liquidationPreferenceMultiple),
      participation_cap_multiple: decimalOut(c.participationCapMultiple) ?? undefined,
      comments: [customComment({ participating: c.participating, currency: c.currency })],
    }),
  );
  const classCurrency = new Map(data.classes.map((c) => [c.id, c.currency]));
  const prefixOf = new Map(
    stockClasses.map((c) => [c.id as string, c.default_id_prefix as string]),
  );

  // ---- stock plans and their pool adjustments. OCF wants a class for every plan: a cash-settled
  // plan names the first common class (its own "none" is in the comment); without any class
  // such plans cannot be written and are left out (said in the manifest's comments).
  const fallbackClass = data.classes.find((c) => c.classType === 'common') ?? data.classes[0];
  const transactions: Obj[] = [];
  const exportable = data.plans.filter((p) => p.shareClassId ?? fallbackClass);
  const plansLeftOut = data.plans.length - exportable.length;
  const planById = new Map(exportable.map((p) => [p.id, p]));
  const stockPlans = exportable.map((p) =>
    clean({
      object_type: 'STOCK_PLAN',
      id: p.id,
      plan_name: p.name,
      board_approval_date: p.boardApprovalDate ?? undefined,
      stockholder_approval_date: p.shareholderApprovalDate ?? undefined,
      initial_shares_reserved: String(p.poolSize),
      default_cancellation_behavior: p.forfeitedTo === 'retired' ? 'RETIRE' : 'RETURN_TO_POOL',
      stock_class_ids: [p.shareClassId ?? fallbackClass!.id],
      comments: [
        customComment({
          planType: p.planType,
          shareClassId: p.shareClassId,
          stakStakeholderId: p.stakStakeholderId,
          currency: p.currency,
          exerciseWindowMonths: p.exerciseWindowMonths,
          leaverPolicy: p.leaverPolicy,
          acceleration: p.acceleration,
          forfeitedTo: p.forfeitedTo,
          notes: p.notes,
        }),
      ],
    }),
  );
  const reserved = new Map(data.plans.map((p) => [p.id, p.poolSize]));
  const adjustmentTxs: Obj[] = [];
  for (const a of data.adjustments) {
    if (!planById.has(a.planId)) continue;
    const total = (reserved.get(a.planId) ?? 0) + a.shareCount;
    reserved.set(a.planId, total);
    adjustmentTxs.push(
      clean({
        object_type: 'TX_STOCK_PLAN_POOL_ADJUSTMENT',
        id: a.id,
        date: a.date,
        stock_plan_id: a.planId,
        board_approval_date: a.approvalDate ?? undefined,
        shares_reserved: String(Math.max(0, total)),
        comments: [customComment({ shareCount: a.shareCount, reason: a.reason })],
      }),
    );
  }

  // ---- the register: our events as OCF securities (a transfer or cancellation consumes whole
  // securities and issues the rest back as a balance security, as OCF requires)
  const positions = new Map<string, { securityId: string; remaining: number }[]>();
  const holdings = (holder: string, cls: string) => {
    const key = `${holder}|${cls}`;
    let list = positions.get(key);
    if (!list) positions.set(key, (list = []));
    return list;
  };
  let customNo = 0;
  const stockTxs: Obj[] = [];
  const issuance = (
    securityId: string,
    e: (typeof data.events)[number],
    holder: string,
    quantity: number,
    numbers: { first: number | null; last: number | null },
    custom: Obj,
  ) => {
    customNo += 1;
    stockTxs.push(
      clean({
        object_type: 'TX_STOCK_ISSUANCE',
        id: `${securityId}-issuance`,
        security_id: securityId,
        date: e.date,
        stakeholder_id: holder,
        stock_class_id: e.shareClassId,
        custom_id: `${prefixOf.get(e.shareClassId) ?? 'S-'}${customNo}`,
        share_price: money(
          decimalOut(e.pricePerShare),
          e.currency ?? classCurrency.get(e.shareClassId) ?? 'EUR',
        ),
        quantity: String(quantity),
        share_numbers_issued:
          numbers.first !== null && numbers.last !== null
            ? [
                {
                  starting_share_number: String(numbers.first),
                  ending_share_number: String(numbers.last),
                },
              ]
            : undefined,
        security_law_exemptions: [],
        stock_legend_ids: [],
        comments: [customComment(custom)],
      }),
    );
    holdings(holder, e.shareClassId).push({ securityId, remaining: quantity });
  };
  const eventCustom = (e: (typeof data.events)[number]) => ({
    event: e.id,
    deedDate: e.deedDate,
    notary: e.notary,
    notes: e.notes,
    pricePerShare: decimalOut(e.pricePerShare),
    currency: e.currency,
    firstShareNumber: e.firstShareNumber,
    lastShareNumber: e.lastShareNumber,
  });
  const securityOfEvent = new Map<string, string>();
  for (const e of data.events) {
    const numbers = { first: e.firstShareNumber, last: e.lastShareNumber };
    if (e.type === 'issue') {
      const securityId = `${e.id}-security`;
      securityOfEvent.set(e.id, securityId);
      issuance(securityId, e, e.toStakeholderId!, e.shareCount, numbers, {
        ...eventCustom(e),
        exercise: eventsOfExercises.get(e.id),
      });
      continue;
    }
    const list = holdings(e.fromStakeholderId!, e.shareClassId);
    let left = e.shareCount;
    let part = 0;
    while (left > 0 && list.length > 0) {
      const from = list.shift()!;
      const take = Math.min(left, from.remaining);
      left -= take;
      part += 1;
      const id = `${e.id}-${part}`;
      const balance = from.remaining > take ? `${id}-balance` : undefined;
      if (e.type === 'transfer') {
        const resulting = `${id}-security`;
        stockTxs.push(
          clean({
            object_type: 'TX_STOCK_TRANSFER',
            id,
            security_id: from.securityId,
            date: e.date,
            quantity: String(take),
            resulting_security_ids: [resulting],
            balance_security_id: balance,
            comments: [customComment(eventCustom(e))],
          }),
        );
        issuance(
          resulting,
          e,
          e.toStakeholderId!,
          take,
          left === 0 && part === 1 ? numbers : { first: null, last: null },
          { resultOf: id },
        );
      } else {
        stockTxs.push(
          clean({
            object_type: 'TX_STOCK_CANCELLATION',
            id,
            security_id: from.securityId,
            date: e.date,
            quantity: String(take),
            reason_text: e.notes ?? 'Cancelled in the shareholders’ register',
            balance_security_id: balance,
            comments: [customComment(eventCustom(e))],
          }),
        );
      }
      if (balance) {
        const before = stockTxs.length;
        issuance(
          balance,
          e,
          e.fromStakeholderId!,
          from.remaining - take,
          { first: null, last: null },
          {
            resultOf: id,
          },
        );
        // The balance goes back to the front: the holder's oldest shares are consumed first.
        const moved = list.pop()!;
        list.unshift(moved);
        void before;
      }
    }
  }

  // ---- grants, their vesting terms, vesting starts and events, exercises, cancellations
  const vestingTerms: Obj[] = [];
  const equityTxs: Obj[] = [];
  data.grants.forEach((g, i) => {
    const plan = planById.get(g.planId);
    if (!plan) return;
    const terms = g.terms as VestingTerms;
    const securityId = `${g.id}-security`;
    const termsId = `${g.id}-vesting`;
    vestingTerms.push({
      object_type: 'VESTING_TERMS',
      id: termsId,
      name: `Vesting of grant ${i + 1}`,
      description: describeTerms(terms),
      allocation_type: allocationOf(terms),
      vesting_conditions: toOcfConditions(terms),
      comments: [customComment({ terms })],
    });
    const type = COMPENSATION[plan.planType as PlanType];
    const price = decimalOut(g.exercisePrice);
    const windows: Obj[] = [];
    const policy = plan.leaverPolicy as { bad: { vested: string } };
    if (plan.exerciseWindowMonths !== null) {
      for (const reason of [
        'VOLUNTARY_OTHER',
        'VOLUNTARY_GOOD_CAUSE',
        'VOLUNTARY_RETIREMENT',
        'INVOLUNTARY_OTHER',
        'INVOLUNTARY_DEATH',
        'INVOLUNTARY_DISABILITY',
      ])
        windows.push({ reason, period: plan.exerciseWindowMonths, period_type: 'MONTHS' });
      windows.push({
        reason: 'INVOLUNTARY_WITH_CAUSE',
        period: policy.bad.vested === 'forfeit' ? 0 : plan.exerciseWindowMonths,
        period_type: 'MONTHS',
      });
    }
    equityTxs.push({
      ...clean({
        object_type: 'TX_EQUITY_COMPENSATION_ISSUANCE',
        id: g.id,
        security_id: securityId,
        date: g.grantDate,
        stakeholder_id: g.stakeholderId,
        stock_plan_id: g.planId,
        stock_class_id: plan.shareClassId ?? undefined,
        custom_id: `G-${i + 1}`,
        compensation_type: type,
        quantity: String(g.quantity),
        exercise_price: type === 'OPTION' ? money(price, g.currency) : undefined,
        base_price: type === 'CSAR' && price !== null ? money(price, g.currency) : undefined,
        termination_exercise_windows: windows,
        vesting_terms_id: termsId,
        security_law_exemptions: [],
        comments: [
          customComment({
            exercisePrice: price,
            currency: g.currency,
            vestingStartDate: g.vestingStartDate,
            offerDate: g.offerDate,
            acceptanceDate: g.acceptanceDate,
            taxAtExercise: g.taxAtExercise,
            taxElectionDate: g.taxElectionDate,
            status: g.status,
            notes: g.notes,
            pauses: g.pauses.length > 0 ? g.pauses : undefined,
            termination: g.terminationDate
              ? { date: g.terminationDate, leaverType: g.leaverType, reason: g.terminationReason }
              : undefined,
          }),
        ],
      }),
      // Required, and null when the award does not expire (clean() would drop it).
      expiration_date: g.expiryDate,
    });
    equityTxs.push({
      object_type: 'TX_VESTING_START',
      id: `${g.id}-vesting-start`,
      security_id: securityId,
      date: g.vestingStartDate,
      vesting_condition_id: START_CONDITION_ID,
    });
    const milestones =
      terms.type === 'milestone'
        ? terms.milestones
        : terms.type === 'combined'
          ? terms.parts.flatMap((p) => (p.terms.type === 'milestone' ? p.terms.milestones : []))
          : [];
    for (const m of milestones)
      if (m.achievedDate)
        equityTxs.push({
          object_type: 'TX_VESTING_EVENT',
          id: `${g.id}-${m.id}-achieved`,
          security_id: securityId,
          date: m.achievedDate,
          vesting_condition_id: m.id,
        });
    let exercised = 0;
    for (const x of exercises.filter((e) => e.grantId === g.id)) {
      exercised += x.quantity;
      const resulting = x.shareEventId ? securityOfEvent.get(x.shareEventId) : undefined;
      equityTxs.push({
        object_type: 'TX_EQUITY_COMPENSATION_EXERCISE',
        id: x.id,
        security_id: securityId,
        date: x.date,
        quantity: String(x.quantity),
        resulting_security_ids: resulting ? [resulting] : [],
      });
    }
    if (g.cancelledDate)
      equityTxs.push({
        object_type: 'TX_EQUITY_COMPENSATION_CANCELLATION',
        id: `${g.id}-cancellation`,
        security_id: securityId,
        date: g.cancelledDate,
        quantity: String(Math.max(0, g.quantity - exercised)),
        reason_text: g.cancellationReason ?? 'Cancelled',
      });
  });

  // ---- valuations: OCF wants a share class; ours without one name the first common class
  const valuationItems = valuations
    .filter((v) => v.shareClassId ?? fallbackClass)
    .map((v) =>
      clean({
        object_type: 'VALUATION',
        id: v.id,
        provider: v.provider ?? undefined,
        price_per_share: money(v.fmvPerShare, v.currency),
        effective_date: v.effectiveDate,
        stock_class_id: v.shareClassId ?? fallbackClass!.id,
        valuation_type: '409A',
        comments: [
          customComment({
            purpose: v.purpose,
            method: v.method,
            enterpriseValue: v.enterpriseValue,
            debt: v.debt,
            cash: v.cash,
            // The number as stored: a derived one is the cap table when the valuation was made.
            fullyDilutedShares: v.fullyDilutedShares,
            fullyDilutedSharesDerived: v.fullyDilutedSharesDerived,
            preferredPricePerShare: v.preferredPricePerShare,
            commonValuePerShare: v.commonValuePerShare,
            dlomPercent: v.dlomPercent,
            shareClassId: v.shareClassId,
            materialEventDate: v.materialEventDate,
            notes: v.notes,
          }),
        ],
      }),
    );
  const leftOut = valuations.length - valuationItems.length;

  // Transactions in date order; on one date the register's order, then the grants' (a grant's
  // exercise issues shares a later transfer may move).
  const rank: Record<string, number> = {
    TX_STOCK_PLAN_POOL_ADJUSTMENT: 0,
    TX_STOCK_ISSUANCE: 1,
    TX_STOCK_TRANSFER: 1,
    TX_STOCK_CANCELLATION: 1,
    TX_EQUITY_COMPENSATION_ISSUANCE: 2,
    TX_VESTING_START: 3,
    TX_VESTING_EVENT: 4,
    TX_EQUITY_COMPENSATION_EXERCISE: 5,
    TX_EQUITY_COMPENSATION_CANCELLATION: 6,
  };
  const ordered = [...adjustmentTxs, ...stockTxs, ...equityTxs]
    .map((tx, index) => ({ tx, index }))
    .sort(
      (a, b) =>
        (a.tx.date as string).localeCompare(b.tx.date as string) ||
        rank[a.tx.object_type as string]! - rank[b.tx.object_type as string]! ||
        a.index - b.index,
    )
    .map((x) => x.tx);
  transactions.push(...ordered);

  const files: Record<string, Obj> = {
    'Stakeholders.ocf.json': { file_type: 'OCF_STAKEHOLDERS_FILE', items: stakeholders },
    'StockClasses.ocf.json': { file_type: 'OCF_STOCK_CLASSES_FILE', items: stockClasses },
    'StockPlans.ocf.json': { file_type: 'OCF_STOCK_PLANS_FILE', items: stockPlans },
    'VestingTerms.ocf.json': { file_type: 'OCF_VESTING_TERMS_FILE', items: vestingTerms },
    'Valuations.ocf.json': { file_type: 'OCF_VALUATIONS_FILE', items: valuationItems },
    'Transactions.ocf.json': { file_type: 'OCF_TRANSACTIONS_FILE', items: transactions },
  };
  const entry = (name: string) => [{ filepath: `./${name}`, md5: md5(jsonBytes(files[name])) }];
  const manifest = {
    ocf_version: OCF_VERSION,
    file_type: 'OCF_MANIFEST_FILE',
    issuer,
    as_of: today(),
    generated_at: now().toISOString(),
    comments: [
      'Exported by ESOP CRM. Fields OCF has no place for are in each object’s "esop-crm:" comment (see decision 024).',
      ...(plansLeftOut > 0
        ? [
            `${plansLeftOut} cash-settled plan(s) and their grants left out: OCF needs a share class and the company has none.`,
          ]
        : []),
      ...(leftOut > 0
        ? [`${leftOut} valuation(s) left out: OCF needs a share class and the company has none.`]
        : []),
    ],
    stock_plans_files: entry('StockPlans.ocf.json'),
    stock_legend_templates_files: [],
    stock_classes_files: entry('StockClasses.ocf.json'),
    vesting_terms_files: entry('VestingTerms.ocf.json'),
    valuations_files: entry('Valuations.ocf.json'),
    transactions_files: entry('Transactions.ocf.json'),
    stakeholders_files: entry('Stakeholders.ocf.json'),
  };
  const all = { 'Manifest.ocf.json': manifest, ...files };
  const name = (slug: string) => `${slug || 'company'}.ocf.zip`;
  return {
    files: all,
    zip: writeZip(all),
    fileName: name(fileNameSlug(company.companyName)),
    asciiFileName: name(fileNameSlug(company.companyName, { ascii: true })),
  };
}

/** A plain description of terms (OCF VESTING_TERMS.description is required). */
function describeTerms(terms: VestingTerms): string {
  if (terms.type === 'time') {
    const cliff = terms.cliffPeriods ? `, cliff after ${terms.cliffPeriods}` : '';
    return `${terms.occurrences} installments every ${terms.periodLength} ${terms.periodUnit}${cliff}`;
  }
  if (terms.type === 'milestone')
    return `Milestones: ${terms.milestones.map((m) => m.name).join('; ')}`;
  return `Combined: ${terms.parts
    .map((p) => `${p.portion.numerator}/${p.portion.denominator} ${describeTerms(p.terms)}`)
    .join(' + ')}`;
}
