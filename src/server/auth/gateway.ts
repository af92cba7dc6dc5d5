import type { SecondaryStorage } from 'better-auth';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { findQueryProblem, findTextProblem } from '../../contracts/text';
import type { Database } from '../db/client';
import { apikey, member, organization, user } from '../db/schema';
import type { Env } from '../env';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { mailLanguage } from '../mail/language';
import { failedSignInsMail } from '../mail/templates';
import { createAddressRateLimiter, tooManyAttempts } from './address-rate-limit';
import { createApiKeyForUser } from './api-key-create';
import {
  checkLanguage,
  checkNameLength,
  checkOrganizationFields,
  type Auth,
  type AuthCall,
} from './auth';
import { checkAuthText, checkAuthUrl } from './auth-text';
import { storeAvatar } from './avatar';
import { CLIENT_IP_HEADER, clientIp } from './client-ip';
import { createSignInThrottle, keyValueStore } from './sign-in-throttle';

export const AUTH_BODY_LIMIT_BYTES = 1024 * 1024;

export interface AuthGatewayDeps {
  env: Env;
  auth: Auth;
  db: Database;
  mailer: Mailer;
  logger: Logger;
  secondaryStorage?: SecondaryStorage;
  trustedOrigins: readonly string[];
  trustedProxies: readonly string[];
  /** The TCP peer's address, when there is one. */
  remoteAddress: (c: Context) => string | undefined;
}

/** better-auth's error shape: `{ code, message }` (plus `fields` where we name one). */
const authError = (status: number, code: string, message: string, extra?: object) =>
  Response.json({ code, message, ...extra }, { status });

/** Metadata keys only the server sets on an API key (api-key-create.ts). */
const SERVER_METADATA_KEYS = ['organizationId', 'createdBy'] as const;

/**
 * better-auth lets a key's holder replace its metadata on /api-key/update; the workspace a key
 * acts in and the creator whose access keeps it alive stay what the server recorded.
 */
async function keepServerMetadata(call: AuthCall, db: Database): Promise<AuthCall> {
  const body = call.body;
  if (call.path !== '/api/auth/api-key/update' || !body || body.metadata === undefined) return call;
  if (typeof body.keyId !== 'string') return call;
  if (!body.metadata || typeof body.metadata !== 'object' || Array.isArray(body.metadata))
    return call; // better-auth refuses it
  const rows = await db
    .select({ metadata: apikey.metadata })
    .from(apikey)
    .where(eq(apikey.id, body.keyId))
    .limit(1);
  if (!rows[0]) return call;
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(rows[0].metadata ?? '{}');
    // better-auth once stored metadata double-encoded.
    const value: unknown = typeof parsed === 'string' ? JSON.parse(parsed) : parsed;
    if (value && typeof value === 'object') stored = value as Record<string, unknown>;
  } catch {
    stored = {};
  }
  const metadata: Record<string, unknown> = { ...(body.metadata as Record<string, unknown>) };
  for (const key of SERVER_METADATA_KEYS) {
    if (key in stored) metadata[key] = stored[key];
    else delete metadata[key];
  }
  return { ...call, body: { ...body, metadata } };
}

/** The identifier each password sign-in names its account by. */
const PASSWORD_SIGN_IN: Record<string, 'email' | 'username' | 'phoneNumber'> = {
  '/api/auth/sign-in/email': 'email',
  '/api/auth/sign-in/username': 'username',
  '/api/auth/sign-in/phone-number': 'phoneNumber',
};

/** What a successful sign-up answers: nothing about the account (e-mail verification first). */
export const SIGN_UP_ANSWER = { token: null, status: true } as const;

const JSON_TYPE = /^application\/json\s*(;|$)/i;

/**
 * Everything `/api/auth/*` passes before better-auth (issue 11): the client address for its rate
 * limits; for every POST a trusted Origin (cookie-authenticated writes, and no key, avatar or
 * setting changed on a forged request), a JSON body or none (form-encoded bodies skipped our
 * checks), our field checks, limits per e-mail address and phone number, the per-account
 * password throttle; GETs that name a workspace the caller does not belong to are refused before
 * better-auth could change the session's active workspace.
 */
