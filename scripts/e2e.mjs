#!/usr/bin/env node
// `npm run test:e2e`: browser journeys (Playwright + the system Chromium) against the real server
// and the built SPA. Extra arguments go to `playwright test`, e.g. `npm run test:e2e -- -g "Sign"`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { buildServerIfStale, buildWebIfStale } from './build-lib.mjs';
import { CLOCKED_JOURNEYS } from './clocked-suites.mjs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const isCi = process.env.CI === 'true';
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

if (!existsSync(chromium)) {
  const lines = [
    '',
    '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!',
    `!!! Browser tests SKIPPED: Chromium not found at ${chromium}`,
    '!!! Install it with:  apt-get install -y chromium',
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
// `--skip-clocked` (npm test): the date-sensitive journeys stay out of the unpinned `en` run,
// because `npm run test:clock` runs them in `en` at two pinned hours right after.
const skipClocked = args.includes('--skip-clocked');
const rest = args.filter((arg) => !arg.startsWith('--project=') && arg !== '--skip-clocked');
const postgres = process.env.E2E_DATABASE_URL || process.env.TEST_DATABASE_URL;
let status = 0;
for (const project of projects) {
  const env = project === 'nl' && postgres ? { E2E_DATABASE_URL: postgres } : {};
  if (project === 'en' && skipClocked) env.E2E_SKIP_IN_EN = CLOCKED_JOURNEYS.join(',');
  console.log(
    `› Running Playwright (project ${project}, ${env.E2E_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}) with ${chromium}`,
  );
  const result = run('npx', ['playwright', 'test', `--project=${project}`, ...rest], env);
  if (status === 0) status = result;
}
process.exit(status);
