import { and, asc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { CapTableAward } from '../../../domain/cap-table';
import type { VestingPolicy, VestingTerms } from '../../../domain/vesting';
import type { DbOrTx } from '../../db/client';
import { concurrently } from '../../db/concurrently';
import {
  company,
  companyEvent,
  equityPlan,
  grant,
  grantExercise,
  grantSettlement,
  stakeholder,
} from '../../db/schema';
import { grantFigures, poolUse, type GrantFigures } from './summary';

/** Loading grants with what their figures need: plan policy, exercises, change of control. */

export type GrantRow = typeof grant.$inferSelect;
export type PlanRow = typeof equityPlan.$inferSelect;
type ExerciseRow = typeof grantExercise.$inferSelect;

export interface GrantBundle {
  row: GrantRow;
  stakeholderName: string;
  plan: PlanRow;
  exercises: ExerciseRow[];
}

export function policyOf(plan: PlanRow): VestingPolicy {
  return {
    leaver: plan.leaverPolicy as VestingPolicy['leaver'],
    acceleration: plan.acceleration as VestingPolicy['acceleration'],
    exerciseWindowMonths: plan.exerciseWindowMonths,
  };
}

/**
 * Grants with their stakeholder's name, plan and exercises, in grant date order. Two queries,
 * whatever the filter: one company, a workspace (`organizationId`: every client company of it),
 * some plans, or one grant. Filters combine.
 */
export async function loadGrants(
  db: DbOrTx,
  where: { companyId?: string; organizationId?: string; planIds?: string[]; grantId?: string },
) {
  // Grants in the trash (on their own or with their stakeholder or plan) are out of every read.
  const filters: SQL[] = [isNull(grant.deletedAt)];
  if (where.companyId) filters.push(eq(grant.companyId, where.companyId));
  if (where.organizationId)
    filters.push(inArray(grant.companyId, companiesOf(db, where.organizationId)));
  if (where.planIds) {
    if (where.planIds.length === 0) return [];
    filters.push(inArray(grant.planId, where.planIds));
  }
  if (where.grantId) filters.push(eq(grant.id, where.grantId));
  // The grants, and their exercises by the same filters (a join, not a list of every grant id),
  // side by side on the pool (one after the other in a transaction).
  const [rows, exercises] = await concurrently(db, [
    () =>
      db
        .select({ row: grant, stakeholderName: stakeholder.name, plan: equityPlan })
        .from(grant)
        .innerJoin(stakeholder, eq(stakeholder.id, grant.stakeholderId))
        .innerJoin(equityPlan, eq(equityPlan.id, grant.planId))
        .where(and(...filters))
        .orderBy(asc(grant.grantDate), asc(grant.createdAt)),
    () =>
      db
        .select({ exercise: grantExercise })
        .from(grantExercise)
        .innerJoin(grant, eq(grant.id, grantExercise.grantId))
        .where(and(...filters))
        .orderBy(asc(grantExercise.date), asc(grantExercise.createdAt)),
  ]);
  if (rows.length === 0) return [];
  const byGrant = new Map<string, ExerciseRow[]>();
  for (const { exercise: e } of exercises) {
    const list = byGrant.get(e.grantId);
    if (list) list.push(e);
    else byGrant.set(e.grantId, [e]);
  }
  return rows.map((r) => ({ ...r, exercises: byGrant.get(r.row.id) ?? [] })) as GrantBundle[];
}

export type SettlementRow = typeof grantSettlement.$inferSelect;

/**
 * The cash settlements of one grant's exercises (cash-settled plans), by exercise id: one query
 * for the whole grant, however many exercises it has.
 */
export async function settlementsOf(
  db: DbOrTx,
  companyId: string,
  grantId: string,
): Promise<Map<string, SettlementRow>> {
  const rows = await db
    .select()
    .from(grantSettlement)
    .where(and(eq(grantSettlement.companyId, companyId), eq(grantSettlement.grantId, grantId)));
  return new Map(rows.map((r) => [r.exerciseId, r]));
}

/**
 * The workspace's client companies, as a subquery: filtering on it goes through the company
 * indexes (grant and company_event have none by workspace) and binds one parameter, not one per
 * company.
 */
function companiesOf(db: DbOrTx, organizationId: string) {
  return db
    .select({ id: company.id })
    .from(company)
    .where(and(eq(company.organizationId, organizationId), isNull(company.deletedAt)));
}

/**
 * Each company's change of control (the first one recorded), if any: of the companies listed, or
 * of every client company of a workspace.
 */
export async function changeOfControlDates(
  db: DbOrTx,
  companies: string[] | { organizationId: string },
): Promise<Map<string, string>> {
  if (Array.isArray(companies) && companies.length === 0) return new Map();
  const rows = await db
    .select({ companyId: companyEvent.companyId, date: companyEvent.date })
    .from(companyEvent)
    .where(
      and(
        inArray(
          companyEvent.companyId,
          Array.isArray(companies) ? companies : companiesOf(db, companies.organizationId),
        ),
        eq(companyEvent.type, 'change_of_control'),
      ),
    )
    .orderBy(asc(companyEvent.date));
  const out = new Map<string, string>();
  for (const r of rows) if (!out.has(r.companyId)) out.set(r.companyId, r.date);
  return out;
}

export function figuresOf(bundle: GrantBundle, coc: string | null, asOf: string): GrantFigures {
  return grantFigures(
    {
      quantity: bundle.row.quantity,
      vestingStartDate: bundle.row.vestingStartDate,
      terms: bundle.row.terms as VestingTerms,
      status: bundle.row.status,
      expiryDate: bundle.row.expiryDate,
      terminationDate: bundle.row.terminationDate,
      leaverType: bundle.row.leaverType,
      cancelledDate: bundle.row.cancelledDate,
      pauses: bundle.row.pauses,
      exercises: bundle.exercises,
    },
    policyOf(bundle.plan),
    coc,
    asOf,
  );
}

/**
 * Shares each plan has granted (taken from its pool). Counted with every event recorded, however
 * dated, so a pool can never be reduced below what its grants will need.
 */
export async function grantedByPlan(db: DbOrTx, planIds: string[]): Promise<Map<string, number>> {
  const out = new Map(planIds.map((id) => [id, 0]));
  const bundles = await loadGrants(db, { planIds });
  const coc = await changeOfControlDates(db, [...new Set(bundles.map((b) => b.row.companyId))]);
  for (const b of bundles) {
    const figures = figuresOf(b, coc.get(b.row.companyId) ?? null, '9999-12-31');
    out.set(
      b.row.planId,
      (out.get(b.row.planId) ?? 0) + poolUse(figures, b.row.quantity, b.plan.forfeitedTo),
    );
  }
  return out;
}

/**
 * Outstanding awards per grant on a date, for the cap table (vested not exercised, and unvested),
 * and what each plan's grants have taken from its pool by then.
 */
export async function awardsOf(
  db: DbOrTx,
  companyId: string,
  asOf: string,
): Promise<{ awards: CapTableAward[]; granted: Map<string, number> }> {
  const bundles = await loadGrants(db, { companyId });
  const coc = (await changeOfControlDates(db, [companyId])).get(companyId) ?? null;
  const awards: CapTableAward[] = [];
  const granted = new Map<string, number>();
  for (const b of bundles) {
    if (b.row.grantDate > asOf) continue;
    const f = figuresOf(b, coc, asOf);
    granted.set(
      b.row.planId,
      (granted.get(b.row.planId) ?? 0) + poolUse(f, b.row.quantity, b.plan.forfeitedTo),
    );
    // Offers not yet accepted are not outstanding awards.
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
  return { awards, granted };
}
