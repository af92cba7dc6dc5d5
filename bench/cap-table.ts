// The cap-table benchmark of issue 4: one company with 2,000 stakeholders and 20,000 register
// events; `GET /api/v1/company/{id}/cap-table?asOf=…` through the built server (sequential
// requests, median of several runs) against fetching the rows a cap table is made of with plain
// SQL through the driver (same database, median of as many runs). Ratio = API ms ÷ driver ms.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildCapTable } from '../src/domain/cap-table';
import { isCashSettled, type PlanType, type StakeholderRelationship } from '../src/domain/equity';
import { replayLedger, type LedgerEvent } from '../src/domain/share-ledger';
import { openPglite, openPostgres, pgliteExtensions, type Database } from '../src/server/db/client';
import {
  company,
  depositaryReceipt,
  equityPlan,
  poolAdjustment,
  shareClass,
  shareEvent,
  stakeholder,
} from '../src/server/db/schema';
import { bulkInsert } from '../src/server/demo/bulk-insert';
import { prng, seedWorkspace, type SeededWorkspace } from './seed';
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

export const CAP_TABLE = {
  stakeholders: 2000,
  events: 20_000,
  receipts: 500,
  /** Most of the register lies before this date, the rest after it (the replay must skip it). */
  asOf: '2024-06-30',
  warmupRuns: 3,
  runs: 15,
};

interface Generated {
  stakeholders: Rows<typeof stakeholder>;
  shareClasses: Rows<typeof shareClass>;
  shareEvents: Rows<typeof shareEvent>;
  receipts: Rows<typeof depositaryReceipt>;
  plans: Rows<typeof equityPlan>;
  poolAdjustments: Rows<typeof poolAdjustment>;
  /** Issued minus cancelled on or before `asOf`, counted while generating. */
  sharesAsOf: number;
}

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
  'Ben',
  'Emilia',
  'Paul',
  'Sophie',
  'Luis',
  'Hanna',
  'Thijs',
  'Noor',
  'Wout',
  'Greta',
];
const LAST = [
  'de Jong',
  'van den Berg',
  'van Dijk',
  'Bakker',
  'Smit',
  'Peeters',
  'Janssens',
  'Maes',
  'Mertens',
  'Willems',
  'Müller',
  'Schmidt',
  'Meyer',
  'Becker',
  'Schulz',
  'Visser',
  'Mulder',
  'de Boer',
  'Claes',
  'Wolf',
];
const FUNDS = [
  'Volta Ventures',
  'Polder Seed',
  'Lowlands Growth',
  'Maas Capital',
  'Scheldt Innovation',
  'Hanse Seed',
  'Isar Venture Partners',
  'Rheingold Ventures',
];
const ROMAN = ['I', 'II', 'III', 'IV', 'V'];
const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

interface Range {
  first: number;
  last: number;
}

/**
 * A deterministic register that is valid by construction: issues take the next share numbers
 * of their class; transfers and cancellations take a block of numbers the giver holds; the STAK
 * never gives shares away, so its receipts stay covered.
 */
