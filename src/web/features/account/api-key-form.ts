import { z } from 'zod';
import {
  BUSINESS_ACTIONS,
  BUSINESS_RESOURCES,
  type BusinessAction,
  type BusinessResource,
} from '../../../contracts/access-control';
import { requiredText } from '../../../contracts/common';
import { msg, t } from '../../lib/i18n';

const DAY_MS = 86_400_000;

/**
 * An optional whole number ≥ `min` typed into a text field ('' = not given). `label` is the
 * field's name as a catalog key; the message is read when the value fails, in the active language.
 */
function optionalCount(min: number, label: string) {
  return z
    .string()
    .trim()
    .refine((v) => v === '' || (/^\d+$/.test(v) && Number(v) >= min), {
      error: () => t('account.apiKeys.validation.wholeNumber', { label: t(label), min }),
    });
}

/** Parses the metadata field: empty, or a JSON object. Returns null for anything else. */
export function parseMetadata(text: string): Record<string, unknown> | null {
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export const apiKeyFormSchema = z
  .object({
    name: requiredText('Name', { max: 32 }),
    expiresInDays: optionalCount(1, msg('account.apiKeys.label.expiry')),
    remaining: optionalCount(0, msg('account.apiKeys.label.remaining')),
    refillAmount: optionalCount(1, msg('account.apiKeys.label.refillAmount')),
    refillIntervalDays: optionalCount(1, msg('account.apiKeys.label.refillInterval')),
    rateLimitMax: optionalCount(1, msg('account.apiKeys.label.rateLimitMax')),
    rateLimitWindowSeconds: optionalCount(1, msg('account.apiKeys.label.window')),
    permissions: z.record(z.string(), z.array(z.string())),
    metadata: z.string(),
  })
  .superRefine((v, ctx) => {
    // Usage limit: the three go together, or none is given.
    const usage = [v.remaining, v.refillAmount, v.refillIntervalDays];
    const given = usage.filter((x) => x !== '').length;
    if (given > 0 && given < 3) {
      const message = t('account.apiKeys.validation.usageTogether');
      if (v.remaining === '') ctx.addIssue({ code: 'custom', path: ['remaining'], message });
      if (v.refillAmount === '') ctx.addIssue({ code: 'custom', path: ['refillAmount'], message });
      if (v.refillIntervalDays === '')
        ctx.addIssue({ code: 'custom', path: ['refillIntervalDays'], message });
    }
    const rate = [v.rateLimitMax, v.rateLimitWindowSeconds].filter((x) => x !== '').length;
    if (rate === 1) {
      const message = t('account.apiKeys.validation.rateTogether');
      const path = v.rateLimitMax === '' ? 'rateLimitMax' : 'rateLimitWindowSeconds';
      ctx.addIssue({ code: 'custom', path: [path], message });
    }
    if (parseMetadata(v.metadata) === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['metadata'],
        message: t('account.apiKeys.validation.metadata'),
      });
    }
    if (!Object.values(v.permissions).some((actions) => actions.length > 0)) {
      ctx.addIssue({
        code: 'custom',
        path: ['permissions'],
        message: t('account.apiKeys.validation.permissions'),
      });
    }
  });
export type ApiKeyFormValues = z.infer<typeof apiKeyFormSchema>;

export const emptyApiKeyForm: ApiKeyFormValues = {
  name: '',
  expiresInDays: '',
  remaining: '',
  refillAmount: '',
  refillIntervalDays: '',
  rateLimitMax: '',
  rateLimitWindowSeconds: '',
  permissions: {},
  metadata: '',
};

/** The body of better-auth's `POST /api-key/create` for a personal key. */
export type CreateApiKeyBody = {
  name: string;
  expiresIn?: number;
  remaining?: number;
  refillAmount?: number;
  refillInterval?: number;
  rateLimitEnabled?: boolean;
  rateLimitMax?: number;
  rateLimitTimeWindow?: number;
  permissions: Partial<Record<BusinessResource, BusinessAction[]>>;
  metadata: Record<string, unknown> & { organizationId: string };
};

/**
 * The request for the form's values. The workspace always wins over a typed `organizationId`:
 * a personal key acts in the workspace it was created in (decision 007).
 */
export function createApiKeyBody(
  values: ApiKeyFormValues,
  organizationId: string,
): CreateApiKeyBody {
  const permissions: CreateApiKeyBody['permissions'] = {};
  for (const resource of BUSINESS_RESOURCES) {
    const actions = (values.permissions[resource] ?? []).filter((a): a is BusinessAction =>
      (BUSINESS_ACTIONS as readonly string[]).includes(a),
    );
    if (actions.length > 0) permissions[resource] = actions;
  }
  const body: CreateApiKeyBody = {
    name: values.name.trim(),
    permissions,
    metadata: { ...(parseMetadata(values.metadata) ?? {}), organizationId },
  };
  if (values.expiresInDays) body.expiresIn = Number(values.expiresInDays) * 86_400;
  if (values.remaining && values.refillAmount && values.refillIntervalDays) {
    body.remaining = Number(values.remaining);
    body.refillAmount = Number(values.refillAmount);
    body.refillInterval = Number(values.refillIntervalDays) * DAY_MS;
  }
  if (values.rateLimitMax && values.rateLimitWindowSeconds) {
    body.rateLimitEnabled = true;
    body.rateLimitMax = Number(values.rateLimitMax);
    body.rateLimitTimeWindow = Number(values.rateLimitWindowSeconds) * 1000;
  }
  return body;
}
