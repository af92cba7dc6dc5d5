import type { z } from 'zod';
import type { ErrorCode } from '../../contracts/errors';
import { fieldIssues } from '../../contracts/errors';
import { issueMessageRef, withInputs, type MessageValues } from '../../contracts/i18n/issues';
import { formatIsoDate } from '../../contracts/i18n/format';
import { DEFAULT_LANGUAGE } from '../../contracts/i18n/languages';
import { translator } from '../i18n';

const STATUS: Record<ErrorCode, 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 503> = {
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  INSUFFICIENT_SHARES: 409,
  SHARE_NUMBERS_OVERLAP: 409,
  RECEIPTS_EXCEED_SHARES: 409,
  SHARES_AUTHORIZED_EXCEEDED: 409,
  POOL_EXHAUSTED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
};

/**
 * A message of an API error, rendered in the caller's language when the answer is written
 * (issue 12): a catalog key (`errors.*`, `validation.*`) with its values, and optionally the
 * English to use instead of the catalog's (a zod issue's own wording, see contracts/i18n/issues).
 * A plain string is sent as it is (text that is not ours to translate, such as better-auth's).
 */
export interface Message {
  key: string;
  values?: MessageValues;
  english?: string;
}
export type Text = string | Message;

/** A catalog message for an API error; the catalog test checks `msg('…')` keys exist. */
export function msg(key: string, values?: MessageValues): Message {
  return values ? { key, values } : { key };
}

/** A message value that is a calendar date, written out in the reader's language. */
export class LongDate {
  constructor(readonly iso: string) {}
}

/**
 * Placeholders that hold a calendar date (`{date}`, `{start}`…): an ISO date given for one is
 * written out in the reader's language ("1 juli 2024", "July 1, 2024"), as {@link LongDate} is.
 */
const DATE_PLACEHOLDERS = new Set(['date', 'start', 'end', 'deadline', 'limit', 'last']);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A value of a message in `language`: a date written out, a nested message rendered, a list of
 * them joined with commas.
 */
function renderValue(value: unknown, language: string, name?: string): unknown {
  if (value instanceof LongDate) return formatIsoDate(language, value.iso, 'long');
  if (typeof value === 'string' && name && DATE_PLACEHOLDERS.has(name) && ISO_DATE.test(value))
    return formatIsoDate(language, value, 'long');
  if (Array.isArray(value)) return value.map((v) => renderValue(v, language)).join(', ');
  if (isMessage(value)) return renderText(value, language);
  return value;
}

function isMessage(value: unknown): value is Message {
  return typeof value === 'object' && value !== null && typeof (value as Message).key === 'string';
}

/** `text` in `language`. */
export function renderText(text: Text, language: string = DEFAULT_LANGUAGE): string {
  if (typeof text === 'string') return text;
  if (language === DEFAULT_LANGUAGE && text.english !== undefined) return text.english;
  const values =
    text.values &&
    Object.fromEntries(
      Object.entries(text.values).map(([name, value]) => [
        name,
        renderValue(value, language, name),
      ]),
    );
  return translator(language)(text.key, values);
}

/** A zod issue as an error message: the contract's English, the catalog's otherwise. */
export function issueText(issue: z.core.$ZodIssue): Message {
  return { ...issueMessageRef(issue), english: issue.message };
}

/** The one error type services throw; `onError` maps it to HTTP, in the caller's language. */
export class AppError extends Error {
  readonly status: (typeof STATUS)[ErrorCode];
  /**
   * @param text the message; null for a validation error, whose message is its first field's
   * @param fieldTexts messages per request field (`error.fields`)
   */
  constructor(
    readonly code: ErrorCode,
    readonly text: Text | null,
    readonly fieldTexts?: Record<string, Text>,
  ) {
    super('');
    this.status = STATUS[code];
    // English in logs and for code that reads `.message`.
    this.message = this.messageIn(DEFAULT_LANGUAGE);
  }

  /** The English `error.fields`. */
  get fields(): Record<string, string> | undefined {
    return this.fieldsIn(DEFAULT_LANGUAGE);
  }

  private fieldsIn(language: string): Record<string, string> | undefined {
    if (!this.fieldTexts) return undefined;
    return Object.fromEntries(
      Object.entries(this.fieldTexts).map(([field, text]) => [field, renderText(text, language)]),
    );
  }

  private messageIn(language: string): string {
    if (this.text !== null) return renderText(this.text, language);
    const [first] = Object.entries(this.fieldTexts ?? {});
    return first
      ? `${first[0]}: ${renderText(first[1], language)}`
      : renderText(msg('errors.invalidRequest'), language);
  }

  /** The answer's body, its messages in `language`. */
  toBody(language: string = DEFAULT_LANGUAGE) {
    const fields = this.fieldsIn(language);
    return {
      error: {
        code: this.code,
        message: this.messageIn(language),
        ...(fields ? { fields } : {}),
      },
    };
  }
}

/** A 404; `what` is its message (`msg('errors.notFound.company')`). */
export const notFound = (what: Message) => new AppError('NOT_FOUND', what);

/** A 400 naming one or more fields; its message is the first field's. */
export function validationError(fields: Record<string, Text>): AppError {
  return new AppError('VALIDATION_ERROR', null, fields);
}

/**
 * A 400 from zod issues, one message per field. `data`, the value that was parsed, tells a
 * missing field from one of the wrong type.
 */
export function zodError(
  issues: readonly z.core.$ZodIssue[],
  options: { root?: string; data?: unknown } = {},
): AppError {
  const byField = fieldIssues(
    'data' in options ? withInputs(issues, options.data) : issues,
    options.root,
  );
  return validationError(
    Object.fromEntries(Object.entries(byField).map(([field, issue]) => [field, issueText(issue)])),
  );
}

/** The error code that goes with an HTTP status (for errors raised by Hono itself). */
export function codeForStatus(status: number): ErrorCode {
  const found = (Object.entries(STATUS) as [ErrorCode, number][]).find(([, s]) => s === status);
  if (found) return found[0];
  return status >= 500 ? 'INTERNAL_ERROR' : 'VALIDATION_ERROR';
}
