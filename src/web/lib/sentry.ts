/**
 * The Sentry browser SDK, loaded only when the server configures a DSN (error-reporting.ts).
 * Errors thrown and promises rejected without a handler are reported by the SDK's global
 * handlers; error boundaries report through `report`. What leaves the browser is cut down to the
 * error, the page's path, the release, the environment and the user id (decision 014).
 */
import {
  breadcrumbsIntegration,
  browserApiErrorsIntegration,
  captureException,
  dedupeIntegration,
  globalHandlersIntegration,
  httpContextIntegration,
  init,
  linkedErrorsIntegration,
  setUser,
  type Breadcrumb,
  type ErrorEvent,
  type EventHint,
} from '@sentry/react';
import type { Meta } from '../../contracts/meta';

const EMAIL = /[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)+/g;

/** A URL without its query and fragment (reset and sign-in links carry tokens there). */
function withoutQuery(url: string): string {
  return url.replace(/[?#].*$/, '');
}

function scrubText(text: string): string {
  return text.replace(EMAIL, '[email]');
}

/** Answers of our API with a 4xx are the user's business (and 5xx are reported by the server). */
function isApiAnswer(error: unknown): boolean {
  return error instanceof Error && error.name === 'ApiError';
}

export function scrubBrowserEvent(event: ErrorEvent, hint?: EventHint): ErrorEvent | null {
  if (isApiAnswer(hint?.originalException)) return null;
  const out: ErrorEvent = { ...event };
  out.user = event.user?.id !== undefined ? { id: event.user.id } : undefined;
  out.request = event.request?.url ? { url: withoutQuery(event.request.url) } : undefined;
  if (event.exception?.values) {
    out.exception = {
      values: event.exception.values.map((value) => ({
        ...value,
        value: value.value ? scrubText(value.value) : value.value,
      })),
    };
  }
  if (typeof event.message === 'string') out.message = scrubText(event.message);
  delete out.extra;
  return out;
}

/** Keeps navigations and API calls, by path only; drops console output and everything else. */
export function scrubBreadcrumb(crumb: Breadcrumb): Breadcrumb | null {
  if (crumb.category === 'navigation') {
    return {
      ...crumb,
      data: {
        from: withoutQuery(String(crumb.data?.from ?? '')),
        to: withoutQuery(String(crumb.data?.to ?? '')),
      },
    };
  }
  if (crumb.category === 'fetch' || crumb.category === 'xhr') {
    return {
      ...crumb,
      data: {
        method: crumb.data?.method,
        url: withoutQuery(String(crumb.data?.url ?? '')),
        status_code: crumb.data?.status_code,
      },
    };
  }
  return null;
}

export function initSentry(config: NonNullable<Meta['errorReporting']>): void {
  init({
    dsn: config.dsn,
    release: config.release,
    environment: config.environment,
    // Nothing about the user or the request is collected by the SDK itself.
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
      stackFrameVariables: false,
    },
    defaultIntegrations: false,
    integrations: [
      // Window errors and unhandled rejections.
      globalHandlersIntegration({ onerror: true, onunhandledrejection: true }),
      browserApiErrorsIntegration(),
      linkedErrorsIntegration(),
      dedupeIntegration(),
      breadcrumbsIntegration({ dom: false, sentry: false }),
      // The page's URL (its query is cut by scrubBrowserEvent).
      httpContextIntegration(),
    ],
    beforeBreadcrumb: scrubBreadcrumb,
    beforeSend: scrubBrowserEvent,
  });
}

export function setUserId(id: string | null): void {
  setUser(id ? { id } : null);
}

export function report(error: unknown): void {
  captureException(error);
}
