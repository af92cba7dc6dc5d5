import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { catalogs } from './scripts/vite-catalogs';
import { clockedApiSuites } from './scripts/clocked-suites.mjs';

// API integration tests run on PGlite always; the suites whose subject is stored data run again
// on PostgreSQL when TEST_DATABASE_URL is set (CI sets it). Each test file gets its own database.
// Redis-backed tests join when TEST_REDIS_URL is set (CI sets it; Redis is optional for the app).
const redisTests = process.env.TEST_REDIS_URL ? ['test/redis/**/*.test.ts'] : [];

// Tests of one database's own machinery (server processes on a PGlite data dir, pg_dump).
const PGLITE_MACHINERY = [
  'test/api/lifecycle.test.ts',
  'test/api/backup.test.ts',
  'test/api/backup-snapshot.test.ts',
  // Runs the migrations on a PGlite of its own, whatever the project.
  'test/api/migration-legal-forms.test.ts',
];

/**
 * Suites whose subject does not depend on the database driver run once, on PGlite (issue 23,
 * decision 034): sign-in and accounts (better-auth's own queries through its adapter), who may
 * do what, the text rule and the fuzzing in front of the database, headers, languages, mail, the
 * OpenAPI document, error reporting. The suites of stored data — the register, grants,
 * valuations, imports, documents, search, tasks, the trash, the job queue, concurrency — run on
 * both: that is where our own SQL, transactions and the drivers' types meet.
 */
const DRIVER_INDEPENDENT = [
  'account',
  'api-keys',
  'auth',
  'auth-gateway',
  'auth-input',
  'clock',
  'company-fuzz',
  'compression',
  'csp',
  'error-language',
  'error-reporting',
  'error-reporting-off',
  'export-language',
  'input-fields',
  'input-fuzz',
  'language',
  'mail',
  'mail-language',
  'openapi',
  'openapi-client',
  'organization',
  'password-hashing',
  // The matrix's thousand requests: who may do what is the access-control module's decision.
  'permissions',
  'rate-limit',
  'second-factor',
  'sign-in-gate',
].map((name) => `test/api/${name}.test.ts`);

/** Suites that need a process of their own: the Sentry SDK they start is process-wide. */
const OWN_PROCESS = ['test/api/error-reporting.test.ts', 'test/api/error-reporting-off.test.ts'];

const PGLITE_ONLY = [...PGLITE_MACHINERY, ...DRIVER_INDEPENDENT, ...redisTests];
for (const file of [...PGLITE_MACHINERY, ...DRIVER_INDEPENDENT, ...OWN_PROCESS])
  if (!existsSync(file)) throw new Error(`vitest.config.ts names ${file}, which does not exist`);

const POSTGRES_ONLY = [
  'test/api/backup-postgres.test.ts',
  // Two app instances' job schedulers on one PostgreSQL (issue 15).
  'test/api/digest-postgres.test.ts',
];

const apiProject = (
  name: string,
  env: Record<string, string>,
  {
    exclude = [] as string[],
    include = ['test/api/**/*.test.ts', ...redisTests],
    isolate = false,
  } = {},
) => ({
  // Some compare the server with the browser's own code, which imports the catalogs.
  plugins: [catalogs()],
  test: {
    name,
    include,
    exclude,
    environment: 'node',
    setupFiles: ['test/support/setup.ts', 'test/support/web-language.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Files share a worker's modules (better-auth, drizzle, hono, the catalogs): loading them
    // anew for each file took a fifth of the API stage (issue 23). Each file still makes its own
    // app and database; module state that tests change (the pinned clock) is reset per file.
    isolate,
    env,
  },
});

/**
 * `npm run test:clock` (scripts/test-clock.mjs): the date-sensitive API suites on PGlite, once
 * per pinned instant (`clock-ahead`, `clock-behind`, `clock-summer`), in one run. The instants
 * come from the script (TEST_CLOCK_INSTANTS, JSON), which makes them from the real date.
 */
const clockProjects = (
  JSON.parse(process.env.TEST_CLOCK_INSTANTS ?? '[]') as { name: string; value: string }[]
).map(({ name, value }) =>
  apiProject(
    `clock-${name}`,
    { TEST_DB: 'pglite', TEST_CLOCK: value },
    { exclude: [...POSTGRES_ONLY, ...OWN_PROCESS], include: clockedApiSuites() },
  ),
);

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        // Web modules import the compiled catalogs (`virtual:catalogs`, decision 018).
        plugins: [catalogs()],
        test: {
          name: 'unit',
          // test/lint: the project's own lint rules, run on snippets (issue 23's clock rule).
          include: ['src/**/*.test.ts', 'test/lint/**/*.test.ts'],
          environment: 'node',
          // A limit against a hang, not a speed check (that is `npm run bench`): the property
          // tests take 2 s on a quiet machine and passed 5 s on a loaded CI runner.
          testTimeout: 30_000,
          setupFiles: ['test/support/setup.ts', 'test/support/web-language.ts'],
        },
      },
      apiProject('api', { TEST_DB: 'pglite' }, { exclude: [...POSTGRES_ONLY, ...OWN_PROCESS] }),
      apiProject('api-own-process', { TEST_DB: 'pglite' }, { include: OWN_PROCESS, isolate: true }),
      ...(process.env.TEST_DATABASE_URL
        ? [
            apiProject(
              'api-postgres',
              { TEST_DB: 'postgres' },
              { exclude: [...PGLITE_ONLY, ...OWN_PROCESS] },
            ),
          ]
        : []),
      ...clockProjects,
    ],
  },
});
