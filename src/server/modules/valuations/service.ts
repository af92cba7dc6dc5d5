import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, isNull, ne, type SQL } from 'drizzle-orm';
import {
  MAX_REPORT_BYTES,
  valuationCreateSchema,
  type Valuation,
  type ValuationCreate,
  type ValuationList,
  type ValuationMetrics,
} from '../../../contracts/valuation';
import { poolReserved } from '../../../domain/cap-table';
import { normalizeDecimal } from '../../../domain/decimal';
import {
  cagrPercent,
  changeOf,
  compareDecimals,
  computeValuation,
  latestEffectiveDate,
  MoneySum,
  statusesOf,
  subtractDecimal,
  validUntil,
  valuationInForce,
  valuationValidOn,
  type ValuationMethod,
  type ValuationPurpose,
} from '../../../domain/valuation';
import { concurrently } from '../../db/concurrently';
import { inTransaction, type Database, type DbOrTx } from '../../db/client';
import {
  equityPlan,
  poolAdjustment,
  shareClass,
  valuation,
  valuationReport,
} from '../../db/schema';
import type { ServiceArgs } from '../../http/context';
import { AppError, msg, notFound, validationError } from '../../http/errors';
import { diff, recordAudit, snapshot } from '../audit/service';
import { getCapTable } from '../equity/cap-table';
import { toCapTablePlan } from '../equity/plans';
import {
  checkCompany,
  decimalOut,
  lockCompany,
  mergePatch,
  requireShareClass,
} from '../equity/shared';
import { changeOfControlDates, figuresOf, loadGrants } from '../grants/load';
import { poolUse } from '../grants/summary';
import { today, systemNow } from '../../clock';

/** Valuations (issue 6): CRUD, the report PDF, history with changes, and metrics. */

const ENTITY = 'valuation';

type Row = typeof valuation.$inferSelect;
interface Loaded {
  row: Row;
  shareClassName: string | null;
  report: { filename: string; sizeBytes: number; sha256: string; uploadedAt: Date } | null;
}

/** A company's valuations in history order, with report metadata (never the PDF bytes). */
async function loadValuations(db: DbOrTx, companyId: string, where?: SQL): Promise<Loaded[]> {
  const rows = await db
    .select({
      row: valuation,
      shareClassName: shareClass.name,
      filename: valuationReport.filename,
      sizeBytes: valuationReport.sizeBytes,
      sha256: valuationReport.sha256,
      uploadedAt: valuationReport.uploadedAt,
    })
    .from(valuation)
    .leftJoin(shareClass, eq(shareClass.id, valuation.shareClassId))
    .leftJoin(valuationReport, eq(valuationReport.valuationId, valuation.id))
    .where(and(eq(valuation.companyId, companyId), where))
    .orderBy(asc(valuation.effectiveDate), asc(valuation.createdAt), asc(valuation.id));
  return rows.map((r) => ({
    row: r.row,
    shareClassName: r.shareClassName,
    report:
      r.filename !== null && r.sizeBytes !== null && r.sha256 !== null && r.uploadedAt !== null
        ? {
            filename: r.filename,
            sizeBytes: r.sizeBytes,
            sha256: r.sha256,
            uploadedAt: r.uploadedAt,
          }
        : null,
  }));
}

function figuresOfRow(row: Row) {
  return computeValuation({
    enterpriseValue: row.enterpriseValue,
    debt: row.debt,
    cash: row.cash,
    fullyDilutedShares: row.fullyDilutedShares,
    commonValuePerShare: row.commonValuePerShare,
    dlomPercent: row.dlomPercent,
  });
}

