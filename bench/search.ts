// The search benchmark of issue 15 (a section of `npm run bench`, `--only=search`): one workspace
// with 100,000 companies, 150,000 contacts and 150,000 stakeholders (300,000 people) and 500,000
// notes on PostgreSQL (DATABASE_URL; a twentieth of that on PGlite), seeded with set-based SQL
// (generate_series; Dutch, Belgian and German names with their accents, notes as lawyers write
// them). Then `GET /api/v1/search?q=…` through the built server, signed in as the workspace's
// owner, one request after another over a mix of 200 queries (full names, 2–4 letter prefixes,
// accented and unaccented spellings, company names, common words, registration numbers, no
// match), p50 and p95; and the very statement the service runs (`searchStatement`) straight
// through the driver for the same mix. Ratio = API ÷ driver. Target: API p95 under 100 ms on
// PostgreSQL.
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { SEARCH_TYPES } from '../src/contracts/search';
import { openPglite, openPostgres, pgliteExtensions, type Database } from '../src/server/db/client';
import { searchStatement } from '../src/server/modules/search/service';
import { BENCH_WORDS, seedWorkspace, type SeededWorkspace } from './seed';
import { freePort, signIn, spawnBuiltServer, waitForFirst200 } from './server-process';
import { checkOutput, fmt, serverVersionOf, unexpectedOutput, withScratchDatabase } from './util';

export const SEARCH_BENCH = {
  postgres: { companies: 100_000, contacts: 150_000, stakeholders: 150_000, notes: 500_000 },
  pglite: { companies: 5_000, contacts: 7_500, stakeholders: 7_500, notes: 25_000 },
  queries: 200,
  warmupQueries: 20,
  limit: 20,
  targetP95Ms: 100,
};

/** What a lawyer types: names whole and in part, with and without accents, words, numbers. */
export const QUERY_MIX = [
  'Jürgen Müller',
  'jurgen muller',
  'Müller',
  'muller',
  'mu',
  'mül',
  'Schröder',
  'schroder',
  'Lefèvre',
  'lefevre',
  'Anaïs Dubois',
  'de Vries',
  'Sanne Bakker',
  'bak',
  'vri',
  'jan',
  'peet',
  'Noordzee Robotics',
  'noord rob',
  'Schelde Logistics',
  'Isar',
  'ze',
  'uitoefenprijs',
  'aandeelhouders',
  'de',
  'cliff',
  'Ausübungspreis',
  'ausubungspreis',
  'good leaver',
  '000123',
  'Köln',
  'gent',
  'xyzzy',
  'qwertyuiop asdf',
  'Zoë Janssens',
  'Björn',
  'wouters',
  'François',
  'gro',
  'Weiß',
];

export interface SearchRun {
  database: 'pglite' | 'postgres';
  serverVersion: string;
  seedMs: number;
  counts: { companies: number; contacts: number; stakeholders: number; notes: number };
  /** Results of each query of the mix, once (a check that the seed is searchable). */
  resultsPerQuery: Record<string, number>;
  api: Percentiles;
  driver: Percentiles;
  /** API p50 ÷ driver p50, API p95 ÷ driver p95. */
  ratioP50: number;
  ratioP95: number;
  serverOutput: string[];
}

export interface Percentiles {
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  runs: number;
}

function percentiles(xs: number[]): Percentiles {
  const s = [...xs].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
  return { p50Ms: at(50), p95Ms: at(95), maxMs: s.at(-1)!, runs: s.length };
}

