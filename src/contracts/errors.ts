import { z } from 'zod';
import { messageParams } from './i18n/issues';

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

/**
 * `{ error: { code, message, fields?, existingId? } }` — the body of every 4xx/5xx answer of
 * `/api/v1`.
 */
export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    /**
     * A 409 refusing to make what exists already names the existing record (issue 15: the task
     * made from a deadline, `POST /tasks/from-deadline`).
     */
    existingId: z.string().optional(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/**
 * The issue that speaks for each field (the first per field). Nested paths are joined with dots;
 * issues without a path are reported under `root`; each unknown key of an object is an issue of
 * its own, under its own name.
 */
export function fieldIssues(
  issues: readonly z.core.$ZodIssue[],
  root = 'body',
): Record<string, z.core.$ZodIssue> {
  const fields: Record<string, z.core.$ZodIssue> = {};
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      const prefix = issue.path.map(String).join('.');
      for (const k of issue.keys) {
        fields[prefix ? `${prefix}.${k}` : k] ??= {
          code: 'custom',
          path: [...issue.path, k],
          message: `Unknown field "${k}"`,
          params: messageParams('validation.unknownField', { name: k }),
        };
      }
      continue;
    }
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : root;
    fields[key] ??= issue;
  }
  return fields;
}

/**
 * Turns zod issues into `{ field: message }` (see `fieldIssues`), each message from `render`
 * (default: the issue's own, English, message).
 */
export function fieldErrors(
  issues: readonly z.core.$ZodIssue[],
  root = 'body',
  render: (issue: z.core.$ZodIssue) => string = (issue) => issue.message,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fieldIssues(issues, root)).map(([field, issue]) => [field, render(issue)]),
  );
}
