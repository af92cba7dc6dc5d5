// `npm run bench` (not part of `npm test`). Everything runs on loopback and is bounded in time.
//
// 1. Builds dist/server and dist/web when stale (scripts/build-lib.mjs).
// 2. PGlite: seeds 10,000 companies in one workspace of a fresh data dir, starts the production
//    bundle as its own process, and loads `GET /api/v1/company?limit=50` with a signed-in cookie
//    (autocannon, 50 connections, 10 s). Then issues the very SQL that request runs (captured from
//    the real `listCompanies` service: page query + count) straight through the PGlite client
//    with 50 concurrent loops for 10 s. Prints both rates, their ratio and p99.
// 3. Cold start: spawn to first 200 on /api/health on that existing data dir, three times.
// 4. PostgreSQL (only when DATABASE_URL is set): the same on a fresh database on that server,
//    the baseline through a pg Pool of 10 (as the server's), dropped again at the end.
// 5. The SPA's initial JS (entry + modulepreloads of dist/web/index.html), gzip -9, against its
//    budget (issue 12: it must not grow over 162 kB; over it the bench fails). Then over the wire
//    (issue 12, bench/spa-wire.ts): the landing page, the companies list and a company's grants
//    tab loaded in the system Chromium from the built server (fresh cache each), the HTML, JS and
//    CSS bytes as sent (compressed) and decoded, the gzip -9 size of the JS each page ran; and the
//    sizes of the language catalogs (chunks named catalog-* or built from a locales directory).
// 6. Cap table (issue 4, bench/cap-table.ts): one company with 2,000 stakeholders and 20,000
//    register events; `GET …/cap-table?asOf=…` through the built server (median of sequential
//    requests) against fetching the same rows with plain SQL through the driver (median), on
//    PGlite and (with DATABASE_URL) PostgreSQL. Prints API ms, driver ms and their ratio.
// 7. Vesting engine (issue 5, bench/vesting.ts): full schedules for 100,000 grants, time per grant;
//    and the largest terms the contracts accept (issue 11), median time of one grant.
// 8. Grants list (issue 5, bench/grants.ts): one company with 1,000 holders and 5,000 grants
//    (mixed terms, leavers, exercises); `GET …/grants` (not paginated: all 5,000 with their
//    figures as of today) through the built server against fetching the same rows with plain SQL
//    through the driver (medians), on PGlite and (with DATABASE_URL) PostgreSQL.
// 9. Valuation metrics (issue 6, bench/valuations.ts): the grants company plus 50 valuations over
//    five years; `GET …/valuation-metrics` against fetching the rows it reads through the driver
//    (medians), on PGlite and (with DATABASE_URL) PostgreSQL.
// 10. Spreadsheet import (issue 13, bench/imports.ts): a CSV of 10,000 stakeholders, then one of
//    10,000 register events among them, dry-run and committed in process through the import service, on a fresh PGlite and (with DATABASE_URL)
//    a fresh PostgreSQL database; rows per second of the commit against the 30 s target.
// 11. Documents (issue 14, bench/documents.ts): 500 grant letters from the standard template as
//    one batch (made, stored and zipped), in process, on PGlite and (with DATABASE_URL)
//    PostgreSQL; the batch's time and the time per letter (no target: for information).
// 12. Search (issue 15, bench/search.ts): one workspace with 100,000 companies, 300,000 contacts
//    and stakeholders and 500,000 notes (set-based SQL, accented names) on PostgreSQL (a twentieth
//    on PGlite); `GET /api/v1/search` through the built server for a mix of 200 queries (names,
//    prefixes, accents, common words, no match), p50/p95, against the same statement through the
//    driver. Target: p95 under 100 ms on PostgreSQL.
// Prints a summary against the issue's targets and writes bench/results/latest.json. A missed
// target is reported, not fatal (exit 0); a broken run (server did not start, non-2xx answers,
// wrong data) exits 1.
// `npm run bench -- --only=cap-table` (or list, cold-start, spa, vesting, grants, valuations,
// imports, documents, search; comma-separated)
// runs just those
// sections and merges their results into the existing latest.json.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { openPglite, openPostgres, pgliteExtensions, type Database } from '../src/server/db/client';
import * as schema from '../src/server/db/schema';
import type { Actor } from '../src/server/http/context';
import {
  captureListQueries,
  CONNECTIONS,
  DURATION_S,
  LIST_PATH,
  loadApi,
  loadDriver,
  recordingLogger,
  WARMUP_S,
  type ApiResult,
  type CapturedQuery,
  type RateResult,
} from './load';
import {
  benchCapTablePglite,
  benchCapTablePostgres,
  CAP_TABLE,
  type CapTableRun,
} from './cap-table';
import {
  benchDocumentsPglite,
  benchDocumentsPostgres,
  DOCUMENTS_BENCH,
  type DocumentsRun,
} from './documents';
import { benchGrantsPglite, benchGrantsPostgres, GRANTS, type GrantsRun } from './grants';
import {
  benchImportsPglite,
  benchImportsPostgres,
  IMPORT_TARGET,
  type ImportsRun,
} from './imports';
import {
  benchValuationsPglite,
  benchValuationsPostgres,
  VALUATIONS,
  type ValuationsRun,
} from './valuations';
import { benchSearchPglite, benchSearchPostgres, SEARCH_BENCH, type SearchRun } from './search';
import { benchVestingEngine, type VestingRun } from './vesting';
import { BENCH_NAME, seedWorkspace, type SeededWorkspace } from './seed';
import {
  freePort,
  killAllChildren,
  root,
  signIn,
  spawnBuiltServer,
  waitForFirst200,
} from './server-process';
import { measureSpa, type SpaSize } from './spa-size';
import {
  measureCatalogs,
  measurePagesOnTheWire,
  SPA_PAGES,
  type CatalogSize,
  type SpaWire,
} from './spa-wire';
import { fmt, median, serverVersionOf, unexpectedOutput, withScratchDatabase } from './util';

