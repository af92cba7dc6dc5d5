import { test as base } from './test';
import { calendarDateIn, now, pinClock } from '../../src/server/clock';

/** The firm's zone the e2e server runs in (APP_TIME_ZONE default) and the browser is set to. */
const FIRM_ZONE = 'Europe/Amsterdam';

/** Under `npm run test:clock` the journeys' clock runs from the instant the server's does. */
const pinned = process.env.TEST_CLOCK ? new Date(process.env.TEST_CLOCK) : undefined;
pinClock(pinned);

/** Now, as the server and the browser see it (pinned under `npm run test:clock`). */
export function clockNow(): Date {
  return now();
}

/** `YYYY-MM-DD` in the firm's calendar, `days` from the server's today (issue 11). */
export function firmDate(days = 0): string {
  const today = calendarDateIn(clockNow(), FIRM_ZONE);
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * Playwright's `test` whose pages run their clock from the same pinned instant as the server
 * (only under `npm run test:clock`; otherwise the real clock), so that the journeys' "today", the
 * browser's and the server's agree at any hour. It is ./test.ts's `test`: pages are checked with
 * axe-core too.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    if (pinned) await page.clock.install({ time: clockNow() });
    await use(page);
  },
});

export { expect } from './test';
