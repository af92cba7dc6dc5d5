// The valuation-metrics benchmark of issue 6: the grants benchmark's company (bench/grants.ts:
// 1,000 holders, 5,000 grants under three plans, exercises) plus 50 valuations over about five
// years. `GET /api/v1/company/{id}/valuation-metrics` through the built server (sequential
// requests, median of several runs) against fetching the rows the metrics are made of with
// plain SQL through the driver (same database, median of as many runs): the valuations (with
// share class and report metadata), the grants with their holders and plans, the exercises, the
// change of control, the plans and their pool adjustments. Ratio = API ms ÷ driver ms.
//
// The metrics compute everything as of today: the valuation in force, FMV growth since the
// first valuation, intrinsic value of every outstanding grant, underwater grants, grants priced
// below the FMV of their grant date (each grant looks up the valuation valid on its date) and
// the unallocated pool's value.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { asc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { valuationCreateSchema, type ValuationCreateInput } from '../src/contracts/valuation';
import { isoDateOf } from '../src/domain/dates';
import { isCashSettled, type PlanType } from '../src/domain/equity';
import { intrinsicValue, validUntil, type ValuationMethod } from '../src/domain/valuation';
import { addDays, addMonths } from '../src/domain/vesting';
import { openPglite, openPostgres, pgliteExtensions, type Database } from '../src/server/db/client';
import {
  auditEvent,
  equityPlan,
  grant,
  grantExercise,
  grantSettlement,
  valuation,
} from '../src/server/db/schema';
import { bulkInsert } from '../src/server/demo/bulk-insert';
import { snapshot } from '../src/server/modules/audit/service';
import { fmvValidIn } from '../src/server/modules/valuations/service';
import { seedGrantsCompany, type GrantsSeed } from './grants';
import { BENCH_NAME, prng } from './seed';
import { freePort, signIn, spawnBuiltServer, waitForFirst200 } from './server-process';
import {
  checkOutput,
  fmt,
  type Latency,
  type Rows,
  serverVersionOf,
  timeRuns,
  unexpectedOutput,
  withScratchDatabase,
} from './util';

export const VALUATIONS = {
  valuations: 50,
  years: 5,
  warmupRuns: 3,
  runs: 11,
};

const METHODS: ValuationMethod[] = ['dcf', 'opm', 'hybrid', 'market_multiples', 'pwerm'];

export interface ValuationsSeed extends GrantsSeed {
  valuationsPath: string;
  valuationCounts: { valuations: number; settlements: number; first: string; latest: string };
}

/**
 * seedGrantsCompany, then `VALUATIONS.valuations` valuations from five years ago to about two
 * months ago (bodies parsed by `valuationCreateSchema`; the fully diluted shares given as the report's
 * figure, as a client would send them, so the seed does not replay the cap table 50 times), with
 * their audit rows, and the settlements of the cash-settled (virtual shares) exercises that a
 * valuation was valid for, as `exerciseGrant` writes them. The metrics endpoint does not read
 * settlements; they are written so that the database is the one the API would have made.
 */