/** The API shape of a history (oldest first), with statuses and changes as of `asOf`. */
function toValuations(history: Loaded[], asOf: string): Valuation[] {
  const statuses = statusesOf(
    history.map((h) => h.row),
    asOf,
  );
  let previous: { pricePerShare: string; fmvPerShare: string } | null = null;
  return history.map(({ row, shareClassName, report }, i) => {
    const computed = figuresOfRow(row);
    const change: Valuation['change'] = previous
      ? {
          pricePerShare: changeOf(previous.pricePerShare, computed.pricePerShare),
          fmvPerShare: changeOf(previous.fmvPerShare, computed.fmvPerShare),
        }
      : null;
    previous = computed;
    return {
      id: row.id,
      companyId: row.companyId,
      effectiveDate: row.effectiveDate,
      purpose: row.purpose as ValuationPurpose,
      method: row.method as ValuationMethod,
      provider: row.provider,
      currency: row.currency,
      enterpriseValue: normalizeDecimal(row.enterpriseValue),
      debt: normalizeDecimal(row.debt),
      cash: normalizeDecimal(row.cash),
      fullyDilutedShares: row.fullyDilutedShares,
      fullyDilutedSharesDerived: row.fullyDilutedSharesDerived,
      preferredPricePerShare: decimalOut(row.preferredPricePerShare),
      commonValuePerShare: decimalOut(row.commonValuePerShare),
      dlomPercent: normalizeDecimal(row.dlomPercent),
      shareClassId: row.shareClassId,
      shareClassName,
      materialEventDate: row.materialEventDate,
      notes: row.notes,
      ...computed,
      validUntil: row.validUntil,
      status: statuses[i]!,
      change,
      report: report
        ? {
            filename: report.filename,
            sizeBytes: report.sizeBytes,
            sha256: report.sha256,
            uploadedAt: report.uploadedAt.toISOString(),
          }
        : null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

async function findOne(db: DbOrTx, companyId: string, id: string): Promise<Valuation> {
  const found = toValuations(await loadValuations(db, companyId), today()).find((v) => v.id === id);
  if (!found) throw notFound(msg('errors.notFound.valuation'));
  return found;
}

async function findRow(db: DbOrTx, companyId: string, id: string): Promise<Row> {
  const rows = await db
    .select()
    .from(valuation)
    .where(and(eq(valuation.companyId, companyId), eq(valuation.id, id)))
    .limit(1);
  if (!rows[0]) throw notFound(msg('errors.notFound.valuation'));
  return rows[0];
}

/** The stored inputs as a create body (derived share counts as null: they follow the date). */
function fields(row: Row): ValuationCreate {
  return {
    effectiveDate: row.effectiveDate,
    purpose: row.purpose as ValuationPurpose,
    method: row.method as ValuationMethod,
    provider: row.provider,
    currency: row.currency,
    enterpriseValue: normalizeDecimal(row.enterpriseValue),
    debt: normalizeDecimal(row.debt),
    cash: normalizeDecimal(row.cash),
    fullyDilutedShares: row.fullyDilutedSharesDerived ? null : row.fullyDilutedShares,
    preferredPricePerShare: decimalOut(row.preferredPricePerShare),
    commonValuePerShare: decimalOut(row.commonValuePerShare),
    dlomPercent: normalizeDecimal(row.dlomPercent),
    shareClassId: row.shareClassId,
    materialEventDate: row.materialEventDate,
    notes: row.notes,
  };
}

/**
 * Checks what needs the database and the date, and resolves the fully diluted shares: the ones
 * given, or the cap table's fully diluted total as of the effective date.
 */
async function prepare(
  tx: DbOrTx,
  actor: ServiceArgs['actor'],
  companyId: string,
  input: ValuationCreate,
  exceptId?: string,
) {
  const limit = latestEffectiveDate(today());
  if (input.effectiveDate > limit)
    throw validationError({
      effectiveDate: msg('errors.valuation.tooFarAhead', { limit }),
    });
  await requireShareClass(tx, companyId, input.shareClassId);
  const duplicate = await tx
    .select({ id: valuation.id })
    .from(valuation)
    .where(
      and(
        eq(valuation.companyId, companyId),
        eq(valuation.effectiveDate, input.effectiveDate),
        eq(valuation.purpose, input.purpose),
        input.shareClassId
          ? eq(valuation.shareClassId, input.shareClassId)
          : isNull(valuation.shareClassId),
        exceptId ? ne(valuation.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (duplicate[0]) {
    const message = msg('errors.valuation.duplicate', {
      purpose: input.purpose,
      date: input.effectiveDate,
    });
    throw new AppError('CONFLICT', message, { effectiveDate: message });
  }
  let fullyDilutedShares = input.fullyDilutedShares;
  const derived = fullyDilutedShares === null;
  if (fullyDilutedShares === null) {
    const table = await getCapTable({
      db: tx as Database,
      actor,
      input: { companyId, asOf: input.effectiveDate },
    });
    fullyDilutedShares = table.totals.fullyDiluted;
    if (fullyDilutedShares <= 0)
      throw validationError({
        fullyDilutedShares: msg('errors.valuation.noShares', { date: input.effectiveDate }),
      });
  }
  const computed = computeValuation({ ...input, fullyDilutedShares });
  if (computed.equityValue.startsWith('-'))
    throw validationError({
      debt: msg('errors.valuation.debtTooHigh', { equityValue: computed.equityValue }),
    });
  return {
    ...input,
    fullyDilutedShares,
    fullyDilutedSharesDerived: derived,
    validUntil: validUntil(input.effectiveDate),
  };
}

export async function listValuations({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string }>): Promise<ValuationList> {
  await checkCompany(db, actor.organizationId, input.companyId);
  const asOf = today();
  return { asOf, items: toValuations(await loadValuations(db, input.companyId), asOf) };
}

export async function getValuation({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string; id: string }>): Promise<Valuation> {
  await checkCompany(db, actor.organizationId, input.companyId);
  return findOne(db, input.companyId, input.id);
}

export async function createValuation({
  db,
  actor,
  input,
  tx: outer,
}: ServiceArgs<{ companyId: string; body: ValuationCreate }>): Promise<Valuation> {
  return inTransaction(db, outer, async (tx) => {
    await lockCompany(tx, actor.organizationId, input.companyId);
    const values = await prepare(tx, actor, input.companyId, input.body);
    const [row] = await tx
      .insert(valuation)
      .values({ ...values, organizationId: actor.organizationId, companyId: input.companyId })
      .returning();
    if (!row) throw new AppError('INTERNAL_ERROR', 'Valuation was not created');
    await recordAudit(tx, {
      actor,
      action: 'create',
      entityType: ENTITY,
      entityId: row.id,
      companyId: input.companyId,
      changes: snapshot({ ...fields(row), fullyDilutedShares: row.fullyDilutedShares }),
    });
    return findOne(tx, input.companyId, row.id);
  });
}

export async function updateValuation({
  db,
  actor,
  input,
}: ServiceArgs<{
  companyId: string;
  id: string;
  patch: Record<string, unknown>;
}>): Promise<Valuation> {
  return db.transaction(async (tx) => {
    await lockCompany(tx, actor.organizationId, input.companyId);
    const existing = await findRow(tx, input.companyId, input.id);
    const before = fields(existing);
    const next = mergePatch(valuationCreateSchema, before, input.patch);
    const changes = diff(before, next);
    if (Object.keys(changes).length === 0) return findOne(tx, input.companyId, existing.id);
    const values = await prepare(tx, actor, input.companyId, next, existing.id);
    if (values.fullyDilutedShares !== existing.fullyDilutedShares)
      changes.fullyDilutedShares = {
        from: existing.fullyDilutedShares,
        to: values.fullyDilutedShares,
      };
    await tx
      .update(valuation)
      .set({ ...values, updatedAt: systemNow() })
      .where(eq(valuation.id, existing.id));
    await recordAudit(tx, {
      actor,
      action: 'update',
      entityType: ENTITY,
      entityId: existing.id,
      companyId: input.companyId,
      changes,
    });
    return findOne(tx, input.companyId, existing.id);
  });
}

export async function deleteValuation({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string; id: string }>): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCompany(tx, actor.organizationId, input.companyId);
    const row = await findRow(tx, input.companyId, input.id);
    await tx.delete(valuation).where(eq(valuation.id, row.id));
    await recordAudit(tx, {
      actor,
      action: 'delete',
      entityType: ENTITY,
      entityId: row.id,
      companyId: input.companyId,
      changes: { effectiveDate: { from: row.effectiveDate, to: null } },
    });
  });
}

// ------------------------------------------------------------------------------------ report

const PDF_MAGIC = Buffer.from('%PDF-', 'ascii');

/** A file name safe for a header: no path, no quotes or control characters; ends in .pdf. */
function cleanFilename(name: string | undefined, effectiveDate: string): string {
  const base = (name ?? '')
    .split(/[\\/]/)
    .pop()!
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .slice(0, 200);
  if (!base) return `valuation-${effectiveDate}.pdf`;
  return /\.pdf$/i.test(base) ? base : `${base}.pdf`;
}

/**
 * Stores (or replaces) the valuation's report. 413 beyond 20 MB; 400 naming `report` for an
 * empty file or one that does not start with the PDF signature `%PDF-`.
 */
export async function putReport({
  db,
  actor,
  input,
}: ServiceArgs<{
  companyId: string;
  id: string;
  bytes: Buffer | null;
  filename?: string;
  /** Why the request cannot carry a report (a malformed multipart body, say): thrown after the 404s. */
  refusal?: AppError;
}>): Promise<Valuation> {
  return db.transaction(async (tx) => {
    await lockCompany(tx, actor.organizationId, input.companyId);
    const row = await findRow(tx, input.companyId, input.id);
    if (input.refusal) throw input.refusal;
    const bytes = input.bytes;
    if (!bytes || bytes.length === 0)
      throw validationError({ report: msg('errors.report.missing') });
    if (bytes.length > MAX_REPORT_BYTES)
      throw new AppError('PAYLOAD_TOO_LARGE', msg('errors.report.tooLarge'), {
        report: msg('errors.report.tooLarge'),
      });
    if (!bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC))
      throw validationError({ report: msg('errors.report.notPdf') });
    const filename = cleanFilename(input.filename, row.effectiveDate);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const [previous] = await tx
      .select({ filename: valuationReport.filename })
      .from(valuationReport)
      .where(eq(valuationReport.valuationId, row.id));
    const values = {
      organizationId: actor.organizationId,
      companyId: input.companyId,
      filename,
      sizeBytes: bytes.length,
      sha256,
      pdf: bytes,
      uploadedAt: systemNow(),
    };
    await tx
      .insert(valuationReport)
      .values({ valuationId: row.id, ...values })
      .onConflictDoUpdate({ target: valuationReport.valuationId, set: values });
    await recordAudit(tx, {
      actor,
      action: 'update',
      entityType: ENTITY,
      entityId: row.id,
      companyId: input.companyId,
      changes: { report: { from: previous?.filename ?? null, to: filename } },
    });
    return findOne(tx, input.companyId, row.id);
  });
}

export async function getReport({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string; id: string }>): Promise<{ filename: string; pdf: Buffer }> {
  await checkCompany(db, actor.organizationId, input.companyId);
  const rows = await db
    .select({ filename: valuationReport.filename, pdf: valuationReport.pdf })
    .from(valuationReport)
    .where(
      and(
        eq(valuationReport.companyId, input.companyId),
        eq(valuationReport.valuationId, input.id),
      ),
    )
    .limit(1);
  if (!rows[0]) throw notFound(msg('errors.notFound.valuationReport'));
  return rows[0];
}

export async function deleteReport({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string; id: string }>): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCompany(tx, actor.organizationId, input.companyId);
    const row = await findRow(tx, input.companyId, input.id);
    const deleted = await tx
      .delete(valuationReport)
      .where(eq(valuationReport.valuationId, row.id))
      .returning({ filename: valuationReport.filename });
    if (!deleted[0]) throw notFound(msg('errors.notFound.valuationReport'));
    await recordAudit(tx, {
      actor,
      action: 'update',
      entityType: ENTITY,
      entityId: row.id,
      companyId: input.companyId,
      changes: { report: { from: deleted[0].filename, to: null } },
    });
  });
}

