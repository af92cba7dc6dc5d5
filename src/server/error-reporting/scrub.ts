import type { ErrorEvent, Event, Exception } from '@sentry/node';

/**
 * What leaves the server in an error report (decision 014): the error's type, its message with
 * figures and addresses masked, its stack, the route, the status, the release, the environment
 * and the user id. Never e-mail addresses, cookies, request bodies, query strings, headers other
 * than the safe ones, IP addresses, breadcrumbs or local variables.
 */
const SAFE_HEADERS = new Set(['user-agent', 'content-type', 'accept', 'accept-language']);

const EMAIL = /[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)+/g;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
// Numbers that could be amounts, share counts, dates or codes; not SQL placeholders ($1).
const NUMBER = /(?<![\w$])\d+(?:[.,]\d+)*/g;

/** An error message without the values it may carry. */
export function scrubMessage(message: string): string {
  // drizzle's "Failed query: <sql>\nparams: <values>" carries the request's values.
  const cut = message.replace(/\bparams:[\s\S]*$/, 'params: [scrubbed]');
  // UUIDs (row ids) stay readable; every other number is masked.
  const parts = cut.split(UUID);
  const ids = cut.match(UUID) ?? [];
  return parts
    .map((part, i) => part.replace(EMAIL, '[email]').replace(NUMBER, '[n]') + (ids[i] ?? ''))
    .join('');
}

function stripQuery(url: string): string {
  return url.replace(/[?#].*$/, '');
}

function scrubException(exception: Exception): Exception {
  return { ...exception, value: exception.value ? scrubMessage(exception.value) : exception.value };
}

/** Applies the rules above to an event about to be sent (beforeSend). */
export function scrubEvent<E extends Event | ErrorEvent>(event: E): E {
  const out: E = { ...event };
  out.user = event.user?.id !== undefined ? { id: event.user.id } : undefined;
  if (event.request) {
    const headers = Object.fromEntries(
      Object.entries(event.request.headers ?? {}).filter(([name]) =>
        SAFE_HEADERS.has(name.toLowerCase()),
      ),
    );
    out.request = {
      method: event.request.method,
      url: event.request.url ? stripQuery(event.request.url) : undefined,
      headers,
    };
  }
  if (event.exception?.values) {
    out.exception = { ...event.exception, values: event.exception.values.map(scrubException) };
  }
  if (typeof event.message === 'string') out.message = scrubMessage(event.message);
  if (event.logentry?.message) {
    out.logentry = { message: scrubMessage(event.logentry.message) };
  }
  delete out.breadcrumbs;
  delete out.extra;
  if (out.contexts) {
    // Sentry's context for the failing request's answer and cookies; the route tag says enough.
    const { response: _response, cookies: _cookies, ...contexts } = out.contexts;
    out.contexts = contexts;
  }
  return out;
}