export async function seedValuationsCompany(db: Database): Promise<ValuationsSeed> {
  const seed = await seedGrantsCompany(db);
  const { organizationId, companyId } = seed;
  const now = new Date();
  const today = isoDateOf(now);
  const rand = prng(20_260_006);
  const between = (min: number, max: number) => min + rand() * (max - min);
  const n = VALUATIONS.valuations;
  // Evenly spread (about every 5 weeks), the latest about two months ago: current today.
  const start = addMonths(today, -12 * VALUATIONS.years);
  const step = Math.floor((VALUATIONS.years * 365 - 30) / (n - 1));
  const rows: (Rows<typeof valuation>[number] & { id: string; createdAt: Date })[] = [];
  const audit: Rows<typeof auditEvent> = [];
  let fmv = 0.35;
  for (let i = 0; i < n; i++) {
    const effectiveDate = addDays(start, i * step);
    fmv *= i === 0 ? 1 : i === 30 ? 0.8 : between(1.0, 1.08);
    const round = i % 10 === 5;
    const dlom = round ? 0 : 20 + (i % 4) * 5;
    const fullyDilutedShares = 38_000_000 + i * 50_000;
    const equity = (fmv / (1 - dlom / 100)) * fullyDilutedShares;
    const input: ValuationCreateInput = {
      effectiveDate,
      purpose: round ? 'funding_round' : i % 7 === 3 ? 'internal' : 'tax_fmv',
      method: round ? 'recent_round' : METHODS[i % METHODS.length]!,
      provider: 'Meridian Valuation Partners',
      currency: 'EUR',
      enterpriseValue: (Math.round(equity / 1000) * 1000).toFixed(0),
      debt: '0',
      cash: '0',
      fullyDilutedShares,
      preferredPricePerShare: round ? (fmv * 3).toFixed(2) : null,
      dlomPercent: String(dlom),
      notes: round ? 'Financing round' : null,
    };
    const body = valuationCreateSchema.parse(input);
    const at = new Date(Math.min(now.getTime(), Date.parse(`${effectiveDate}T10:00:00Z`)));
    const id = randomUUID();
    rows.push({
      id,
      organizationId,
      companyId,
      ...body,
      fullyDilutedShares,
      fullyDilutedSharesDerived: false,
      validUntil: validUntil(effectiveDate),
      createdAt: at,
      updatedAt: at,
    });
    audit.push({
      organizationId,
      actorUserId: seed.userId,
      actorName: BENCH_NAME,
      action: 'create',
      entityType: 'valuation',
      entityId: id,
      companyId,
      changes: snapshot({ ...body, fullyDilutedShares }),
      createdAt: at,
    });
  }

  const settlements: Rows<typeof grantSettlement> = [];
  await db.transaction(async (tx) => {
    await bulkInsert(tx, valuation, rows);
    await bulkInsert(tx, auditEvent, audit);
    const exercises = await tx
      .select({
        id: grantExercise.id,
        grantId: grantExercise.grantId,
        date: grantExercise.date,
        quantity: grantExercise.quantity,
        createdAt: grantExercise.createdAt,
        exercisePrice: grant.exercisePrice,
        planType: equityPlan.planType,
      })
      .from(grantExercise)
      .innerJoin(grant, eq(grant.id, grantExercise.grantId))
      .innerJoin(equityPlan, eq(equityPlan.id, grant.planId))
      .where(eq(grantExercise.companyId, companyId));
    const history = await tx
      .select()
      .from(valuation)
      .where(eq(valuation.companyId, companyId))
      .orderBy(asc(valuation.effectiveDate), asc(valuation.createdAt), asc(valuation.id));
    for (const e of exercises) {
      if (!isCashSettled(e.planType as PlanType)) continue;
      const s = fmvValidIn(history, e.date);
      if (!s) continue;
      settlements.push({
        exerciseId: e.id,
        organizationId,
        companyId,
        grantId: e.grantId,
        valuationId: s.valuationId,
        fmvPerShare: s.fmvPerShare,
        basePrice: e.exercisePrice,
        amount: intrinsicValue(s.fmvPerShare, e.exercisePrice, e.quantity),
        currency: s.currency,
        createdAt: e.createdAt,
      });
    }
    await bulkInsert(tx, grantSettlement, settlements);
  });
  return {
    ...seed,
    valuationsPath: `/api/v1/company/${companyId}/valuation-metrics`,
    valuationCounts: {
      valuations: rows.length,
      settlements: settlements.length,
      first: rows[0]!.effectiveDate,
      latest: rows.at(-1)!.effectiveDate,
    },
  };
}

/**
 * What the metrics are made of, in plain SQL, as the service reads it: the company check, the
 * valuations with share class and report metadata, the grants with holder and plan, their
 * exercises, the change of control, the plans and their pool adjustments. Run concurrently.
 */
export function valuationMetricsRowQueries(companyId: string) {
  return [
    { sql: 'select id from company where id = $1', params: [companyId] },
    {
      sql:
        'select v.*, sc.name as share_class_name, r.filename, r.size_bytes, r.sha256, ' +
        'r.uploaded_at from valuation v ' +
        'left join share_class sc on sc.id = v.share_class_id ' +
        'left join valuation_report r on r.valuation_id = v.id ' +
        'where v.company_id = $1 order by v.effective_date, v.created_at, v.id',
      params: [companyId],
    },
    {
      sql:
        'select g.*, s.name as stakeholder_name, p.* from "grant" g ' +
        'join stakeholder s on s.id = g.stakeholder_id ' +
        'join equity_plan p on p.id = g.plan_id ' +
        'where g.company_id = $1 order by g.grant_date, g.created_at',
      params: [companyId],
    },
    {
      sql: 'select * from grant_exercise where company_id = $1 order by date, created_at',
      params: [companyId],
    },
    {
      sql:
        "select company_id, date from company_event where company_id = $1 and type = 'change_of_control' " +
        'order by date',
      params: [companyId],
    },
    { sql: 'select * from equity_plan where company_id = $1', params: [companyId] },
    {
      sql:
        'select a.* from pool_adjustment a join equity_plan p on p.id = a.plan_id ' +
        'where p.company_id = $1',
      params: [companyId],
    },
  ];
}

