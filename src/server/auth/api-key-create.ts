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
import { fieldErrors } from '../../contracts/errors';
import type { Database } from '../db/client';
import { apikey } from '../db/schema';
import { customRolePermissions } from '../http/permissions';
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

const fail = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  Response.json({ code, message, ...(fields ? { fields } : {}) }, { status });

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
  if (!session) return fail(401, 'UNAUTHORIZED', 'Sign in to continue');
  let raw: unknown;
  try {
    raw = await request.json();
  } catch {
    return fail(400, 'VALIDATION_ERROR', 'Malformed JSON in request body');
  }
  const parsed = apiKeyCreateSchema.safeParse(raw);
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error.issues);
    const [first] = Object.entries(fields);
    return fail(
      400,
      'VALIDATION_ERROR',
      first ? `${first[0]}: ${first[1]}` : 'Invalid request',
      fields,
    );
  }
  const input = parsed.data;
  const activeOrganizationId = (session.session as { activeOrganizationId?: string | null })
    .activeOrganizationId;
  const organizationId = input.organizationId ?? activeOrganizationId;
  if (!organizationId)
    return fail(400, 'VALIDATION_ERROR', 'organizationId: choose a workspace', {
      organizationId: 'Choose a workspace',
    });
  const role = await membershipRole(db, organizationId, session.user.id);
  if (!role) return fail(403, 'FORBIDDEN', 'You are not a member of this workspace');

  const custom = await customRolePermissions(db, { organizationId, role });
  if (input.configId === 'organization' && !isAllowed(role, 'apiKey', 'create', custom)) {
    return fail(403, 'FORBIDDEN', 'Only owners and admins can create workspace API keys');
  }
  // A key never gets more than its creator may do.
  const allowed = businessPermissions(role, custom);
  const permissions = input.permissions ?? allowed;
  for (const [resource, actions] of Object.entries(permissions) as [BusinessResource, string[]][]) {
    const extra = actions.filter((a) => !allowed[resource].includes(a as never));
    if (extra.length > 0) {
      return fail(403, 'FORBIDDEN', `Your role does not allow ${resource}:${extra.join(',')}`, {
        permissions: `Your role does not allow ${resource}:${extra.join(',')}`,
      });
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
    return fail(409, 'API_KEY_NAME_TAKEN', 'An API key with this name already exists', {
      name: 'An API key with this name already exists',
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
