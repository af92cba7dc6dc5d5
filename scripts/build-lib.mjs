// Shared by start.mjs, build-server.mjs and e2e.mjs: rebuild outputs only when their sources changed.
import { cpSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** Newest modification time of any file below the given paths. */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const entry of readdirSync(p)) if (entry !== 'node_modules') visit(path.join(p, entry));
    } else newest = Math.max(newest, st.mtimeMs);
  };
  paths.forEach((p) => visit(path.join(root, p)));
  return newest;
}

function isStale(output, sources) {
  const out = path.join(root, output);
  return !existsSync(out) || statSync(out).mtimeMs < newestMtime(sources);
}

const WEB_SOURCES = [
  'src/web',
  'src/contracts',
  'src/domain',
  'index.html',
  'src/locales',
  'src/server/i18n',
  'scripts/vite-catalogs.ts',
  'vite.config.ts',
  'scripts/vite-precompress.ts',
  'package-lock.json',
];
const SERVER_SOURCES = [
  'src/server',
  'src/contracts',
  'src/domain',
  'src/locales',
  'package-lock.json',
];

/** Builds the SPA into dist/web when it is missing or older than its sources. */
export function buildWebIfStale({ force = false } = {}) {
  if (!force && !isStale('dist/web/index.html', WEB_SOURCES)) return false;
  console.log('Building the web app (vite build)…');
  const res = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (res.status !== 0) throw new Error('vite build failed');
  return true;
}

/** Bundles the server into dist/server/main.mjs (packages stay external) with its migrations. */
export async function buildServerIfStale({ force = false } = {}) {
  if (!force && !isStale('dist/server/main.mjs', SERVER_SOURCES)) return false;
  const esbuild = await import('esbuild');
  rmSync(path.join(root, 'dist/server'), { recursive: true, force: true });
  await esbuild.build({
    entryPoints: { main: path.join(root, 'src/server/main.ts') },
    outdir: path.join(root, 'dist/server'),
    outExtension: { '.js': '.mjs' },
    // Split so that main.mjs only loads what it needs first; the server's modules load in a
    // chunk while the database opens (cold start).
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Bundling the dependencies saves the cold start hundreds of module loads (better-auth alone
    // is hundreds of files). PGlite (WASM and data files next to its module) and the drivers
    // loaded only when configured stay external, and so does exceljs (about 1 MB, loaded by the
    // first spreadsheet import or XLSX export only; issue 13).
    external: [
      '@electric-sql/pglite',
      'pg',
      'pg-native',
      'nodemailer',
      'ioredis',
      '@sentry/node',
      'exceljs',
    ],
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    sourcemap: true,
    logLevel: 'warning',
  });
  const migrations = path.join(root, 'dist/server/migrations');
  rmSync(migrations, { recursive: true, force: true });
  cpSync(path.join(root, 'src/server/db/migrations'), migrations, { recursive: true });
  // The message catalogs (decision 018), read at start-up: src/server/i18n/catalogs.ts finds them.
  const locales = path.join(root, 'dist/server/locales');
  rmSync(locales, { recursive: true, force: true });
  cpSync(path.join(root, 'src/locales'), locales, { recursive: true });
  return true;
}

// `node scripts/build-lib.mjs` (npm test's build stage): both outputs, each only when stale.
if (process.argv[1] && path.resolve(process.argv[1]) === new URL(import.meta.url).pathname) {
  if (!buildWebIfStale()) console.log('› SPA build is up to date (dist/web)');
  if (!(await buildServerIfStale())) console.log('› Server bundle is up to date (dist/server)');
}
