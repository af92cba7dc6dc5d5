// The grants-list benchmark of issue 5: one company with 1,000 stakeholders and 5,000 grants
// under three plans (a realistic mix of terms: 4-year monthly with a 1-year cliff, 3-year
// quarterly, milestones, combined; leavers, cancellations, leaves of absence, exercises).
// `GET /api/v1/company/{id}/grants` through the built server (sequential requests, median of
// several runs) against fetching the rows the list is made of with plain SQL through the driver
// (same database, median of as many runs). Ratio = API ms ÷ driver ms.
//
// The list is not paginated: one request answers all 5,000 grants with their schedule figures
// as of today, so both sides fetch everything once per run.
//
// `seedGrantsCompany` is exported for other benchmarks that need the same company.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import {
  grantCreateSchema,
  type GrantCreate,
  type GrantCreateInput,
} from '../src/contracts/vesting';
import { planCreateSchema, type PlanCreateInput } from '../src/contracts/equity';
import { isoDateOf } from '../src/domain/dates';
import { addDays, addMonths, type VestingPolicy, type VestingTerms } from '../src/domain/vesting';
import { openPglite, openPostgres, pgliteExtensions, type Database } from '../src/server/db/client';
import {
  auditEvent,
  company,
  equityPlan,
  grant,
  grantExercise,
  shareClass,
  shareEvent,
  stakeholder,
} from '../src/server/db/schema';
import { bulkInsert } from '../src/server/demo/bulk-insert';
import { snapshot, type Changes } from '../src/server/modules/audit/service';
import { decimalOut } from '../src/server/modules/equity/shared';
import { grantFigures } from '../src/server/modules/grants/summary';
import { BENCH_NAME, prng, seedWorkspace, type SeededWorkspace } from './seed';
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

export const GRANTS = {
  stakeholders: 1000,
  grants: 5000,
  warmupRuns: 3,
  runs: 11,
};

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const FIRST = [
  'Sem',
  'Julia',
  'Bram',
  'Tess',
  'Finn',
  'Lieke',
  'Arthur',
  'Olivia',
  'Jules',
  'Marie',
];
const LAST = ['de Jong', 'Bakker', 'Smit', 'Peeters', 'Maes', 'Müller', 'Schmidt', 'Visser'];
const PRICES = ['0.10', '0.25', '0.50', '1.00', '2.40', '4.75'];

/** The plans as `POST …/plans` bodies (parsed by the API's schema before insert). */
function planBodies(shareClassId: string): PlanCreateInput[] {
  return [
    {
      name: 'Stock Option Plan 2016',
      planType: 'stock_options',
      shareClassId,
      poolSize: 20_000_000,
      boardApprovalDate: '2015-12-01',
      exerciseWindowMonths: 3,
      acceleration: { trigger: 'double', percent: 100, windowMonths: 12 },
    },
    {
      name: 'VSOP 2019',
      planType: 'virtual_shares',
      poolSize: 10_000_000,
      boardApprovalDate: '2015-12-01',
      exerciseWindowMonths: 6,
      acceleration: { trigger: 'single', percent: 50 },
    },
    {
      name: 'RSU Plan 2022',
      planType: 'rsu',
      shareClassId,
      poolSize: 10_000_000,
      boardApprovalDate: '2015-12-01',
      leaverPolicy: {
        good: { unvested: 'forfeit', vested: 'keep' },
        bad: { unvested: 'forfeit', vested: 'keep' },
      },
    },
  ];
}

