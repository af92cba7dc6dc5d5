import { z } from 'zod';
import { isIsoDate } from '../domain/dates';
import { messageParams, textProblemMessage } from './i18n/issues';
import { EMAIL_PATTERN, textProblem } from './text';

/*
 * The one text schema and the one date schema of the contracts (issue 11; decision 013), built on
 * the one text rule (`text.ts`). Every text and date field of every contract goes through them,
 * so the server's validation, the OpenAPI document and the forms' resolvers refuse the same
 * things with the same messages (the input guard applies the rule to every string first).
 */

/** True when the string is well-formed UTF-16 (`String.prototype.isWellFormed`, ES2024). */
export function isWellFormed(value: string): boolean {
  return textProblem(value) !== 'must be well-formed Unicode text';
}

/**
 * Why a text cannot be stored, or null: the one text rule of `text.ts` (no lone surrogates, no
 * control characters; tab and line breaks only in multi-line text), worded with the field's label.
 */
export function textError(value: string, label: string, multiline = false): string | null {
  const problem = textProblem(value, { multiline });
  return problem ? `${label} ${problem}` : null;
}

/**
 * The text check as a refinement, for a schema that keeps its own messages otherwise (the
 * workspace forms): `.superRefine(textCheck('Name'))`. Aborts, like `text`.
 */
export function textCheck(label: string, multiline = false) {
  return (value: string, ctx: z.RefinementCtx) => {
    const problem = textProblem(value, { multiline });
    if (!problem) return;
    const { key } = textProblemMessage(problem);
    ctx.addIssue({
      code: 'custom',
      message: `${label} ${problem}`,
      params: messageParams(key),
      input: value,
      continue: false,
    });
  };
}

export interface TextOptions {
  /** Longest value, in UTF-16 code units after trimming. */
  max: number;
  /** Allows tab and newline; CR and CRLF become newline. */
  multiline?: boolean;
  /** The message for a value longer than `max` (default: "<label> is at most <max> characters"). */
  tooLong?: string;
}

/**
 * A text field: a string, line ends normalised (multi-line), trimmed, then refused when it holds
 * a control character (single-line: any; multi-line: any but tab and newline) or a lone
 * surrogate, or is longer than `max`. '' passes: `requiredText` and `optionalText` decide. The
 * refusal aborts (`continue: false`): no later check, and no rule of the enclosing object that
 * compares fields, sees the value.
 */
export function text(label: string, { max, multiline = false, tooLong }: TextOptions) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? `${label} is required`
          : `${label} must be text`,
    })
    .overwrite((v) => (multiline ? v.replace(/\r\n?/g, '\n') : v))
    .trim()
    .superRefine(textCheck(label, multiline))
    .max(max, tooLong ?? `${label} is at most ${max} characters`);
}

/** A text field that must not be empty (after trimming). */
export function requiredText(label: string, options: TextOptions) {
  return text(label, options).min(1, `${label} is required`);
}

/** An optional free-text field: trimmed, '' or absent becomes null. */
export function optionalText(max: number, label: string, options: { multiline?: boolean } = {}) {
  return text(label, { max, ...options })
    .nullish()
    .transform((v) => (v ? v : null));
}

/** An optional multi-line text (notes, descriptions, reasons): tab and newline allowed. */
export function optionalNotes(max: number, label: string) {
  return optionalText(max, label, { multiline: true });
}

/**
 * The one date schema: an ISO date `YYYY-MM-DD` that is a real calendar day in the years
 * 0001–9999 (2023-02-29, 2024-02-30 and 0000-01-01 are refused).
 */
export function isoDate(label: string) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? `${label} is required (YYYY-MM-DD)`
          : `${label} must be a date (YYYY-MM-DD)`,
    })
    .trim()
    .superRefine((v, ctx) => {
      if (isIsoDate(v)) return;
      const years = /^0000-\d\d-\d\d$/.test(v);
      ctx.addIssue({
        code: 'custom',
        message: years
          ? `${label} must be a date in the years 0001–9999`
          : `${label} must be a date (YYYY-MM-DD)`,
        params: messageParams(years ? 'validation.date.years' : 'validation.date.format'),
        input: v,
        continue: false,
      });
    });
}

/** An optional date: '', null or absent becomes null; anything else must be an `isoDate`. */
export function optionalDate(label: string) {
  return z
    .string({ error: `${label} must be a date (YYYY-MM-DD)` })
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(isoDate(label).nullable());
}

/** Path parameter holding a UUID; anything else is an unknown id (404, never 5xx). */
export const uuidSchema = z.uuid();

export { EMAIL_PATTERN };

/** A required e-mail address: trimmed and lower-cased before it is checked. */
export const emailSchema = z
  .string({ error: 'Enter a valid e-mail address' })
  .trim()
  .toLowerCase()
  .superRefine(textCheck('E-mail'))
  .max(254, 'E-mail is at most 254 characters')
  .regex(EMAIL_PATTERN, 'Enter a valid e-mail address');

/** An optional e-mail address: '' or absent becomes null. */
export function optionalEmail(label: string) {
  return optionalText(254, label).refine((v) => v === null || EMAIL_PATTERN.test(v), {
    message: 'Enter a valid e-mail address',
    params: messageParams('validation.email'),
  });
}

export const healthResponseSchema = z.object({ status: z.literal('ok') });
