import { and, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { normalizeDecimal } from '../../../domain/decimal';
import type { LedgerViolation } from '../../../domain/share-ledger';
import type { DbOrTx } from '../../db/client';
import { company, equityPlan, shareClass, stakeholder } from '../../db/schema';
import type { ErrorCode } from '../../../contracts/errors';
import {
  AppError,
  msg,
  notFound,
  validationError,
  zodError,
  type Message,
  type Text,
} from '../../http/errors';

/** Numeric columns come back as "0.0100000000": serve the canonical decimal string. */
export function decimalOut(value: string | null): string | null {
  return value === null ? null : normalizeDecimal(value);
}

/**
 * Locks the company row for the rest of the transaction, so that two writes to one company's
 * register or plans are checked one after the other (no lost invariants under concurrency).
 * Answers 404 for another workspace's company and for one in the trash (no writes to it).
 */
export async function lockCompany(tx: DbOrTx, organizationId: string, companyId: string) {
  const rows = await tx
    .select({ id: company.id })
    .from(company)
    .where(
      and(
        eq(company.id, companyId),
        eq(company.organizationId, organizationId),
        isNull(company.deletedAt),
      ),
    )
    .for('update');
  if (!rows[0]) throw notFound(msg('errors.notFound.company'));
}

/**
 * Checks that the company exists in the caller's workspace (reads). A company in the trash does
 * not (decision 016): its sub-resources answer 404 like another workspace's.
 */
export async function checkCompany(db: DbOrTx, organizationId: string, companyId: string) {
  const rows = await db
    .select({ id: company.id })
    .from(company)
    .where(
      and(
        eq(company.id, companyId),
        eq(company.organizationId, organizationId),
        isNull(company.deletedAt),
      ),
    )
    .limit(1);
  if (!rows[0]) throw notFound(msg('errors.notFound.company'));
}

/** Merges a PATCH into the stored fields and validates the result with the create schema. */
export function mergePatch<S extends z.ZodType>(
  schema: S,
  before: Record<string, unknown>,
  patch: Record<string, unknown>,
): z.output<S> {
  const merged = schema.safeParse({ ...before, ...patch });
  if (!merged.success) throw zodError(merged.error.issues);
  return merged.data;
}

/**
 * The stakeholders named by a request must belong to the same company; otherwise 400 naming
 * the field (another company's stakeholder is as unknown as a made-up id).
 */
export async function requireStakeholders(
  tx: DbOrTx,
  companyId: string,
  refs: Record<string, string | null>,
  options: { stakFields?: string[] } = {},
) {
  const ids = [...new Set(Object.values(refs).filter((v): v is string => v !== null))];
  if (ids.length === 0) return;
  const rows = await tx
    .select({ id: stakeholder.id, relationship: stakeholder.relationship })
    .from(stakeholder)
    .where(
      and(
        eq(stakeholder.companyId, companyId),
        inArray(stakeholder.id, ids),
        // One in the trash is as unknown as a made-up id (decision 016).
        isNull(stakeholder.deletedAt),
      ),
    );
  const found = new Map(rows.map((r) => [r.id, r.relationship]));
  const errors: Record<string, Text> = {};
  for (const [field, id] of Object.entries(refs)) {
    if (id === null) continue;
    const relationship = found.get(id);
    if (relationship === undefined) errors[field] = msg('errors.stakeholder.noSuch');
    else if (options.stakFields?.includes(field) && relationship !== 'stak')
      errors[field] = msg('errors.stakeholder.notStak');
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

/** The share class named by a request must belong to the same company (400 naming the field). */
export async function requireShareClass(
  tx: DbOrTx,
  companyId: string,
  shareClassId: string | null,
  field = 'shareClassId',
) {
  if (!shareClassId) return;
  const rows = await tx
    .select({ id: shareClass.id })
    .from(shareClass)
    .where(and(eq(shareClass.companyId, companyId), eq(shareClass.id, shareClassId)))
    .limit(1);
  if (!rows[0]) throw validationError({ [field]: msg('errors.shareClass.noSuch') });
}

/** A ledger violation as the 409 the API answers. */
export function ledgerError(
  violation: LedgerViolation,
  names: { stakeholder: (id: string | null) => Text; shareClass: (id: string) => Text },
): AppError {
  const values = {
    who: names.stakeholder(violation.stakeholderId),
    cls: names.shareClass(violation.shareClassId),
    date: violation.date,
    available: violation.available,
    requested: violation.requested,
    first: violation.range?.first,
    last: violation.range?.last,
  };
  const refuse = (code: ErrorCode, message: Text) =>
    new AppError(code, message, { [violation.field]: message });
  switch (violation.code) {
    case 'INSUFFICIENT_SHARES':
      return refuse('INSUFFICIENT_SHARES', msg('errors.ledger.insufficient', values));
    case 'SHARE_NUMBERS_OVERLAP':
      return refuse('SHARE_NUMBERS_OVERLAP', msg('errors.ledger.overlap', values));
    case 'SHARE_NUMBERS_NOT_HELD':
      return refuse('CONFLICT', msg('errors.ledger.notHeld', values));
    case 'SHARE_NUMBERS_REQUIRED':
      return refuse('CONFLICT', msg('errors.ledger.numbersRequired', values));
    case 'RECEIPTS_EXCEED_SHARES':
      return refuse('RECEIPTS_EXCEED_SHARES', msg('errors.ledger.receiptsExceed', values));
    case 'SHARES_AUTHORIZED_EXCEEDED':
      return refuse('SHARES_AUTHORIZED_EXCEEDED', msg('errors.ledger.authorizedExceeded', values));
    case 'TOTAL_TOO_LARGE':
      return refuse('CONFLICT', msg('errors.ledger.tooLarge', values));
  }
}

/** 409 for a delete that other rows still depend on; `uses` says which (`msg('errors.uses.*')`). */
export function stillInUse(what: Text, uses: Text[]): AppError {
  return new AppError('CONFLICT', msg('errors.inUse', { what, uses }));
}

/**
 * "2 plan(s) (1 in the trash)": the plans matching `where`, for a 409 refusing a delete. Plans in
 * the trash still hold their references until they are purged, and the message says where they are.
 */
export async function plansUsing(tx: DbOrTx, where: SQL): Promise<Message | null> {
  const [row] = await tx
    .select({
      n: count(),
      // In the trash on its own or with its company.
      trashed:
        sql<number>`count(*) filter (where ${equityPlan.deletedAt} is not null or ${company.deletedAt} is not null)`.mapWith(
          Number,
        ),
    })
    .from(equityPlan)
    .innerJoin(company, eq(company.id, equityPlan.companyId))
    .where(where);
  if (!row || row.n === 0) return null;
  return row.trashed > 0
    ? msg('errors.uses.plansTrashed', { count: row.n, trashed: row.trashed })
    : msg('errors.uses.plans', { count: row.n });
}
