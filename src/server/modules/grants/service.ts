import { and, eq } from 'drizzle-orm';
import {
  BE_ACCEPTANCE_DAYS,
  grantCreateSchema,
  LAST_SCHEDULE_DATE,
  MAX_VESTING_BACKDATE_MONTHS,
  type Grant,
  type GrantCreate,
  type GrantDetail,
  type GrantListResponse,
  type GrantStatus,
} from '../../../contracts/vesting';
import { poolReserved } from '../../../domain/cap-table';
import { isCashSettled, type PlanType } from '../../../domain/equity';
import { addDays, addMonths, readStoredTerms, type VestingTerms } from '../../../domain/vesting';
import { intrinsicValue } from '../../../domain/valuation';
import { inTransaction, type DbOrTx } from '../../db/client';
import {
  company,
  companyEvent,
  depositaryReceipt,
  grant,
  grantExercise,
  grantSettlement,
  shareEvent,
} from '../../db/schema';
import type { ServiceArgs } from '../../http/context';
import { AppError, LongDate, msg, notFound, validationError } from '../../http/errors';
import { diff, recordAudit, snapshot } from '../audit/service';
import { loadPlans, toCapTablePlan } from '../equity/plans';
import { assertRegister, loadLedger, toLedgerEvent } from '../equity/register';
import {
  checkCompany,
  decimalOut,
  lockCompany,
  mergePatch,
  requireStakeholders,
} from '../equity/shared';
import { requireTemplate } from '../vesting/templates';
import { fmvValidOn } from '../valuations/service';
import {
  changeOfControlDates,
  figuresOf,
  grantedByPlan,
  loadGrants,
  settlementsOf,
  type GrantBundle,
  type SettlementRow,
} from './load';
import { poolUse } from './summary';
import { trashedBy } from '../trash/service';
import { today, systemNow } from '../../clock';
import { concurrently } from '../../db/concurrently';

/** Grants (issue 5): awards under a plan, their schedules, leavers, exercises and cancellations. */

const ENTITY = 'grant';

async function companyCountry(db: DbOrTx, companyId: string): Promise<string> {
  const rows = await db
    .select({ country: company.country })
    .from(company)
    .where(eq(company.id, companyId))
    .limit(1);
  return rows[0]?.country ?? '';
}

function acceptanceDeadline(country: string, offerDate: string | null): string | null {
  return country === 'BE' && offerDate ? addDays(offerDate, BE_ACCEPTANCE_DAYS) : null;
}