const COMPANY_COUNT = 10_000;
const COLD_START_RUNS = 3;
const SETTLE_MS = 2000;
/** The issues' targets (the initial JS budget is issue 12's: no growth over 162 kB). */
const TARGET = { apiShareOfDriverPg: 0.3, initialJsGzipKb: 162, coldStartMs: 1500 };

interface DbRun {
  database: 'pglite' | 'postgres';
  serverVersion: string;
  seedMs: number;
  api: ApiResult;
  driver: RateResult;
  /** API requests/s divided by driver lists/s. */
  ratio: number;
  /** What the server printed at LOG_LEVEL=warn during the run (besides the expected warning). */
  serverOutput: string[];
}

interface ColdStart {
  runsMs: number[];
  medianMs: number;
}

const problems: string[] = [];
const kb = (bytes: number) => bytes / 1000;

function actorOf(seeded: SeededWorkspace): Actor {
  return {
    userId: seeded.userId,
    userName: BENCH_NAME,
    organizationId: seeded.organizationId,
    role: 'owner',
  };
}

/**
 * Starts the built server, signs in, checks one page, warms up and loads the list endpoint.
 * The server is stopped with SIGTERM whatever happens.
 */
async function loadThroughServer(opts: {
  label: string;
  dataDir: string;
  databaseUrl?: string;
  seeded: SeededWorkspace;
}): Promise<{ api: ApiResult; serverOutput: string[] }> {
  const server = spawnBuiltServer({
    port: await freePort(),
    dataDir: opts.dataDir,
    databaseUrl: opts.databaseUrl,
  });
  let api: ApiResult;
  try {
    await waitForFirst200(server);
    const cookie = await signIn(server.url, opts.seeded.email, opts.seeded.password);
    const res = await fetch(`${server.url}${LIST_PATH}`, { headers: { cookie } });
    const body = (await res.json()) as { items?: unknown[]; total?: number };
    if (
      res.status !== 200 ||
      body.items?.length !== 50 ||
      body.total !== opts.seeded.companyCount
    ) {
      throw new Error(
        `${opts.label}: GET ${LIST_PATH} answered ${res.status} with ${body.items?.length} items ` +
          `of ${body.total} (expected 50 of ${opts.seeded.companyCount})`,
      );
    }
    await loadApi(server.url, cookie, WARMUP_S);
    api = await loadApi(server.url, cookie, DURATION_S);
    // autocannon drops the requests still in flight when its time is up, and the server finishes
    // them anyway (each takes several sequential queries). Let them drain before the SIGTERM
    // below: the shutdown path is not what this run measures.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    await (await fetch(`${server.url}/api/health`)).arrayBuffer();
  } finally {
    const exit = await server.stop();
    if (exit.code !== 0) {
      problems.push(
        `${opts.label}: server exited with ${exit.code ?? exit.signal} on SIGTERM:\n${server.output()}`,
      );
    }
  }
  if (api.non2xx > 0 || api.errors > 0 || api.timeouts > 0) {
    problems.push(
      `${opts.label}: ${api.non2xx} non-2xx responses, ${api.errors} errors, ${api.timeouts} timeouts under load`,
    );
  }
  const serverOutput = unexpectedOutput(server.output());
  if (serverOutput.length > 0) {
    problems.push(
      `${opts.label}: the server printed ${serverOutput.length} line(s) of warnings or errors`,
    );
  }
  return { api, serverOutput };
}

/** Runs the captured list queries as fast as the client allows; checks they return the page. */
async function loadDirect(
  label: string,
  seeded: SeededWorkspace,
  db: Database,
  recorded: CapturedQuery[],
  query: (q: CapturedQuery) => Promise<{ rows: unknown[] }>,
): Promise<RateResult> {
  const captured = await captureListQueries(db, recorded, actorOf(seeded));
  if (captured.items !== 50 || captured.total !== seeded.companyCount) {
    throw new Error(`${label}: listCompanies returned ${captured.items} of ${captured.total}`);
  }
  const [page, count] = captured.queries as [CapturedQuery, CapturedQuery];
  const check = await Promise.all([query(page), query(count)]);
  if (check[0].rows.length !== 51 || check[1].rows.length !== 1) {
    throw new Error(
      `${label}: captured SQL returned ${check[0].rows.length} and ${check[1].rows.length} rows`,
    );
  }
  // Like the service: page and count concurrently, the list is done when both are.
  const op = async () => {
    await Promise.all([query(page), query(count)]);
  };
  await loadDriver(op, WARMUP_S);
  return loadDriver(op, DURATION_S);
}

