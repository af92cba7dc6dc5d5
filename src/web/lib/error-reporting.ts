/**
 * Error reporting in the browser (decision 014). Off unless the server's runtime configuration
 * (`GET /api/v1/meta` → `errorReporting`, from SENTRY_DSN) names a DSN; only then is the Sentry
 * SDK fetched, as a chunk of its own, so the initial JavaScript does not grow. This module is in
 * the initial bundle and stays tiny: it remembers what happens before the SDK is there.
 */
import type { Meta } from '../../contracts/meta';

type ReportingConfig = NonNullable<Meta['errorReporting']>;
type Sdk = typeof import('./sentry');

let sdk: Sdk | undefined;
let loading = false;
let userId: string | null = null;
// Errors thrown and rejections left unhandled before the SDK is loaded (the page's start).
const early: unknown[] = [];
const remember = (event: ErrorEvent | PromiseRejectionEvent) =>
  early.push('reason' in event ? event.reason : (event.error ?? event.message));

/** Listens from the start, so that errors of the first moments are not lost once reporting is on. */
export function listenForEarlyErrors(): void {
  window.addEventListener('error', remember);
  window.addEventListener('unhandledrejection', remember);
}

function stopListening() {
  window.removeEventListener('error', remember);
  window.removeEventListener('unhandledrejection', remember);
}

/** Loads and starts the SDK when reporting is configured; otherwise forgets the early errors. */
export function startErrorReporting(config: ReportingConfig | null): void {
  if (!config) {
    stopListening();
    early.length = 0;
    return;
  }
  if (loading) return;
  loading = true;
  void import('./sentry').then((loaded) => {
    loaded.initSentry(config);
    loaded.setUserId(userId);
    stopListening();
    for (const error of early.splice(0)) loaded.report(error);
    sdk = loaded;
  });
}

/** Reports an error caught by an error boundary (a no-op while reporting is off). */
export function reportError(error: unknown): void {
  if (sdk) sdk.report(error);
  else if (loading) early.push(error);
}

/** The signed-in user's id goes with reports; never their name or e-mail. */
export function setReportingUser(id: string | null): void {
  userId = id;
  sdk?.setUserId(id);
}
