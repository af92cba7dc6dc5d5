#!/usr/bin/env node
// `npm run test:e2e`: browser journeys (Playwright + the system Chromium) against the real server
// and the built SPA. Extra arguments go to `playwright test`, e.g. `npm run test:e2e -- -g "Sign"`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { buildServerIfStale, buildWebIfStale } from './build-lib.mjs';
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

function run(command, args) {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, CHROMIUM_PATH: chromium },
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

console.log(`› Running Playwright with ${chromium}`);
process.exit(run('npx', ['playwright', 'test', ...process.argv.slice(2)]));