// ---------------------------------------------------------------------------- FMV on a date

/**
 * The FMV valid on `date` (the valuation in force, unless expired or stale then), for cash
 * settlements. Null when no valuation is valid on the date.
 */
export async function fmvValidOn(
  db: DbOrTx,
  companyId: string,
  date: string,
): Promise<{ valuationId: string; fmvPerShare: string; currency: string } | null> {
  const history = await db
    .select()
    .from(valuation)
    .where(eq(valuation.companyId, companyId))
    .orderBy(asc(valuation.effectiveDate), asc(valuation.createdAt), asc(valuation.id));
  return fmvValidIn(history, date);
}

/**
 * fmvValidOn over a history already in hand (history order: effective date, then createdAt,
 * then id). Pure; the demo seed uses it for its cash settlements.
 */
export function fmvValidIn(
  history: readonly Row[],
  date: string,
): { valuationId: string; fmvPerShare: string; currency: string } | null {
  const v = valuationValidOn(history, date);
  return v
    ? { valuationId: v.id, fmvPerShare: figuresOfRow(v).fmvPerShare, currency: v.currency }
    : null;
}

// ----------------------------------------------------------------------------------- metrics

/**
 * Valuation metrics as of a date: the valuation in force, FMV growth, intrinsic value of the
 * outstanding grants, underwater grants, grants priced below the FMV of their grant date, and
 * the value of the unallocated pool. A fixed number of queries, whatever the number of grants.
 */