const FIRST = [
  'Jürgen',
  'Sören',
  'Anaïs',
  'Chloé',
  'Zoë',
  'Daan',
  'Sanne',
  'Bram',
  'Lotte',
  'Joël',
  'Renée',
  'Björn',
  'Jörg',
  'Käthe',
  'Élodie',
  'François',
  'Inès',
  'Noël',
  'Thijs',
  'Eline',
  'Maarten',
  'Femke',
  'Wouter',
  'Griet',
  'Jens',
  'Lukas',
  'Jan',
  'Pieter',
  'Anke',
  'Hélène',
  'Stijn',
  'Lieve',
  'Matthias',
  'Ümit',
  'Ayşe',
  'Niels',
  'Fleur',
  'Kees',
  'Ingrid',
  'Rémy',
];
const LAST = [
  'Müller',
  'de Vries',
  'Janssens',
  'Peeters',
  'Schröder',
  'Meijer',
  'Bakker',
  'Dubois',
  'Lefèvre',
  'Van den Broeck',
  'Wouters',
  'Schäfer',
  'Groß',
  'Köhler',
  'Jansen',
  'de Jong',
  'Visser',
  'Claes',
  'Maes',
  'Hoffmann',
  'Weiß',
  'Vermeulen',
  'Smit',
  'Mertens',
  'Lambert',
  'Dupont',
  'Fischer',
  'Becker',
  'Öztürk',
  'van der Berg',
  'Hendriks',
  'Dijkstra',
  'Goossens',
  'Jacobs',
  'Willems',
  'Schmitz',
  'Krüger',
  'Brandt',
  'Van Damme',
  'Coppens',
  'Peters',
];
// The company-list bench's words, plus accented ones (search must fold them).
const PREFIX = [
  ...BENCH_WORDS.prefixes,
  'Zeeuws',
  'Brügge',
  'Düssel',
  'Lüneburg',
  'Gentse',
  'Liège',
];
const SECTOR = [
  'Robotics',
  'Data',
  'Energy',
  'Software',
  'Photonics',
  'Logistics',
  'BioSciences',
  'Foodtech',
  'Games',
  'Mobility',
  'Analytics',
  'Fintech',
  'Labs',
  'Medtech',
  'Maritime',
  'Cloud',
  'Health',
  'Sensorik',
  'Payments',
  'Biotech',
  'Security',
  'Materials',
  'Payroll',
  'Systems',
  'Ventures',
  'Netwerken',
  'Studio',
  'Agritech',
  'Klimaat',
  'Lösungen',
];
const FORM = ['B.V.', 'BV', 'NV', 'GmbH', 'UG', 'AG', 'B.V.', 'SRL'];
const CITY = [
  'Amsterdam',
  'Rotterdam',
  'Utrecht',
  'Den Haag',
  'Eindhoven',
  'Groningen',
  'Antwerpen',
  'Gent',
  'Brussel',
  'Leuven',
  'Liège',
  'Berlin',
  'München',
  'Köln',
  'Hamburg',
  'Düsseldorf',
];
const FUNCTION_WORDS = ['CFO', 'HR', 'oprichter', 'bestuurder', 'jurist', 'investeerder'];
const NOTES = [
  'Telefoongesprek met {name} over de cliff van de medewerkers en de uitoefenprijs van de nieuwe opties.',
  'Meeting met de raad van bestuur: uitbreiding van de optiepool besproken, aandeelhouders moeten nog instemmen.',
  'E-mail aan {name} gestuurd met de concept-toekenningsbrief en het vestingschema (4 jaar, cliff 1 jaar).',
  'Besprechung mit {name} zur Bewertung und zum Ausübungspreis; Unterlagen folgen bis Freitag.',
  'Call: good leaver en bad leaver bepalingen toegelicht aan {name}; vragen over fiscale behandeling bij uitoefening.',
  'Overleg met de notaris over de certificering via de STAK en de statutenwijziging.',
  'Rendez-vous avec {name}: calendrier d’acquisition et prix d’exercice des options.',
  '{name} vraagt of de vesting doorloopt tijdens ouderschapsverlof; nagekeken in het plan.',
  'Waardering 2025 ontvangen van de taxateur; de FMV per aandeel is gestegen, brief aan de houders volgt.',
  'Change of control: acceleratie (double trigger) uitgelegd aan {name} en de investeerders.',
];

