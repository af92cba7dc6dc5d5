import * as Sentry from '@sentry/node';
import type { ErrorReporter, ReportingConfig } from './reporter';
import { scrubEvent } from './scrub';

/**
 * Initialises @sentry/node (loaded only when SENTRY_DSN is set). Only the integrations that
 * catch errors and describe them are on: no request data, console or HTTP breadcrumbs, local
 * variables, sessions or tracing — what is sent is decided by `scrubEvent` (decision 014).
 */
export function initSentry(config: ReportingConfig): ErrorReporter {
  Sentry.init({
    dsn: config.dsn,
    release: config.release,
    environment: config.environment,
    // Collect nothing about the request or the user by itself (SDK 11's successor of
    // sendDefaultPii: false, made explicit); the user id is passed with each report.
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: { request: { allow: ['user-agent', 'content-type'] }, response: false },
      httpBodies: [],
      urlQueryParams: false,
      databaseQueryData: false,
      queues: false,
      stackFrameVariables: false,
      graphQL: { document: false, variables: false },
      genAI: { inputs: false, outputs: false },
      mcp: { inputs: false, outputs: false },
    },
    defaultIntegrations: false,
    integrations: [
      Sentry.functionToStringIntegration(),
      Sentry.linkedErrorsIntegration(),
      Sentry.dedupeIntegration(),
      Sentry.onUncaughtExceptionIntegration(),
      // Node's own default: an unhandled rejection ends the process (after it is reported).
      Sentry.onUnhandledRejectionIntegration({ mode: 'strict' }),
      Sentry.contextLinesIntegration(),
      Sentry.nodeContextIntegration(),
    ],
    maxBreadcrumbs: 0,
    beforeBreadcrumb: () => null,
    beforeSend: (event) => scrubEvent(event),
  });
  return {
    captureServerError(error, { method, route, status, userId }) {
      Sentry.captureException(error, {
        user: userId ? { id: userId } : undefined,
        // The route pattern, never the concrete URL with its query.
        tags: { method, route, status: String(status) },
      });
    },
    async flush(timeoutMs) {
      await Sentry.flush(timeoutMs);
    },
  };
}