function printRun(run: DbRun) {
  const name = run.database === 'pglite' ? 'PGlite' : 'PostgreSQL';
  console.log(
    `\n${name} (${run.serverVersion}), ${fmt(COMPANY_COUNT)} companies seeded in ${fmt(run.seedMs)} ms`,
  );
  console.log(
    `  API     GET ${LIST_PATH}  ${fmt(run.api.ratePerS, 1).padStart(8)} req/s   ` +
      `p50 ${fmt(run.api.p50Ms, 1)} ms   p99 ${fmt(run.api.p99Ms, 1)} ms   ` +
      `(${fmt(run.api.total)} × 2xx, ${run.api.non2xx} non-2xx, ${run.api.errors} errors)`,
  );
  console.log(
    `  Driver  same page + count SQL        ${fmt(run.driver.ratePerS, 1).padStart(8)} lists/s ` +
      `p50 ${fmt(run.driver.p50Ms, 1)} ms   p99 ${fmt(run.driver.p99Ms, 1)} ms   (${fmt(run.driver.total)} lists)`,
  );
  console.log(`  API / driver: ${fmt(run.ratio * 100, 1)} %`);
  if (run.serverOutput.length > 0) {
    console.log(
      `  Server printed during the run:\n    ${run.serverOutput.slice(0, 20).join('\n    ')}`,
    );
  }
}

async function benchPglite(dataDir: string): Promise<{ run: DbRun; seeded: SeededWorkspace }> {
  const label = 'PGlite';
  console.log(`\n[${label}] seeding ${fmt(COMPANY_COUNT)} companies in ${dataDir}…`);
  const t0 = performance.now();
  const handle = await openPglite(dataDir);
  let seeded: SeededWorkspace;
  let serverVersion: string;
  try {
    await handle.migrate();
    seeded = await seedWorkspace(handle.db, COMPANY_COUNT);
    // Planner statistics, so every run plans the same way (PGlite has no autovacuum).
    await handle.db.execute(sql`analyze`);
    serverVersion = `PostgreSQL ${await serverVersionOf(handle.db)} in WASM`;
  } finally {
    await handle.close();
  }
  const seedMs = performance.now() - t0;

  console.log(
    `[${label}] API load: ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s…`,
  );
  const { api, serverOutput } = await loadThroughServer({ label, dataDir, seeded });

  console.log(
    `[${label}] driver baseline: ${CONNECTIONS} loops, ${WARMUP_S} s warm-up + ${DURATION_S} s…`,
  );
  const client = await PGlite.create(path.join(dataDir, 'pg'), {
    extensions: await pgliteExtensions(),
  });
  let driver: RateResult;
  try {
    const recorded: CapturedQuery[] = [];
    const db = drizzlePglite({
      client,
      schema,
      logger: recordingLogger(recorded),
    }) as unknown as Database;
    driver = await loadDirect(label, seeded, db, recorded, (q) => client.query(q.sql, q.params));
  } finally {
    await client.exec('CHECKPOINT');
    await client.close();
  }
  const run: DbRun = {
    database: 'pglite',
    serverVersion,
    seedMs,
    api,
    driver,
    ratio: api.ratePerS / driver.ratePerS,
    serverOutput,
  };
  printRun(run);
  return { run, seeded };
}

async function benchColdStart(dataDir: string): Promise<ColdStart> {
  console.log(
    `\n[cold start] spawn → first 200 on /api/health, existing data dir, ${COLD_START_RUNS} runs…`,
  );
  const runsMs: number[] = [];
  for (let i = 0; i < COLD_START_RUNS; i++) {
    const server = spawnBuiltServer({ port: await freePort(), dataDir });
    try {
      runsMs.push(await waitForFirst200(server));
    } finally {
      const exit = await server.stop();
      if (exit.code !== 0) {
        problems.push(
          `cold start: server exited with ${exit.code ?? exit.signal} on SIGTERM:\n${server.output()}`,
        );
      }
    }
    console.log(`  run ${i + 1}: ${fmt(runsMs.at(-1)!)} ms`);
  }
  const result = { runsMs, medianMs: median(runsMs) };
  console.log(`  median: ${fmt(result.medianMs)} ms (target ≤ ${fmt(TARGET.coldStartMs)} ms)`);
  return result;
}