function generate(organizationId: string, companyId: string, now: Date): Generated {
  const rand = prng(20_260_404);
  const int = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
  const owned = { organizationId, companyId, createdAt: now, updatedAt: now };

  // Stakeholders: 3 founders, a STAK, 40 investors, 30 advisors, 6 board members, employees.
  const people: { id: string; relationship: StakeholderRelationship }[] = [];
  const stakeholders: Rows<typeof stakeholder> = [];
  const person = (name: string, relationship: StakeholderRelationship, kind = 'individual') => {
    const id = randomUUID();
    people.push({ id, relationship });
    stakeholders.push({
      id,
      ...owned,
      kind,
      name,
      relationship,
      status: 'active',
      email: kind === 'individual' ? `person${people.length}@bench.example` : null,
      taxCountry: 'NL',
    });
    return people.length - 1;
  };
  const founders = ['Sanne Jansen', 'Pieter Dijkstra', 'Eva de Boer'].map((n) =>
    person(n, 'founder'),
  );
  const stak = person('Stichting Administratiekantoor Bench', 'stak', 'institution');
  const investors = Array.from({ length: 40 }, (_, i) =>
    person(
      `${FUNDS[i % FUNDS.length]} Fund ${ROMAN[Math.floor(i / FUNDS.length)]}`,
      'investor',
      'institution',
    ),
  );
  const advisors = Array.from({ length: 30 }, (_, i) =>
    person(`${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]} (advisor)`, 'advisor'),
  );
  for (let i = 0; i < 6; i++)
    person(`${FIRST[(i * 3) % FIRST.length]} ${LAST[i]} (board)`, 'board_member');
  const employees: number[] = [];
  while (people.length < CAP_TABLE.stakeholders) {
    const n = employees.length;
    employees.push(
      person(
        `${FIRST[n % FIRST.length]} ${LAST[Math.floor(n / FIRST.length) % LAST.length]} ${n + 1}`,
        'employee',
      ),
    );
  }

  const classIds = [randomUUID(), randomUUID(), randomUUID()];
  const shareClasses: Rows<typeof shareClass> = [
    ['Gewone aandelen', 'common', 1],
    ['Preferente aandelen Serie A', 'preferred', 2],
    ['Preferente aandelen Serie B', 'preferred', 3],
  ].map(([name, classType, seniority], i) => ({
    id: classIds[i]!,
    ...owned,
    name: name as string,
    classType: classType as string,
    nominalValue: '0.01',
    currency: 'EUR',
    votesPerShare: '1',
    liquidationPreferenceMultiple: i === 0 ? '0' : '1',
    participating: false,
    seniority: seniority as number,
  }));

  // Holdings per (class, holder) as blocks of share numbers; who may give (never the STAK).
  const nextNumber = [1, 1, 1];
  const held = new Map<number, Range[]>();
  const givers: number[] = [];
  const giverAt = new Map<number, number>();
  const key = (cls: number, holder: number) => cls * CAP_TABLE.stakeholders + holder;
  const give = (cls: number, holder: number, range: Range) => {
    const k = key(cls, holder);
    const list = held.get(k) ?? [];
    list.push(range);
    held.set(k, list);
    if (holder !== stak && !giverAt.has(k)) {
      giverAt.set(k, givers.length);
      givers.push(k);
    }
  };
  const takeRandom = () => {
    const k = givers[Math.floor(rand() * givers.length)]!;
    const list = held.get(k)!;
    const i = Math.floor(rand() * list.length);
    const r = list[i]!;
    const count = int(1, Math.min(r.last - r.first + 1, 400));
    const range = { first: r.last - count + 1, last: r.last };
    r.last -= count;
    if (r.last < r.first) list.splice(i, 1);
    if (list.length === 0) {
      // Swap-remove from the givers.
      const at = giverAt.get(k)!;
      const moved = givers.pop()!;
      if (moved !== k) {
        givers[at] = moved;
        giverAt.set(moved, at);
      }
      giverAt.delete(k);
    }
    return {
      cls: Math.floor(k / CAP_TABLE.stakeholders),
      holder: k % CAP_TABLE.stakeholders,
      range,
    };
  };

  // Dates from 2012 to the end of 2025, never decreasing; entered one millisecond apart.
  const start = Date.UTC(2012, 0, 2);
  const span = Date.UTC(2025, 11, 31) - start;
  const entered = now.getTime() - CAP_TABLE.events - 1000;
  const shareEvents: Rows<typeof shareEvent> = [];
  let sharesAsOf = 0;
  const push = (
    type: 'issue' | 'transfer' | 'cancel',
    cls: number,
    range: Range,
    from: number | null,
    to: number | null,
    price: string | null,
  ) => {
    const i = shareEvents.length;
    const date = isoDay(start + Math.floor((span * i) / CAP_TABLE.events / DAY_MS) * DAY_MS);
    const count = range.last - range.first + 1;
    if (date <= CAP_TABLE.asOf)
      sharesAsOf += type === 'issue' ? count : type === 'cancel' ? -count : 0;
    const at = new Date(entered + i);
    shareEvents.push({
      id: randomUUID(),
      organizationId,
      companyId,
      type,
      date,
      shareClassId: classIds[cls]!,
      shareCount: count,
      fromStakeholderId: from === null ? null : people[from]!.id,
      toStakeholderId: to === null ? null : people[to]!.id,
      firstShareNumber: range.first,
      lastShareNumber: range.last,
      pricePerShare: price,
      currency: price === null ? null : 'EUR',
      deedDate: type === 'cancel' ? null : date,
      notary: type === 'cancel' ? null : 'mr. W.J. van der Linden, notaris te Amsterdam',
      notes: null,
      createdAt: at,
      updatedAt: at,
    });
    return date;
  };
  const issue = (cls: number, to: number, count: number, price: string) => {
    const range = { first: nextNumber[cls]!, last: nextNumber[cls]! + count - 1 };
    nextNumber[cls] = range.last + 1;
    give(cls, to, { ...range });
    return push('issue', cls, range, null, to, price);
  };

  for (const f of founders) issue(0, f, 1_000_000, '0.01');
  const stakIssued = issue(0, stak, 300_000, '0.01');
  while (shareEvents.length < CAP_TABLE.events) {
    const year = 2012 + (14 * shareEvents.length) / CAP_TABLE.events;
    const r = rand();
    if (r < 0.35 || givers.length === 0) {
      const c = rand();
      if (year >= 2020 && c < 0.15) issue(2, investors[int(0, 39)]!, int(5_000, 60_000), '6.4');
      else if (year >= 2016 && c < 0.35)
        issue(1, investors[int(0, 39)]!, int(2_000, 40_000), '2.5');
      else {
        const to = rand() < 0.85 ? employees[int(0, employees.length - 1)]! : advisors[int(0, 29)]!;
        issue(0, to, int(100, 3_000), '0.01');
      }
    } else {
      const { cls, holder, range } = takeRandom();
      if (r < 0.85) {
        let to = int(0, people.length - 1);
        while (to === holder || to === stak) to = int(0, people.length - 1);
        give(cls, to, { ...range });
        push('transfer', cls, range, holder, to, rand() < 0.5 ? '1.75' : null);
      } else {
        push('cancel', cls, range, holder, null, null);
      }
    }
  }

  // Depositary receipts of the STAK, held by employees (100–500 each; far below its 300,000).
  const receipts: Rows<typeof depositaryReceipt> = Array.from(
    { length: CAP_TABLE.receipts },
    (_, i) => ({
      id: randomUUID(),
      ...owned,
      stakStakeholderId: people[stak]!.id,
      shareClassId: classIds[0]!,
      holderStakeholderId: people[employees[(i * 37) % employees.length]!]!.id,
      receiptCount: int(100, 500),
      date: isoDay(Date.parse(stakIssued) + (30 + i * 7) * DAY_MS),
    }),
  );

  const plan = (name: string, planType: PlanType, poolSize: number, approved: string) => ({
    id: randomUUID(),
    ...owned,
    name,
    planType,
    shareClassId: classIds[0]!,
    stakStakeholderId: planType === 'receipt_options' ? people[stak]!.id : null,
    poolSize,
    currency: 'EUR',
    boardApprovalDate: approved,
    leaverPolicy: {
      good: { unvested: 'forfeit', vested: 'keep' },
      bad: { unvested: 'forfeit', vested: 'forfeit' },
    },
    acceleration: { trigger: 'none', percent: null, windowMonths: null },
    forfeitedTo: 'pool',
  });
  const plans = [
    plan('Optieplan op certificaten 2014', 'receipt_options', 400_000, '2014-03-01'),
    plan('Stock Option Plan 2019', 'stock_options', 250_000, '2019-06-01'),
    plan('VSOP Deutschland 2021', 'virtual_shares', 50_000, '2021-01-15'),
  ];
  const poolAdjustments: Rows<typeof poolAdjustment> = Array.from({ length: 12 }, (_, i) => {
    const p = plans[i % plans.length]!;
    return {
      id: randomUUID(),
      ...owned,
      planId: p.id,
      date: isoDay(Date.parse(p.boardApprovalDate) + (i + 1) * 120 * DAY_MS),
      shareCount: 10_000 + 1_000 * i,
      reason: 'Pool increase',
    };
  });

  return {
    stakeholders,
    shareClasses,
    shareEvents,
    receipts,
    plans,
    poolAdjustments,
    sharesAsOf,
  };
}

