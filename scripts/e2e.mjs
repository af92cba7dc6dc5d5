#!/usr/bin/env node
// `npm run test:e2e`: browser journeys (Playwright + the system Chromium) against the real server
// and the built SPA. Each journey runs once, in its project (playwright.config.ts, decision 034).
// Extra arguments go to `playwright test`; naming journeys (`e2e/grants.spec.ts`) runs them in
// every project asked (default both): `npm run test:e2e -- --project=nl e2e/grants.spec.ts`.
// `--every-project` does that for all journeys; `--skip-clocked` leaves out the date-sensitive
// ones (`npm run test:clock` runs them with the clock pinned).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServerIfStale, buildWebIfStale } from './build-lib.mjs';
import { CLOCKED_JOURNEYS } from './clocked-suites.mjs';
import { flakyJourneys, recordFlaky } from './test-report.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const isCi = process.env.CI === 'true';
// Debian's headless shell (the old headless mode, which Playwright itself prefers for headless
// runs) takes a third less time per journey than the full browser; the full one works too
// (decision 034).
const BROWSERS = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];
const chromium =
  process.env.CHROMIUM_PATH || BROWSERS.find((file) => existsSync(file)) || BROWSERS[0];

if (!existsSync(chromium)) {
  const lines = [
    '',
    '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!',
    `!!! Browser tests SKIPPED: Chromium not found at ${chromium}`,
    '!!! Install it with:  apt-get install -y chromium-headless-shell fonts-liberation',
    '!!! (or point CHROMIUM_PATH at a Chromium binary). We never download browsers.',
    '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!',
    '',
  ];
  if (isCi) {
    console.error(lines.join('\n').replace('SKIPPED', 'FAILED (CI=true)'));
    process.exit(1);
  }
  console.warn(lines.join('\n'));
  process.exit(0);
}

function run(command, args, env = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, CHROMIUM_PATH: chromium, ...env },
  });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

// The SPA bundle is what the server serves; rebuild it when anything it is built from changed.
// The journeys run against the production server bundle, as `npm start` does.
try {
  if (!buildWebIfStale()) console.log('› SPA build is up to date (dist/web)');
  if (!(await buildServerIfStale())) console.log('› Server bundle is up to date (dist/server)');
} catch (err) {
  console.error(String(err));
  process.exit(1);
}

// The two projects run one after the other, each with a server of its own: `en` on PGlite, as
// `npm start` runs, and `nl` on a new PostgreSQL database when TEST_DATABASE_URL is set (CI), as a
// production deployment runs (E2E_DATABASE_URL, e2e/support/global-setup.ts). Side by side they
// saturated the two cores and saved a minute in nineteen. `--project=…` runs the one asked for.
const args = process.argv.slice(2);
const asked = args
  .filter((arg) => arg.startsWith('--project='))
  .map((arg) => arg.slice('--project='.length));
const projects = asked.length > 0 ? asked : ['en', 'nl'];
const skipClocked = args.includes('--skip-clocked');
const namesJourneys = args.some((arg) => arg.endsWith('.spec.ts'));
const everyProject = args.includes('--every-project') || namesJourneys;
const rest = args.filter(
  (arg) => !arg.startsWith('--project=') && arg !== '--skip-clocked' && arg !== '--every-project',
);
const postgres = process.env.E2E_DATABASE_URL || process.env.TEST_DATABASE_URL;
const reports = path.join(root, '.tmp/test-report');
mkdirSync(reports, { recursive: true });
let status = 0;
for (const project of projects) {
  const report = path.join(reports, `e2e-${project}-${process.pid}.json`);
  rmSync(report, { force: true });
  const env = { E2E_REPORT: report };
  if (project === 'nl' && postgres) env.E2E_DATABASE_URL = postgres;
  if (skipClocked) env.E2E_SKIP = CLOCKED_JOURNEYS.join(',');
  if (everyProject) env.E2E_EVERY_PROJECT = '1';
  console.log(
    `› Running Playwright (project ${project}, ${env.E2E_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}${process.env.TEST_CLOCK ? `, clock at ${process.env.TEST_CLOCK}` : ''}) with ${chromium}`,
  );
  const result = run('npx', ['playwright', 'test', `--project=${project}`, ...rest], env);
  if (status === 0) status = result;
  // No retry hides a failure: a journey that passed only on its retry is named (issue 23).
  if (existsSync(report)) {
    const flaky = flakyJourneys(JSON.parse(readFileSync(report, 'utf8')));
    for (const name of flaky) console.log(`!!! FLAKY (passed only on its retry): ${name}`);
    recordFlaky(flaky);
  }
}
process.exit(status);
