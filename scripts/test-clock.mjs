#!/usr/bin/env node
// `npm run test:clock`: the date-sensitive suites with the business clock pinned to the hours
// that once broke them (issue 11): 23:30 UTC, when Amsterdam is already on the next day, and
// 00:30 in Amsterdam in summer time, when UTC is still on the day before. The server
// (TEST_CLOCK), the API tests, the journeys' own dates and the browser's clock all run from the
// pinned instant. Extra arguments: `--api-only` or `--e2e-only`.
import { spawnSync } from 'node:child_process';
import { CLOCKED_JOURNEYS } from './clocked-journeys.mjs';

const API_SUITES = [
  'test/api/grants.test.ts',
  'test/api/valuations.test.ts',
  'test/api/valuation-alerts.test.ts',
  'test/api/demo.test.ts',
];
const E2E_SUITES = CLOCKED_JOURNEYS.map((name) => `e2e/${name}`);

const todayUtc = new Date().toISOString().slice(0, 10);
const year = new Date().getUTCFullYear();
const instants = [
  { label: '23:30 UTC', value: `${todayUtc}T23:30:00Z` },
  { label: '00:30 Amsterdam (summer time)', value: `${year}-07-01T00:30:00+02:00` },
];

const args = process.argv.slice(2);
const runApi = !args.includes('--e2e-only');
const runE2e = !args.includes('--api-only');

function run(command, commandArgs, env) {
  const result = spawnSync(command, commandArgs, {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

for (const { label, value } of instants) {
  console.log(`\n› Date-sensitive suites with the clock at ${label} (TEST_CLOCK=${value})`);
  const env = { TEST_CLOCK: value };
  if (runApi) {
    const status = run('npx', ['vitest', 'run', '--project', 'api', ...API_SUITES], env);
    if (status !== 0) process.exit(status);
  }
  if (runE2e) {
    // One language is enough here: the dates are the subject. `npm test` leaves these journeys
    // out of its own `en` run (--skip-clocked) and runs them in `nl` at the real time.
    const status = run('node', ['scripts/e2e.mjs', '--project=en', ...E2E_SUITES], env);
    if (status !== 0) process.exit(status);
  }
}