const literal = (xs: readonly string[]) =>
  sql.raw(`array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(', ')}]::text[]`);

/** The bench's workspace and owner, then its companies, people and notes in set-based SQL. */
export async function seedSearch(
  db: Database,
  counts: SearchRun['counts'],
): Promise<SeededWorkspace> {
  const seeded = await seedWorkspace(db, 0);
  const org = seeded.organizationId;
  const names = sql`(select ${literal(FIRST)} f, ${literal(LAST)} l) n`;
  await db.execute(sql`
    insert into company (organization_id, company_name, company_type, country, city, vat, registration_number, created_at, updated_at)
    select ${org},
      w.p[1 + i % array_length(w.p, 1)] || ' ' || w.s[1 + (i / array_length(w.p, 1)) % array_length(w.s, 1)]
        || ' ' || w.fo[1 + i % array_length(w.fo, 1)],
      'BV', (array['NL', 'BE', 'DE'])[1 + i % 3], w.c[1 + (i * 7) % array_length(w.c, 1)],
      case when i % 3 = 0 then 'NL' || lpad(i::text, 9, '0') || 'B01' end,
      lpad(i::text, 8, '0'), now(), now()
    from generate_series(1, ${counts.companies}) i,
      (select ${literal(PREFIX)} p, ${literal(SECTOR)} s, ${literal(FORM)} fo, ${literal(CITY)} c) w`);
  // The workspace's companies numbered 0…n-1, to spread people and notes over them.
  await db.execute(sql`create temporary table bench_co as
    select id, (row_number() over (order by id)) - 1 as rn from company where organization_id = ${org}`);
  await db.execute(sql`create index on bench_co (rn)`);
  const person = (i: string) =>
    sql.raw(
      `n.f[1 + ${i} % array_length(n.f, 1)] || ' ' || n.l[1 + (${i} / array_length(n.f, 1) + ${i} / 7) % array_length(n.l, 1)]`,
    );
  await db.execute(sql`
    insert into stakeholder (organization_id, company_id, kind, name, relationship, email, employee_id)
    select ${org}, co.id, 'individual', ${person('i')}, 'employee',
      'medewerker' || i || '@example.com', 'E' || lpad(i::text, 6, '0')
    from generate_series(1, ${counts.stakeholders}) i
      join bench_co co on co.rn = i % ${counts.companies}, ${names}`);
  await db.execute(sql`
    insert into contact (organization_id, company_id, name, function, email, phone)
    select ${org}, co.id, ${person('(i * 3 + 11)')},
      (${literal(FUNCTION_WORDS)})[1 + i % ${FUNCTION_WORDS.length}],
      'contact' || i || '@client.example', '+31 20 ' || lpad((i % 10000000)::text, 7, '0')
    from generate_series(1, ${counts.contacts}) i
      join bench_co co on co.rn = (i * 7) % ${counts.companies}, ${names}`);
  await db.execute(sql`
    insert into note (organization_id, company_id, kind, body, occurred_at, author_name)
    select ${org}, co.id, (array['note', 'call', 'meeting', 'email'])[1 + i % 4],
      replace(t.b[1 + i % array_length(t.b, 1)], '{name}', ${person('(i * 5 + 3)')}),
      now() - (i % 1000) * interval '1 day', 'Bram Bench'
    from generate_series(1, ${counts.notes}) i
      join bench_co co on co.rn = (i * 13) % ${counts.companies}, ${names},
      (select ${literal(NOTES)} b) t`);
  await db.execute(sql`drop table bench_co`);
  await db.execute(sql`analyze`);
  return seeded;
}

const dialect = new PgDialect();

/** The statement the service runs for the owner (every type, nothing hidden), as driver SQL. */
function driverQuery(organizationId: string, q: string) {
  const statement = searchStatement({
    organizationId,
    input: { q, limit: SEARCH_BENCH.limit },
    types: SEARCH_TYPES,
    hidden: [],
  });
  return statement ? dialect.sqlToQuery(statement) : null;
}

