import { defineConfig } from '@playwright/test';

const isCi = process.env.CI === 'true';

/**
 * Journeys that set their browsers' languages themselves run once, in the `en` project: the
 * pseudo-locale's, and the language switches' (they start in one language and go to the other).
 * Every other journey runs in both projects.
 */
const OWN_LANGUAGES = ['pseudo-locale', 'languages', 'account-language'].map(
  (name) => `${name}.spec.ts`,
);

/**
 * Journeys a run leaves out of the `en` project (scripts/e2e.mjs --skip-clocked sets it: `npm test`
 * runs the date-sensitive ones in `en` at pinned hours instead, scripts/clocked-journeys.mjs).
 */
const SKIPPED_IN_EN = (process.env.E2E_SKIP_IN_EN ?? '').split(',').filter(Boolean);

/**
 * Browser journeys against the real server and the built SPA (see e2e/support/global-setup.ts).
 * The system Chromium is used; Playwright never downloads a browser here.
 */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // 2-core machines: one worker keeps the server and the browser from starving each other.
  workers: 1,
  fullyParallel: false,
  forbidOnly: isCi,
  retries: isCi ? 1 : 0,
  // Limits against a hang, not speed checks (those are `npm run bench`'s): a 2-core runner that is
  // itself slowed down (measured: a third of its usual speed, a journey of 25 s taking 70) must
  // not fail a journey that works.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  reporter: 'list',
  globalSetup: './e2e/support/global-setup.ts',
  globalTeardown: './e2e/support/global-teardown.ts',
  use: {
    // Set by global setup; workers evaluate this file again and see it.
    baseURL: process.env.E2E_BASE_URL,
    // The API calls a journey makes for its setup (page.request) carry the app's Origin, as the
    // SPA's own do: /api/v1 refuses cookie writes without it (issue 11, finding 8).
    extraHTTPHeaders: process.env.E2E_BASE_URL ? { origin: process.env.E2E_BASE_URL } : {},
    // The firm's time zone (APP_TIME_ZONE): the browser's "today" is the server's.
    timezoneId: 'Europe/Amsterdam',
    headless: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
    // An action waiting for an element that never becomes actionable fails after a minute, not at
    // the test's limit (a journey marked slow hung nine minutes once, then passed on its retry).
    actionTimeout: 60_000,
    navigationTimeout: 60_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  /*
   * Issue 12: the journeys in English with the light theme, and again in Dutch with the dark
   * theme, the browser's language and scheme as a Dutch lawyer's browser sends them
   * (scripts/e2e.mjs runs the two one after the other, `nl` on PostgreSQL when
   * TEST_DATABASE_URL is set). Journeys name what they look for through
   * e2e/support/i18n.ts (`L`, `T`), so one spec serves both; axe-core checks every page shape in each language and theme (support/test.ts).
   */
  projects: [
    { name: 'en', use: { locale: 'en-US', colorScheme: 'light' }, testIgnore: SKIPPED_IN_EN },
    {
      name: 'nl',
      use: { locale: 'nl-NL', colorScheme: 'dark' },
      testIgnore: OWN_LANGUAGES,
    },
  ],
});