export interface CapTableSeed extends SeededWorkspace {
  companyId: string;
  path: string;
  expected: { rows: number; shares: number; fullyDiluted: number; pools: number };
  counts: {
    stakeholders: number;
    shareClasses: number;
    events: number;
    eventsUpToAsOf: number;
    receipts: number;
    plans: number;
    poolAdjustments: number;
  };
}

/**
 * A bench lawyer's workspace with one company holding the generated structure, bulk-inserted in
 * one transaction. The register is replayed first: an invalid one stops the benchmark.
 */
export async function seedCapTableCompany(db: Database): Promise<CapTableSeed> {
  const workspace = await seedWorkspace(db, 0);
  const companyId = randomUUID();
  const now = new Date();
  const g = generate(workspace.organizationId, companyId, now);

  const events: LedgerEvent[] = g.shareEvents.map((e, seq) => ({
    id: e.id!,
    seq,
    type: e.type as LedgerEvent['type'],
    date: e.date,
    shareClassId: e.shareClassId,
    shareCount: e.shareCount,
    fromStakeholderId: e.fromStakeholderId ?? null,
    toStakeholderId: e.toStakeholderId ?? null,
    firstShareNumber: e.firstShareNumber ?? null,
    lastShareNumber: e.lastShareNumber ?? null,
  }));
  const { violation } = replayLedger(events, {
    receipts: g.receipts.map((r) => ({
      id: r.id!,
      date: r.date,
      stakStakeholderId: r.stakStakeholderId,
      shareClassId: r.shareClassId,
      receiptCount: r.receiptCount,
    })),
  });
  if (violation) throw new Error(`generated register is invalid: ${JSON.stringify(violation)}`);
  const expected = buildCapTable({
    asOf: CAP_TABLE.asOf,
    stakeholders: g.stakeholders.map((s) => ({
      id: s.id!,
      name: s.name,
      relationship: s.relationship as StakeholderRelationship,
    })),
    events,
    plans: g.plans.map((p) => ({
      id: p.id!,
      name: p.name,
      poolSize: p.poolSize,
      effectiveDate: p.boardApprovalDate ?? null,
      adjustments: g.poolAdjustments
        .filter((a) => a.planId === p.id)
        .map((a) => ({ date: a.date, shareCount: a.shareCount })),
      cashSettled: isCashSettled(p.planType as PlanType),
    })),
  });
  if (expected.totals.shares !== g.sharesAsOf) {
    throw new Error(
      `cap table engine counts ${expected.totals.shares} shares, the generator ${g.sharesAsOf}`,
    );
  }

  await db.transaction(async (tx) => {
    await tx.insert(company).values({
      id: companyId,
      organizationId: workspace.organizationId,
      companyName: 'Benchmark Holding B.V.',
      companyType: 'BV',
      country: 'NL',
      city: 'Amsterdam',
      incorporationDate: '2012-01-02',
      createdAt: now,
      updatedAt: now,
    });
    await bulkInsert(tx, stakeholder, g.stakeholders);
    await bulkInsert(tx, shareClass, g.shareClasses);
    await bulkInsert(tx, shareEvent, g.shareEvents);
    await bulkInsert(tx, depositaryReceipt, g.receipts);
    await bulkInsert(tx, equityPlan, g.plans);
    await bulkInsert(tx, poolAdjustment, g.poolAdjustments);
  });
  return {
    ...workspace,
    companyId,
    path: `/api/v1/company/${companyId}/cap-table?asOf=${CAP_TABLE.asOf}`,
    expected: {
      rows: expected.rows.length,
      shares: expected.totals.shares,
      fullyDiluted: expected.totals.fullyDiluted,
      pools: expected.pools.length,
    },
    counts: {
      stakeholders: g.stakeholders.length,
      shareClasses: g.shareClasses.length,
      events: g.shareEvents.length,
      eventsUpToAsOf: g.shareEvents.filter((e) => e.date <= CAP_TABLE.asOf).length,
      receipts: g.receipts.length,
      plans: g.plans.length,
      poolAdjustments: g.poolAdjustments.length,
    },
  };
}

