// The spreadsheet import benchmark of issue 13 (a section of `npm run bench`, `--only=imports`;
// alone: `node --import tsx bench/imports.ts [--rows=N]`, on PostgreSQL too with DATABASE_URL).
// In process, on a fresh database: a CSV of 10,000 stakeholders read, mapped and validated (the
// dry run), then committed in one transaction through the API's create service; prints both
// times and the commit's rate in rows per second against the target (under 30 s). Then
// 10,000 register events (issues and transfers among those stakeholders) the same way: the
// register takes them at once, with one replay (decision 025).
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { openPglite, openPostgres, type DatabaseHandle } from '../src/server/db/client';
import { company, organization, shareClass } from '../src/server/db/schema';
import type { Actor } from '../src/server/http/context';
import {
  commitImport,
  createImport,
  getImport,
  settleImports,
} from '../src/server/modules/imports/service';
import { withScratchDatabase } from './util';

/** Issue 13: 10,000 rows imported in under 30 s. */
export const IMPORT_TARGET = { rows: 10_000, commitMs: 30_000 };

export interface ImportsRun {
  database: 'pglite' | 'postgres';
  kind: 'stakeholders' | 'share-events';
  rows: number;
  bytes: number;
  dryRunMs: number;
  commitMs: number;
  commitRowsPerS: number;
}

async function timeImport(
  handle: DatabaseHandle,
  database: ImportsRun['database'],
  rows: number,
): Promise<ImportsRun[]> {
  await handle.migrate();
  const db = handle.db;
  const organizationId = 'bench-org';
  await db
    .insert(organization)
    .values({ id: organizationId, name: 'Bench', slug: 'bench', createdAt: new Date() });
  const [row] = await db
    .insert(company)
    .values({ organizationId, companyName: 'Bench Import B.V.', companyType: 'BV', country: 'NL' })
    .returning({ id: company.id });
  const companyId = row!.id;
  const actor: Actor = { userId: null, userName: 'Bench', organizationId, role: 'owner' };

  async function run(kind: ImportsRun['kind'], lines: string[]): Promise<ImportsRun> {
    const bytes = new TextEncoder().encode(lines.join('\r\n'));
    let start = performance.now();
    const job = await createImport({
      db,
      actor,
      input: { companyId, kind, fileName: 'bench.csv', bytes, language: 'en' },
    });
    const dryRunMs = performance.now() - start;
    if (job.errors.length > 0) throw new Error(`dry run errors: ${JSON.stringify(job.errors[0])}`);
    start = performance.now();
    await commitImport({ db, actor, input: { companyId, importId: job.id, language: 'en' } });
    await settleImports();
    const commitMs = performance.now() - start;
    const after = await getImport({
      db,
      actor,
      input: { companyId, importId: job.id, language: 'en' },
    });
    const count = lines.length - 1;
    if (after.status !== 'committed' || after.created !== count)
      throw new Error(`commit: ${after.status}, ${after.created} created of ${count}`);
    return {
      database,
      kind,
      rows: count,
      bytes: bytes.length,
      dryRunMs,
      commitMs,
      commitRowsPerS: (count / commitMs) * 1000,
    };
  }

  const people = ['Naam;E-mail;Relatie;Personeelsnummer;Plaats'];
  for (let i = 0; i < rows; i++)
    people.push(`Persoon ${i};p${i}@example.nl;werknemer;E-${i};Utrecht`);
  const stakeholders = await run('stakeholders', people);

  await db.insert(shareClass).values({
    organizationId,
    companyId,
    name: 'Gewone aandelen',
    nominalValue: '0.01',
    currency: 'EUR',
    classType: 'common',
    votesPerShare: '1',
    liquidationPreferenceMultiple: '1',
  });
  // Per stakeholder (by employee id) over the days of 2024: an issue, and every fifth row a
  // transfer of part of it to the next stakeholder.
  const events = ['Soort;Datum;Soort aandelen;Aantal aandelen;Van;Aan'];
  for (let i = 0; events.length <= rows; i++) {
    const day = `${String((i % 28) + 1).padStart(2, '0')}-${String((Math.floor(i / 28) % 12) + 1).padStart(2, '0')}-2024`;
    events.push(`uitgifte;${day};Gewone aandelen;1000;;E-${i % rows}`);
    if (i % 4 === 3 && events.length <= rows)
      events.push(`overdracht;${day};Gewone aandelen;250;E-${i % rows};E-${(i + 1) % rows}`);
  }
  const register = await run('share-events', events);
  return [stakeholders, register];
}

function printRun(run: ImportsRun): void {
  const what = run.kind === 'stakeholders' ? 'stakeholder rows' : 'register events';
  const label = run.database === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const rate = (ms: number) => Math.round((run.rows / ms) * 1000).toLocaleString('en');
  const verdict = run.commitMs < IMPORT_TARGET.commitMs ? 'PASS' : 'FAIL';
  console.log(
    `\n[imports, ${label}] ${run.rows.toLocaleString('en')} ${what} (CSV, ${run.bytes} bytes)`,
  );
  console.log(`  dry run: ${run.dryRunMs.toFixed(0)} ms (${rate(run.dryRunMs)} rows/s)`);
  console.log(
    `  commit:  ${run.commitMs.toFixed(0)} ms (${rate(run.commitMs)} rows/s), ` +
      `target < ${IMPORT_TARGET.commitMs / 1000} s: ${verdict}`,
  );
}

export async function benchImportsPglite(rows = IMPORT_TARGET.rows): Promise<ImportsRun[]> {
  const handle = await openPglite(undefined);
  try {
    const runs = await timeImport(handle, 'pglite', rows);
    runs.forEach(printRun);
    return runs;
  } finally {
    await handle.close();
  }
}

export async function benchImportsPostgres(
  adminUrl: string,
  rows = IMPORT_TARGET.rows,
): Promise<ImportsRun[]> {
  return withScratchDatabase(adminUrl, 'bench_imports', async ({ url }) => {
    const handle = await openPostgres(url);
    try {
      const runs = await timeImport(handle, 'postgres', rows);
      runs.forEach(printRun);
      return runs;
    } finally {
      await handle.close();
    }
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = Number(
    process.argv.find((a) => a.startsWith('--rows='))?.slice(7) ?? IMPORT_TARGET.rows,
  );
  await benchImportsPglite(rows);
  const url = process.env.DATABASE_URL;
  if (url) await benchImportsPostgres(url, rows);
}