export interface ValuationsRun {
  database: 'pglite' | 'postgres';
  serverVersion: string;
  seedMs: number;
  counts: GrantsSeed['counts'] & ValuationsSeed['valuationCounts'];
  /** What the metrics said (checked once before timing). */
  response: {
    bytes: number;
    fmvPerShare: string | null;
    fmvCagrPercent: string | null;
    outstandingGrants: number;
    underwater: number;
    pricedBelowFmv: number;
  };
  api: Latency;
  driver: Latency & { rows: number };
  /** API median ÷ driver median. */
  ratio: number;
  serverOutput: string[];
}

interface Metrics {
  current: { effectiveDate: string } | null;
  fmvPerShare: string | null;
  fmvCagr: { percent: string; fromDate: string } | null;
  outstandingGrants: number;
  underwater: { count: number };
  pricedBelowFmv: { count: number };
}

async function timeApi(
  label: string,
  seed: ValuationsSeed,
  server: { dataDir: string; databaseUrl?: string },
  problems: string[],
): Promise<{ api: Latency; response: ValuationsRun['response']; serverOutput: string[] }> {
  const built = spawnBuiltServer({ port: await freePort(), ...server });
  try {
    await waitForFirst200(built);
    const cookie = await signIn(built.url, seed.email, seed.password);
    // Uncompressed, as autocannon asks for the list: the figure is the server's work, comparable
    // with the driver's and with earlier runs (compressing 6 MB of JSON adds 0.1–0.2 s; decision 019).
    const get = () =>
      fetch(`${built.url}${seed.valuationsPath}`, {
        headers: { cookie, 'accept-encoding': 'identity' },
      });
    const res = await get();
    const text = await res.text();
    const m = JSON.parse(text) as Metrics;
    if (
      res.status !== 200 ||
      m.current?.effectiveDate !== seed.valuationCounts.latest ||
      m.fmvCagr?.fromDate !== seed.valuationCounts.first ||
      m.fmvPerShare === null ||
      m.outstandingGrants <= 0
    )
      throw new Error(
        `${label}: GET ${seed.valuationsPath} answered ${res.status}: ${text.slice(0, 300)}`,
      );
    const api = await timeRuns(VALUATIONS, async () => {
      const r = await get();
      await r.arrayBuffer();
      if (r.status !== 200) throw new Error(`${label}: valuation metrics answered ${r.status}`);
    });
    return {
      api,
      response: {
        bytes: Buffer.byteLength(text),
        fmvPerShare: m.fmvPerShare,
        fmvCagrPercent: m.fmvCagr?.percent ?? null,
        outstandingGrants: m.outstandingGrants,
        underwater: m.underwater.count,
        pricedBelowFmv: m.pricedBelowFmv.count,
      },
      serverOutput: unexpectedOutput(built.output()),
    };
  } finally {
    const exit = await built.stop();
    if (exit.code !== 0) {
      problems.push(
        `${label}: server exited with ${exit.code ?? exit.signal} on SIGTERM:\n${built.output()}`,
      );
    }
  }
}

async function timeDriver(
  seed: ValuationsSeed,
  query: (q: { sql: string; params: unknown[] }) => Promise<{ rows: unknown[] }>,
): Promise<Latency & { rows: number }> {
  const queries = valuationMetricsRowQueries(seed.companyId);
  const check = await Promise.all(queries.map(query));
  const rows = check.reduce((n, r) => n + r.rows.length, 0);
  const minimum =
    1 +
    seed.valuationCounts.valuations +
    seed.counts.grants +
    seed.counts.exercises +
    seed.counts.plans;
  if (rows < minimum) throw new Error(`driver fetched ${rows} rows, fewer than ${minimum}`);
  const latency = await timeRuns(VALUATIONS, async () => {
    await Promise.all(queries.map(query));
  });
  return { ...latency, rows };
}

function printRun(run: ValuationsRun) {
  const name = run.database === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const c = run.counts;
  console.log(
    `\n${name} (${run.serverVersion}): ${fmt(c.valuations)} valuations (${c.first} to ${c.latest}), ` +
      `${fmt(c.grants)} grants, ${fmt(c.exercises)} exercises (${fmt(c.settlements)} cash ` +
      `settlements), seeded in ${fmt(run.seedMs)} ms`,
  );
  const r = run.response;
  console.log(
    `  Metrics: FMV ${r.fmvPerShare}, CAGR ${r.fmvCagrPercent} %, ${fmt(r.outstandingGrants)} ` +
      `outstanding, ${fmt(r.underwater)} underwater, ${fmt(r.pricedBelowFmv)} priced below FMV`,
  );
  console.log(
    `  API     GET …/valuation-metrics      median ${fmt(run.api.medianMs, 1).padStart(7)} ms   ` +
      `min ${fmt(run.api.minMs, 1)} ms   max ${fmt(run.api.maxMs, 1)} ms   ` +
      `(${fmt(r.bytes / 1000, 1)} kB)`,
  );
  console.log(
    `  Driver  the same rows in plain SQL   median ${fmt(run.driver.medianMs, 1).padStart(7)} ms   ` +
      `min ${fmt(run.driver.minMs, 1)} ms   max ${fmt(run.driver.maxMs, 1)} ms   (${fmt(run.driver.rows)} rows)`,
  );
  console.log(`  API ÷ driver: ${fmt(run.ratio, 2)}×`);
  if (run.serverOutput.length > 0)
    console.log(
      `  Server printed during the run:\n    ${run.serverOutput.slice(0, 20).join('\n    ')}`,
    );
}

