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
import { AppError } from './errors';

export interface Permission {
  resource: BusinessResource;
  action: BusinessAction;
}

/** Every guarded `/api/v1` route with the permission it needs (the permission-matrix tests read it). */
export const ROUTE_PERMISSIONS: (Permission & { method: string; path: string })[] = [];

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

/** Refuses the request with 403 unless one of the caller's roles grants `action` on `resource`. */
export function requirePermission({ resource, action }: Permission): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const actor = c.var.actor;
    // An API key is limited by its own permissions and, for a personal key, by its user's role.
    const keyAllows =
      !actor.apiKey || (actor.apiKey.permissions[resource]?.includes(action) ?? false);
    const roleAllows =
      (actor.apiKey && actor.userId === null) ||
      isAllowed(actor.role, resource, action) ||
      isAllowed(actor.role, resource, action, await customRolePermissions(c.var.db, actor));
    const allowed = keyAllows && roleAllows;
    if (!allowed)
      throw new AppError('FORBIDDEN', `You are not allowed to access resource: ${resource}`);
    await next();
  };
}

/**
 * Declares the permission a route needs: recorded for the matrix tests and enforced before
 * validation. Every guarded route names its operation (a stable `operationId` for generated clients).
 */
export function guarded<R extends RouteConfig & { operationId: string }>(
  route: R,
  permission: Permission,
): R {
  ROUTE_PERMISSIONS.push({ method: route.method.toUpperCase(), path: route.path, ...permission });
  return { ...route, middleware: [requirePermission(permission)] } as R;
}