/** Terms as the grant form sends them; the API's schema fills in the defaults. */
function termsFor(rand: () => number, grantDate: string, n: number): VestingTerms {
  const r = rand();
  const monthly = {
    type: 'time' as const,
    periodLength: 1,
    periodUnit: 'months' as const,
    occurrences: 48,
    cliffPeriods: 12,
  };
  const achieved = (months: number) =>
    rand() < 0.5 ? addMonths(grantDate, months + Math.floor(rand() * 12)) : null;
  if (r < 0.5) return monthly;
  if (r < 0.7)
    return {
      type: 'time',
      periodLength: 3,
      periodUnit: 'months',
      occurrences: 12,
      allocation: 'FRONT_LOADED',
    } as VestingTerms;
  if (r < 0.85)
    return {
      type: 'milestone',
      milestones: [
        {
          id: `m${n}-launch`,
          name: 'Product launch',
          portion: { numerator: 1, denominator: 3 },
          achievedDate: achieved(6),
          deadline: null,
        },
        {
          id: `m${n}-arr`,
          name: 'EUR 10m ARR',
          portion: { numerator: 1, denominator: 3 },
          achievedDate: achieved(18),
          deadline: addMonths(grantDate, 48),
        },
        {
          id: `m${n}-series-b`,
          name: 'Series B closed',
          portion: { numerator: 1, denominator: 3 },
          achievedDate: null,
          deadline: null,
        },
      ],
    } as VestingTerms;
  return {
    type: 'combined',
    parts: [
      { portion: { numerator: 3, denominator: 4 }, terms: monthly },
      {
        portion: { numerator: 1, denominator: 4 },
        terms: {
          type: 'milestone',
          milestones: [
            {
              id: `m${n}-exit`,
              name: 'Exit readiness',
              portion: { numerator: 1, denominator: 1 },
              achievedDate: achieved(24),
              deadline: addMonths(grantDate, 60),
            },
          ],
        },
      },
    ],
  } as VestingTerms;
}

/** What grant-create audit rows hold: the stored fields without the terms, nulls left out. */
function createSnapshot(body: GrantCreate, currency: string): Changes {
  return snapshot({
    ...body,
    exercisePrice: decimalOut(body.exercisePrice),
    currency,
    terms: undefined,
  });
}

export interface GrantsSeed extends SeededWorkspace {
  companyId: string;
  path: string;
  /** The date the expected figures were computed for (today, as the API computes them). */
  asOf: string;
  expected: { grants: number; vested: number; exercised: number; forfeited: number };
  counts: {
    stakeholders: number;
    plans: number;
    grants: number;
    exercises: number;
    terminated: number;
    cancelled: number;
    paused: number;
    byTerms: Record<string, number>;
  };
}

/**
 * A bench lawyer's workspace with one company, three plans and `GRANTS.grants` grants, inserted
 * in bulk in one transaction. Every grant, plan and exercise row is what the API would have
 * written for the same sequence of requests (bodies parsed by the API's schemas; exercises no
 * larger than exercisable on their date; share-settled exercises issue shares in the register),
 * with the audit rows of those requests.
 */