function toGrant(
  bundle: GrantBundle,
  coc: string | null,
  country: string,
  asOf: string,
  settlements: ReadonlyMap<string, SettlementRow> = new Map(),
): Grant & { detail: GrantDetail } {
  const { row } = bundle;
  const f = figuresOf(bundle, coc, asOf);
  const next = f.result.installments.find((i) => i.date > asOf) ?? null;
  const base: Grant = {
    id: row.id,
    companyId: row.companyId,
    stakeholderId: row.stakeholderId,
    stakeholderName: bundle.stakeholderName,
    planId: row.planId,
    planName: bundle.plan.name,
    quantity: row.quantity,
    exercisePrice: decimalOut(row.exercisePrice),
    currency: row.currency,
    grantDate: row.grantDate,
    vestingStartDate: row.vestingStartDate,
    templateId: row.templateId,
    terms: readStoredTerms(row.terms as VestingTerms) as Grant['terms'],
    expiryDate: row.expiryDate,
    offerDate: row.offerDate,
    acceptanceDate: row.acceptanceDate,
    acceptanceDeadline: acceptanceDeadline(country, row.offerDate),
    taxAtExercise: row.taxAtExercise,
    taxElectionDate: row.taxElectionDate,
    status: f.status,
    termination:
      row.terminationDate && row.leaverType
        ? {
            date: row.terminationDate,
            leaverType: row.leaverType as 'good' | 'bad',
            reason: row.terminationReason,
          }
        : null,
    cancelledDate: row.cancelledDate,
    pauses: row.pauses,
    notes: row.notes,
    schedule: {
      asOf,
      vested: f.vested,
      unvested: f.unvested,
      exercised: f.exercised,
      forfeited: f.forfeited,
      exercisable: f.exercisable,
      nextInstallment:
        next && !row.cancelledDate ? { date: next.date, quantity: next.quantity } : null,
      exerciseDeadline: f.result.exerciseDeadline,
      pending: f.result.pending,
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  return {
    ...base,
    detail: {
      ...base,
      installments: f.result.installments,
      forfeitures: f.forfeitures,
      exercises: bundle.exercises.map((e) => ({
        id: e.id,
        date: e.date,
        quantity: e.quantity,
        shareEventId: e.shareEventId,
        receiptId: e.receiptId,
        createdAt: e.createdAt.toISOString(),
        settlement: settlementOut(settlements.get(e.id)),
      })),
    },
  };
}

/** An exercise's cash settlement as served; null when none was recorded. */
function settlementOut(
  s: SettlementRow | undefined,
): GrantDetail['exercises'][number]['settlement'] {
  if (!s) return null;
  return {
    valuationId: s.valuationId,
    fmvPerShare: decimalOut(s.fmvPerShare)!,
    basePrice: decimalOut(s.basePrice),
    amount: decimalOut(s.amount)!,
    currency: s.currency,
  };
}

function fields(row: typeof grant.$inferSelect): GrantCreate {
  return {
    stakeholderId: row.stakeholderId,
    planId: row.planId,
    quantity: row.quantity,
    exercisePrice: decimalOut(row.exercisePrice),
    currency: row.currency,
    grantDate: row.grantDate,
    vestingStartDate: row.vestingStartDate,
    templateId: row.templateId,
    terms: row.terms as GrantCreate['terms'],
    expiryDate: row.expiryDate,
    offerDate: row.offerDate,
    acceptanceDate: row.acceptanceDate,
    taxAtExercise: row.taxAtExercise,
    taxElectionDate: row.taxElectionDate,
    status: row.status as GrantCreate['status'],
    notes: row.notes,
  };
}

async function findBundle(db: DbOrTx, companyId: string, grantId: string) {
  const [bundle] = await loadGrants(db, { companyId, grantId });
  if (!bundle) throw notFound(msg('errors.notFound.grant'));
  return bundle;
}

async function detail(db: DbOrTx, companyId: string, grantId: string): Promise<GrantDetail> {
  const bundle = await findBundle(db, companyId, grantId);
  const coc = (await changeOfControlDates(db, [companyId])).get(companyId) ?? null;
  // Only a grant with exercises can have settlements: no query for the others.
  const settlements =
    bundle.exercises.length > 0 ? await settlementsOf(db, companyId, grantId) : undefined;
  return toGrant(bundle, coc, await companyCountry(db, companyId), today(), settlements).detail;
}

/**
 * Several grants of a company with their full schedules (documents, issue 14), in the order of
 * `grantIds`, and the ids that name no grant of the company (or one in the trash).
 */
export async function grantDetails(
  db: DbOrTx,
  companyId: string,
  grantIds: readonly string[],
): Promise<{ details: GrantDetail[]; missing: string[] }> {
  const wanted = new Set(grantIds);
  const [bundles, coc, country] = await concurrently(db, [
    () => loadGrants(db, { companyId }),
    () => changeOfControlDates(db, [companyId]),
    () => companyCountry(db, companyId),
  ]);
  const byId = new Map(bundles.filter((b) => wanted.has(b.row.id)).map((b) => [b.row.id, b]));
  const asOf = today();
  const details: GrantDetail[] = [];
  const missing: string[] = [];
  for (const id of grantIds) {
    const bundle = byId.get(id);
    if (!bundle) {
      missing.push(id);
      continue;
    }
    const settlements =
      bundle.exercises.length > 0 ? await settlementsOf(db, companyId, id) : undefined;
    details.push(toGrant(bundle, coc.get(companyId) ?? null, country, asOf, settlements).detail);
  }
  return { details, missing };
}

/**
 * Rules that need the plan and the company: the plan's price rules, the Belgian acceptance
 * window, how far vesting may start before the grant, and the plan's pool.
 */
async function checkGrantContext(
  tx: DbOrTx,
  actor: ServiceArgs['actor'],
  companyId: string,
  input: GrantCreate,
  exceptGrantId?: string,
): Promise<{ currency: string }> {
  const plans = await loadPlans(tx, companyId);
  const plan = plans.find((p) => p.row.id === input.planId);
  if (!plan) throw validationError({ planId: msg('errors.grant.noSuchPlan') });
  await requireStakeholders(tx, companyId, { stakeholderId: input.stakeholderId });
  await requireTemplate(tx, actor.organizationId, input.templateId, 'templateId');
  const type = plan.row.planType as PlanType;
  if ((type === 'restricted_shares' || type === 'rsu') && input.exercisePrice !== null)
    throw validationError({ exercisePrice: msg('errors.grant.noExercisePrice') });
  if ((type === 'stock_options' || type === 'receipt_options') && input.exercisePrice === null)
    throw validationError({ exercisePrice: msg('errors.grant.needsExercisePrice') });
  if (input.vestingStartDate < addMonths(input.grantDate, -MAX_VESTING_BACKDATE_MONTHS))
    throw validationError({
      vestingStartDate: msg('errors.grant.vestingBackdated', {
        months: MAX_VESTING_BACKDATE_MONTHS,
      }),
    });
  const deadline = acceptanceDeadline(await companyCountry(tx, companyId), input.offerDate);
  if (deadline && input.acceptanceDate && input.acceptanceDate > deadline)
    throw validationError({
      acceptanceDate: msg('errors.grant.acceptanceDeadline', {
        days: BE_ACCEPTANCE_DAYS,
        deadline,
      }),
    });
  // The pool exists from the plan's board approval (decision 008): a grant dated before it has
  // no pool to come from, whatever the pool's size (it used to read "0 shares available").
  const approval = plan.row.boardApprovalDate;
  if (approval && input.grantDate < approval)
    throw validationError({
      grantDate: msg('errors.grant.beforeBoardApproval', { date: new LongDate(approval) }),
    });
  // Pool: what the plan's other grants use, plus this one, within the reserve at every change.
  const others = (await grantedByPlan(tx, [plan.row.id])).get(plan.row.id) ?? 0;
  let own = 0;
  if (exceptGrantId) {
    const [current] = await loadGrants(tx, { grantId: exceptGrantId });
    if (current && current.row.planId === plan.row.id) {
      const coc = (await changeOfControlDates(tx, [companyId])).get(companyId) ?? null;
      own = poolUse(
        figuresOf(current, coc, '9999-12-31'),
        current.row.quantity,
        current.plan.forfeitedTo,
      );
    }
  }
  const used = others - own;
  const capPlan = toCapTablePlan(plan.row, plan.adjustments);
  const dates = [
    input.grantDate,
    ...plan.adjustments.map((a) => a.date).filter((d) => d > input.grantDate),
  ];
  const available = Math.max(0, Math.min(...dates.map((d) => poolReserved(capPlan, d) - used)));
  if (input.quantity > available) {
    const values = { plan: plan.row.name, available, quantity: input.quantity };
    throw new AppError('POOL_EXHAUSTED', msg('errors.grant.poolExhausted', values), {
      quantity: msg('errors.grant.poolExhausted.field', values),
    });
  }
  return { currency: input.currency ?? plan.row.currency };
}

/**
 * The company's grants (filtered) with their figures as of today, and the company's change of
 * control: the figures apply it, and the Grants tab's chart gives it to the engine.
 */
export async function listGrants({
  db,
  actor,
  input,
}: ServiceArgs<{
  companyId: string;
  query: { planId?: string; stakeholderId?: string; status?: GrantStatus };
}>): Promise<GrantListResponse> {
  await checkCompany(db, actor.organizationId, input.companyId);
  const [bundles, coc, country] = await Promise.all([
    loadGrants(db, { companyId: input.companyId }),
    changeOfControlDates(db, [input.companyId]),
    companyCountry(db, input.companyId),
  ]);
  const asOf = today();
  const changeOfControlDate = coc.get(input.companyId) ?? null;
  const items = bundles
    .filter(
      (b) =>
        (!input.query.planId || b.row.planId === input.query.planId) &&
        (!input.query.stakeholderId || b.row.stakeholderId === input.query.stakeholderId),
    )
    .map((b) => {
      const { detail: _d, ...g } = toGrant(b, changeOfControlDate, country, asOf);
      return g;
    })
    .filter((g) => !input.query.status || g.status === input.query.status);
  return { items, changeOfControlDate };
}

export async function getGrant({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string; id: string }>): Promise<GrantDetail> {
  await checkCompany(db, actor.organizationId, input.companyId);
  return detail(db, input.companyId, input.id);
}

export async function createGrant({
  db,
  actor,
  input,
  tx: outer,
}: ServiceArgs<{ companyId: string; body: GrantCreate }>): Promise<GrantDetail> {
  return inTransaction(db, outer, async (tx) => {
    await lockCompany(tx, actor.organizationId, input.companyId);
    const { currency } = await checkGrantContext(tx, actor, input.companyId, input.body);
    const [row] = await tx
      .insert(grant)
      .values({
        ...input.body,
        currency,
        organizationId: actor.organizationId,
        companyId: input.companyId,
      })
      .returning();
    if (!row) throw new AppError('INTERNAL_ERROR', 'Grant was not created');
    await recordAudit(tx, {
      actor,
      action: 'create',
      entityType: ENTITY,
      entityId: row.id,
      companyId: input.companyId,
      changes: snapshot({ ...fields(row), terms: undefined }),
    });
    return detail(tx, input.companyId, row.id);
  });
}

export async function updateGrant({
  db,
  actor,
  input,
}: ServiceArgs<{
  companyId: string;
  id: string;
  patch: Record<string, unknown>;
}>): Promise<GrantDetail> {
  return db.transaction(async (tx) => {
    await lockCompany(tx, actor.organizationId, input.companyId);
    const { row: existing, exercises } = await findBundle(tx, input.companyId, input.id);
    const before = fields(existing);
    const next = mergePatch(grantCreateSchema, before, input.patch);
    const changes = diff(before, next);
    if (Object.keys(changes).length === 0) return detail(tx, input.companyId, existing.id);
    if (exercises.length > 0 && (changes.planId || changes.stakeholderId))
      throw new AppError('CONFLICT', msg('errors.grant.exercisedKeepsParties'));
    const { currency } = await checkGrantContext(tx, actor, input.companyId, next, existing.id);
    await tx
      .update(grant)
      .set({ ...next, currency, updatedAt: systemNow() })
      .where(eq(grant.id, existing.id));
    await recordAudit(tx, {
      actor,
      action: 'update',
      entityType: ENTITY,
      entityId: existing.id,
      companyId: input.companyId,
      changes,
    });
    return detail(tx, input.companyId, existing.id);
  });
}

/**
 * Moves a grant to the trash (decision 016). One with exercises cannot go (they are on the
 * register): cancel it instead.
 */
export async function deleteGrant({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string; id: string }>): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCompany(tx, actor.organizationId, input.companyId);
    const { row, exercises, stakeholderName } = await findBundle(tx, input.companyId, input.id);
    if (exercises.length > 0)
      throw new AppError(
        'CONFLICT',
        msg('errors.grant.deleteExercised', { name: stakeholderName, count: exercises.length }),
      );
    await tx
      .update(grant)
      .set({ ...trashedBy(actor), trashedWith: null })
      .where(eq(grant.id, row.id));
    await recordAudit(tx, {
      actor,
      action: 'trash',
      entityType: ENTITY,
      entityId: row.id,
      companyId: input.companyId,
      changes: { quantity: { from: row.quantity, to: null } },
    });
  });
}

