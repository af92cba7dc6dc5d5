import { systemNow } from '../../clock';
import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { readStoredTerms } from '../../../domain/vesting';
import {
  vestingTemplateCreateSchema,
  type VestingTemplate,
  type VestingTemplateCreate,
  type VestingTermsValue,
} from '../../../contracts/vesting';
import { concurrently } from '../../db/concurrently';
import type { DbOrTx } from '../../db/client';
import { company, equityPlan, vestingTemplate } from '../../db/schema';
import type { Actor, ServiceArgs } from '../../http/context';
import { AppError, msg, notFound, validationError } from '../../http/errors';
import { diff, recordAudit, snapshot } from '../audit/service';
import { mergePatch, plansUsing } from '../equity/shared';
import { standardTemplates } from './standard-templates';

/** The workspace's reusable vesting terms (issue 5): plans point to one as their default. */

type Row = typeof vestingTemplate.$inferSelect;
const ENTITY = 'vesting_template';

function toTemplate(row: Row, planCount: number): VestingTemplate {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    terms: readStoredTerms(row.terms as VestingTermsValue),
    planCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function fields(row: Row): VestingTemplateCreate {
  return { name: row.name, description: row.description, terms: row.terms as VestingTermsValue };
}

async function find(db: DbOrTx, organizationId: string, id: string) {
  const rows = await db
    .select()
    .from(vestingTemplate)
    .where(and(eq(vestingTemplate.id, id), eq(vestingTemplate.organizationId, organizationId)))
    .limit(1);
  if (!rows[0]) throw notFound(msg('errors.notFound.vestingTemplate'));
  return rows[0];
}

/** Plans out of the trash (and of companies out of it) count as the template's users. */
const livePlan = and(isNull(equityPlan.deletedAt), isNull(company.deletedAt));

async function planCount(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ n: count() })
    .from(equityPlan)
    .innerJoin(company, eq(company.id, equityPlan.companyId))
    .where(and(eq(equityPlan.defaultVestingTemplateId, id), livePlan));
  return row?.n ?? 0;
}

async function assertUniqueName(
  tx: DbOrTx,
  organizationId: string,
  name: string,
  exceptId?: string,
) {
  const rows = await tx
    .select({ id: vestingTemplate.id })
    .from(vestingTemplate)
    .where(
      and(
        eq(vestingTemplate.organizationId, organizationId),
        sql`lower(${vestingTemplate.name}) = lower(${name})`,
      ),
    );
  if (rows.some((r) => r.id !== exceptId))
    throw new AppError('CONFLICT', msg('errors.vestingTemplate.nameTaken', { name }), {
      name: msg('errors.vestingTemplate.nameTaken.field'),
    });
}

/** A plan's default template must be one of the workspace's templates (400 naming the field). */
export async function requireTemplate(
  db: DbOrTx,
  organizationId: string,
  id: string | null,
  field = 'defaultVestingTemplateId',
) {
  if (!id) return null;
  const rows = await db
    .select()
    .from(vestingTemplate)
    .where(and(eq(vestingTemplate.id, id), eq(vestingTemplate.organizationId, organizationId)))
    .limit(1);
  if (!rows[0]) throw validationError({ [field]: msg('errors.vestingTemplate.noSuch') });
  return rows[0];
}

export async function listTemplates({
  db,
  actor,
}: ServiceArgs<Record<string, never>>): Promise<VestingTemplate[]> {
  const [rows, uses] = await concurrently(db, [
    () =>
      db
        .select()
        .from(vestingTemplate)
        .where(eq(vestingTemplate.organizationId, actor.organizationId))
        .orderBy(asc(sql`lower(${vestingTemplate.name})`)),
    () =>
      db
        .select({ id: equityPlan.defaultVestingTemplateId, n: count() })
        .from(equityPlan)
        .innerJoin(company, eq(company.id, equityPlan.companyId))
        .where(and(eq(equityPlan.organizationId, actor.organizationId), livePlan))
        .groupBy(equityPlan.defaultVestingTemplateId),
  ]);
  const counts = new Map(uses.map((u) => [u.id, u.n]));
  return rows.map((row) => toTemplate(row, counts.get(row.id) ?? 0));
}

