import { APIError } from 'better-auth/api';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  BUSINESS_ACTIONS,
  BUSINESS_RESOURCES,
  businessPermissions,
  isAllowed,
  type BusinessResource,
} from '../../contracts/access-control';
import { requiredText } from '../../contracts/common';
import type { Database } from '../db/client';
import { apikey } from '../db/schema';
import { customRolePermissions } from '../http/permissions';
import { AppError, msg, renderText, validationError, zodError, type Text } from '../http/errors';
import { requestLanguage } from '../i18n';
import { membershipRole, type Auth } from './auth';

export const API_KEY_NAME_MAX = 32;

/** The body of POST /api/auth/api-key/create as our screens send it. */
export const apiKeyCreateSchema = z
  .strictObject({
    // better-auth's own limit is 32 (apiKey maximumNameLength); longer names made it throw (500).
    name: requiredText('Name', { max: API_KEY_NAME_MAX }),
    configId: z.enum(['default', 'organization']).default('default'),
    organizationId: z.string().min(1).optional(),
    expiresIn: z
      .number()
      .int()
      .min(86_400, 'Expiry is at least one day')
      .max(5 * 365 * 86_400)
      .nullish(),
    remaining: z.number().int().min(1, 'Remaining uses must be at least 1').nullish(),
    refillAmount: z.number().int().min(1, 'Refill amount must be at least 1').optional(),
    refillInterval: z
      .number()
      .int()
      .min(60_000, 'Refill interval is at least one minute')
      .optional(),
    rateLimitEnabled: z.boolean().optional(),
    rateLimitMax: z.number().int().min(1).max(100_000).optional(),
    rateLimitTimeWindow: z.number().int().min(1000).max(86_400_000).optional(),
    prefix: z
      .string()
      .regex(/^[a-zA-Z0-9_-]{1,16}$/, 'Prefix: letters, digits, _ and -, at most 16')
      .optional(),
    permissions: z
      .partialRecord(
        z.enum(BUSINESS_RESOURCES, { error: 'Unknown resource' }),
        z.array(z.enum(BUSINESS_ACTIONS)),
      )
      .optional(),
    metadata: z
      .unknown()
      .refine(
        (v) => v === undefined || (typeof v === 'object' && v !== null && !Array.isArray(v)),
        'Metadata must be an object',
      )
      .optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.refillAmount === undefined) !== (v.refillInterval === undefined)) {
      const path = v.refillAmount === undefined ? 'refillAmount' : 'refillInterval';
      ctx.addIssue({
        code: 'custom',
        path: [path],
        message: 'Refill amount and refill interval go together',
      });
    }
    if (v.refillAmount !== undefined && (v.remaining === undefined || v.remaining === null)) {
      ctx.addIssue({
        code: 'custom',
        path: ['remaining'],
        message: 'A refill needs a number of remaining uses',
      });
    }
    if ((v.rateLimitMax === undefined) !== (v.rateLimitTimeWindow === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['rateLimitMax'],
        message: 'Rate limit needs both a maximum and a time window',
      });
    }
  });

/** better-auth's error shape, its texts in `language` (issue 12). */
const SIGN_IN = msg('errors.auth.signIn');
const CHOOSE = msg('errors.apiKey.chooseWorkspace');

/** A validation error's message, "field: text" of its first field, as a message. */
function firstField(error: AppError): Text {
  const [first] = Object.entries(error.fieldTexts ?? {});
  if (!first) return msg('errors.invalidRequest');
  return msg('errors.field', { field: first[0], message: first[1] });
}

const failIn =
  (language: string) =>
  (status: number, code: string, message: Text, fields?: Record<string, Text>) =>
    Response.json(
      {
        code,
        message: renderText(message, language),
        ...(fields
          ? {
              fields: Object.fromEntries(
                Object.entries(fields).map(([name, text]) => [name, renderText(text, language)]),
              ),
            }
          : {}),
      },
      { status },
    );

/**
 * Creates an API key on behalf of the signed-in user. better-auth keeps remaining uses, refills,
 * rate limits and permissions server-only; this endpoint validates them (issue 3's rules: name
 * unique per owner, metadata an object, refill amount and interval together, permissions within
 * the creator's own) and calls better-auth on the server.
 */