/** Loads a grant for an action, refusing cancelled grants. */
async function activeBundle(tx: DbOrTx, companyId: string, id: string) {
  const bundle = await findBundle(tx, companyId, id);
  if (bundle.row.cancelledDate)
    throw new AppError(
      'CONFLICT',
      msg('errors.grant.cancelled', { date: bundle.row.cancelledDate }),
    );
  return bundle;
}

export async function achieveMilestone({
  db,
  actor,
  input,
}: ServiceArgs<{
  companyId: string;
  id: string;
  milestoneId: string;
  date: string;
}>): Promise<GrantDetail> {
  return db.transaction(async (tx) => {
    await lockCompany(tx, actor.organizationId, input.companyId);
    const { row } = await activeBundle(tx, input.companyId, input.id);
    const terms = structuredClone(row.terms) as VestingTerms;
    const milestones =
      terms.type === 'milestone'
        ? terms.milestones
        : terms.type === 'combined'
          ? terms.parts.flatMap((p) => (p.terms.type === 'milestone' ? p.terms.milestones : []))
          : [];
    const milestone = milestones.find((m) => m.id === input.milestoneId);
    if (!milestone) throw notFound(msg('errors.notFound.milestone'));
    if (milestone.achievedDate)
      throw new AppError(
        'CONFLICT',
        msg('errors.grant.milestoneAchieved', {
          name: milestone.name,
          date: milestone.achievedDate,
        }),
      );
    if (input.date < row.grantDate)
      throw validationError({ date: msg('errors.grant.milestoneBeforeGrant') });
    milestone.achievedDate = input.date;
    await tx.update(grant).set({ terms, updatedAt: systemNow() }).where(eq(grant.id, row.id));
    await recordAudit(tx, {
      actor,
      action: 'update',
      entityType: ENTITY,
      entityId: row.id,
      companyId: input.companyId,
      changes: { [`milestone ${milestone.name}`]: { from: null, to: input.date } },
    });
    return detail(tx, input.companyId, row.id);
  });
}