export async function getTemplate({
  db,
  actor,
  input,
}: ServiceArgs<{ id: string }>): Promise<VestingTemplate> {
  const row = await find(db, actor.organizationId, input.id);
  return toTemplate(row, await planCount(db, row.id));
}

export async function createTemplate({
  db,
  actor,
  input,
}: ServiceArgs<{ body: VestingTemplateCreate }>): Promise<VestingTemplate> {
  return db.transaction(async (tx) => {
    await assertUniqueName(tx, actor.organizationId, input.body.name);
    const [row] = await tx
      .insert(vestingTemplate)
      .values({ ...input.body, organizationId: actor.organizationId })
      .returning();
    if (!row) throw new AppError('INTERNAL_ERROR', 'Template was not created');
    await recordAudit(tx, {
      actor,
      action: 'create',
      entityType: ENTITY,
      entityId: row.id,
      changes: snapshot(fields(row)),
    });
    return toTemplate(row, 0);
  });
}

export async function updateTemplate({
  db,
  actor,
  input,
}: ServiceArgs<{ id: string; patch: Record<string, unknown> }>): Promise<VestingTemplate> {
  return db.transaction(async (tx) => {
    const existing = await find(tx, actor.organizationId, input.id);
    const before = fields(existing);
    const next = mergePatch(vestingTemplateCreateSchema, before, input.patch);
    const changes = diff(before, next);
    if (Object.keys(changes).length > 0) {
      if (changes.name) await assertUniqueName(tx, actor.organizationId, next.name, existing.id);
      // Grants keep the copy of the terms they were made with; only future grants see the change.
      await tx
        .update(vestingTemplate)
        .set({ ...next, updatedAt: systemNow() })
        .where(eq(vestingTemplate.id, existing.id));
      await recordAudit(tx, {
        actor,
        action: 'update',
        entityType: ENTITY,
        entityId: existing.id,
        changes,
      });
    }
    return getTemplate({ db: tx as never, actor, input: { id: existing.id } });
  });
}

export async function deleteTemplate({
  db,
  actor,
  input,
}: ServiceArgs<{ id: string }>): Promise<void> {
  await db.transaction(async (tx) => {
    const existing = await find(tx, actor.organizationId, input.id);
    // Plans in the trash still refer to it until they are purged.
    const plans = await plansUsing(tx, eq(equityPlan.defaultVestingTemplateId, existing.id));
    if (plans)
      throw new AppError(
        'CONFLICT',
        msg('errors.vestingTemplate.inUse', { name: existing.name, plans }),
      );
    await tx.delete(vestingTemplate).where(eq(vestingTemplate.id, existing.id));
    await recordAudit(tx, {
      actor,
      action: 'delete',
      entityType: ENTITY,
      entityId: existing.id,
      changes: { name: { from: existing.name, to: null } },
    });
  });
}

/**
 * The standard templates (issue 12; decision 022) as rows of the workspace, named in `language`
 * and parsed by the contract like any template a lawyer creates; `at` is their creation time.
 * The demo seed writes the same rows.
 */
export function standardTemplateRows(
  organizationId: string,
  language: string | null | undefined,
  at = systemNow(),
): (typeof vestingTemplate.$inferInsert & { id: string })[] {
  return standardTemplates(language).map((template) => ({
    id: randomUUID(),
    organizationId,
    ...vestingTemplateCreateSchema.parse(template),
    createdAt: at,
    updatedAt: at,
  }));
}

/**
 * A new workspace's first templates, named in its creator's language, with the audit rows a
 * lawyer's own would have: called in the transaction that creates the workspace at sign-up, and
 * right after better-auth creates one (`afterCreateOrganization`, src/server/auth/plugins.ts).
 */
export async function createStandardTemplates(
  tx: DbOrTx,
  actor: Actor,
  language: string | null | undefined,
): Promise<void> {
  const rows = standardTemplateRows(actor.organizationId, language);
  await tx.insert(vestingTemplate).values(rows);
  for (const row of rows)
    await recordAudit(tx, {
      actor,
      action: 'create',
      entityType: ENTITY,
      entityId: row.id,
      changes: snapshot({ name: row.name, description: row.description, terms: row.terms }),
    });
}
