import type { z } from 'zod';
import type { ErrorResponse } from '../../contracts/errors';
import { env } from '../env';
import { withoutFieldName } from './error-text';
import { activeLanguage, t } from './i18n';

/** An `/api/v1` call that failed: the HTTP status plus the body's `{ code, message, fields }`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;

  constructor(args: {
    status: number;
    code: string;
    message: string;
    fields?: Record<string, string> | undefined;
  }) {
    super(args.message);
    this.status = args.status;
    this.code = args.code;
    this.fields = args.fields;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Status 0 marks a request that never got an HTTP answer (offline, server down, CORS). */
const NETWORK_ERROR_STATUS = 0;

type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined | null>;
  signal?: AbortSignal | undefined;
  /** Contract schema for the response body; omit for 204 answers. */
  schema?: z.ZodType<T>;
  /**
   * Instead of `schema`, for calls made from the initial bundle (which must not pull in zod): a
   * hand-written check typed from the contract that returns null for a body of the wrong shape.
   */
  guard?: (body: unknown) => T | null;
};

/** Builds an absolute URL under the configured API origin (`VITE_API_URL`). */
export function apiUrl(path: string, query?: RequestOptions<unknown>['query']): string {
  const url = new URL(`${env.apiUrl}${path}`);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '')
      url.searchParams.set(key, String(value));
  }
  return url.toString();
}

/**
 * Checks the `errorResponseSchema` shape by hand. This module is in the initial bundle, and the
 * contract's zod schema would pull all of zod into it; the ErrorResponse type keeps them in step.
 */
function asErrorResponse(body: unknown): ErrorResponse | null {
  if (typeof body !== 'object' || body === null || !('error' in body)) return null;
  const error: unknown = body.error;
  if (typeof error !== 'object' || error === null) return null;
  const { code, message, fields } = error as Record<string, unknown>;
  if (typeof code !== 'string' || typeof message !== 'string') return null;
  const result: ErrorResponse = { error: { code, message } };
  if (typeof fields === 'object' && fields !== null) {
    result.error.fields = Object.fromEntries(
      Object.entries(fields).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  }
  return result;
}

async function readErrorBody(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Proxies and crashed servers answer with HTML or nothing; the status still tells the story.
  }
  const parsed = asErrorResponse(body);
  if (parsed) return new ApiError({ status: response.status, ...parsed.error });
  return new ApiError({
    status: response.status,
    code: response.status === 401 ? 'UNAUTHORIZED' : `HTTP_${response.status}`,
    message: response.statusText || t('errors.client.requestFailed'),
  });
}

/**
 * Calls the business API with the session cookie and returns the parsed body. Responses are
 * checked against the same contract schema the server declares, so drift shows up as an error
 * here rather than as `undefined` deep inside a component.
 */
export async function apiFetch<T = void>(
  path: string,
  options: RequestOptions<T> = {},
): Promise<T> {
  const { method = 'GET', body, query, signal, schema, guard } = options;
  let response: Response;
  try {
    response = await fetch(apiUrl(`/api/v1${path}`, query), {
      method,
      signal: signal ?? null,
      // `include` (not `same-origin`) so a VITE_API_URL on another origin still gets the cookie.
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        // Error messages come back in the language the app is shown in (issue 12).
        'Accept-Language': activeLanguage(),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? null : JSON.stringify(body),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({
      status: NETWORK_ERROR_STATUS,
      code: 'NETWORK_ERROR',
      message: t('errors.client.network'),
    });
  }

  if (!response.ok) throw await readErrorBody(response);
  if ((!schema && !guard) || response.status === 204) return undefined as T;

  const json: unknown = await response.json();
  if (!schema) {
    const data = guard?.(json) ?? null;
    if (data === null) throw invalidResponse(`${method} ${path}`, response.status, json);
    return data;
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw invalidResponse(`${method} ${path}`, response.status, parsed.error.issues);
  }
  return parsed.data;
}

function invalidResponse(request: string, status: number, details: unknown): ApiError {
  console.error(`Unexpected response from ${request}`, details);
  return new ApiError({
    status,
    code: 'INVALID_RESPONSE',
    message: t('errors.client.unexpectedResponse'),
  });
}

/**
 * Text for a toast: the API's message (without a field's API name in front, see
 * {@link withoutFieldName}), or a generic fallback for non-API failures.
 */
export function errorMessage(error: unknown, fallback?: string): string {
  const otherwise = () => fallback ?? t('errors.client.requestFailed');
  if (error instanceof ApiError)
    return withoutFieldName(error.message, error.fields) || error.code || otherwise();
  if (error instanceof Error && error.message) return error.message;
  return otherwise();
}