async function benchPostgres(adminUrl: string, scratchDir: string): Promise<DbRun> {
  const label = 'PostgreSQL';
  return withScratchDatabase(adminUrl, 'bench', async ({ name, url: dbUrl }) => {
    console.log(`\n[${label}] seeding ${fmt(COMPANY_COUNT)} companies in database ${name}…`);
    const t0 = performance.now();
    const handle = await openPostgres(dbUrl);
    let seeded: SeededWorkspace;
    let serverVersion: string;
    try {
      await handle.migrate();
      seeded = await seedWorkspace(handle.db, COMPANY_COUNT);
      // Planner statistics now rather than whenever autovacuum gets to it.
      await handle.db.execute(sql`analyze`);
      serverVersion = `PostgreSQL ${await serverVersionOf(handle.db)}`;
    } finally {
      await handle.close();
    }
    const seedMs = performance.now() - t0;

    console.log(
      `[${label}] API load: ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s…`,
    );
    const { api, serverOutput } = await loadThroughServer({
      label,
      dataDir: path.join(scratchDir, 'pg-run-data'),
      databaseUrl: dbUrl,
      seeded,
    });

    console.log(
      `[${label}] driver baseline: pg Pool (max 10), ${CONNECTIONS} loops, ${WARMUP_S} s warm-up + ${DURATION_S} s…`,
    );
    // The server's pool size (openPostgres default), so both sides get the same connections.
    const pool = new pg.Pool({ connectionString: dbUrl, max: 10 });
    pool.on('error', () => {});
    let driver: RateResult;
    try {
      const recorded: CapturedQuery[] = [];
      const db = drizzlePg({
        client: pool,
        schema,
        logger: recordingLogger(recorded),
      }) as unknown as Database;
      driver = await loadDirect(label, seeded, db, recorded, (q) => pool.query(q.sql, q.params));
    } finally {
      await pool.end();
    }
    const run: DbRun = {
      database: 'postgres',
      serverVersion,
      seedMs,
      api,
      driver,
      ratio: api.ratePerS / driver.ratePerS,
      serverOutput,
    };
    printRun(run);
    return run;
  });
}

interface SpaRun extends SpaSize {
  /** The three pages as a browser receives them (or why they were not measured). */
  wire: SpaWire;
  catalogs: CatalogSize[];
}

async function benchSpa(): Promise<SpaRun> {
  const webDir = path.join(root, 'dist/web');
  const spa = measureSpa(webDir);
  console.log('\n[SPA] initial JS (entry + modulepreload), gzip -9:');
  for (const a of spa.initialJs) {
    console.log(
      `  ${a.file.padEnd(40)} ${fmt(kb(a.bytes), 1).padStart(8)} kB  → ${fmt(kb(a.gzipBytes), 1).padStart(7)} kB gz`,
    );
  }
  console.log(
    `  total initial JS: ${fmt(kb(spa.initialJsGzipBytes), 1)} kB gzipped (budget ≤ ${TARGET.initialJsGzipKb} kB)`,
  );
  console.log(
    `  CSS (information): ${fmt(kb(spa.cssGzipBytes), 1)} kB gzipped in ${spa.css.length} file(s)`,
  );
  if (kb(spa.initialJsGzipBytes) > TARGET.initialJsGzipKb) {
    problems.push(
      `SPA: the initial JS is ${fmt(kb(spa.initialJsGzipBytes), 1)} kB gzipped, over its budget of ` +
        `${TARGET.initialJsGzipKb} kB (issue 12: it must not grow). Move code out of the entry ` +
        '(lazy routes, dynamic imports) and see the files above.',
    );
  }

  console.log(
    '\n[SPA] on the wire: each page in a fresh Chromium context against the built server…',
  );
  const wire = await measurePagesOnTheWire({ scratch, webDir, problems });
  if (!wire.measured) {
    console.log(`  not measured: ${wire.reason}`);
  } else {
    const acceptEncoding = [...new Set(wire.pages.map((p) => p.acceptEncoding))].join(' / ');
    console.log(`  ${wire.chromium}, Accept-Encoding: ${acceptEncoding}`);
    console.log('  kB sent (kB before compression)');
    console.log(
      `  ${'page'.padEnd(12)}${'JS files'.padStart(9)}${'JS gzip -9'.padStart(12)}` +
        `${'JS'.padStart(18)}${'CSS'.padStart(16)}${'HTML'.padStart(14)}${'total'.padStart(18)}`,
    );
    const sent = (t: { wireBytes: number; bytes: number }) =>
      `${fmt(kb(t.wireBytes), 1)} (${fmt(kb(t.bytes), 1)})`;
    for (const p of wire.pages) {
      console.log(
        `  ${p.name.padEnd(12)}${String(p.js.files).padStart(9)}${fmt(kb(p.js.gzipBytes), 1).padStart(12)}` +
          `${sent(p.js).padStart(18)}${sent(p.css).padStart(16)}${sent(p.html).padStart(14)}` +
          `${sent(p).padStart(18)}`,
      );
    }
    const codings = wire.pages.map(
      (p) =>
        `${p.name} ${Object.entries(p.codings)
          .map(([coding, n]) => `${coding} × ${n}`)
          .join(', ')}`,
    );
    console.log(`  answers by coding: ${codings.join('; ')}`);
  }

  const catalogs = measureCatalogs(webDir);
  if (catalogs.length === 0) {
    console.log(
      '\n[SPA] language catalogs: none found (no chunk named catalog-* nor built from a locales directory)',
    );
  } else {
    console.log('\n[SPA] language catalogs (each loaded on demand):');
    for (const c of catalogs) {
      console.log(
        `  ${c.file.padEnd(40)} ${fmt(kb(c.bytes), 1).padStart(8)} kB  → ${fmt(kb(c.gzipBytes), 1).padStart(7)} kB gz, ` +
          `${fmt(kb(c.brotliBytes), 1).padStart(7)} kB br${c.source ? `  (${c.source})` : ''}`,
      );
    }
  }
  return { ...spa, wire, catalogs };
}