async function seedInto(db: Database) {
  const seed = await seedValuationsCompany(db);
  await db.execute(sql`analyze`);
  return seed;
}

function runOf(
  database: ValuationsRun['database'],
  serverVersion: string,
  seedMs: number,
  seed: ValuationsSeed,
  api: Awaited<ReturnType<typeof timeApi>>,
  driver: ValuationsRun['driver'],
): ValuationsRun {
  return {
    database,
    serverVersion,
    seedMs,
    counts: { ...seed.counts, ...seed.valuationCounts },
    response: api.response,
    api: api.api,
    driver,
    ratio: api.api.medianMs / driver.medianMs,
    serverOutput: api.serverOutput,
  };
}

export async function benchValuationsPglite(
  dataDir: string,
  problems: string[],
): Promise<ValuationsRun> {
  const label = 'valuation metrics, PGlite';
  console.log(`\n[${label}] seeding in ${dataDir}…`);
  const t0 = performance.now();
  const handle = await openPglite(dataDir);
  let seed: ValuationsSeed;
  let serverVersion: string;
  try {
    await handle.migrate();
    seed = await seedInto(handle.db);
    serverVersion = `PostgreSQL ${await serverVersionOf(handle.db)} in WASM`;
  } finally {
    await handle.close();
  }
  const seedMs = performance.now() - t0;

  console.log(
    `[${label}] API: ${VALUATIONS.warmupRuns} warm-up + ${VALUATIONS.runs} sequential requests…`,
  );
  const api = await timeApi(label, seed, { dataDir }, problems);
  checkOutput(label, api.serverOutput, problems);

  console.log(`[${label}] driver: ${VALUATIONS.warmupRuns} warm-up + ${VALUATIONS.runs} fetches…`);
  const client = await PGlite.create(path.join(dataDir, 'pg'), {
    extensions: await pgliteExtensions(),
  });
  let driver: ValuationsRun['driver'];
  try {
    driver = await timeDriver(seed, (q) => client.query(q.sql, q.params));
  } finally {
    await client.exec('CHECKPOINT');
    await client.close();
  }
  const run = runOf('pglite', serverVersion, seedMs, seed, api, driver);
  printRun(run);
  return run;
}

export async function benchValuationsPostgres(
  adminUrl: string,
  scratchDir: string,
  problems: string[],
): Promise<ValuationsRun> {
  const label = 'valuation metrics, PostgreSQL';
  return withScratchDatabase(adminUrl, 'bench_valuations', async ({ name, url: dbUrl }) => {
    console.log(`\n[${label}] seeding in database ${name}…`);
    const t0 = performance.now();
    const handle = await openPostgres(dbUrl);
    let seed: ValuationsSeed;
    let serverVersion: string;
    try {
      await handle.migrate();
      seed = await seedInto(handle.db);
      serverVersion = `PostgreSQL ${await serverVersionOf(handle.db)}`;
    } finally {
      await handle.close();
    }
    const seedMs = performance.now() - t0;

    console.log(
      `[${label}] API: ${VALUATIONS.warmupRuns} warm-up + ${VALUATIONS.runs} sequential requests…`,
    );
    const api = await timeApi(
      label,
      seed,
      { dataDir: path.join(scratchDir, 'pg-valuations-data'), databaseUrl: dbUrl },
      problems,
    );
    checkOutput(label, api.serverOutput, problems);

    console.log(
      `[${label}] driver: pg Pool (max 10), ${VALUATIONS.warmupRuns} warm-up + ${VALUATIONS.runs} fetches…`,
    );
    const pool = new pg.Pool({ connectionString: dbUrl, max: 10 });
    pool.on('error', () => {});
    let driver: ValuationsRun['driver'];
    try {
      driver = await timeDriver(seed, (q) => pool.query(q.sql, q.params));
    } finally {
      await pool.end();
    }
    const run = runOf('postgres', serverVersion, seedMs, seed, api, driver);
    printRun(run);
    return run;
  });
}
