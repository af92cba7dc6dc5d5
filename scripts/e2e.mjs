#!/usr/bin/env node
// `npm run test:e2e`: browser journeys (Playwright + the system Chromium) against the real server
// and the built SPA. Extra arguments go to `playwright test`, e.g. `npm run test:e2e -- -g "Sign"`.
// Without `--project`, the projects (en, nl: playwright.config.ts) run side by side, each as its
// own Playwright run with its own server, database and mailbox: one run alone leaves most of a
// 2-core machine idle (it waits on the browser and the clock), and nothing is shared between them.
import { spawn, spawnSync } from 'node:child_process';
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

const PROJECTS = ['en', 'nl'];
const args = process.argv.slice(2);
console.log(`› Running Playwright with ${chromium}`);
if (args.some((arg) => arg === '--project' || arg.startsWith('--project='))) {
  process.exit(run('npx', ['playwright', 'test', ...args]));
}

/** One project's run; its lines carry its name, its results go to test-results/<project>. */
function runProject(project) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'npx',
      ['playwright', 'test', `--project=${project}`, `--output=test-results/${project}`, ...args],
      { cwd: root, env: { ...process.env, CHROMIUM_PATH: chromium } },
    );
    const prefix = (stream, out) => {
      let rest = '';
      stream.on('data', (chunk) => {
        const lines = (rest + chunk.toString()).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) out.write(`[${project}] ${line}\n`);
      });
      stream.on('end', () => rest && out.write(`[${project}] ${rest}\n`));
    };
    prefix(child.stdout, process.stdout);
    prefix(child.stderr, process.stderr);
    child.on('error', reject);
    child.on('close', (code) => resolve(code ?? 1));
  });
}

const codes = await Promise.all(PROJECTS.map(runProject));
PROJECTS.forEach((project, i) =>
  console.log(`› ${project}: ${codes[i] === 0 ? 'passed' : `failed (exit ${codes[i]})`}`),
);
process.exit(codes.every((code) => code === 0) ? 0 : 1);