export function createAuthGateway(deps: AuthGatewayDeps) {
  const { env, auth, db, mailer, logger } = deps;
  const limitsOn = env.AUTH_RATE_LIMIT === 'on';
  const addressLimiter = limitsOn ? createAddressRateLimiter(deps.secondaryStorage) : null;
  const throttle = limitsOn ? createSignInThrottle(keyValueStore(deps.secondaryStorage)) : null;
  const signInUrl = `${env.APP_URL}/auth/sign-in`;

  /** The account a password sign-in names, by whichever identifier; unknown ones too. */
  async function accountOf(
    kind: 'email' | 'username' | 'phoneNumber',
    identifier: string,
  ): Promise<{
    key: string;
    user?: { id: string; email: string; name: string; locale: string | null };
  }> {
    const value = identifier.trim();
    const where =
      kind === 'email'
        ? eq(sql`lower(${user.email})`, value.toLowerCase())
        : kind === 'username'
          ? or(
              eq(sql`lower(${user.username})`, value.toLowerCase()),
              eq(sql`lower(${user.displayUsername})`, value.toLowerCase()),
            )
          : eq(user.phoneNumber, value);
    const rows = await db
      .select({ id: user.id, email: user.email, name: user.name, locale: user.locale })
      .from(user)
      .where(where)
      .limit(1);
    const found = rows[0];
    return found
      ? { key: `user:${found.id}`, user: found }
      : { key: `unknown:${kind}:${value.toLowerCase()}` };
  }

  async function throttled(
    call: AuthCall,
    headers: Headers,
    forward: () => Promise<Response>,
  ): Promise<Response> {
    const kind = PASSWORD_SIGN_IN[call.path];
    const identifier = kind ? call.body?.[kind] : undefined;
    if (!throttle || !kind || typeof identifier !== 'string' || !identifier.trim()) {
      return forward();
    }
    const account = await accountOf(kind, identifier);
    const outcome = await throttle.run(
      account.key,
      async () => {
        const response = await forward();
        // 401: wrong identifier or password (better-auth's INVALID_*_OR_PASSWORD).
        const result =
          response.status === 401 ? 'failure' : response.ok ? 'success' : ('neutral' as const);
        return { outcome: result, result: response };
      },
      (failures) => {
        const owner = account.user;
        if (!owner) return;
        // In the background: the answer must not take longer for an existing account.
        const language = mailLanguage(owner.locale, { headers });
        void mailer
          .send(
            failedSignInsMail({ to: owner.email, name: owner.name, failures, signInUrl, language }),
          )
          .catch((err: unknown) => logger.error('could not send the failed sign-ins mail', err));
      },
    );
    if ('result' in outcome) return outcome.result;
    const seconds = Math.ceil(outcome.retryAfterMs / 1000);
    return Response.json(
      {
        code: 'SIGN_IN_DELAYED',
        message: `Too many failed sign-ins for this account. Try again in ${seconds} s, or sign in with a link sent by e-mail.`,
      },
      { status: 429, headers: { 'retry-after': String(seconds) } },
    );
  }

  /**
   * better-auth's organization GETs take `organizationId` / `organizationSlug`; for a workspace
   * the caller is not a member of, get-full-organization clears the session's active workspace
   * (a state change on a GET, reachable by a cross-site link). Refused here first.
   */
  async function foreignWorkspace(url: URL, headers: Headers): Promise<Response | null> {
    if (!url.pathname.startsWith('/api/auth/organization/')) return null;
    const id = url.searchParams.get('organizationId');
    const slug = url.searchParams.get('organizationSlug');
    if (!id && !slug) return null;
    const session = await auth.api.getSession({ headers });
    if (!session) return null; // better-auth answers 401 itself
    const rows = await db
      .select({ id: member.id })
      .from(member)
      .innerJoin(organization, eq(organization.id, member.organizationId))
      .where(
        and(
          eq(member.userId, session.user.id),
          id ? eq(organization.id, id) : eq(organization.slug, slug!),
        ),
      )
      .limit(1);
    if (rows.length > 0) return null;
    return authError(
      403,
      'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION',
      'You are not a member of this workspace',
    );
  }

  return async function handle(c: Context): Promise<Response> {
    const headers = new Headers(c.req.raw.headers);
    headers.set(
      CLIENT_IP_HEADER,
      clientIp(deps.remoteAddress(c), c.req.header('x-forwarded-for'), deps.trustedProxies),
    );
    const url = new URL(c.req.url);
    const inQuery = findQueryProblem(url.searchParams);
    if (inQuery) {
      const message = `${inQuery.field} ${inQuery.message}`;
      return authError(400, 'VALIDATION_ERROR', message, { fields: { [inQuery.field]: message } });
    }
    const badUrl = checkAuthUrl(url);
    if (badUrl) return badUrl;
    if (c.req.method !== 'POST') {
      const refused = await foreignWorkspace(url, headers);
      if (refused) return refused;
      return auth.handler(
        new Request(c.req.url, { method: c.req.method, headers, signal: c.req.raw.signal }),
      );
    }

    const origin = c.req.header('origin');
    if (!origin || origin === 'null') {
      return authError(403, 'MISSING_OR_NULL_ORIGIN', 'Missing or null Origin');
    }
    if (!deps.trustedOrigins.includes(origin)) {
      return authError(403, 'INVALID_ORIGIN', 'Invalid origin');
    }

    // The body is read once; our checks see it parsed, better-auth gets it (possibly amended).
    const text = await c.req.text();
    if (text.length > AUTH_BODY_LIMIT_BYTES) {
      return authError(413, 'PAYLOAD_TOO_LARGE', 'Request body is larger than 1 MB');
    }
    let body: Record<string, unknown> | null = null;
    if (text.trim() !== '') {
      if (!JSON_TYPE.test(c.req.header('content-type') ?? '')) {
        return authError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the request body as JSON');
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return authError(400, 'INVALID_JSON', 'Malformed JSON in request body');
      }
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
        return authError(400, 'INVALID_JSON', 'The request body must be a JSON object');
      }
      body = parsed as Record<string, unknown>;
      // The same text rule as /api/v1 (contracts/text.ts): a NUL or a lone surrogate in a name or
      // an e-mail is refused here, not by the database.
      const found = findTextProblem(body);
      if (found) {
        const message = `${found.field} ${found.message}`;
        return authError(400, 'VALIDATION_ERROR', message, { fields: { [found.field]: message } });
      }
    }
    const call: AuthCall = { path: url.pathname, body };
    const refused =
      checkAuthText(call) ??
      checkNameLength(call) ??
      checkLanguage(call) ??
      checkOrganizationFields(call) ??
      (addressLimiter && !(await addressLimiter.allow(call.path, call.body))
        ? tooManyAttempts()
        : null);
    if (refused) return refused;
    const withAvatar = await storeAvatar(call, headers, { auth, db });
    if (withAvatar instanceof Response) return withAvatar;
    const amended = await keepServerMetadata(withAvatar, db);
    headers.delete('content-length');
    const request = new Request(c.req.url, {
      method: 'POST',
      headers,
      body: amended === call ? text : JSON.stringify(amended.body),
      signal: c.req.raw.signal,
    });
    if (call.path === '/api/auth/api-key/create') return createApiKeyForUser(request, { auth, db });
    const response = await throttled(call, headers, () => auth.handler(request));
    if (call.path === '/api/auth/sign-up/email' && response.status === 200) {
      // The same answer whether or not the address already has an account (finding 11):
      // better-auth's stand-in user for an existing address differs from a real one.
      return Response.json(SIGN_UP_ANSWER, { status: 200 });
    }
    return response;
  };
}
