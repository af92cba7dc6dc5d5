import { systemNow } from '../clock';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { member, session, user } from '../db/schema';
import type { Actor } from '../http/context';
import { AppError, msg } from '../http/errors';
import { customRolePermissions } from '../http/permissions';
import { isAllowed } from '../../contracts/access-control';
import { membershipRole, type Auth } from './auth';

/** Reads one cookie from a Cookie header (no dependency on a cookie library). */
function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eqAt = part.indexOf('=');
    if (eqAt < 0) continue;
    if (part.slice(0, eqAt).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eqAt + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/**
 * The token inside better-auth's signed session cookie (`token.base64(HMAC-SHA256(secret,
 * token))`, as better-call signs it), or null when the signature does not match.
 */
export function verifySignedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return token;
}

/**
 * Resolves the caller of a business API request: the session, its user and their role in the
 * active workspace. The session row is read from the database on every request (one query) —
 * never from better-auth's cookie cache — so sign-out, revoked sessions and removed members take
 * effect at once. With secondary storage (Redis) sessions may live outside the database, so
 * better-auth's own lookup is used there.
 */
export function createActorResolver(deps: {
  db: Database;
  auth: Auth;
  secret: string;
  sessionsInDatabase: boolean;
}) {
  const { db, auth } = deps;
  let cookieNames: string[] | undefined;

  async function viaBetterAuth(headers: Headers): Promise<Actor> {
    const found = await auth.api.getSession({ headers, query: { disableCookieCache: true } });
    if (!found) throw new AppError('UNAUTHORIZED', msg('errors.auth.signIn'));
    // Field added by the organization plugin.
    const organizationId = (found.session as { activeOrganizationId?: string | null })
      .activeOrganizationId;
    const role = organizationId ? await membershipRole(db, organizationId, found.user.id) : null;
    if (!organizationId || !role) throw new AppError('FORBIDDEN', msg('errors.auth.noWorkspace'));
    const locale = (found.user as { locale?: string | null }).locale ?? null;
    return { userId: found.user.id, userName: found.user.name, organizationId, role, locale };
  }

  /** A user's account and role in a workspace, or null when they are not a member there. */
  async function memberOf(userId: string, organizationId: string) {
    const [row] = await db
      .select({ name: user.name, banned: user.banned, role: member.role, locale: user.locale })
      .from(user)
      .innerJoin(member, and(eq(member.userId, user.id), eq(member.organizationId, organizationId)))
      .where(eq(user.id, userId))
      .limit(1);
    return row ?? null;
  }

  async function viaApiKey(key: string): Promise<Actor> {
    const result = await auth.api.verifyApiKey({ body: { key } });
    if (!result.valid || !result.key) {
      const code = result.error?.code;
      if (code === 'USAGE_EXCEEDED' || code === 'RATE_LIMITED') {
        throw new AppError(
          'RATE_LIMITED',
          code === 'RATE_LIMITED'
            ? msg('errors.apiKey.rateLimited')
            : msg('errors.apiKey.usageExceeded'),
        );
      }
      throw new AppError(
        'UNAUTHORIZED',
        code === 'KEY_EXPIRED'
          ? msg('errors.apiKey.expired')
          : code === 'KEY_DISABLED'
            ? msg('errors.apiKey.disabled')
            : msg('errors.apiKey.invalid'),
      );
    }
    const apiKey = {
      id: result.key.id,
      permissions: (result.key.permissions ?? {}) as Partial<Record<string, readonly string[]>>,
    };
    if (result.key.configId === 'organization') {
      await requireLiveCreator(result.key.referenceId, result.key.metadata);
      return {
        userId: null,
        userName: `API key ${result.key.name ?? result.key.start ?? ''}`.trim(),
        organizationId: result.key.referenceId,
        role: '',
        apiKey,
      };
    }
    const metadata = (result.key.metadata ?? {}) as { organizationId?: unknown };
    const organizationId =
      typeof metadata.organizationId === 'string' ? metadata.organizationId : null;
    const userId = result.key.referenceId;
    const row = organizationId ? await memberOf(userId, organizationId) : null;
    if (!organizationId || !row) throw new AppError('FORBIDDEN', msg('errors.apiKey.noWorkspace'));
    if (row.banned) throw new AppError('UNAUTHORIZED', msg('errors.auth.banned'));
    return {
      userId,
      userName: row.name,
      organizationId,
      role: row.role,
      apiKey,
      locale: row.locale,
    };
  }

  /**
   * A workspace key works only while the person who created it could create it today: their
   * account exists and is not banned, they are a member of the workspace, and their role still
   * allows `apiKey:create` (docs/decisions/017). Removing, demoting, banning or deleting the creator
   * stops their keys on the next request.
   */
  async function requireLiveCreator(organizationId: string, metadata: unknown): Promise<void> {
    const createdBy = (metadata as { createdBy?: unknown } | null)?.createdBy;
    const row = typeof createdBy === 'string' ? await memberOf(createdBy, organizationId) : null;
    const live =
      row !== null &&
      !row.banned &&
      isAllowed(
        row.role,
        'apiKey',
        'create',
        await customRolePermissions(db, { organizationId, role: row.role }),
      );
    if (!live) {
      throw new AppError('UNAUTHORIZED', msg('errors.apiKey.creatorGone'));
    }
  }

  return async function resolveActor(headers: Headers): Promise<Actor> {
    const key = headers.get('x-api-key');
    if (key) return viaApiKey(key);
    if (!deps.sessionsInDatabase) return viaBetterAuth(headers);
    cookieNames ??= [(await auth.$context).authCookies.sessionToken.name];
    const cookieHeader = headers.get('cookie');
    const raw = cookieNames.map((name) => readCookie(cookieHeader, name)).find(Boolean);
    const token = raw ? verifySignedToken(raw, deps.secret) : null;
    if (!token) throw new AppError('UNAUTHORIZED', msg('errors.auth.signIn'));
    const rows = await db
      .select({
        userId: session.userId,
        userName: user.name,
        organizationId: session.activeOrganizationId,
        role: member.role,
        expiresAt: session.expiresAt,
        banned: user.banned,
        locale: user.locale,
      })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .leftJoin(
        member,
        and(
          eq(member.organizationId, session.activeOrganizationId),
          eq(member.userId, session.userId),
        ),
      )
      .where(eq(session.token, token))
      .limit(1);
    const row = rows[0];
    // Expiry compared here: better-auth's timestamps have no time zone (they hold UTC).
    if (!row || row.expiresAt.getTime() <= systemNow().getTime() || row.banned) {
      throw new AppError('UNAUTHORIZED', msg('errors.auth.signIn'));
    }
    if (!row.organizationId || !row.role) {
      throw new AppError('FORBIDDEN', msg('errors.auth.noWorkspace'));
    }
    return {
      userId: row.userId,
      userName: row.userName,
      organizationId: row.organizationId,
      role: row.role,
      locale: row.locale,
    };
  };
}
