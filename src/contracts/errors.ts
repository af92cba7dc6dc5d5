import { z } from 'zod';

/** Machine-readable error codes every API error carries. */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'INSUFFICIENT_SHARES',
  'SHARE_NUMBERS_OVERLAP',
  'RECEIPTS_EXCEED_SHARES',
  'SHARES_AUTHORIZED_EXCEEDED',
  'POOL_EXHAUSTED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** `{ error: { code, message, fields? } }` — the body of every 4xx/5xx answer of `/api/v1`. */
export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/**
 * Turns zod issues into `{ field: message }` (first message per field wins). Nested paths are
 * joined with dots; issues without a path are reported under `body`.
 */
export function fieldErrors(
  issues: readonly z.core.$ZodIssue[],
  root = 'body',
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      const prefix = issue.path.map(String).join('.');
      for (const k of issue.keys) fields[prefix ? `${prefix}.${k}` : k] ??= `Unknown field "${k}"`;
      continue;
    }
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : root;
    fields[key] ??= issue.message;
  }
  return fields;
}