export async function seedGrantsCompany(db: Database): Promise<GrantsSeed> {
  const workspace = await seedWorkspace(db, 0);
  const { organizationId } = workspace;
  const companyId = randomUUID();
  const now = new Date();
  const asOf = isoDateOf(now);
  const rand = prng(20_261_123);
  const int = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
  const owned = { organizationId, companyId, createdAt: now, updatedAt: now };
  const audit: Rows<typeof auditEvent> = [];
  const audited = (entityType: string, entityId: string, action: string, changes: Changes) =>
    audit.push({
      organizationId,
      actorUserId: workspace.userId,
      actorName: BENCH_NAME,
      action,
      entityType,
      entityId,
      companyId,
      changes,
      createdAt: now,
    });

  const classId = randomUUID();
  const shareClasses: Rows<typeof shareClass> = [
    {
      id: classId,
      ...owned,
      name: 'Gewone aandelen',
      classType: 'common',
      nominalValue: '0.01',
      currency: 'EUR',
      votesPerShare: '1',
      liquidationPreferenceMultiple: '0',
      participating: false,
      seniority: 1,
    },
  ];

  const stakeholders: Rows<typeof stakeholder> = [];
  const holders: string[] = [];
  const founders: string[] = [];
  for (let i = 0; i < GRANTS.stakeholders; i++) {
    const id = randomUUID();
    const relationship = i < 3 ? 'founder' : i < 23 ? 'advisor' : 'employee';
    stakeholders.push({
      id,
      ...owned,
      kind: 'individual',
      name: `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${i + 1}`,
      relationship,
      status: 'active',
      email: `holder${i + 1}@bench.example`,
      taxCountry: 'NL',
    });
    (i < 3 ? founders : holders).push(id);
  }
  const shareEvents: Rows<typeof shareEvent> = founders.map((id, i) => ({
    id: randomUUID(),
    ...owned,
    type: 'issue',
    date: '2015-06-01',
    shareClassId: classId,
    shareCount: 3_000_000 + i * 500_000,
    fromStakeholderId: null,
    toStakeholderId: id,
    firstShareNumber: null,
    lastShareNumber: null,
    pricePerShare: '0.01',
    currency: 'EUR',
    notes: null,
  }));

  const plans = planBodies(classId).map((body) => {
    const parsed = planCreateSchema.parse(body);
    return { id: randomUUID(), ...owned, ...parsed };
  });
  const policies = plans.map((p): VestingPolicy => ({
    leaver: p.leaverPolicy as VestingPolicy['leaver'],
    acceleration: p.acceleration as VestingPolicy['acceleration'],
    exerciseWindowMonths: p.exerciseWindowMonths,
  }));

  const grants: Rows<typeof grant> = [];
  const exercises: Rows<typeof grantExercise> = [];
  const byTerms: Record<string, number> = {};
  let terminated = 0;
  let cancelled = 0;
  let paused = 0;
  const expected = { grants: 0, vested: 0, exercised: 0, forfeited: 0 };
  const first = Date.parse('2016-01-04');
  const span = Date.parse('2026-06-30') - first;
  for (let n = 0; n < GRANTS.grants; n++) {
    const planIndex = rand() < 0.6 ? 0 : rand() < 0.6 ? 1 : 2;
    const plan = plans[planIndex]!;
    const grantDate = isoDay(first + Math.floor(rand() * (span / DAY_MS)) * DAY_MS);
    const vestingStartDate = rand() < 0.3 ? addMonths(grantDate, -int(1, 12)) : grantDate;
    const stored = rand();
    const status = stored < 0.02 ? 'draft' : stored < 0.05 ? 'offered' : 'active';
    const taxAtExercise = planIndex === 0 && rand() < 0.15;
    const input: GrantCreateInput = {
      stakeholderId: holders[n % holders.length]!,
      planId: plan.id,
      quantity: 250 * int(2, 80),
      exercisePrice: planIndex === 2 ? null : PRICES[int(0, PRICES.length - 1)]!,
      currency: null,
      grantDate,
      vestingStartDate,
      templateId: null,
      terms: termsFor(rand, grantDate, n) as GrantCreateInput['terms'],
      expiryDate: planIndex === 2 ? null : addMonths(grantDate, 120),
      offerDate: status === 'active' ? addDays(grantDate, -14) : grantDate,
      acceptanceDate: status === 'active' ? addDays(grantDate, -7) : null,
      taxAtExercise,
      taxElectionDate: taxAtExercise ? grantDate : null,
      status,
      notes: rand() < 0.1 ? 'Granted at the annual review.' : null,
    };
    const body = grantCreateSchema.parse(input);
    const terms = body.terms as VestingTerms;
    const termsKind =
      terms.type === 'time' ? `time ${terms.periodLength}-${terms.periodUnit}` : terms.type;
    byTerms[termsKind] = (byTerms[termsKind] ?? 0) + 1;
    const id = randomUUID();
    const createdAt = new Date(now.getTime() - (GRANTS.grants - n) * 1000);
    audited('grant', id, 'create', createSnapshot(body, body.currency ?? plan.currency));
    const achievedMilestones =
      terms.type === 'milestone'
        ? terms.milestones
        : terms.type === 'combined'
          ? terms.parts.flatMap((p) => (p.terms.type === 'milestone' ? p.terms.milestones : []))
          : [];
    for (const m of achievedMilestones) {
      if (m.achievedDate && m.achievedDate <= asOf)
        audited('grant', id, 'update', {
          [`milestone ${m.name}`]: { from: null, to: m.achievedDate },
        });
      else m.achievedDate = null;
    }

    const row = {
      id,
      ...owned,
      ...body,
      // The API takes the plan's currency when the body has none.
      currency: body.currency ?? plan.currency,
      terminationDate: null as string | null,
      leaverType: null as string | null,
      terminationReason: null as string | null,
      cancelledDate: null as string | null,
      cancellationReason: null as string | null,
      pauses: [] as { start: string; end: string }[],
      createdAt,
    };
    const live = status === 'active';
    // A leave of absence on some (recorded while the grant runs).
    if (live && rand() < 0.04) {
      const start = addMonths(vestingStartDate, int(6, 30));
      if (start <= asOf) {
        const end = addMonths(start, int(2, 6));
        row.pauses = [{ start, end }];
        paused++;
        audited('grant', id, 'update', {
          'leave of absence': { from: null, to: `${start} – ${end}` },
        });
      }
    }
    // Leavers (12 %), good mostly.
    if (live && rand() < 0.12) {
      const date = addMonths(grantDate, int(3, 60));
      const pauseStart = row.pauses[0]?.start;
      if (date <= asOf && (!pauseStart || pauseStart <= date)) {
        row.terminationDate = date;
        row.leaverType = rand() < 0.8 ? 'good' : 'bad';
        row.terminationReason = row.leaverType === 'good' ? 'Resigned' : 'Dismissed for cause';
        terminated++;
        audited('grant', id, 'update', {
          termination: { from: null, to: `${date} (${row.leaverType} leaver)` },
        });
      }
    }
    // Cancellations (2 %), dated after what was exercised (none yet: exercises come below).
    const cancelDate = live && rand() < 0.02 ? addMonths(grantDate, int(6, 36)) : null;
    // Exercises (options and virtual shares), at most what is exercisable on their date.
    const own: { date: string; quantity: number }[] = [];
    if (live && planIndex !== 2 && rand() < 0.15) {
      const tries = int(1, 3);
      let date = addMonths(vestingStartDate, int(13, 40));
      for (let t = 0; t < tries; t++) {
        if (date > asOf || (cancelDate && date > cancelDate)) break;
        const f = grantFigures(
          { ...row, terms, cancelledDate: null, exercises: own },
          policies[planIndex]!,
          null,
          date,
        );
        if (f.exercisable > 0) {
          const quantity = Math.max(1, Math.floor(f.exercisable * (0.3 + rand() * 0.7)));
          own.push({ date, quantity });
          let shareEventId: string | null = null;
          if (planIndex === 0) {
            shareEventId = randomUUID();
            shareEvents.push({
              id: shareEventId,
              ...owned,
              type: 'issue',
              date,
              shareClassId: classId,
              shareCount: quantity,
              fromStakeholderId: null,
              toStakeholderId: row.stakeholderId,
              firstShareNumber: null,
              lastShareNumber: null,
              pricePerShare: row.exercisePrice,
              currency: row.exercisePrice ? row.currency : null,
              notes: `Exercise of grant ${id}`,
            });
          }
          const exerciseId = randomUUID();
          exercises.push({
            id: exerciseId,
            organizationId,
            companyId,
            grantId: id,
            date,
            quantity,
            shareEventId,
            receiptId: null,
            createdAt: new Date(createdAt.getTime() + (t + 1) * 100),
          });
          audited('grant_exercise', exerciseId, 'create', snapshot({ grant: id, date, quantity }));
        }
        date = addMonths(date, int(3, 18));
      }
    }
    if (cancelDate && cancelDate <= asOf) {
      row.cancelledDate = cancelDate;
      row.cancellationReason = 'Replaced by a new grant';
      cancelled++;
      audited('grant', id, 'update', { cancelled: { from: null, to: cancelDate } });
    }
    grants.push(row);
    const f = grantFigures({ ...row, terms, exercises: own }, policies[planIndex]!, null, asOf);
    expected.grants++;
    expected.vested += f.vested;
    expected.exercised += f.exercised;
    expected.forfeited += f.forfeited;
  }

  await db.transaction(async (tx) => {
    await tx.insert(company).values({
      id: companyId,
      organizationId,
      companyName: 'Benchmark Grants B.V.',
      companyType: 'BV',
      country: 'NL',
      city: 'Utrecht',
      incorporationDate: '2015-05-04',
      createdAt: now,
      updatedAt: now,
    });
    await bulkInsert(tx, stakeholder, stakeholders);
    await bulkInsert(tx, shareClass, shareClasses);
    await bulkInsert(tx, shareEvent, shareEvents);
    await bulkInsert(tx, equityPlan, plans);
    await bulkInsert(tx, grant, grants);
    await bulkInsert(tx, grantExercise, exercises);
    await bulkInsert(tx, auditEvent, audit);
  });
  return {
    ...workspace,
    companyId,
    path: `/api/v1/company/${companyId}/grants`,
    asOf,
    expected,
    counts: {
      stakeholders: stakeholders.length,
      plans: plans.length,
      grants: grants.length,
      exercises: exercises.length,
      terminated,
      cancelled,
      paused,
      byTerms,
    },
  };
}