export async function terminateGrant({
  db,
  actor,
  input,
}: ServiceArgs<{
  companyId: string;
  id: string;
  date: string;
  leaverType: 'good' | 'bad';
  reason: string | null;
}>): Promise<GrantDetail> {
  return db.transaction(async (tx) => {
    await lockCompany(tx, actor.organizationId, input.companyId);
    const { row } = await activeBundle(tx, input.companyId, input.id);
    if (row.terminationDate)
      throw new AppError('CONFLICT', msg('errors.grant.holderLeft', { date: row.terminationDate }));
    if (input.date < row.grantDate)
      throw validationError({ date: msg('errors.grant.terminationBeforeGrant') });
    await tx
      .update(grant)
      .set({
        terminationDate: input.date,
        leaverType: input.leaverType,
        terminationReason: input.reason,
        updatedAt: systemNow(),
      })
      .where(eq(grant.id, row.id));
    await recordAudit(tx, {
      actor,
      action: 'update',
      entityType: ENTITY,
      entityId: row.id,
      companyId: input.companyId,
      changes: { termination: { from: null, to: `${input.date} (${input.leaverType} leaver)` } },
    });
    return detail(tx, input.companyId, row.id);
  });
}

export async function cancelGrant({
  db,
  actor,
  input,
}: ServiceArgs<{
  companyId: string;
  id: string;
  date: string;
  reason: string | null;
}>): Promise<GrantDetail> {
  return db.transaction(async (tx) => {
    await lockCompany(tx, actor.organizationId, input.companyId);
    const { row, exercises } = await activeBundle(tx, input.companyId, input.id);
    if (input.date < row.grantDate)
      throw validationError({ date: msg('errors.grant.cancellationBeforeGrant') });
    const late = exercises.find((e) => e.date > input.date);
    if (late)
      throw validationError({ date: msg('errors.grant.laterExercise', { date: late.date }) });
    await tx
      .update(grant)
      .set({ cancelledDate: input.date, cancellationReason: input.reason, updatedAt: systemNow() })
      .where(eq(grant.id, row.id));
    await recordAudit(tx, {
      actor,
      action: 'update',
      entityType: ENTITY,
      entityId: row.id,
      companyId: input.companyId,
      changes: { cancelled: { from: null, to: input.date } },
    });
    return detail(tx, input.companyId, row.id);
  });
}

