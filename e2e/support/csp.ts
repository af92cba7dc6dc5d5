import type { Page } from '@playwright/test';

/**
 * Collects Content-Security-Policy violations of a page: the `securitypolicyviolation` events of
 * every document it loads (recorded by an init script, so also those before the app's code runs)
 * and the browser's console reports of blocked resources (decision 014).
 */
export async function watchCspViolations(page: Page): Promise<() => Promise<string[]>> {
  const consoleReports: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) consoleReports.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber} ${event.sample}`,
      );
    });
  });
  return async () => {
    const events = await page
      .evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])
      .catch(() => [] as string[]);
    return [...events, ...consoleReports];
  };
}