/**
 * The rows a cap table as of a date is made of, in plain SQL: the company's stakeholders, its
 * register up to the date in register order, its share classes, plans and pool adjustments.
 */
export function capTableRowQueries(companyId: string, asOf: string) {
  return [
    {
      sql: 'select id, name, relationship from stakeholder where company_id = $1',
      params: [companyId],
    },
    {
      sql:
        'select id, type, date, share_class_id, share_count, from_stakeholder_id, to_stakeholder_id, ' +
        'first_share_number, last_share_number from share_event ' +
        'where company_id = $1 and date <= $2 order by date, created_at, id',
      params: [companyId, asOf],
    },
    {
      sql: 'select id, name, class_type, seniority from share_class where company_id = $1',
      params: [companyId],
    },
    {
      sql:
        'select id, name, plan_type, pool_size, board_approval_date from equity_plan ' +
        'where company_id = $1',
      params: [companyId],
    },
    {
      sql: 'select plan_id, date, share_count from pool_adjustment where company_id = $1',
      params: [companyId],
    },
  ];
}

export interface CapTableRun {
  database: 'pglite' | 'postgres';
  serverVersion: string;
  seedMs: number;
  counts: CapTableSeed['counts'];
  /** Rows and size of the API's answer. */
  response: { rows: number; pools: number; bytes: number };
  api: Latency;
  driver: Latency & { rows: number };
  /** API median ÷ driver median. */
  ratio: number;
  serverOutput: string[];
}