/** Runs one section; a failure is recorded and the other sections still run. */
async function section<T>(name: string, fn: () => Promise<T> | T): Promise<T | null> {
  try {
    return await fn();
  } catch (err) {
    const message = err instanceof Error ? (err.stack ?? err.message) : String(err);
    problems.push(`${name}: ${message}`);
    console.error(`\n[${name}] FAILED: ${message}`);
    return null;
  }
}

interface BuildLib {
  buildServerIfStale(opts?: { force?: boolean }): Promise<boolean>;
  buildWebIfStale(opts?: { force?: boolean }): boolean;
}

const scratch = mkdtempSync(path.join(os.tmpdir(), 'esop-bench-'));
const cleanUp = () => {
  killAllChildren();
  rmSync(scratch, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    cleanUp();
    process.exit(130);
  });
}

const machine = {
  node: process.version,
  platform: `${os.platform()} ${os.release()}`,
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model ?? 'unknown',
  loadAvgAtStart: os.loadavg().map((n) => Number(n.toFixed(2))),
  loadAvgAtEnd: [] as number[],
};
console.log(
  `ESOP CRM benchmark: node ${machine.node}, ${machine.cpus} × ${machine.cpuModel}, ` +
    `load average ${machine.loadAvgAtStart.join(' ')}`,
);
if (machine.loadAvgAtStart[0]! > machine.cpus) {
  console.warn(
    'warning: the machine is busy (load average above the CPU count); figures will be noisy.',
  );
}

let pglite: DbRun | null = null;
let postgres: DbRun | null = null;
let coldStart: ColdStart | null = null;
let spa: SpaRun | null = null;
const capTable: { pglite: CapTableRun | null; postgres: CapTableRun | null } = {
  pglite: null,
  postgres: null,
};
const grantsList: { pglite: GrantsRun | null; postgres: GrantsRun | null } = {
  pglite: null,
  postgres: null,
};
const valuationMetrics: { pglite: ValuationsRun | null; postgres: ValuationsRun | null } = {
  pglite: null,
  postgres: null,
};
const imports: { pglite: ImportsRun[] | null; postgres: ImportsRun[] | null } = {
  pglite: null,
  postgres: null,
};
const documents: { pglite: DocumentsRun | null; postgres: DocumentsRun | null } = {
  pglite: null,
  postgres: null,
};
const searchRuns: { pglite: SearchRun | null; postgres: SearchRun | null } = {
  pglite: null,
  postgres: null,
};
const databaseUrl = process.env.DATABASE_URL;
let vesting: VestingRun | null = null;
const SECTIONS = [
  'list',
  'cold-start',
  'cap-table',
  'spa',
  'vesting',
  'grants',
  'valuations',
  'imports',
  'documents',
  'search',
] as const;
const onlyArg = process.argv.find((a) => a.startsWith('--only='));
const only = onlyArg ? onlyArg.slice('--only='.length).split(',') : null;
for (const name of only ?? []) {
  if (!(SECTIONS as readonly string[]).includes(name)) {
    console.error(`--only: unknown section "${name}" (sections: ${SECTIONS.join(', ')})`);
    process.exit(2);
  }
}
const wanted = (name: (typeof SECTIONS)[number]) => only === null || only.includes(name);
try {
  const built = await section('build', async () => {
    const lib = (await import(
      pathToFileURL(path.join(root, 'scripts/build-lib.mjs')).href
    )) as BuildLib;
    await lib.buildServerIfStale();
    // Every section starts the server, which serves dist/web too.
    lib.buildWebIfStale();
    return true;
  });
  if (built) {
    const dataDir = path.join(scratch, 'data');
    if (wanted('list') || wanted('cold-start')) {
      const pgliteResult = await section('PGlite', () => benchPglite(dataDir));
      pglite = pgliteResult?.run ?? null;
      if (pgliteResult && wanted('cold-start'))
        coldStart = await section('cold start', () => benchColdStart(dataDir));
    }
    if (wanted('list')) {
      if (databaseUrl)
        postgres = await section('PostgreSQL', () => benchPostgres(databaseUrl, scratch));
      else
        console.log(
          '\n[PostgreSQL] skipped: set DATABASE_URL to a server where databases may be created.',
        );
    }
    if (wanted('cap-table')) {
      capTable.pglite = await section('cap table, PGlite', () =>
        benchCapTablePglite(path.join(scratch, 'cap-table-data'), problems),
      );
      if (databaseUrl)
        capTable.postgres = await section('cap table, PostgreSQL', () =>
          benchCapTablePostgres(databaseUrl, scratch, problems),
        );
    }
    if (wanted('grants')) {
      grantsList.pglite = await section('grants list, PGlite', () =>
        benchGrantsPglite(path.join(scratch, 'grants-data'), problems),
      );
      if (databaseUrl)
        grantsList.postgres = await section('grants list, PostgreSQL', () =>
          benchGrantsPostgres(databaseUrl, scratch, problems),
        );
    }
    if (wanted('valuations')) {
      valuationMetrics.pglite = await section('valuation metrics, PGlite', () =>
        benchValuationsPglite(path.join(scratch, 'valuations-data'), problems),
      );
      if (databaseUrl)
        valuationMetrics.postgres = await section('valuation metrics, PostgreSQL', () =>
          benchValuationsPostgres(databaseUrl, scratch, problems),
        );
    }
    if (wanted('imports')) {
      imports.pglite = await section('imports, PGlite', () => benchImportsPglite());
      if (databaseUrl)
        imports.postgres = await section('imports, PostgreSQL', () =>
          benchImportsPostgres(databaseUrl),
        );
    }
    if (wanted('documents')) {
      documents.pglite = await section('documents, PGlite', () => benchDocumentsPglite());
      if (databaseUrl)
        documents.postgres = await section('documents, PostgreSQL', () =>
          benchDocumentsPostgres(databaseUrl),
        );
    }
    if (wanted('search')) {
      searchRuns.pglite = await section('search, PGlite', () =>
        benchSearchPglite(path.join(scratch, 'search-data'), problems),
      );
      if (databaseUrl)
        searchRuns.postgres = await section('search, PostgreSQL', () =>
          benchSearchPostgres(databaseUrl, scratch, problems),
        );
    }
    if (wanted('spa')) spa = await section('SPA', benchSpa);
    if (wanted('vesting'))
      vesting = await section('vesting engine', async () => benchVestingEngine());
  }
} finally {
  cleanUp();
}
machine.loadAvgAtEnd = os.loadavg().map((n) => Number(n.toFixed(2)));