/**
 * What the list is made of, in plain SQL: the company's grants with their holder's name, its
 * plans (policy, name), the grants' exercises, the change of control and the company's country.
 * Run concurrently, as the service runs its reads.
 */
export function grantListRowQueries(companyId: string) {
  return [
    {
      sql:
        'select g.*, s.name as stakeholder_name from "grant" g ' +
        'join stakeholder s on s.id = g.stakeholder_id ' +
        'where g.company_id = $1 order by g.grant_date, g.created_at',
      params: [companyId],
    },
    {
      sql:
        'select id, name, leaver_policy, acceleration, exercise_window_months, forfeited_to ' +
        'from equity_plan where company_id = $1',
      params: [companyId],
    },
    {
      sql:
        'select grant_id, date, quantity from grant_exercise where company_id = $1 ' +
        'order by date, created_at',
      params: [companyId],
    },
    {
      sql:
        "select date from company_event where company_id = $1 and type = 'change_of_control' " +
        'order by date limit 1',
      params: [companyId],
    },
    { sql: 'select country from company where id = $1', params: [companyId] },
  ];
}

export interface GrantsRun {
  database: 'pglite' | 'postgres';
  serverVersion: string;
  seedMs: number;
  counts: GrantsSeed['counts'];
  /** Grants and size of the API's answer. */
  response: { grants: number; bytes: number };
  api: Latency;
  driver: Latency & { rows: number };
  /** API median ÷ driver median. */
  ratio: number;
  serverOutput: string[];
}

