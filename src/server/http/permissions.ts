import type { RouteConfig } from '@hono/zod-openapi';
import { and, eq, inArray } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import {
  builtInPermissions,
  isAllowed,
  splitRoles,
  type BusinessAction,
  type BusinessResource,
  type PermissionSet,
} from '../../contracts/access-control';
import type { Database } from '../db/client';
import { organizationRole } from '../db/schema';
import type { Actor, AppEnv } from './context';
import { AppError, msg } from './errors';
import { refuseMalformedInput } from './input-guard';
import { requireCompanyAccess, seesEveryCompany, viewerOf } from '../modules/access/visibility';

export interface Permission {
  resource: BusinessResource;
  action: BusinessAction;
}

/** Every guarded `/api/v1` route with the permission it needs (the permission-matrix tests read it). */
export const ROUTE_PERMISSIONS: (Permission & {
  method: string;
  path: string;
  /** Resources the caller must also be able to read (the answer shows them). */
  reads: BusinessResource[];
  /** Other permissions the route needs (an import writes several kinds of records). */
  also: Permission[];
  /**
   * Only for those who administer client access (owners, admins, workspace keys: decision 029),
   * whatever else their role allows: `GET`/`PUT …/access`. Absent on other routes.
   */
  administers?: true;
})[] = [];

/** The caller's custom roles (dynamic access control): name → permission set. */
export async function customRolePermissions(
  db: Database,
  actor: Pick<Actor, 'organizationId' | 'role'>,
): Promise<Record<string, PermissionSet>> {
  const custom = splitRoles(actor.role).filter((r) => !builtInPermissions(r));
  if (custom.length === 0) return {};
  const rows = await db
    .select({ role: organizationRole.role, permission: organizationRole.permission })
    .from(organizationRole)
    .where(
      and(
        eq(organizationRole.organizationId, actor.organizationId),
        inArray(organizationRole.role, custom),
      ),
    );
  const sets: Record<string, PermissionSet> = {};
  for (const row of rows) {
    try {
      sets[row.role] = JSON.parse(row.permission) as PermissionSet;
    } catch {
      // a malformed stored role grants nothing
    }
  }
  return sets;
}

/**
 * Whether the caller may do `p`: an API key is limited by its own permissions and, for a personal
 * key, by its user's role. `cache` keeps the caller's custom roles between calls (one query).
 */
export async function actorMay(
  db: Database,
  actor: Actor,
  p: Permission,
  cache: { roles?: Record<string, PermissionSet> } = {},
): Promise<boolean> {
  const keyAllows =
    !actor.apiKey || (actor.apiKey.permissions[p.resource]?.includes(p.action) ?? false);
  if (!keyAllows) return false;
  if (actor.apiKey !== undefined && actor.userId === null) return true;
  if (isAllowed(actor.role, p.resource, p.action)) return true;
  cache.roles ??= await customRolePermissions(db, actor);
  return isAllowed(actor.role, p.resource, p.action, cache.roles);
}

/**
 * Refuses the request with 403 unless one of the caller's roles grants `action` on `resource` and
 * read on every resource in `reads` (the other records the answer shows). The message names the
 * first permission that is missing.
 */
export function requirePermission(
  { resource, action }: Permission,
  reads: readonly BusinessResource[] = [],
  also: readonly Permission[] = [],
): MiddlewareHandler<AppEnv> {
  const needed: Permission[] = [
    { resource, action },
    ...also,
    ...reads.map((r) => ({ resource: r, action: 'read' as const })),
  ];
  return async (c, next) => {
    await assertPermissions(c.var.db, c.var.actor, needed);
    await next();
  };
}

/**
 * 403 naming the first of `needed` the actor lacks (its role, custom roles included, and its API
 * key's own permissions). For a route whose permission depends on its input (an import's kind).
 */
export async function assertPermissions(
  db: AppEnv['Variables']['db'],
  actor: Actor,
  needed: readonly Permission[],
): Promise<void> {
  const cache: { roles?: Record<string, PermissionSet> } = {};
  for (const p of needed) {
    if (!(await actorMay(db, actor, p, cache)))
      throw new AppError('FORBIDDEN', msg('errors.forbidden.resource', { resource: p.resource }));
  }
}

/**
 * The read permissions a route needs besides its own (docs/decisions/007, "consistent reads"):
 * everything under a company needs `company:read`, plus the `alsoReads` the route names because
 * its answer shows those records (a grant names its holder and plan; the cap table shows holders,
 * pools and grants).
 */
function readsFor(path: string, own: Permission, alsoReads: readonly BusinessResource[]) {
  const reads = new Set<BusinessResource>(alsoReads);
  if (path.startsWith('/company/{companyId}')) reads.add('company');
  if (own.action === 'read') reads.delete(own.resource);
  return [...reads];
}

/**
 * Declares the permission a route needs (and the other resources its answer shows, which need
 * read): recorded for the matrix tests and enforced before validation. Every guarded route names
 * its operation (a stable `operationId` for generated clients).
 */
export function guarded<R extends RouteConfig & { operationId: string }>(
  route: R,
  permission: Permission,
  alsoReads: readonly BusinessResource[] = [],
  also: readonly Permission[] = [],
  options: { administers?: boolean } = {},
): R {
  const reads = readsFor(route.path, permission, alsoReads);
  const administers = options.administers ?? false;
  ROUTE_PERMISSIONS.push({
    method: route.method.toUpperCase(),
    path: route.path,
    ...permission,
    reads,
    also: [...also],
    ...(administers ? { administers: true as const } : {}),
  });
  // Client access (issue 15): a company the caller may not see answers 404 on all its routes.
  // After the permission check, as for another workspace's company: a 403 there depends on the
  // role alone and tells nothing about the company.
  const companyScoped = route.path.startsWith('/company/{companyId}');
  return {
    ...route,
    middleware: [
      requirePermission(permission, reads, also),
      ...(companyScoped ? [requireCompanyAccess] : []),
      ...(administers ? [requireClientAccessAdmin] : []),
      refuseMalformedInput,
    ],
  } as R;
}

/** 403 unless the caller administers client access (decision 029). */
const requireClientAccessAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!seesEveryCompany(viewerOf(c.var.actor)))
    throw new AppError('FORBIDDEN', msg('errors.clientAccess.adminsOnly'));
  await next();
};