/**
 * Exercises (or settles) part of a grant: at most what is exercisable on the date. Share-settled
 * plans issue the shares in the register (options on receipts: to the STAK, with receipts for the
 * holder), in the same transaction. Cash-settled plans record the settlement: once the company
 * has a valuation valid on the exercise date, with its amount, max(0, FMV − base price) ×
 * quantity (issue 5: "at the current valuation once valuations exist"; no base price: the full
 * FMV, as for phantom and virtual shares).
 */
export async function exerciseGrant({
  db,
  actor,
  input,
}: ServiceArgs<{
  companyId: string;
  id: string;
  date: string;
  quantity: number;
}>): Promise<GrantDetail> {
  return db.transaction(async (tx) => {
    await lockCompany(tx, actor.organizationId, input.companyId);
    const bundle = await activeBundle(tx, input.companyId, input.id);
    const { row, plan } = bundle;
    if (['draft', 'offered'].includes(row.status))
      throw new AppError('CONFLICT', msg('errors.grant.notAccepted'));
    const coc = (await changeOfControlDates(tx, [input.companyId])).get(input.companyId) ?? null;
    const f = figuresOf(bundle, coc, input.date);
    const later = bundle.exercises
      .filter((e) => e.date > input.date)
      .reduce((s, e) => s + e.quantity, 0);
    const exercisable = Math.max(0, f.exercisable - later);
    if (input.quantity > exercisable)
      throw new AppError(
        'CONFLICT',
        msg('errors.grant.notExercisable', { exercisable, date: input.date }),
        { quantity: msg('errors.grant.notExercisable.field', { exercisable, date: input.date }) },
      );
    let shareEventId: string | null = null;
    let receiptId: string | null = null;
    const type = plan.planType as PlanType;
    if (!isCashSettled(type)) {
      if (!plan.shareClassId)
        throw new AppError('CONFLICT', msg('errors.grant.planWithoutClass', { plan: plan.name }));
      const toStakeholderId =
        type === 'receipt_options' ? plan.stakStakeholderId! : row.stakeholderId;
      const issue = {
        type: 'issue' as const,
        date: input.date,
        shareClassId: plan.shareClassId,
        shareCount: input.quantity,
        toStakeholderId,
        fromStakeholderId: null,
        firstShareNumber: null,
        lastShareNumber: null,
      };
      const ledger = await loadLedger(tx, input.companyId);
      ledger.events.push(toLedgerEvent('new', ledger.events.length, issue));
      if (type === 'receipt_options')
        ledger.receipts.push({
          id: 'new-receipt',
          date: input.date,
          stakStakeholderId: toStakeholderId,
          shareClassId: plan.shareClassId,
          receiptCount: input.quantity,
        });
      await assertRegister(tx, input.companyId, ledger);
      const [event] = await tx
        .insert(shareEvent)
        .values({
          ...issue,
          organizationId: actor.organizationId,
          companyId: input.companyId,
          pricePerShare: row.exercisePrice,
          currency: row.exercisePrice ? row.currency : null,
          notes: `Exercise of grant ${row.id}`,
        })
        .returning();
      shareEventId = event!.id;
      if (type === 'receipt_options') {
        const [receipt] = await tx
          .insert(depositaryReceipt)
          .values({
            organizationId: actor.organizationId,
            companyId: input.companyId,
            stakStakeholderId: toStakeholderId,
            shareClassId: plan.shareClassId,
            holderStakeholderId: row.stakeholderId,
            receiptCount: input.quantity,
            date: input.date,
            notes: `Exercise of grant ${row.id}`,
          })
          .returning();
        receiptId = receipt!.id;
      }
    }
    const [exercise] = await tx
      .insert(grantExercise)
      .values({
        organizationId: actor.organizationId,
        companyId: input.companyId,
        grantId: row.id,
        date: input.date,
        quantity: input.quantity,
        shareEventId,
        receiptId,
      })
      .returning();
    const settlement = isCashSettled(type)
      ? await fmvValidOn(tx, input.companyId, input.date)
      : null;
    let amount: string | null = null;
    if (settlement) {
      amount = intrinsicValue(settlement.fmvPerShare, row.exercisePrice, input.quantity);
      await tx.insert(grantSettlement).values({
        exerciseId: exercise!.id,
        organizationId: actor.organizationId,
        companyId: input.companyId,
        grantId: row.id,
        valuationId: settlement.valuationId,
        fmvPerShare: settlement.fmvPerShare,
        basePrice: row.exercisePrice,
        amount,
        currency: settlement.currency,
      });
    }
    await recordAudit(tx, {
      actor,
      action: 'create',
      entityType: 'grant_exercise',
      entityId: exercise!.id,
      companyId: input.companyId,
      changes: snapshot({
        grant: row.id,
        date: input.date,
        quantity: input.quantity,
        settlementAmount: amount && settlement ? `${amount} ${settlement.currency}` : null,
        fmvPerShare: settlement?.fmvPerShare ?? null,
      }),
    });
    return detail(tx, input.companyId, row.id);
  });
}

