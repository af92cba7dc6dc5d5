/**
 * The one rule for text that enters the system (issue 11, "Bad input never causes a 5xx"): every
 * string in a request — JSON bodies (values and keys), query parameters, form fields — must be
 * well-formed Unicode (no lone UTF-16 surrogates, which PostgreSQL cannot store) and free of
 * control characters (NUL among them, which PostgreSQL refuses in text), except tab, line feed
 * and carriage return, which only multi-line fields keep (see `singleLine`). Used by the server's
 * input guard on every /api/v1 route and by the contracts' text schemas (and so by the forms).
 */

/** C0 controls but tab, LF and CR; DEL; C1 controls. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** Tab, LF, CR: allowed in multi-line text only. */
const LINE_BREAKS = /[\t\n\r]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Pragmatic e-mail shape check: something@domain.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** Why `value` may not enter as text, or null when it may. */
export function textProblem(value: string, options: { multiline?: boolean } = {}): string | null {
  if (LONE_SURROGATE.test(value)) return 'must be well-formed Unicode text';
  if (CONTROL.test(value)) return 'must not contain control characters';
  if (options.multiline === false && LINE_BREAKS.test(value))
    return 'must be a single line (no tabs or line breaks)';
  return null;
}

/**
 * The first string in a parsed JSON value (or its keys) that may not enter, with its dotted path
 * (`body` for the value itself), or null. Depth-limited so a hostile nesting cannot recurse far.
 */
export function findTextProblem(
  value: unknown,
  path = '',
  depth = 0,
): { field: string; message: string } | null {
  const here = path || 'body';
  if (typeof value === 'string') {
    const problem = textProblem(value);
    return problem ? { field: here, message: problem } : null;
  }
  if (depth > 64 || value === null || typeof value !== 'object') return null;
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((v, i) => [String(i), v])
    : Object.entries(value as Record<string, unknown>);
  for (const [key, child] of entries) {
    const childPath = path ? `${path}.${key}` : key;
    const keyProblem = textProblem(key);
    if (keyProblem) return { field: childPath, message: `field name ${keyProblem}` };
    const found = findTextProblem(child, childPath, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * The first query parameter that may not enter (names and values; values are single-line), as
 * `{ field, message }`: the parameter's name, or `query` when the name itself is bad.
 */
export function findQueryProblem(
  params: URLSearchParams,
): { field: string; message: string } | null {
  for (const [key, value] of params) {
    const keyProblem = textProblem(key);
    if (keyProblem) return { field: 'query', message: `parameter name ${keyProblem}` };
    const problem = textProblem(value, { multiline: false });
    if (problem) return { field: key, message: problem };
  }
  return null;
}
