import { defineConfig } from 'vitest/config';
import { catalogs } from './scripts/vite-catalogs';

// API integration tests run on PGlite always, and again on PostgreSQL when TEST_DATABASE_URL is
// set (CI sets it). Each test file gets its own database.
// Redis-backed tests join when TEST_REDIS_URL is set (CI sets it; Redis is optional for the app).
const redisTests = process.env.TEST_REDIS_URL ? ['test/redis/**/*.test.ts'] : [];

// Tests of one database's own machinery (server processes on a PGlite data dir, pg_dump).
const PGLITE_ONLY = [
  'test/api/lifecycle.test.ts',
  'test/api/backup.test.ts',
  'test/api/backup-snapshot.test.ts',
  // Runs the migrations on a PGlite of its own, whatever the project.
  'test/api/migration-legal-forms.test.ts',
  // Who may do what is decided by the access-control module, not by the database driver; the
  // matrix's 400 requests run once (the CRUD suites cover both databases).
  'test/api/permissions.test.ts',
];
const POSTGRES_ONLY = [
  'test/api/backup-postgres.test.ts',
  // Two app instances' job schedulers on one PostgreSQL (issue 15).
  'test/api/digest-postgres.test.ts',
];

const apiProject = (name: string, env: Record<string, string>, exclude: string[] = []) => ({
  // Some compare the server with the browser's own code, which imports the catalogs.
  plugins: [catalogs()],
  test: {
    name,
    include: ['test/api/**/*.test.ts', ...redisTests],
    exclude,
    environment: 'node',
    setupFiles: ['test/support/setup.ts', 'test/support/web-language.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env,
  },
});

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        // Web modules import the compiled catalogs (`virtual:catalogs`, decision 018).
        plugins: [catalogs()],
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          // A limit against a hang, not a speed check (that is `npm run bench`): the property
          // tests take 2 s on a quiet machine and passed 5 s on a loaded CI runner.
          testTimeout: 30_000,
          setupFiles: ['test/support/setup.ts', 'test/support/web-language.ts'],
        },
      },
      apiProject('api', { TEST_DB: 'pglite' }, POSTGRES_ONLY),
      ...(process.env.TEST_DATABASE_URL
        ? [apiProject('api-postgres', { TEST_DB: 'postgres' }, PGLITE_ONLY)]
        : []),
    ],
  },
});