/** Records the company's change of control: single-trigger plans accelerate on this date. */
export async function recordChangeOfControl({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string; date: string }>): Promise<{ date: string }> {
  return db.transaction(async (tx) => {
    await lockCompany(tx, actor.organizationId, input.companyId);
    const existing = await tx
      .select()
      .from(companyEvent)
      .where(
        and(
          eq(companyEvent.companyId, input.companyId),
          eq(companyEvent.type, 'change_of_control'),
        ),
      )
      .limit(1);
    if (existing[0])
      throw new AppError(
        'CONFLICT',
        msg('errors.grant.changeOfControlExists', { date: existing[0].date }),
      );
    const [row] = await tx
      .insert(companyEvent)
      .values({
        organizationId: actor.organizationId,
        companyId: input.companyId,
        type: 'change_of_control',
        date: input.date,
      })
      .returning();
    await recordAudit(tx, {
      actor,
      action: 'create',
      entityType: 'change_of_control',
      entityId: row!.id,
      companyId: input.companyId,
      changes: snapshot({ date: input.date }),
    });
    return { date: input.date };
  });
}

/**
 * Removes a leave of absence (one recorded by mistake, issue 11): the installments it moved come
 * back. A leave is named by its first day (leaves never overlap).
 */
export async function removePause({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string; id: string; start: string }>): Promise<GrantDetail> {
  return db.transaction(async (tx) => {
    await lockCompany(tx, actor.organizationId, input.companyId);
    const { row } = await activeBundle(tx, input.companyId, input.id);
    const removed = row.pauses.find((p) => p.start === input.start);
    if (!removed) throw notFound(msg('errors.notFound.leave'));
    const pauses = row.pauses.filter((p) => p !== removed);
    await tx.update(grant).set({ pauses, updatedAt: systemNow() }).where(eq(grant.id, row.id));
    await recordAudit(tx, {
      actor,
      action: 'update',
      entityType: ENTITY,
      entityId: row.id,
      companyId: input.companyId,
      changes: { 'leave of absence': { from: `${removed.start} – ${removed.end}`, to: null } },
    });
    return detail(tx, input.companyId, row.id);
  });
}

