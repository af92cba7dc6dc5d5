import {
  and,
  eq,
  inArray,
  notExists,
  notInArray,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { administersClientAccess } from '../../../contracts/access-control';
import type { DbOrTx } from '../../db/client';
import { company, companyAccess, teamMember } from '../../db/schema';
import type { Actor, AppEnv } from '../../http/context';
import { msg, notFound } from '../../http/errors';

/**
 * Client access (issue 15, "ethical walls", decision 029). A company is open to `everyone` in its
 * workspace (the default) or `restricted`: then only the workspace's owners and admins (who
 * administer access, and could grant themselves it anyway), and the members and teams listed in
 * `company_access`, see it. Everyone else does not see it anywhere: not in lists, search, the
 * practice view, tasks, calendar feeds, digests or exports, and its URLs answer 404 as if it did
 * not exist.
 *
 * The viewer is whoever reads: the caller of a request (`Actor`) or the user a feed or digest is
 * made for.
 */
export interface Viewer {
  organizationId: string;
  /** Null for a workspace-owned API key, which acts for the workspace and sees every company. */
  userId: string | null;
  /** The member's role(s), comma-separated (better-auth's `member.role`). */
  role: string;
}

/** Whether the viewer sees every company of the workspace (owner, admin, workspace API key). */
export function seesEveryCompany(viewer: Viewer): boolean {
  if (viewer.userId === null) return true;
  return administersClientAccess(viewer.role);
}

/**
 * The workspace's companies the viewer may not see: the restricted ones that list neither them nor
 * a team of theirs. Usually few or none, so callers filter with `notInArray` (`visibleCompanies`).
 * Trashed companies are included (they are out of every read anyway).
 */
export async function hiddenCompanyIds(db: DbOrTx, viewer: Viewer): Promise<string[]> {
  if (seesEveryCompany(viewer)) return [];
  const userId = viewer.userId as string;
  const granted = db
    .select({ one: sql`1` })
    .from(companyAccess)
    .where(
      and(
        eq(companyAccess.companyId, company.id),
        or(
          eq(companyAccess.userId, userId),
          inArray(
            companyAccess.teamId,
            db
              .select({ teamId: teamMember.teamId })
              .from(teamMember)
              .where(eq(teamMember.userId, userId)),
          ),
        ),
      ),
    );
  const rows = await db
    .select({ id: company.id })
    .from(company)
    .where(
      and(
        eq(company.organizationId, viewer.organizationId),
        eq(company.access, 'restricted'),
        notExists(granted),
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * A filter keeping rows whose company the viewer may see (`column` holds the company id), from
 * `hiddenCompanyIds`; undefined (no filter) when nothing is hidden. A null company id (a task not
 * about a company) passes.
 */
export function visibleCompanies(column: AnyColumn | SQL, hidden: readonly string[]) {
  if (hidden.length === 0) return undefined;
  return sql`(${column} is null or ${notInArray(column as AnyColumn, [...hidden])})` as SQL;
}

/** Whether the viewer may see the company (false too when it is not in their workspace). */
export async function canSeeCompany(
  db: DbOrTx,
  viewer: Viewer,
  companyId: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: company.id, access: company.access })
    .from(company)
    .where(and(eq(company.id, companyId), eq(company.organizationId, viewer.organizationId)))
    .limit(1);
  const row = rows[0];
  if (!row) return false;
  if (row.access !== 'restricted' || seesEveryCompany(viewer)) return true;
  const hidden = await hiddenCompanyIds(db, viewer);
  return !hidden.includes(companyId);
}

/** 404 ("Company not found") unless the viewer may see the company. */
export async function assertCompanyVisible(
  db: DbOrTx,
  viewer: Viewer,
  companyId: string,
): Promise<void> {
  if (!(await canSeeCompany(db, viewer, companyId))) throw notFound(msg('errors.notFound.company'));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Middleware of every route under `/company/{companyId}` (`guarded` adds it): a company the caller
 * may not see answers 404, as one of another workspace does. A malformed id is left to the route's
 * validation (400 naming it).
 */
export const requireCompanyAccess: MiddlewareHandler<AppEnv> = async (c, next) => {
  const companyId = c.req.param('companyId');
  if (companyId && UUID.test(companyId))
    await assertCompanyVisible(c.var.db, c.var.actor, companyId);
  await next();
};

/** The viewer of a request. */
export function viewerOf(actor: Actor): Viewer {
  return { organizationId: actor.organizationId, userId: actor.userId, role: actor.role };
}