/** GET the cap table through the built server: checks the answer once, then times it. */
async function timeApi(
  label: string,
  seed: CapTableSeed,
  server: { dataDir: string; databaseUrl?: string },
  problems: string[],
): Promise<{ api: Latency; response: CapTableRun['response']; serverOutput: string[] }> {
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
    const body = JSON.parse(text) as {
      rows?: unknown[];
      pools?: unknown[];
      totals?: { shares: number; fullyDiluted: number };
    };
    const { expected } = seed;
    if (
      res.status !== 200 ||
      body.rows?.length !== expected.rows ||
      body.pools?.length !== expected.pools ||
      body.totals?.shares !== expected.shares ||
      body.totals.fullyDiluted !== expected.fullyDiluted
    ) {
      throw new Error(
        `${label}: GET ${seed.path} answered ${res.status} with ${body.rows?.length} rows, ` +
          `${body.totals?.shares} shares (expected ${expected.rows} rows, ${expected.shares} shares)`,
      );
    }
    const api = await timeRuns(CAP_TABLE, async () => {
      const r = await get();
      await r.arrayBuffer();
      if (r.status !== 200) throw new Error(`${label}: cap table answered ${r.status}`);
    });
    return {
      api,
      response: {
        rows: expected.rows,
        pools: expected.pools,
        bytes: Buffer.byteLength(text),
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

/** Runs the plain queries as the service does (all at once); the fetch is done when all are in. */
async function timeDriver(
  seed: CapTableSeed,
  query: (q: { sql: string; params: unknown[] }) => Promise<{ rows: unknown[] }>,
): Promise<Latency & { rows: number }> {
  const queries = capTableRowQueries(seed.companyId, CAP_TABLE.asOf);
  const check = await Promise.all(queries.map(query));
  const rows = check.reduce((n, r) => n + r.rows.length, 0);
  const expectedRows =
    seed.counts.stakeholders +
    seed.counts.eventsUpToAsOf +
    seed.counts.shareClasses +
    seed.counts.plans +
    seed.counts.poolAdjustments;
  if (rows !== expectedRows) throw new Error(`driver fetched ${rows} rows, not ${expectedRows}`);
  const latency = await timeRuns(CAP_TABLE, async () => {
    await Promise.all(queries.map(query));
  });
  return { ...latency, rows };
}

function printRun(run: CapTableRun) {
  const name = run.database === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const c = run.counts;
  console.log(
    `\n${name} (${run.serverVersion}): cap table of ${fmt(c.stakeholders)} stakeholders and ` +
      `${fmt(c.events)} events (${fmt(c.eventsUpToAsOf)} up to ${CAP_TABLE.asOf}), seeded in ${fmt(run.seedMs)} ms`,
  );
  console.log(
    `  API     GET …/cap-table?asOf=${CAP_TABLE.asOf}   median ${fmt(run.api.medianMs, 1).padStart(7)} ms   ` +
      `min ${fmt(run.api.minMs, 1)} ms   max ${fmt(run.api.maxMs, 1)} ms   ` +
      `(${fmt(run.response.rows)} rows, ${fmt(run.response.bytes / 1000, 1)} kB)`,
  );
  console.log(
    `  Driver  the same rows in plain SQL       median ${fmt(run.driver.medianMs, 1).padStart(7)} ms   ` +
      `min ${fmt(run.driver.minMs, 1)} ms   max ${fmt(run.driver.maxMs, 1)} ms   (${fmt(run.driver.rows)} rows)`,
  );
  console.log(`  API ÷ driver: ${fmt(run.ratio, 2)}×`);
  if (run.serverOutput.length > 0) {
    console.log(
      `  Server printed during the run:\n    ${run.serverOutput.slice(0, 20).join('\n    ')}`,
    );
  }
}

export async function benchCapTablePglite(
  dataDir: string,
  problems: string[],
): Promise<CapTableRun> {
  const label = 'cap table, PGlite';
  console.log(`\n[${label}] seeding in ${dataDir}…`);
  const t0 = performance.now();
  const handle = await openPglite(dataDir);
  let seed: CapTableSeed;
  let serverVersion: string;
  try {
    await handle.migrate();
    seed = await seedCapTableCompany(handle.db);
    await handle.db.execute(sql`analyze`);
    serverVersion = `PostgreSQL ${await serverVersionOf(handle.db)} in WASM`;
  } finally {
    await handle.close();
  }
  const seedMs = performance.now() - t0;

  console.log(
    `[${label}] API: ${CAP_TABLE.warmupRuns} warm-up + ${CAP_TABLE.runs} sequential requests…`,
  );
  const { api, response, serverOutput } = await timeApi(label, seed, { dataDir }, problems);
  checkOutput(label, serverOutput, problems);

  console.log(`[${label}] driver: ${CAP_TABLE.warmupRuns} warm-up + ${CAP_TABLE.runs} fetches…`);
  const client = await PGlite.create(path.join(dataDir, 'pg'), {
    extensions: await pgliteExtensions(),
  });
  let driver: CapTableRun['driver'];
  try {
    driver = await timeDriver(seed, (q) => client.query(q.sql, q.params));
  } finally {
    await client.exec('CHECKPOINT');
    await client.close();
  }
  const run: CapTableRun = {
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

export async function benchCapTablePostgres(
  adminUrl: string,
  scratchDir: string,
  problems: string[],
): Promise<CapTableRun> {
  const label = 'cap table, PostgreSQL';
  return withScratchDatabase(adminUrl, 'bench_cap', async ({ name, url: dbUrl }) => {
    console.log(`\n[${label}] seeding in database ${name}…`);
    const t0 = performance.now();
    const handle = await openPostgres(dbUrl);
    let seed: CapTableSeed;
    let serverVersion: string;
    try {
      await handle.migrate();
      seed = await seedCapTableCompany(handle.db);
      await handle.db.execute(sql`analyze`);
      serverVersion = `PostgreSQL ${await serverVersionOf(handle.db)}`;
    } finally {
      await handle.close();
    }
    const seedMs = performance.now() - t0;

    console.log(
      `[${label}] API: ${CAP_TABLE.warmupRuns} warm-up + ${CAP_TABLE.runs} sequential requests…`,
    );
    const { api, response, serverOutput } = await timeApi(
      label,
      seed,
      { dataDir: path.join(scratchDir, 'pg-cap-table-data'), databaseUrl: dbUrl },
      problems,
    );
    checkOutput(label, serverOutput, problems);

    console.log(
      `[${label}] driver: pg Pool (max 10), ${CAP_TABLE.warmupRuns} warm-up + ${CAP_TABLE.runs} fetches…`,
    );
    const pool = new pg.Pool({ connectionString: dbUrl, max: 10 });
    pool.on('error', () => {});
    let driver: CapTableRun['driver'];
    try {
      driver = await timeDriver(seed, (q) => pool.query(q.sql, q.params));
    } finally {
      await pool.end();
    }
    const run: CapTableRun = {
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