type Verdict = 'PASS' | 'FAIL' | 'not run' | 'info';
const targets: { name: string; measured: string; budget: string; result: Verdict }[] = [
  {
    name: 'API / driver rate, PostgreSQL',
    measured: postgres ? `${fmt(postgres.ratio * 100, 1)} %` : '—',
    budget: `≥ ${TARGET.apiShareOfDriverPg * 100} %`,
    result: postgres ? (postgres.ratio >= TARGET.apiShareOfDriverPg ? 'PASS' : 'FAIL') : 'not run',
  },
  {
    name: 'Initial JS, gzipped',
    measured: spa ? `${fmt(kb(spa.initialJsGzipBytes), 1)} kB` : '—',
    budget: `≤ ${TARGET.initialJsGzipKb} kB`,
    result: spa
      ? kb(spa.initialJsGzipBytes) <= TARGET.initialJsGzipKb
        ? 'PASS'
        : 'FAIL'
      : 'not run',
  },
  ...SPA_PAGES.map(({ name }) => {
    const page = spa?.wire.measured ? spa.wire.pages.find((p) => p.name === name) : undefined;
    return {
      name: `Sent on the wire: ${name} (HTML+JS+CSS)`,
      measured: page ? `${fmt(kb(page.wireBytes), 1)} kB` : '—',
      budget: page ? `was ${fmt(kb(page.bytes), 1)} kB` : 'no target',
      result: (page ? 'info' : 'not run') as Verdict,
    };
  }),
  {
    name: `Cold start to first 200 (median of ${COLD_START_RUNS})`,
    measured: coldStart ? `${fmt(coldStart.medianMs)} ms` : '—',
    budget: `≤ ${fmt(TARGET.coldStartMs)} ms`,
    result: coldStart ? (coldStart.medianMs <= TARGET.coldStartMs ? 'PASS' : 'FAIL') : 'not run',
  },
  {
    name: 'API / driver rate, PGlite',
    measured: pglite ? `${fmt(pglite.ratio * 100, 1)} %` : '—',
    budget: 'no target',
    result: pglite ? 'info' : 'not run',
  },
  ...(['pglite', 'postgres'] as const).map((db) => {
    const run = capTable[db];
    return {
      name: `Cap table API ÷ driver time, ${db === 'pglite' ? 'PGlite' : 'PostgreSQL'}`,
      measured: run ? `${fmt(run.ratio, 2)}×` : '—',
      budget: 'no target',
      result: (run ? 'info' : 'not run') as Verdict,
    };
  }),
  ...(['pglite', 'postgres'] as const).map((db) => {
    const run = grantsList[db];
    return {
      name: `Grants list API ÷ driver time, ${db === 'pglite' ? 'PGlite' : 'PostgreSQL'}`,
      measured: run ? `${fmt(run.ratio, 2)}×` : '—',
      budget: 'no target',
      result: (run ? 'info' : 'not run') as Verdict,
    };
  }),
  ...(['pglite', 'postgres'] as const).map((db) => {
    const run = valuationMetrics[db];
    return {
      name: `Valuation metrics API ÷ driver, ${db === 'pglite' ? 'PGlite' : 'PostgreSQL'}`,
      measured: run ? `${fmt(run.ratio, 2)}×` : '—',
      budget: 'no target',
      result: (run ? 'info' : 'not run') as Verdict,
    };
  }),
  ...(['pglite', 'postgres'] as const).map((db) => {
    const run = documents[db];
    return {
      name: `${fmt(DOCUMENTS_BENCH.letters)} grant letters as one zip, ${db === 'pglite' ? 'PGlite' : 'PostgreSQL'}`,
      measured: run
        ? `${fmt(run.batchMs / 1000, 1)} s (${fmt(run.perLetterMs, 1)} ms per letter)`
        : '—',
      budget: 'no target',
      result: (run ? 'info' : 'not run') as Verdict,
    };
  }),
  {
    name: 'Search p95, PostgreSQL (API)',
    measured: searchRuns.postgres ? `${fmt(searchRuns.postgres.api.p95Ms, 1)} ms` : '—',
    budget: `< ${SEARCH_BENCH.targetP95Ms} ms`,
    result: searchRuns.postgres
      ? searchRuns.postgres.api.p95Ms < SEARCH_BENCH.targetP95Ms
        ? 'PASS'
        : 'FAIL'
      : 'not run',
  },
  ...(['pglite', 'postgres'] as const).map((db) => {
    const run = searchRuns[db];
    return {
      name: `Search API ÷ driver (p50, p95), ${db === 'pglite' ? 'PGlite' : 'PostgreSQL'}`,
      measured: run ? `${fmt(run.ratioP50, 2)}× ${fmt(run.ratioP95, 2)}×` : '—',
      budget: 'no target',
      result: (run ? 'info' : 'not run') as Verdict,
    };
  }),
  ...(['pglite', 'postgres'] as const).flatMap((db) =>
    (['stakeholders', 'share-events'] as const).map((kind) => {
      const run = imports[db]?.find((r) => r.kind === kind);
      return {
        name: `Import ${fmt(IMPORT_TARGET.rows)} ${kind === 'stakeholders' ? 'stakeholders' : 'register events'}, ${db === 'pglite' ? 'PGlite' : 'PostgreSQL'}`,
        measured: run
          ? `${fmt(run.commitMs / 1000, 1)} s (${fmt(run.commitRowsPerS)} rows/s)`
          : '—',
        budget: `< ${fmt(IMPORT_TARGET.commitMs / 1000)} s`,
        result: (run
          ? run.commitMs < IMPORT_TARGET.commitMs
            ? 'PASS'
            : 'FAIL'
          : 'not run') as Verdict,
      };
    }),
  ),
  {
    name: `Vesting engine, ${fmt(vesting?.grants ?? 100_000)} full schedules`,
    measured: vesting ? `${fmt(vesting.perGrantUs, 1)} µs/grant` : '—',
    budget: 'no target',
    result: vesting ? 'info' : 'not run',
  },
  {
    name: 'Vesting, largest accepted terms (median)',
    measured: vesting?.worstCase ? `${fmt(vesting.worstCase.medianMs, 2)} ms/grant` : '—',
    budget: 'no target',
    result: vesting?.worstCase ? 'info' : 'not run',
  },
];

