import { systemNow } from '../clock';
import { testPasswordHashing } from './test-password-hashing';
import { randomBytes } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createAuthMiddleware } from 'better-auth/api';
import type { SecondaryStorage } from 'better-auth';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../contracts/auth';
import type { Database } from '../db/client';
import * as schema from '../db/schema';
import type { Env } from '../env';
import type { Actor } from '../http/context';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import type { SmsSender } from '../mail/sms';
import {
  changeEmailMail,
  deleteAccountMail,
  existingAccountMail,
  resetPasswordMail,
  verificationMail,
} from '../mail/templates';
import { mailLanguage } from '../mail/language';
import { createStandardTemplates } from '../modules/vesting/templates';
import { CLIENT_IP_HEADER } from './client-ip';
import { authPlugins, userAdditionalFields } from './plugins';
import { isServerLanguage, requestLanguage, serverLanguages, translator } from '../i18n';

export interface AuthDeps {
  db: Database;
  env: Env;
  secret: string;
  mailer: Mailer;
  sms: SmsSender;
  logger: Logger;
  secondaryStorage?: SecondaryStorage;
}

/** SPA page that shows the outcome of an e-mail verification link. */
export const VERIFY_CALLBACK_PATH = '/auth/callback';

function slugify(value: string): string {
  const base = value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `${base || 'workspace'}-${randomBytes(3).toString('hex')}`;
}

/**
 * Name of the workspace created on sign-up, in the sign-up's language: "Ann's workspace",
 * "Werkruimte van Ann" (issue 12), within the 32-character limit (the person's name is cut).
 */
export function workspaceName(userName: string, language: string): string {
  const t = translator(language);
  const frame = t('server.workspace.defaultName', { name: '' }).length;
  const room = Math.max(1, NAME_MAX_LENGTH - frame);
  return t('server.workspace.defaultName', { name: userName.trim().slice(0, room).trim() });
}

/** The saved language of a user as better-auth hands it over (an additional field). */
function localeOf(user: object): unknown {
  return (user as { locale?: unknown }).locale;
}

/** The creator of a new workspace, as the audit rows of its first data name them. */
function workspaceActor(organizationId: string, user: { id: string; name: string }): Actor {
  return { userId: user.id, userName: user.name, organizationId, role: 'owner' };
}

/** Stricter limits than better-auth's defaults for the endpoints that guess at secrets. */
const rateLimitRules = {
  '/sign-in/*': { window: 60, max: 10 },
  '/sign-up/*': { window: 60, max: 5 },
  '/send-verification-email': { window: 60, max: 3 },
  '/request-password-reset': { window: 300, max: 3 },
  '/reset-password/*': { window: 60, max: 5 },
};