interface ListItem {
  schedule: { vested: number; exercised: number; forfeited: number; asOf: string };
}

/** GET the grants list through the built server: checks the answer once, then times it. */
async function timeApi(
  label: string,
  seed: GrantsSeed,
  server: { dataDir: string; databaseUrl?: string },
  problems: string[],
): Promise<{ api: Latency; response: GrantsRun['response']; serverOutput: string[] }> {
  const built = spawnBuiltServer({ port: await freePort(), ...server });
  try {
    await waitForFirst200(built);
    const cookie = await signIn(built.url, seed.email, seed.password);
    // Uncompressed, as autocannon asks for the list: the figure is the server's work, comparable
    // with the driver's and with earlier runs (compressing 6 MB of JSON adds 0.1–0.2 s; decision 019).
    const get = () =>
      fetch(`${built.url}${seed.path}`, { headers: { cookie, 'accept-encoding': 'identity' } });
    const res = await get();
    const text = await res.text();
    const body = JSON.parse(text) as { items?: ListItem[] };
    const items = body.items ?? [];
    const sum = (k: 'vested' | 'exercised' | 'forfeited') =>
      items.reduce((s, g) => s + g.schedule[k], 0);
    const { expected } = seed;
    // The figures are as of the server's today: the seed computed them for its own today.
    const sameDay = items[0]?.schedule.asOf === seed.asOf;
    if (
      res.status !== 200 ||
      items.length !== expected.grants ||
      (sameDay &&
        (sum('vested') !== expected.vested ||
          sum('exercised') !== expected.exercised ||
          sum('forfeited') !== expected.forfeited))
    ) {
      throw new Error(
        `${label}: GET ${seed.path} answered ${res.status} with ${items.length} grants, ` +
          `${sum('vested')} vested, ${sum('exercised')} exercised, ${sum('forfeited')} forfeited ` +
          `(expected ${expected.grants}, ${expected.vested}, ${expected.exercised}, ${expected.forfeited})`,
      );
    }
    const api = await timeRuns(GRANTS, async () => {
      const r = await get();
      await r.arrayBuffer();
      if (r.status !== 200) throw new Error(`${label}: grants list answered ${r.status}`);
    });
    return {
      api,
      response: { grants: items.length, bytes: Buffer.byteLength(text) },
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

/** Runs the plain queries concurrently; the fetch is done when all are in. */
async function timeDriver(
  seed: GrantsSeed,
  query: (q: { sql: string; params: unknown[] }) => Promise<{ rows: unknown[] }>,
): Promise<Latency & { rows: number }> {
  const queries = grantListRowQueries(seed.companyId);
  const check = await Promise.all(queries.map(query));
  const rows = check.reduce((n, r) => n + r.rows.length, 0);
  const expectedRows = seed.counts.grants + seed.counts.plans + seed.counts.exercises + 1;
  if (rows !== expectedRows) throw new Error(`driver fetched ${rows} rows, not ${expectedRows}`);
  const latency = await timeRuns(GRANTS, async () => {
    await Promise.all(queries.map(query));
  });
  return { ...latency, rows };
}

function printRun(run: GrantsRun) {
  const name = run.database === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const c = run.counts;
  console.log(
    `\n${name} (${run.serverVersion}): ${fmt(c.grants)} grants of ${fmt(c.stakeholders)} holders ` +
      `under ${c.plans} plans (${Object.entries(c.byTerms)
        .map(([k, v]) => `${fmt(v)} ${k}`)
        .join(', ')}; ${fmt(c.terminated)} leavers, ${fmt(c.cancelled)} cancelled, ` +
      `${fmt(c.paused)} paused, ${fmt(c.exercises)} exercises), seeded in ${fmt(run.seedMs)} ms`,
  );
  console.log(
    `  API     GET …/grants                 median ${fmt(run.api.medianMs, 1).padStart(7)} ms   ` +
      `min ${fmt(run.api.minMs, 1)} ms   max ${fmt(run.api.maxMs, 1)} ms   ` +
      `(${fmt(run.response.grants)} grants, ${fmt(run.response.bytes / 1000, 1)} kB)`,
  );
  console.log(
    `  Driver  the same rows in plain SQL   median ${fmt(run.driver.medianMs, 1).padStart(7)} ms   ` +
      `min ${fmt(run.driver.minMs, 1)} ms   max ${fmt(run.driver.maxMs, 1)} ms   (${fmt(run.driver.rows)} rows)`,
  );
  console.log(`  API ÷ driver: ${fmt(run.ratio, 2)}×`);
  if (run.serverOutput.length > 0) {
    console.log(
      `  Server printed during the run:\n    ${run.serverOutput.slice(0, 20).join('\n    ')}`,
    );
  }
}

export async function benchGrantsPglite(dataDir: string, problems: string[]): Promise<GrantsRun> {
  const label = 'grants list, PGlite';
  console.log(`\n[${label}] seeding in ${dataDir}…`);
  const t0 = performance.now();
  const handle = await openPglite(dataDir);
  let seed: GrantsSeed;
  let serverVersion: string;
  try {
    await handle.migrate();
    seed = await seedGrantsCompany(handle.db);
    await handle.db.execute(sql`analyze`);
    serverVersion = `PostgreSQL ${await serverVersionOf(handle.db)} in WASM`;
  } finally {
    await handle.close();
  }
  const seedMs = performance.now() - t0;

  console.log(`[${label}] API: ${GRANTS.warmupRuns} warm-up + ${GRANTS.runs} sequential requests…`);
  const { api, response, serverOutput } = await timeApi(label, seed, { dataDir }, problems);
  checkOutput(label, serverOutput, problems);

  console.log(`[${label}] driver: ${GRANTS.warmupRuns} warm-up + ${GRANTS.runs} fetches…`);
  const client = await PGlite.create(path.join(dataDir, 'pg'), {
    extensions: await pgliteExtensions(),
  });
  let driver: GrantsRun['driver'];
  try {
    driver = await timeDriver(seed, (q) => client.query(q.sql, q.params));
  } finally {
    await client.exec('CHECKPOINT');
    await client.close();
  }
  const run: GrantsRun = {
    database: 'pglite',
    serverVersion,
    seedMs,
    counts: seed.counts,
    response,
    api,
    driver,
    ratio: api.medianMs / driver.medianMs,
    serverOutput,
  };
  printRun(run);
  return run;
}

export async function benchGrantsPostgres(
  adminUrl: string,
  scratchDir: string,
  problems: string[],
): Promise<GrantsRun> {
  const label = 'grants list, PostgreSQL';
  return withScratchDatabase(adminUrl, 'bench_grants', async ({ name, url: dbUrl }) => {
    console.log(`\n[${label}] seeding in database ${name}…`);
    const t0 = performance.now();
    const handle = await openPostgres(dbUrl);
    let seed: GrantsSeed;
    let serverVersion: string;
    try {
      await handle.migrate();
      seed = await seedGrantsCompany(handle.db);
      await handle.db.execute(sql`analyze`);
      serverVersion = `PostgreSQL ${await serverVersionOf(handle.db)}`;
    } finally {
      await handle.close();
    }
    const seedMs = performance.now() - t0;

    console.log(
      `[${label}] API: ${GRANTS.warmupRuns} warm-up + ${GRANTS.runs} sequential requests…`,
    );
    const { api, response, serverOutput } = await timeApi(
      label,
      seed,
      { dataDir: path.join(scratchDir, 'pg-grants-data'), databaseUrl: dbUrl },
      problems,
    );
    checkOutput(label, serverOutput, problems);

    console.log(
      `[${label}] driver: pg Pool (max 10), ${GRANTS.warmupRuns} warm-up + ${GRANTS.runs} fetches…`,
    );
    const pool = new pg.Pool({ connectionString: dbUrl, max: 10 });
    pool.on('error', () => {});
    let driver: GrantsRun['driver'];
    try {
      driver = await timeDriver(seed, (q) => pool.query(q.sql, q.params));
    } finally {
      await pool.end();
    }
    const run: GrantsRun = {
      database: 'postgres',
      serverVersion,
      seedMs,
      counts: seed.counts,
      response,
      api,
      driver,
      ratio: api.medianMs / driver.medianMs,
      serverOutput,
    };
    printRun(run);
    return run;
  });
}
