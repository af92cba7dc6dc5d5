import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const isCi = process.env.CI === 'true';

/**
 * Journeys that set their browsers' languages themselves run in the `en` project: the
 * pseudo-locale's, and the language switches' (they start in one language and go to the other).
 */
const OWN_LANGUAGES = ['pseudo-locale', 'languages', 'account-language'].map(
  (name) => `${name}.spec.ts`,
);

/** The sweep visits every screen in both projects: both languages, both themes (decision 034). */
const EVERY_PROJECT = ['screens.spec.ts'];

/**
 * Each journey runs once (issue 23, decision 034): in `en` (English, light theme, PGlite) or in
 * `nl` (Dutch, dark theme, PostgreSQL), chosen by a stable hash of its file name, so that a new
 * journey never moves the others and the two halves stay about even. The sweep
 * (screens.spec.ts) checks every screen in both. `E2E_EVERY_PROJECT=1` (scripts/e2e.mjs sets it
 * when journeys are named, or with `--every-project`) runs every journey asked in every project
 * asked instead.
 */
export function projectOf(file: string): 'en' | 'nl' {
  const name = file.split('/').pop()!;
  if (OWN_LANGUAGES.includes(name)) return 'en';
  let hash = 0x811c9dc5; // FNV-1a
  for (const char of name) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return hash % 2 === 0 ? 'en' : 'nl';
}

const everyProject = process.env.E2E_EVERY_PROJECT === '1';

/**
 * Journeys a run leaves out (scripts/e2e.mjs --skip-clocked sets it: `npm test` runs the
 * date-sensitive ones with the clock pinned instead, scripts/test-clock.mjs).
 */
const SKIPPED = (process.env.E2E_SKIP ?? '').split(',').filter(Boolean);

/** The journeys project `project` leaves out (as globs). */
function ignoredIn(project: 'en' | 'nl'): string[] {
  return readdirSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'e2e'))
    .filter((name) => name.endsWith('.spec.ts'))
    .filter((name) => {
      if (SKIPPED.includes(name)) return true;
      if (project === 'nl' && OWN_LANGUAGES.includes(name)) return true;
      if (everyProject || EVERY_PROJECT.includes(name)) return false;
      return projectOf(name) !== project;
    })
    .map((name) => `**/${name}`);
}

/**
 * Browser journeys against the real server and the built SPA (see e2e/support/global-setup.ts).
 * The system Chromium is used; Playwright never downloads a browser here.
 */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // Two journeys side by side (E2E_WORKERS to change it): with the headless shell a journey
  // keeps the 2-core machine a third busy, waiting on the server, timers and the DOM settling
  // (issue 23, decision 034). Each journey makes its own users; tests in a file run in order.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  forbidOnly: isCi,
  retries: isCi ? 1 : 0,
  // Limits against a hang, not speed checks (those are `npm run bench`'s): a 2-core runner that is
  // itself slowed down (measured: a third of its usual speed, a journey of 25 s taking 70) must
  // not fail a journey that works.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  // The JSON report lets scripts/e2e.mjs name the journeys that passed only on their retry.
  reporter: process.env.E2E_REPORT
    ? [['list'], ['json', { outputFile: process.env.E2E_REPORT }]]
    : 'list',
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
      // scripts/e2e.mjs chooses it: Debian's chromium-headless-shell, else its chromium.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
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
    // A trace of the retry of a test that failed (CI retries once), and a screenshot of every
    // failure. Recording a trace of every test, to keep the failing ones', cost a third of the
    // journeys' time: its screencast kept the browser's compositor busy (issue 23).
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  /*
   * Issue 12: English with the light theme, and Dutch with the dark theme, the browser's language
   * and scheme as a Dutch lawyer's browser sends them (scripts/e2e.mjs runs the two one after the
   * other, `nl` on PostgreSQL when TEST_DATABASE_URL is set). Journeys name what they look for
   * through e2e/support/i18n.ts (`L`, `T`), so one spec serves both; axe-core checks every page
   * shape in each language and theme a run visits (support/test.ts).
   */
  projects: [
    { name: 'en', use: { locale: 'en-US', colorScheme: 'light' }, testIgnore: ignoredIn('en') },
    { name: 'nl', use: { locale: 'nl-NL', colorScheme: 'dark' }, testIgnore: ignoredIn('nl') },
  ],
});
