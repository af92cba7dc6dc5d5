import type { z } from 'zod';
import { EMAIL_PATTERN } from '../text';
import { DEFAULT_LANGUAGE } from './languages';

/**
 * Validation messages in the reader's language (issue 12): one function for the API's `fields`
 * and the forms' resolver, so both say the same thing. A zod issue is turned into a catalog
 * message (`validation.*`) by its code and details (too short, too long, wrong type, bad format,
 * not one of the options…); a custom issue of our contracts names its message in its `params`
 * (`messageParams`), e.g. the text rule's "control characters" or the date schema's years.
 *
 * English keeps the contracts' own wording (`issue.message`), which names the field ("Legal name
 * is required") and says what a particular rule wants; other languages get the catalog's message,
 * shown next to the field it concerns (the form's input, the key of the API's `fields`).
 */

type Issue = z.core.$ZodIssue;
export type MessageValues = Record<string, unknown>;
export type Translate = (id: string, values?: MessageValues) => string;

/** A catalog message and its values, rendered later in the reader's language. */
export interface MessageRef {
  key: string;
  values?: MessageValues;
}

const msg = (key: string, values?: MessageValues): MessageRef =>
  values ? { key, values } : { key };

/**
 * `params` for a custom issue (`ctx.addIssue({ code: 'custom', message, params })`) that names
 * its catalog message; `message` stays the English.
 */
export function messageParams(key: string, values?: MessageValues): { i18n: MessageRef } {
  return { i18n: msg(key, values) };
}

/**
 * Whether a custom issue has a wording of its own and no catalog message: a refinement the
 * catalogs know nothing of (only its own text says what it wants).
 */
export function isUnnamedCustom(issue: Issue): boolean {
  return issue.code === 'custom' && namedMessage(issue) === null;
}

function namedMessage(issue: Issue): MessageRef | null {
  if (issue.code !== 'custom') return null;
  const named = (issue.params as { i18n?: unknown } | undefined)?.i18n;
  if (!named || typeof named !== 'object') return null;
  const { key, values } = named as Partial<MessageRef>;
  return typeof key === 'string' ? msg(key, values) : null;
}

/** The kinds of value `invalid_type` can expect, as the catalogs' `select` names them. */
const EXPECTED = new Set(['string', 'number', 'int', 'boolean', 'array', 'object', 'date']);

/** Whether an `invalid_type` issue is about a missing value (known when the parse kept inputs). */
function isMissing(issue: Issue): boolean {
  return 'input' in issue && (issue.input === undefined || issue.input === null);
}

/** The three text rules of `text.ts`, by the phrase `textProblem` answers. */
const TEXT_PROBLEMS: Record<string, MessageRef> = {
  'must be well-formed Unicode text': msg('validation.text.unicode'),
  'must not contain control characters': msg('validation.text.control'),
  'must be a single line (no tabs or line breaks)': msg('validation.text.singleLine'),
};

/**
 * The catalog message for one of `textProblem`'s answers (the text schemas), also when the input
 * guard put a few words before it ("field name must not contain control characters").
 */
export function textProblemMessage(problem: string): MessageRef {
  const found = Object.entries(TEXT_PROBLEMS).find(([phrase]) => problem.endsWith(phrase));
  return found ? found[1] : msg('validation.invalid');
}

/** The catalog message (key and values) for a zod issue. */
export function issueMessageRef(issue: Issue): MessageRef {
  const named = namedMessage(issue);
  if (named) return named;
  switch (issue.code) {
    case 'invalid_type': {
      if (isMissing(issue)) return msg('validation.required');
      const expected = EXPECTED.has(issue.expected) ? issue.expected : 'other';
      return msg('validation.invalidType', { expected });
    }
    case 'too_small': {
      const minimum = Number(issue.minimum);
      if (issue.origin === 'string') {
        return minimum <= 1 ? msg('validation.required') : msg('validation.tooShort', { minimum });
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        return msg('validation.tooFewItems', { minimum });
      }
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
        return issue.inclusive === false
          ? msg('validation.tooSmall.exclusive', { minimum })
          : msg('validation.tooSmall', { minimum });
      }
      return msg('validation.invalid');
    }
    case 'too_big': {
      const maximum = Number(issue.maximum);
      if (issue.origin === 'string') return msg('validation.tooLong', { maximum });
      if (issue.origin === 'array' || issue.origin === 'set') {
        return msg('validation.tooManyItems', { maximum });
      }
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
        return issue.inclusive === false
          ? msg('validation.tooBig.exclusive', { maximum })
          : msg('validation.tooBig', { maximum });
      }
      return msg('validation.invalid');
    }
    case 'invalid_format':
      if (
        issue.format === 'email' ||
        (issue.format === 'regex' && issue.pattern === String(EMAIL_PATTERN))
      ) {
        return msg('validation.email');
      }
      if (issue.format === 'uuid' || issue.format === 'guid') return msg('validation.id');
      return msg('validation.format');
    case 'invalid_value':
      return msg('validation.oneOf', { options: issue.values.map(String).join(', ') });
    case 'not_multiple_of':
      return msg('validation.multipleOf', { divisor: Number(issue.divisor) });
    case 'unrecognized_keys':
      return msg('validation.unknownField', { name: issue.keys.join(', ') });
    case 'invalid_union': {
      // The branch that came closest (fewest issues) says best what was meant.
      const branches = issue.errors.filter((b) => b.length > 0);
      const closest = branches.reduce<Issue[] | undefined>(
        (best, b) => (!best || b.length < best.length ? b : best),
        undefined,
      );
      return closest?.[0] ? issueMessageRef(closest[0]) : msg('validation.invalid');
    }
    default:
      return msg('validation.invalid');
  }
}

/** A zod issue as a catalog message in the language `t` translates to. */
export function localizeIssue(issue: Issue, t: Translate): string {
  const { key, values } = issueMessageRef(issue);
  return t(key, values);
}

/**
 * The message to show for a zod issue in `language`: the contract's own wording in English,
 * the catalog's (`localizeIssue`) in any other language.
 */
export function issueMessage(issue: Issue, language: string, t: Translate): string {
  return language === DEFAULT_LANGUAGE ? issue.message : localizeIssue(issue, t);
}

/**
 * Gives each `invalid_type` issue the value it was about (looked up by its path in `data`), so a
 * missing field reads "required" rather than "wrong type" when the parser did not keep inputs.
 */
export function withInputs(issues: readonly Issue[], data: unknown): Issue[] {
  return issues.map((issue) => {
    if (issue.code !== 'invalid_type' || 'input' in issue) return issue;
    let value: unknown = data;
    for (const key of issue.path) {
      value =
        value !== null && typeof value === 'object' && Object.hasOwn(value, key as PropertyKey)
          ? (value as Record<PropertyKey, unknown>)[key as PropertyKey]
          : undefined;
    }
    return { ...issue, input: value };
  });
}
