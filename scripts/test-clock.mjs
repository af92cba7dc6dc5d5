#!/usr/bin/env node
// `npm run test:clock`: the date-sensitive suites with the business clock pinned on both sides of
// the real clock (issues 11 and 23; scripts/clocked-suites.mjs has the instants and the suites).
// The server (TEST_CLOCK), the API tests, the journeys' own dates and the browser's clock all run
// from the pinned instant. Extra arguments: `--api-only` or `--e2e-only`.
import { spawnSync } from 'node:child_process';
import { CLOCKED_JOURNEYS, clockedApiSuites, clockInstants } from './clocked-suites.mjs';

const instants = clockInstants(new Date());
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

for (const { name, label, value } of instants) console.log(`› clock-${name}: ${label} (${value})`);

let status = 0;
if (runApi) {
  // One vitest run, a project per instant (vitest.config.ts): the suites share the workers.
  console.log(`\n› Date-sensitive API suites at each instant: ${clockedApiSuites().join(', ')}`);
  status = run('npx', ['vitest', 'run', '--project', 'clock-*'], {
    TEST_CLOCK_INSTANTS: JSON.stringify(instants),
  });
}
if (runE2e && status === 0) {
  // The journeys at each instant, in the instant's project (its language, theme and database).
  for (const { name, value, project } of instants) {
    console.log(`\n› Date-sensitive journeys at clock-${name} in ${project} (TEST_CLOCK=${value})`);
    const journeys = CLOCKED_JOURNEYS.map((file) => `e2e/${file}`);
    status = run('node', ['scripts/e2e.mjs', `--project=${project}`, ...journeys], {
      TEST_CLOCK: value,
    });
    if (status !== 0) break;
  }
}
process.exit(status);
