import { textProblem } from './text';
import { z } from 'zod';

/**
 * An optional free-text field: trimmed, '' or absent becomes null. Single-line unless
 * `multiline` (notes, reasons); control characters and lone surrogates never (contracts/text.ts).
 */
export function optionalText(max: number, label: string, options: { multiline?: boolean } = {}) {
  const multiline = options.multiline ?? false;
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} is at most ${max} characters`)
    .superRefine((v, ctx) => {
      const problem = textProblem(v, { multiline });
      if (problem) ctx.addIssue({ code: 'custom', message: `${label} ${problem}` });
    })
    .nullish()
    .transform((v) => (v ? v : null));
}

/** Path parameter holding a UUID; anything else is an unknown id (404, never 5xx). */
export const uuidSchema = z.uuid();

/** Pragmatic e-mail shape check: something@domain.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** A required e-mail address: trimmed and lower-cased before it is checked. */
export const emailSchema = z
  .string({ error: 'Enter a valid e-mail address' })
  .trim()
  .toLowerCase()
  .max(254, 'E-mail is at most 254 characters')
  .regex(EMAIL_PATTERN, 'Enter a valid e-mail address');

export const healthResponseSchema = z.object({ status: z.literal('ok') });