console.log('\nSummary');
const rows = [
  ['', 'API req/s', 'API p99', 'driver lists/s', 'driver p99', 'API/driver'],
  ...[pglite, postgres]
    .filter((r): r is DbRun => r !== null)
    .map((r) => [
      r.database === 'pglite' ? 'PGlite' : 'PostgreSQL',
      fmt(r.api.ratePerS, 1),
      `${fmt(r.api.p99Ms, 1)} ms`,
      fmt(r.driver.ratePerS, 1),
      `${fmt(r.driver.p99Ms, 1)} ms`,
      `${fmt(r.ratio * 100, 1)} %`,
    ]),
];
const capRows = [
  ['Cap table', 'API median', 'driver median', 'API ÷ driver'],
  ...[capTable.pglite, capTable.postgres]
    .filter((r): r is CapTableRun => r !== null)
    .map((r) => [
      r.database === 'pglite' ? 'PGlite' : 'PostgreSQL',
      `${fmt(r.api.medianMs, 1)} ms`,
      `${fmt(r.driver.medianMs, 1)} ms`,
      `${fmt(r.ratio, 2)}×`,
    ]),
];
const grantRows = [
  ['Grants list', 'API median', 'driver median', 'API ÷ driver'],
  ...[grantsList.pglite, grantsList.postgres]
    .filter((r): r is GrantsRun => r !== null)
    .map((r) => [
      r.database === 'pglite' ? 'PGlite' : 'PostgreSQL',
      `${fmt(r.api.medianMs, 1)} ms`,
      `${fmt(r.driver.medianMs, 1)} ms`,
      `${fmt(r.ratio, 2)}×`,
    ]),
];
const valuationRows = [
  ['Val. metrics', 'API median', 'driver median', 'API ÷ driver'],
  ...[valuationMetrics.pglite, valuationMetrics.postgres]
    .filter((r): r is ValuationsRun => r !== null)
    .map((r) => [
      r.database === 'pglite' ? 'PGlite' : 'PostgreSQL',
      `${fmt(r.api.medianMs, 1)} ms`,
      `${fmt(r.driver.medianMs, 1)} ms`,
      `${fmt(r.ratio, 2)}×`,
    ]),
];
for (const row of [rows, capRows, grantRows, valuationRows].flatMap((t) => (t.length > 1 ? t : [])))
  console.log(
    `  ${row[0]!.padEnd(12)}${row
      .slice(1)
      .map((c) => c.padStart(16))
      .join('')}`,
  );
