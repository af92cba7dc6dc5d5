// The documents benchmark of issue 14 (a section of `npm run bench`, `--only=documents`; alone:
// `node --import tsx bench/documents.ts [--letters=N]`, on PostgreSQL too with DATABASE_URL).
// In process, on a fresh database: a company with 500 grants (made through the API's services),
// then one batch of 500 grant letters from the standard template, stored and zipped; prints the
// batch's time and the time per letter. The issue sets no target: the figure is for information.
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { unzipSync } from 'fflate';
import { planCreateSchema, shareClassCreateSchema } from '../src/contracts/equity';
import { grantCreateSchema } from '../src/contracts/vesting';
import { openPglite, openPostgres, type DatabaseHandle } from '../src/server/db/client';
import { company, organization } from '../src/server/db/schema';
import type { Actor } from '../src/server/http/context';
import {
  generateDocument,
  getDocumentJob,
  getDocumentJobFile,
  settleDocumentJobs,
} from '../src/server/modules/documents/service';
import { createPlan } from '../src/server/modules/equity/plans';
import { createShareClass } from '../src/server/modules/equity/share-classes';
import { createStakeholders } from '../src/server/modules/equity/stakeholders';
import { createGrant } from '../src/server/modules/grants/service';
import { withScratchDatabase } from './util';

export const DOCUMENTS_BENCH = { letters: 500 };

export interface DocumentsRun {
  database: 'pglite' | 'postgres';
  letters: number;
  zipBytes: number;
  batchMs: number;
  perLetterMs: number;
}

async function timeBatch(
  handle: DatabaseHandle,
  database: DocumentsRun['database'],
  letters: number,
): Promise<DocumentsRun> {
  await handle.migrate();
  const db = handle.db;
  const organizationId = 'bench-org';
  await db
    .insert(organization)
    .values({ id: organizationId, name: 'Bench Advocaten', slug: 'bench', createdAt: new Date() });
  const [row] = await db
    .insert(company)
    .values({
      organizationId,
      companyName: 'Bench Documents B.V.',
      companyType: 'BV',
      country: 'NL',
    })
    .returning({ id: company.id });
  const companyId = row!.id;
  const actor: Actor = { userId: null, userName: 'Bench', organizationId, role: 'owner' };
  const args = <I>(input: I) => ({ db, actor, input });
  const holders = await db.transaction((tx) =>
    createStakeholders({
      actor,
      tx,
      input: {
        companyId,
        bodies: Array.from({ length: letters }, (_, i) => ({
          kind: 'individual' as const,
          name: `Werknemer ${i}`,
          relationship: 'employee' as const,
          status: 'active' as const,
          email: null,
          phone: null,
          street: null,
          postal: null,
          city: 'Utrecht',
          country: 'NL',
          taxCountry: null,
          employeeId: `E-${i}`,
          language: i % 2 ? ('nl' as const) : ('en' as const),
          notes: null,
        })),
      },
    }),
  );
  const cls = await createShareClass(
    args({
      companyId,
      body: shareClassCreateSchema.parse({ name: 'Gewone aandelen', nominalValue: '0.01' }),
    }),
  );
  const plan = await createPlan(
    args({
      companyId,
      body: planCreateSchema.parse({
        name: 'ESOP',
        planType: 'stock_options',
        shareClassId: cls.id,
        poolSize: letters * 10_000,
      }),
    }),
  );
  const grantIds: string[] = [];
  for (const holder of holders) {
    const grant = await createGrant(
      args({
        companyId,
        body: grantCreateSchema.parse({
          stakeholderId: holder,
          planId: plan.id,
          quantity: 4800,
          exercisePrice: '0.10',
          grantDate: '2024-01-01',
          vestingStartDate: '2024-01-01',
          terms: {
            type: 'time',
            periodLength: 1,
            periodUnit: 'months',
            occurrences: 48,
            cliffPeriods: 12,
          },
        }),
      }),
    );
    grantIds.push(grant.id);
  }
  const start = performance.now();
  const started = await generateDocument(
    args({
      companyId,
      body: { kind: 'grant_letter' as const, format: 'docx' as const, grantIds },
      requestLanguage: 'en',
    }),
  );
  if (!('job' in started)) throw new Error('a batch was expected');
  await settleDocumentJobs();
  const batchMs = performance.now() - start;
  const job = await getDocumentJob(args({ companyId, jobId: started.job.id, language: 'en' }));
  if (job.status !== 'done') throw new Error(`batch ${job.status}: ${job.error}`);
  const zip = await getDocumentJobFile(args({ companyId, jobId: started.job.id }));
  const entries = Object.keys(unzipSync(zip.bytes)).length;
  if (entries !== letters) throw new Error(`zip holds ${entries} letters, not ${letters}`);
  return {
    database,
    letters,
    zipBytes: zip.bytes.byteLength,
    batchMs,
    perLetterMs: batchMs / letters,
  };
}

function printRun(run: DocumentsRun): void {
  const label = run.database === 'pglite' ? 'PGlite' : 'PostgreSQL';
  console.log(
    `\n[documents, ${label}] ${run.letters} grant letters as one zip (${(run.zipBytes / 1024 / 1024).toFixed(1)} MB): ` +
      `${(run.batchMs / 1000).toFixed(1)} s, ${run.perLetterMs.toFixed(1)} ms per letter`,
  );
}

export async function benchDocumentsPglite(
  letters = DOCUMENTS_BENCH.letters,
): Promise<DocumentsRun> {
  const handle = await openPglite(undefined);
  try {
    const run = await timeBatch(handle, 'pglite', letters);
    printRun(run);
    return run;
  } finally {
    await handle.close();
  }
}

export async function benchDocumentsPostgres(
  adminUrl: string,
  letters = DOCUMENTS_BENCH.letters,
): Promise<DocumentsRun> {
  return withScratchDatabase(adminUrl, 'bench_documents', async ({ url }) => {
    const handle = await openPostgres(url);
    try {
      const run = await timeBatch(handle, 'postgres', letters);
      printRun(run);
      return run;
    } finally {
      await handle.close();
    }
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const letters = Number(
    process.argv.find((a) => a.startsWith('--letters='))?.slice(10) ?? DOCUMENTS_BENCH.letters,
  );
  await benchDocumentsPglite(letters);
  const url = process.env.DATABASE_URL;
  if (url) await benchDocumentsPostgres(url, letters);
}
