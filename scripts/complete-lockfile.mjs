#!/usr/bin/env node
// Completes package-lock.json with the platform-specific optional packages that this machine's
// npm registry mirror does not carry (e.g. @tailwindcss/oxide-darwin-arm64). `npm install` drops
// an optional dependency it cannot fetch, and `npm ci` then refuses the lock file as "out of
// sync" (docs/decisions/006). Each missing entry gets its exact version and, from its name, the
// os/cpu/libc it is for, so npm skips it on other platforms without fetching anything.
// Run after every `npm install`: node scripts/complete-lockfile.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;

const OS = [
  'android',
  'darwin',
  'freebsd',
  'linux',
  'openharmony',
  'win32',
  'sunos',
  'aix',
  'netbsd',
  'openbsd',
];
const CPU = [
  'arm64',
  'arm',
  'x64',
  'ia32',
  'loong64',
  'ppc64',
  'riscv64',
  's390x',
  'wasm32',
  'mips64el',
];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  const entry = {};
  if (os) entry.os = [os];
  if (cpu) entry.cpu = [cpu];
  if (os === 'linux') {
    if (parts.some((p) => p.startsWith('musl'))) entry.libc = ['musl'];
    else if (parts.some((p) => p.startsWith('gnu'))) entry.libc = ['glibc'];
  }
  return entry;
}

/** Where node resolution would find `name` from the package at `location`. */
function resolves(location, name) {
  let dir = location;
  for (;;) {
    if (packages[`${dir ? `${dir}/` : ''}node_modules/${name}`]) return true;
    if (!dir) return false;
    const at = dir.lastIndexOf('node_modules/');
    dir = at <= 0 ? '' : dir.slice(0, at - 1);
  }
}

let added = 0;
for (const [location, pkg] of Object.entries(packages)) {
  for (const [name, spec] of Object.entries(pkg.optionalDependencies ?? {})) {
    if (resolves(location, name)) continue;
    if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec)) {
      console.warn(`skipped ${name}@${spec} (needed by ${location}): not an exact version`);
      continue;
    }
    const entry = {
      version: spec,
      ...(pkg.dev ? { dev: true } : {}),
      optional: true,
      ...platformOf(name),
    };
    packages[`node_modules/${name}`] = entry;
    added += 1;
  }
}

if (added > 0) {
  lock.packages = Object.fromEntries(
    Object.entries(packages).sort(([a], [b]) =>
      a === '' ? -1 : b === '' ? 1 : a.localeCompare(b),
    ),
  );
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
}
console.log(`package-lock.json: added ${added} missing optional platform package(s)`);
