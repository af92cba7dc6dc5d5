import type { z } from 'zod';
import { isUnnamedCustom, issueMessage } from '../../contracts/i18n/issues';
import { activeLanguage, t } from './i18n';

type Issue = z.core.$ZodIssue;

/**
 * Rewrites each issue's message in the active language, nested union branches included. A
 * form's own refinement keeps its wording: the form writes it (with `t()` where translated).
 */
function localize(issues: Issue[]): void {
  const language = activeLanguage();
  for (const issue of issues) {
    if (issue.code === 'invalid_union') for (const branch of issue.errors) localize(branch);
    if (isUnnamedCustom(issue)) continue;
    (issue as { message: string }).message = issueMessage(issue, language, t);
  }
}

function isZodError(error: unknown): error is { issues: Issue[] } {
  return (
    typeof error === 'object' &&
    error !== null &&
    Array.isArray((error as { issues?: unknown }).issues)
  );
}

/**
 * The same schema, its parse errors in the app's language (issue 12): a form's resolver shows
 * the message of the shared `localizeIssue` (the contract's own wording in English), as the API
 * does in its `fields`. Use `zodResolver(localizedSchema(schema))`.
 */
export function localizedSchema<S extends z.ZodType>(schema: S): S {
  return new Proxy(schema, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property !== 'parse' && property !== 'parseAsync') return value;
      const parse = value as (data: unknown, params?: object) => unknown;
      return (data: unknown, params?: object) => {
        // `reportInput` tells a missing value ("required") from one of the wrong type.
        const options = { ...params, reportInput: true };
        const fail = (error: unknown) => {
          if (isZodError(error)) localize(error.issues);
          throw error;
        };
        try {
          const result = parse.call(target, data, options);
          return result instanceof Promise ? result.catch(fail) : result;
        } catch (error) {
          return fail(error);
        }
      };
    },
  });
}
