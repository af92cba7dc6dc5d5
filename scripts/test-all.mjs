#!/usr/bin/env node
// `npm test`: every stage of the suite, each timed, with the times and the journeys that passed
// only on their retry printed at the end (issue 23). Stops at the first stage that fails.
import { spawn } from 'node:child_process';
import { recordStage, resetReport, summary } from './test-report.mjs';

/** Runs commands side by side (each an array of words); resolves true when all exit 0. */
function together(...commands) {
  return Promise.all(
    commands.map(
      ([command, ...args]) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { stdio: 'inherit' });
          child.on('exit', (code) => resolve(code === 0));
          child.on('error', () => resolve(false));
        }),
    ),
  ).then((results) => results.every(Boolean));
}

const STAGES = [
  // tsc and ESLint are single-threaded: on two cores they run side by side.
  [
    'typecheck + lint',
    [
      ['npm', 'run', 'typecheck'],
      ['npm', 'run', 'lint'],
    ],
  ],
  ['unit', [['npm', 'run', 'test:unit']]],
  ['api', [['npm', 'run', 'test:api']]],
  ['build (SPA, server bundle)', [['node', 'scripts/build-lib.mjs']]],
  ['journeys en', [['node', 'scripts/e2e.mjs', '--project=en', '--skip-clocked']]],
  ['journeys nl', [['node', 'scripts/e2e.mjs', '--project=nl', '--skip-clocked']]],
  ['clock: api', [['node', 'scripts/test-clock.mjs', '--api-only']]],
  ['clock: journeys', [['node', 'scripts/test-clock.mjs', '--e2e-only']]],
];

resetReport();
let ok = true;
for (const [name, commands] of STAGES) {
  console.log(`\n==================== npm test: ${name} ====================`);
  const started = performance.now();
  ok = await together(...commands);
  recordStage(name, (performance.now() - started) / 1000, ok);
  if (!ok) break;
}
console.log(`\n${summary()}`);
process.exit(ok ? 0 : 1);