export async function getValuationMetrics({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string; asOf?: string }>): Promise<ValuationMetrics> {
  await checkCompany(db, actor.organizationId, input.companyId);
  const asOf = input.asOf ?? today();
  const [history, bundles, coc, plans] = await concurrently(db, [
    () => loadValuations(db, input.companyId),
    () => loadGrants(db, { companyId: input.companyId }),
    () => changeOfControlDates(db, [input.companyId]),
    () =>
      db
        .select()
        .from(equityPlan)
        .where(and(eq(equityPlan.companyId, input.companyId), isNull(equityPlan.deletedAt))),
  ]);
  const adjustments =
    plans.length === 0
      ? []
      : await db
          .select()
          .from(poolAdjustment)
          .where(
            inArray(
              poolAdjustment.planId,
              plans.map((p) => p.id),
            ),
          );
  const valuations = toValuations(history, asOf);
  const rows = history.map((h) => h.row);
  const current = valuationInForce(valuations, asOf);
  const fmv = current?.fmvPerShare ?? null;
  const fmvById = new Map(valuations.map((v) => [v.id, v.fmvPerShare]));
  const first = valuations[0];
  const percent =
    current && first && first.id !== current.id
      ? cagrPercent(
          { date: first.effectiveDate, value: first.fmvPerShare },
          { date: current.effectiveDate, value: current.fmvPerShare },
        )
      : null;

  const changeOfControl = coc.get(input.companyId) ?? null;
  const vested = new MoneySum();
  const unvested = new MoneySum();
  const underwater: ValuationMetrics['underwater']['items'] = [];
  const pricedBelow: ValuationMetrics['pricedBelowFmv']['items'] = [];
  const granted = new Map<string, number>();
  let outstandingGrants = 0;
  for (const b of bundles) {
    const { row } = b;
    if (row.grantDate > asOf) continue;
    const price = decimalOut(row.exercisePrice);
    const ref = {
      grantId: row.id,
      stakeholderName: b.stakeholderName,
      planName: b.plan.name,
      grantDate: row.grantDate,
    };
    if (price !== null && row.status !== 'draft') {
      const atGrant = valuationValidOn(rows, row.grantDate);
      const fmvAtGrant = atGrant ? fmvById.get(atGrant.id)! : null;
      if (atGrant && fmvAtGrant && compareDecimals(price, fmvAtGrant) < 0)
        pricedBelow.push({
          ...ref,
          exercisePrice: price,
          quantity: row.quantity,
          valuationId: atGrant.id,
          fmvPerShare: fmvAtGrant,
          shortfallPerShare: subtractDecimal(fmvAtGrant, price),
        });
    }
    const f = figuresOf(b, changeOfControl, asOf);
    granted.set(
      row.planId,
      (granted.get(row.planId) ?? 0) + poolUse(f, row.quantity, b.plan.forfeitedTo),
    );
    // Offers not yet accepted are not outstanding (as on the cap table).
    if (['draft', 'offered'].includes(row.status)) continue;
    const vestedLeft = Math.max(0, f.vested - f.exercised);
    if (vestedLeft + f.unvested <= 0) continue;
    outstandingGrants += 1;
    if (fmv === null) continue;
    vested.addIntrinsic(fmv, price, vestedLeft);
    unvested.addIntrinsic(fmv, price, f.unvested);
    if (price !== null && compareDecimals(price, fmv) > 0)
      underwater.push({ ...ref, exercisePrice: price, outstanding: vestedLeft + f.unvested });
  }

  let poolShares = 0;
  for (const plan of plans) {
    const capPlan = toCapTablePlan(
      plan,
      adjustments.filter((a) => a.planId === plan.id),
    );
    if (capPlan.cashSettled) continue;
    poolShares += Math.max(0, poolReserved(capPlan, asOf) - (granted.get(plan.id) ?? 0));
  }

  return {
    asOf,
    current,
    currency: current?.currency ?? null,
    equityValue: current?.equityValue ?? null,
    pricePerShare: current?.pricePerShare ?? null,
    fmvPerShare: fmv,
    fmvCagr:
      percent !== null && current && first
        ? {
            percent,
            fromDate: first.effectiveDate,
            toDate: current.effectiveDate,
            fromFmvPerShare: first.fmvPerShare,
            toFmvPerShare: current.fmvPerShare,
          }
        : null,
    intrinsicValue:
      fmv === null
        ? null
        : {
            vested: vested.toString(),
            unvested: unvested.toString(),
            total: new MoneySum()
              .addIntrinsic(vested.toString(10), null, 1)
              .addIntrinsic(unvested.toString(10), null, 1)
              .toString(),
          },
    outstandingGrants,
    underwater: { count: underwater.length, items: underwater },
    pricedBelowFmv: { count: pricedBelow.length, items: pricedBelow },
    unallocatedPool: {
      shares: poolShares,
      value: fmv === null ? null : new MoneySum().addIntrinsic(fmv, null, poolShares).toString(),
    },
  };
}

/**
 * The FMV per share in force on `asOf` (the figure the valuation metrics call current), for the
 * grants export's intrinsic value (issue 13). Null without a valuation in force.
 */
export async function currentFmv(
  db: DbOrTx,
  companyId: string,
  asOf: string,
): Promise<{ fmvPerShare: string; currency: string } | null> {
  const current = valuationInForce(toValuations(await loadValuations(db, companyId), asOf), asOf);
  return current ? { fmvPerShare: current.fmvPerShare, currency: current.currency } : null;
}