const mix = () =>
  Array.from({ length: SEARCH_BENCH.queries }, (_, i) => QUERY_MIX[i % QUERY_MIX.length]!);

async function timeApi(
  label: string,
  seeded: SeededWorkspace,
  server: { dataDir: string; databaseUrl?: string },
  problems: string[],
) {
  const built = spawnBuiltServer({ port: await freePort(), ...server });
  try {
    await waitForFirst200(built);
    const cookie = await signIn(built.url, seeded.email, seeded.password);
    const get = async (q: string) => {
      const res = await fetch(
        `${built.url}/api/v1/search?${new URLSearchParams({ q, limit: String(SEARCH_BENCH.limit) })}`,
        { headers: { cookie, 'accept-encoding': 'identity' } },
      );
      const body = (await res.json()) as { results?: unknown[] };
      if (res.status !== 200 || !Array.isArray(body.results))
        throw new Error(`${label}: search for ${q} answered ${res.status}`);
      return body.results.length;
    };
    const resultsPerQuery: Record<string, number> = {};
    for (const q of QUERY_MIX) resultsPerQuery[q] = await get(q);
    for (let i = 0; i < SEARCH_BENCH.warmupQueries; i++)
      await get(QUERY_MIX[i % QUERY_MIX.length]!);
    const times: number[] = [];
    for (const q of mix()) {
      const t0 = performance.now();
      await get(q);
      times.push(performance.now() - t0);
    }
    return {
      api: percentiles(times),
      resultsPerQuery,
      serverOutput: unexpectedOutput(built.output()),
    };
  } finally {
    const exit = await built.stop();
    if (exit.code !== 0)
      problems.push(`${label}: server exited with ${exit.code ?? exit.signal}:\n${built.output()}`);
  }
}

async function timeDriver(
  organizationId: string,
  query: (q: { sql: string; params: unknown[] }) => Promise<{ rows: unknown[] }>,
): Promise<Percentiles> {
  const run = async (q: string) => {
    const statement = driverQuery(organizationId, q);
    if (statement) await query(statement);
  };
  for (let i = 0; i < SEARCH_BENCH.warmupQueries; i++) await run(QUERY_MIX[i % QUERY_MIX.length]!);
  const times: number[] = [];
  for (const q of mix()) {
    const t0 = performance.now();
    await run(q);
    times.push(performance.now() - t0);
  }
  return percentiles(times);
}

function printRun(run: SearchRun) {
  const name = run.database === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const c = run.counts;
  console.log(
    `\n${name} (${run.serverVersion}): ${fmt(c.companies)} companies, ${fmt(c.contacts)} contacts, ` +
      `${fmt(c.stakeholders)} stakeholders, ${fmt(c.notes)} notes, seeded in ${fmt(run.seedMs / 1000, 1)} s`,
  );
  const sample = Object.entries(run.resultsPerQuery)
    .slice(0, 8)
    .map(([q, n]) => `${q}: ${n}`)
    .join(', ');
  console.log(`  Results per query (first of the mix): ${sample}, …`);
  console.log(
    `  API     GET /api/v1/search   p50 ${fmt(run.api.p50Ms, 1).padStart(6)} ms   p95 ${fmt(run.api.p95Ms, 1).padStart(6)} ms   max ${fmt(run.api.maxMs, 1)} ms   (${run.api.runs} queries)`,
  );
  console.log(
    `  Driver  the same statement   p50 ${fmt(run.driver.p50Ms, 1).padStart(6)} ms   p95 ${fmt(run.driver.p95Ms, 1).padStart(6)} ms   max ${fmt(run.driver.maxMs, 1)} ms`,
  );
  console.log(`  API ÷ driver: p50 ${fmt(run.ratioP50, 2)}×, p95 ${fmt(run.ratioP95, 2)}×`);
  if (run.serverOutput.length > 0)
    console.log(`  Server printed:\n    ${run.serverOutput.slice(0, 20).join('\n    ')}`);
}

