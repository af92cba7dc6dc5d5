/**
 * The SPA's one reading of the clock (issue 23: `Date.now()` and argument-less `new Date()` are
 * refused by lint everywhere else). It is the browser's clock, which the journeys pin to the
 * server's business clock under `npm run test:clock` (Playwright's `page.clock`).
 */
export function now(): Date {
  return new Date(Date.now());
}
