import { and, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { fieldErrors } from '../../../contracts/errors';
import { normalizeDecimal } from '../../../domain/decimal';
import type { LedgerViolation } from '../../../domain/share-ledger';
import type { DbOrTx } from '../../db/client';
import { company, equityPlan, shareClass, stakeholder } from '../../db/schema';
import { AppError, notFound, validationError } from '../../http/errors';

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
  if (!rows[0]) throw notFound('Company');
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
  if (!rows[0]) throw notFound('Company');
}

/** Merges a PATCH into the stored fields and validates the result with the create schema. */
export function mergePatch<S extends z.ZodType>(
  schema: S,
  before: Record<string, unknown>,
  patch: Record<string, unknown>,
): z.output<S> {
  const merged = schema.safeParse({ ...before, ...patch });
  if (!merged.success) throw validationError(fieldErrors(merged.error.issues));
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
  const errors: Record<string, string> = {};
  for (const [field, id] of Object.entries(refs)) {
    if (id === null) continue;
    const relationship = found.get(id);
    if (relationship === undefined) errors[field] = 'No such stakeholder in this company';
    else if (options.stakFields?.includes(field) && relationship !== 'stak')
      errors[field] = 'This stakeholder is not a STAK (relationship "stak")';
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
  if (!rows[0]) throw validationError({ [field]: 'No such share class in this company' });
}

const fmt = (n: number) => n.toLocaleString('en');

/** A ledger violation as the 409 the API answers. */
export function ledgerError(
  violation: LedgerViolation,
  names: { stakeholder: (id: string | null) => string; shareClass: (id: string) => string },
): AppError {
  const who = names.stakeholder(violation.stakeholderId);
  const cls = names.shareClass(violation.shareClassId);
  const fields = (message: string) => ({ [violation.field]: message });
  switch (violation.code) {
    case 'INSUFFICIENT_SHARES': {
      const message = `${who} holds ${fmt(violation.available)} ${cls} shares on ${violation.date}, fewer than the ${fmt(violation.requested)} this needs`;
      return new AppError('INSUFFICIENT_SHARES', message, fields(message));
    }
    case 'SHARE_NUMBERS_OVERLAP': {
      const message = `Share numbers overlap ${cls} shares ${fmt(violation.range!.first)}–${fmt(violation.range!.last)}, which were issued already`;
      return new AppError('SHARE_NUMBERS_OVERLAP', message, fields(message));
    }
    case 'SHARE_NUMBERS_NOT_HELD': {
      const message = `${who} does not hold ${cls} shares ${fmt(violation.range!.first)}–${fmt(violation.range!.last)} on ${violation.date}`;
      return new AppError('CONFLICT', message, fields(message));
    }
    case 'SHARE_NUMBERS_REQUIRED': {
      const message = `${who}'s ${cls} shares are numbered: give the share numbers (${fmt(violation.available)} unnumbered shares held)`;
      return new AppError('CONFLICT', message, fields(message));
    }
    case 'RECEIPTS_EXCEED_SHARES': {
      const message = `${who} would have ${fmt(violation.requested)} depositary receipts out on ${cls} shares but holds only ${fmt(violation.available)} on ${violation.date}`;
      return new AppError('RECEIPTS_EXCEED_SHARES', message, fields(message));
    }
    case 'SHARES_AUTHORIZED_EXCEEDED': {
      const message = `${cls} would have ${fmt(violation.requested)} shares outstanding on ${violation.date}, more than the ${fmt(violation.available)} authorized`;
      return new AppError('SHARES_AUTHORIZED_EXCEEDED', message, fields(message));
    }
    case 'TOTAL_TOO_LARGE': {
      const message = `${cls} would have more shares than can be counted exactly`;
      return new AppError('CONFLICT', message, fields(message));
    }
  }
}

/** 409 for a delete that other rows still depend on. */
export function stillInUse(what: string, uses: string[]): AppError {
  return new AppError(
    'CONFLICT',
    `${what} cannot be deleted: ${uses.join(', ')} still refer to it`,
  );
}

/**
 * "2 plan(s) (1 in the trash)": the plans matching `where`, for a 409 refusing a delete. Plans in
 * the trash still hold their references until they are purged, and the message says where they are.
 */
export async function plansUsing(tx: DbOrTx, where: SQL): Promise<string | null> {
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
  return row.trashed > 0 ? `${row.n} plan(s) (${row.trashed} in the trash)` : `${row.n} plan(s)`;
}