function runOf(
  database: SearchRun['database'],
  serverVersion: string,
  seedMs: number,
  counts: SearchRun['counts'],
  api: Awaited<ReturnType<typeof timeApi>>,
  driver: Percentiles,
): SearchRun {
  return {
    database,
    serverVersion,
    seedMs,
    counts,
    resultsPerQuery: api.resultsPerQuery,
    api: api.api,
    driver,
    ratioP50: api.api.p50Ms / driver.p50Ms,
    ratioP95: api.api.p95Ms / driver.p95Ms,
    serverOutput: api.serverOutput,
  };
}

export async function benchSearchPglite(dataDir: string, problems: string[]): Promise<SearchRun> {
  const label = 'search, PGlite';
  const counts = SEARCH_BENCH.pglite;
  console.log(`\n[${label}] seeding in ${dataDir}…`);
  const t0 = performance.now();
  const handle = await openPglite(dataDir);
  let seeded: SeededWorkspace;
  let serverVersion: string;
  try {
    await handle.migrate();
    seeded = await seedSearch(handle.db, counts);
    serverVersion = `PostgreSQL ${await serverVersionOf(handle.db)} in WASM`;
  } finally {
    await handle.close();
  }
  const seedMs = performance.now() - t0;
  console.log(`[${label}] API: ${SEARCH_BENCH.queries} sequential searches…`);
  const api = await timeApi(label, seeded, { dataDir }, problems);
  checkOutput(label, api.serverOutput, problems);
  console.log(`[${label}] driver: the same ${SEARCH_BENCH.queries} statements…`);
  const client = await PGlite.create(path.join(dataDir, 'pg'), {
    extensions: await pgliteExtensions(),
  });
  let driver: Percentiles;
  try {
    driver = await timeDriver(seeded.organizationId, (q) => client.query(q.sql, q.params));
  } finally {
    await client.exec('CHECKPOINT');
    await client.close();
  }
  const run = runOf('pglite', serverVersion, seedMs, counts, api, driver);
  printRun(run);
  return run;
}

export async function benchSearchPostgres(
  adminUrl: string,
  scratchDir: string,
  problems: string[],
): Promise<SearchRun> {
  const label = 'search, PostgreSQL';
  const counts = SEARCH_BENCH.postgres;
  return withScratchDatabase(adminUrl, 'bench_search', async ({ name, url: dbUrl }) => {
    console.log(`\n[${label}] seeding in database ${name}…`);
    const t0 = performance.now();
    const handle = await openPostgres(dbUrl);
    let seeded: SeededWorkspace;
    let serverVersion: string;
    try {
      await handle.migrate();
      seeded = await seedSearch(handle.db, counts);
      serverVersion = `PostgreSQL ${await serverVersionOf(handle.db)}`;
    } finally {
      await handle.close();
    }
    const seedMs = performance.now() - t0;
    console.log(`[${label}] API: ${SEARCH_BENCH.queries} sequential searches…`);
    const api = await timeApi(
      label,
      seeded,
      { dataDir: path.join(scratchDir, 'pg-search-data'), databaseUrl: dbUrl },
      problems,
    );
    checkOutput(label, api.serverOutput, problems);
    console.log(
      `[${label}] driver: pg Pool (max 10), the same ${SEARCH_BENCH.queries} statements…`,
    );
    const pool = new pg.Pool({ connectionString: dbUrl, max: 10 });
    pool.on('error', () => {});
    let driver: Percentiles;
    try {
      driver = await timeDriver(seeded.organizationId, (q) => pool.query(q.sql, q.params));
    } finally {
      await pool.end();
    }
    const run = runOf('postgres', serverVersion, seedMs, counts, api, driver);
    printRun(run);
    return run;
  });
}
