import { version } from '../../../package.json';
import type { Env } from '../env';
import type { Logger } from '../logger';

/**
 * Error reporting to Sentry (issue 11; decision 014). Off unless SENTRY_DSN is set: then the
 * SDK is imported and initialised (`./sentry.ts`), otherwise it is never loaded.
 */
export interface ErrorReporter {
  /** Reports an error behind a 5xx answer: who (user id only), which route, which status. */
  captureServerError(error: unknown, context: ServerErrorContext): void;
  /** Waits (up to `timeoutMs`) for reports still being sent; at shutdown. */
  flush(timeoutMs: number): Promise<void>;
}

export interface ServerErrorContext {
  method: string;
  /** The route pattern (`/api/v1/company/:companyId`), or the path without its query. */
  route: string;
  status: number;
  userId?: string;
}

export const noErrorReporter: ErrorReporter = {
  captureServerError() {},
  async flush() {},
};

/** What the browser and the server report with: SENTRY_RELEASE, else `esop-crm@<version>`. */
export interface ReportingConfig {
  dsn: string;
  environment: string;
  release: string;
}

export function reportingConfig(env: Env): ReportingConfig | null {
  if (!env.SENTRY_DSN) return null;
  return {
    dsn: env.SENTRY_DSN,
    environment: env.SENTRY_ENVIRONMENT ?? env.NODE_ENV,
    release: env.SENTRY_RELEASE ?? `esop-crm@${version}`,
  };
}

/** The origin the SDKs send envelopes to (for the page's connect-src). */
export function ingestOrigin(dsn: string): string {
  return new URL(dsn).origin;
}

/** The configured reporter: Sentry when SENTRY_DSN is set, else one that does nothing. */
export async function createErrorReporter(env: Env, logger: Logger): Promise<ErrorReporter> {
  const config = reportingConfig(env);
  if (!config) return noErrorReporter;
  const { initSentry } = await import('./sentry');
  const reporter = initSentry(config);
  logger.info(
    `Error reporting on: ${ingestOrigin(config.dsn)} (release ${config.release}, environment ${config.environment})`,
  );
  return reporter;
}