export function createAuth(deps: AuthDeps) {
  const { db, env, mailer, logger } = deps;
  const rateLimitOn = env.AUTH_RATE_LIMIT === 'on';
  const extraOrigins = (env.TRUSTED_ORIGINS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

  return betterAuth({
    appName: 'ESOP CRM',
    baseURL: env.APP_URL,
    basePath: '/api/auth',
    secret: deps.secret,
    trustedOrigins: [env.APP_URL, ...extraOrigins],
    telemetry: { enabled: false },
    logger: {
      level: 'warn',
      log: (level, message) => {
        if (level === 'error') logger.error(`[auth] ${message}`);
        else if (level === 'warn') logger.warn(`[auth] ${message}`);
        else logger.debug(`[auth] ${message}`);
      },
    },
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    secondaryStorage: deps.secondaryStorage,
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: 3600,
      revokeSessionsOnPasswordReset: true,
      // better-auth's scrypt, but on test rigs that ask for a cheap one (never in production).
      ...(env.TEST_PASSWORD_HASHING === 'fast' ? { password: testPasswordHashing } : {}),
      async sendResetPassword({ user, url }, request) {
        await mailer.send(
          resetPasswordMail({
            to: user.email,
            name: user.name,
            url,
            language: mailLanguage(localeOf(user), request),
          }),
        );
      },
      // Sign-up with an address that has an account answers as a new one does (the gateway
      // sends the same body) and, like it, sends one e-mail: to the owner, saying so (finding 11).
      async onExistingUserSignUp({ user }, request) {
        await mailer.send(
          existingAccountMail({
            to: user.email,
            name: user.name,
            signInUrl: `${env.APP_URL}/auth/sign-in`,
            language: mailLanguage(localeOf(user), request),
          }),
        );
      },
    },
    user: {
      additionalFields: userAdditionalFields,
      changeEmail: {
        enabled: true,
        async sendChangeEmailConfirmation({ user, newEmail, url }, request) {
          await mailer.send(
            changeEmailMail({
              to: user.email,
              name: user.name,
              newEmail,
              url,
              language: mailLanguage(localeOf(user), request),
            }),
          );
        },
      },
      deleteUser: {
        enabled: true,
        async sendDeleteAccountVerification({ user, url }, request) {
          await mailer.send(
            deleteAccountMail({
              to: user.email,
              name: user.name,
              url,
              language: mailLanguage(localeOf(user), request),
            }),
          );
        },
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: 3600,
      async sendVerificationEmail({ user, url }, request) {
        await mailer.send(
          verificationMail({
            to: user.email,
            name: user.name,
            url,
            language: mailLanguage(localeOf(user), request),
          }),
        );
      },
    },
    session: {
      // Issue 2: freshness one day. No cookie cache (issue 11, finding 5): a revoked, signed-out,
      // banned or deleted session must stop on the next request to /api/auth too, not after the
      // cache's five minutes.
      freshAge: 86_400,
      cookieCache: { enabled: false },
    },
    rateLimit: {
      // better-auth switches rate limits off outside production; we want them everywhere.
      enabled: rateLimitOn,
      window: 60,
      max: 100,
      storage: deps.secondaryStorage ? 'secondary-storage' : 'memory',
      customRules: rateLimitRules,
    },
    advanced: {
      // The HTTP layer writes the connection's address (or the trusted proxy's forwarded one)
      // into this header and drops any client-supplied value, so a forged header cannot dodge
      // the limits.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // better-auth skips the Origin check under test runners; keep it on so tests see production.
      disableOriginCheck: false,
      useSecureCookies: env.APP_URL.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // Verification links land on the SPA's callback page unless the caller chose another.
        if (
          (ctx.path === '/sign-up/email' || ctx.path === '/send-verification-email') &&
          ctx.body &&
          typeof ctx.body === 'object' &&
          !(ctx.body as { callbackURL?: unknown }).callbackURL
        ) {
          return { context: { body: { ...ctx.body, callbackURL: VERIFY_CALLBACK_PATH } } };
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          // Every new user gets a workspace of their own, which becomes active at sign-in.
          async after(user, context) {
            const now = systemNow();
            if (adminEmails(env).includes(user.email.toLowerCase())) {
              await db
                .update(schema.user)
                .set({ role: 'admin' })
                .where(eq(schema.user.id, user.id));
            }
            const organizationId = randomBytes(16).toString('hex');
            // The language chosen at sign-up (`locale`, checked by the gateway), else the one the
            // request asked in: the rule of the verification mail sent with it.
            const language = mailLanguage(user.locale, context);
            await db.transaction(async (tx) => {
              await tx.insert(schema.organization).values({
                id: organizationId,
                name: workspaceName(user.name, language),
                slug: slugify(user.name),
                createdAt: now,
              });
              await tx.insert(schema.member).values({
                id: randomBytes(16).toString('hex'),
                organizationId,
                userId: user.id,
                role: 'owner',
                createdAt: now,
              });
              // Named in the language chosen at sign-up, else the one the request asked in.
              await createStandardTemplates(
                tx,
                workspaceActor(organizationId, user),
                typeof user.locale === 'string'
                  ? user.locale
                  : requestLanguage(context?.headers?.get('accept-language')),
              );
            });
            logger.debug(`created workspace ${organizationId} for user ${user.id}`);
          },
        },
      },
      session: {
        create: {
          // A new session starts in the user's first workspace.
          async before(session) {
            const first = await db
              .select({ organizationId: schema.member.organizationId })
              .from(schema.member)
              .where(eq(schema.member.userId, session.userId))
              .orderBy(asc(schema.member.createdAt))
              .limit(1);
            const organizationId = first[0]?.organizationId;
            if (!organizationId) return;
            return { data: { ...session, activeOrganizationId: organizationId } };
          },
        },
      },
    },
    plugins: authPlugins({
      appUrl: env.APP_URL,
      mailer,
      sms: deps.sms,
      savedLanguage: async (who) => {
        const rows = await db
          .select({ locale: schema.user.locale })
          .from(schema.user)
          .where(
            'email' in who
              ? eq(sql`lower(${schema.user.email})`, who.email.toLowerCase())
              : eq(schema.user.phoneNumber, who.phoneNumber),
          )
          .limit(1);
        return rows[0]?.locale ?? null;
      },
      // better-auth creates the workspace and its first member without a transaction of ours:
      // the templates and their audit rows are one transaction right after.
      onWorkspaceCreated: ({ organizationId, userId, userName, language }) =>
        db.transaction((tx) =>
          createStandardTemplates(
            tx,
            workspaceActor(organizationId, { id: userId, name: userName }),
            language,
          ),
        ),
    }),
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** Role of a user in an organization, or null when they are not a member (any more). */
export async function membershipRole(
  db: Database,
  organizationId: string,
  userId: string,
): Promise<string | null> {
  const rows = await db
    .select({ role: schema.member.role })
    .from(schema.member)
    .where(and(eq(schema.member.organizationId, organizationId), eq(schema.member.userId, userId)))
    .limit(1);
  return rows[0]?.role ?? null;
}

/**
 * A POST to /api/auth as our HTTP layer sees it before better-auth: the path and the JSON body,
 * parsed once (null when absent or malformed — better-auth answers those itself).
 */
export interface AuthCall {
  path: string;
  body: Record<string, unknown> | null;
}

/** Paths whose body carries the user's display name (checked before better-auth sees it). */
const NAME_PATHS = new Set(['/api/auth/sign-up/email', '/api/auth/update-user']);

/**
 * better-auth does not limit the display name; we do (1–32 characters, issue 2). Returns a
 * better-auth-shaped error response, or null when the request may go on.
 */
export function checkNameLength(call: AuthCall): Response | null {
  if (!NAME_PATHS.has(call.path)) return null;
  const name = call.body?.name;
  if (typeof name !== 'string') return null;
  const length = name.trim().length;
  if (length >= 1 && length <= NAME_MAX_LENGTH) return null;
  return Response.json(
    { code: 'INVALID_NAME', message: `Name must be 1 to ${NAME_MAX_LENGTH} characters` },
    { status: 400 },
  );
}

/** Paths whose body may carry the user's language. */
const LANGUAGE_PATHS = new Set([
  '/api/auth/sign-up/email',
  '/api/auth/update-user',
  '/api/auth/admin/update-user',
]);

/**
 * The account's language (`locale`) is one of the catalogs' languages or null (issue 12).
 * Returns a 400 naming the field, or null when the request may go on.
 */
export function checkLanguage(call: AuthCall): Response | null {
  if (!LANGUAGE_PATHS.has(call.path) || !call.body) return null;
  const fields =
    call.path === '/api/auth/admin/update-user'
      ? (call.body.data as Record<string, unknown> | undefined)
      : call.body;
  if (!fields || !('locale' in fields)) return null;
  const { locale } = fields;
  if (locale === null || isServerLanguage(locale)) return null;
  const message = `locale must be one of ${serverLanguages().join(', ')}`;
  return Response.json(
    { code: 'INVALID_LOCALE', message, fields: { locale: message } },
    { status: 400 },
  );
}

/** Platform administrators named by ADMIN_EMAILS (comma-separated, case-insensitive). */
export function adminEmails(env: Pick<Env, 'ADMIN_EMAILS'>): string[] {
  return (env.ADMIN_EMAILS ?? '')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
}

/** At start-up: users named by ADMIN_EMAILS who already exist become platform administrators. */
export async function applyAdminEmails(
  db: Database,
  env: Pick<Env, 'ADMIN_EMAILS'>,
): Promise<void> {
  const emails = adminEmails(env);
  if (emails.length === 0) return;
  await db
    .update(schema.user)
    .set({ role: 'admin' })
    .where(inArray(sql`lower(${schema.user.email})`, emails));
}

export const ORGANIZATION_NAME_MAX = 32;
export const ORGANIZATION_SLUG_MAX = 48;
const LOGO_MAX_CHARS = 200_000;

/**
 * Workspace name ≤ 32, slug ≤ 48 (lower-case letters, digits and dashes) and a small PNG/JPEG
 * logo (issue 3), checked before better-auth sees create/update requests. Returns a 400 in
 * better-auth's error shape naming the field, or null.
 */
export function checkOrganizationFields(call: AuthCall): Response | null {
  const { path } = call;
  if (path !== '/api/auth/organization/create' && path !== '/api/auth/organization/update') {
    return null;
  }
  const body = call.body as {
    name?: unknown;
    slug?: unknown;
    logo?: unknown;
    data?: Record<string, unknown>;
  } | null;
  if (!body) return null;
  const fields = path.endsWith('/create') ? body : (body.data ?? {});
  const fail = (field: string, message: string) =>
    Response.json(
      { code: 'INVALID_ORGANIZATION', message, fields: { [field]: message } },
      { status: 400 },
    );
  if (fields.name !== undefined) {
    const name = typeof fields.name === 'string' ? fields.name.trim() : '';
    if (name.length < 1 || name.length > ORGANIZATION_NAME_MAX) {
      return fail('name', `Workspace name must be 1 to ${ORGANIZATION_NAME_MAX} characters`);
    }
  }
  if (fields.slug !== undefined) {
    if (
      typeof fields.slug !== 'string' ||
      !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(fields.slug) ||
      fields.slug.length > ORGANIZATION_SLUG_MAX
    ) {
      return fail(
        'slug',
        `Slug: lower-case letters, digits and dashes, at most ${ORGANIZATION_SLUG_MAX} characters`,
      );
    }
  }
  // '' and null both mean "no logo".
  if (fields.logo !== undefined && fields.logo !== null && fields.logo !== '') {
    if (
      typeof fields.logo !== 'string' ||
      !/^data:image\/(png|jpeg);base64,/.test(fields.logo) ||
      fields.logo.length > LOGO_MAX_CHARS
    ) {
      return fail('logo', 'The logo must be a small PNG or JPEG image');
    }
  }
  return null;
}