export async function createApiKeyForUser(
  request: Request,
  deps: { auth: Auth; db: Database },
): Promise<Response> {
  const { auth, db } = deps;
  const session = await auth.api.getSession({
    headers: request.headers,
    query: { disableCookieCache: true },
  });
  const acceptLanguage = request.headers.get('accept-language');
  if (!session) return failIn(requestLanguage(acceptLanguage))(401, 'UNAUTHORIZED', SIGN_IN);
  const saved = (session.user as { locale?: string | null }).locale;
  const fail = failIn(requestLanguage(acceptLanguage, saved));
  let raw: unknown;
  try {
    raw = await request.json();
  } catch {
    return fail(400, 'VALIDATION_ERROR', msg('errors.malformedJson'));
  }
  const parsed = apiKeyCreateSchema.safeParse(raw);
  if (!parsed.success) {
    const invalid = zodError(parsed.error.issues, { data: raw });
    return fail(400, 'VALIDATION_ERROR', invalid.text ?? firstField(invalid), invalid.fieldTexts);
  }
  const input = parsed.data;
  const activeOrganizationId = (session.session as { activeOrganizationId?: string | null })
    .activeOrganizationId;
  const organizationId = input.organizationId ?? activeOrganizationId;
  if (!organizationId)
    return fail(400, 'VALIDATION_ERROR', firstField(validationError({ organizationId: CHOOSE })), {
      organizationId: CHOOSE,
    });
  const role = await membershipRole(db, organizationId, session.user.id);
  if (!role) return fail(403, 'FORBIDDEN', msg('errors.apiKey.notMember'));

  const custom = await customRolePermissions(db, { organizationId, role });
  if (input.configId === 'organization' && !isAllowed(role, 'apiKey', 'create', custom)) {
    return fail(403, 'FORBIDDEN', msg('errors.apiKey.workspaceKeysForAdmins'));
  }
  // A key never gets more than its creator may do.
  const allowed = businessPermissions(role, custom);
  const permissions = input.permissions ?? allowed;
  for (const [resource, actions] of Object.entries(permissions) as [BusinessResource, string[]][]) {
    const extra = actions.filter((a) => !allowed[resource].includes(a as never));
    if (extra.length > 0) {
      const refused = msg('errors.apiKey.roleDoesNotAllow', {
        permission: `${resource}:${extra.join(',')}`,
      });
      return fail(403, 'FORBIDDEN', refused, { permissions: refused });
    }
  }

  const referenceId = input.configId === 'organization' ? organizationId : session.user.id;
  const taken = await db
    .select({ id: apikey.id })
    .from(apikey)
    .where(
      and(
        eq(apikey.referenceId, referenceId),
        eq(apikey.configId, input.configId),
        eq(apikey.name, input.name),
      ),
    )
    .limit(1);
  if (taken.length > 0) {
    return fail(409, 'API_KEY_NAME_TAKEN', msg('errors.apiKey.nameTaken'), {
      name: msg('errors.apiKey.nameTaken'),
    });
  }

  const metadata = {
    ...((input.metadata as Record<string, unknown> | undefined) ?? {}),
    organizationId,
    // Set by the server only (the gateway keeps it on /api-key/update): whose access keeps a
    // workspace key alive (docs/decisions/017).
    createdBy: session.user.id,
  };
  let created: unknown;
  try {
    created = await auth.api.createApiKey({
      body: {
        name: input.name,
        configId: input.configId,
        userId: session.user.id,
        ...(input.configId === 'organization' ? { organizationId } : {}),
        expiresIn: input.expiresIn ?? null,
        remaining: input.remaining ?? null,
        refillAmount: input.refillAmount,
        refillInterval: input.refillInterval,
        rateLimitEnabled: input.rateLimitEnabled ?? input.rateLimitMax !== undefined,
        rateLimitMax: input.rateLimitMax,
        rateLimitTimeWindow: input.rateLimitTimeWindow,
        prefix: input.prefix,
        permissions,
        metadata,
      },
    });
  } catch (err) {
    // better-auth's own refusals (its limits, a disabled key type) keep their 4xx status.
    if (err instanceof APIError && err.statusCode < 500) {
      const body = err.body as { code?: string; message?: string } | undefined;
      return fail(err.statusCode, body?.code ?? 'BAD_REQUEST', body?.message ?? err.message);
    }
    throw err;
  }
  return Response.json(created, { status: 200 });
}