/** Records a leave of absence: vesting pauses, later installments move by its length. */
export async function addPause({
  db,
  actor,
  input,
}: ServiceArgs<{
  companyId: string;
  id: string;
  start: string;
  end: string;
}>): Promise<GrantDetail> {
  return db.transaction(async (tx) => {
    await lockCompany(tx, actor.organizationId, input.companyId);
    const bundle = await activeBundle(tx, input.companyId, input.id);
    const { row } = bundle;
    if (input.start < row.vestingStartDate)
      throw validationError({ start: msg('errors.leave.beforeVesting') });
    if (row.terminationDate && input.start > row.terminationDate)
      throw validationError({
        start: msg('errors.leave.holderLeft', { date: row.terminationDate }),
      });
    const clash = row.pauses.find((p) => p.start < input.end && input.start < p.end);
    if (clash)
      throw new AppError(
        'CONFLICT',
        msg('errors.leave.overlaps', { start: clash.start, end: clash.end }),
        {
          start: msg('errors.leave.overlaps.field'),
        },
      );
    const pauses = [...row.pauses, { start: input.start, end: input.end }].sort((a, b) =>
      a.start < b.start ? -1 : 1,
    );
    // Schedules stay within the years 0001–9999 (issue 11): the leave may not push them out.
    const coc = (await changeOfControlDates(tx, [input.companyId])).get(input.companyId) ?? null;
    const moved = figuresOf({ ...bundle, row: { ...row, pauses } }, coc, today());
    const last = moved.result.installments.at(-1)?.date;
    if (last !== undefined && !(last.length === 10 && last <= LAST_SCHEDULE_DATE))
      throw validationError({
        end: msg('errors.leave.pastSchedule', { limit: LAST_SCHEDULE_DATE, last }),
      });
    await tx.update(grant).set({ pauses, updatedAt: systemNow() }).where(eq(grant.id, row.id));
    await recordAudit(tx, {
      actor,
      action: 'update',
      entityType: ENTITY,
      entityId: row.id,
      companyId: input.companyId,
      changes: { 'leave of absence': { from: null, to: `${input.start} – ${input.end}` } },
    });
    return detail(tx, input.companyId, row.id);
  });
}
