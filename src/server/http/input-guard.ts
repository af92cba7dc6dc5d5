import type { MiddlewareHandler } from 'hono';
import { findQueryProblem, findTextProblem } from '../../contracts/text';
import type { AppEnv } from './context';
import { textProblemMessage } from '../../contracts/i18n/issues';
import { AppError } from './errors';

/**
 * A 400 naming the field: "<field> <problem>" in English, the catalog's message for the problem
 * in other languages.
 */
const refuse = (field: string, problem: string) => {
  const text = { ...textProblemMessage(problem), english: `${field} ${problem}` };
  return new AppError('VALIDATION_ERROR', text, { [field]: text });
};

/**
 * Where input enters /api/v1 (issue 11): every query parameter and every string of a JSON body
 * (keys included) must be text we can store — well-formed Unicode without control characters
 * (contracts/text.ts). Runs after the permission check and before the route's own validation, so
 * a NUL, a lone surrogate or a bell character is a 400 naming the field, never a database error.
 */
export const refuseMalformedInput: MiddlewareHandler<AppEnv> = async (c, next) => {
  const inQuery = findQueryProblem(new URL(c.req.url).searchParams);
  if (inQuery) throw refuse(inQuery.field, inQuery.message);
  if (/^application\/([\w.+-]+\+)?json\b/i.test(c.req.header('content-type') ?? '')) {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return next(); // malformed JSON: the route's validator answers 400
    }
    const found = findTextProblem(body);
    if (found) throw refuse(found.field, found.message);
  }
  return next();
};