console.log('');
for (const t of targets) {
  console.log(
    `  ${t.name.padEnd(42)}${t.measured.padStart(12)}   ${t.budget.padEnd(12)} ${t.result}`,
  );
}
if (problems.length > 0) {
  console.error(`\n${problems.length} problem(s):\n- ${problems.join('\n- ')}`);
}

const fresh = {
  generatedAt: new Date().toISOString(),
  machine,
  config: {
    companies: COMPANY_COUNT,
    request: `GET ${LIST_PATH}`,
    connections: CONNECTIONS,
    warmupS: WARMUP_S,
    durationS: DURATION_S,
    coldStartRuns: COLD_START_RUNS,
    gzipLevel: 9,
    kB: 1000,
    capTable: {
      request: 'GET /api/v1/company/{id}/cap-table?asOf=…',
      ...CAP_TABLE,
    },
    grants: {
      request: 'GET /api/v1/company/{id}/grants (not paginated: all grants)',
      ...GRANTS,
    },
    valuations: {
      request: 'GET /api/v1/company/{id}/valuation-metrics (the grants company + valuations)',
      ...VALUATIONS,
    },
    imports: { kinds: ['stakeholders', 'share-events'], file: 'CSV', ...IMPORT_TARGET },
    documents: { kind: 'grant_letter', template: 'standard', ...DOCUMENTS_BENCH },
    search: { request: 'GET /api/v1/search?q=…&limit=20', ...SEARCH_BENCH },
  },
  pglite,
  postgres,
  coldStart,
  spa,
  capTable,
  vesting,
  grants: grantsList,
  valuations: valuationMetrics,
  imports,
  documents,
  search: searchRuns,
  targets,
  problems,
};
const resultsDir = path.join(root, 'bench/results');
mkdirSync(resultsDir, { recursive: true });
const resultsFile = path.join(resultsDir, 'latest.json');
let results: Record<string, unknown> = fresh;
if (only && existsSync(resultsFile)) {
  // A partial run keeps the other sections' figures of the last full run.
  const previous = JSON.parse(readFileSync(resultsFile, 'utf8')) as typeof fresh;
  const ran = new Set(targets.filter((t) => t.result !== 'not run').map((t) => t.name));
  results = {
    ...previous,
    config: fresh.config,
    ...(wanted('list') ? { pglite, postgres } : {}),
    ...(wanted('cold-start') ? { coldStart } : {}),
    ...(wanted('spa') ? { spa } : {}),
    ...(wanted('cap-table') ? { capTable } : {}),
    ...(wanted('vesting') ? { vesting } : {}),
    ...(wanted('grants') ? { grants: grantsList } : {}),
    ...(wanted('valuations') ? { valuations: valuationMetrics } : {}),
    ...(wanted('imports') ? { imports } : {}),
    ...(wanted('documents') ? { documents } : {}),
    ...(wanted('search') ? { search: searchRuns } : {}),
    targets: targets.map((t) =>
      ran.has(t.name) ? t : (previous.targets.find((p) => p.name === t.name) ?? t),
    ),
    problems,
    lastPartialRun: { generatedAt: fresh.generatedAt, sections: only, machine },
  };
}
// Formatted as `npm run lint` (prettier --check .) expects, so a fresh result can be committed.
const prettier = await import('prettier');
const prettierOptions = (await prettier.resolveConfig(resultsFile)) ?? {};
writeFileSync(
  resultsFile,
  await prettier.format(
    // Three decimals are plenty for milliseconds and rates.
    JSON.stringify(results, (_key, value: unknown) =>
      typeof value === 'number' && !Number.isInteger(value)
        ? Math.round(value * 1000) / 1000
        : value,
    ),
    { ...prettierOptions, filepath: resultsFile },
  ),
);
console.log(`\nResults written to ${path.relative(root, resultsFile)}`);
process.exit(problems.length > 0 ? 1 : 0);
