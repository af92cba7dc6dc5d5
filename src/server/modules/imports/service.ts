import { systemNow } from '../../clock';
import { and, eq, sql } from 'drizzle-orm';
import type { StakeholderCreate, ShareEventCreate } from '../../../contracts/equity';
import {
  autoMap,
  IMPORT_MAPPINGS,
  type ImportJob,
  type ImportKind,
  type ImportStatus,
} from '../../../contracts/imports';
import type { ValuationCreate } from '../../../contracts/valuation';
import type { GrantCreate } from '../../../contracts/vesting';
import type { Cell } from '../../../domain/import/values';
import type { Database, DbOrTx, Transaction } from '../../db/client';
import { importedRow, importJob } from '../../db/schema';
import type { Actor, ServiceArgs } from '../../http/context';
import { AppError, msg, notFound, renderText, type Text } from '../../http/errors';
import type { Logger } from '../../logger';
import { checkCompany } from '../equity/shared';
import { createShareEvents, firstRefusedEvent, RefusedEvent } from '../equity/register';
import { createStakeholders } from '../equity/stakeholders';
import { createGrant } from '../grants/service';
import { createValuation } from '../valuations/service';
import { readSpreadsheet, type SheetRow } from './files';
import { buildRows, checkMapping, loadReferences, type BuiltRow, type RowError } from './rows';

/**
 * Spreadsheet imports (issue 13, decision 025): a dry run that reads and validates every row,
 * kept as a job; a commit that applies all rows in one transaction through the API's own
 * services, in the background, with its progress.
 */

/** Imported rows' keys written per insert (5 columns each, far below PostgreSQL's 65,535 parameters). */
const KEY_BATCH = 1000;

/** Rows shown in the dry run's preview. */
const PREVIEW_ROWS = 10;

type JobRow = typeof importJob.$inferSelect;
type StoredError = { row: number; column: string | null; text: Text };

/** The progress of commits running in this process (job id → 0–1). */
const progress = new Map<string, number>();

/** Every commit started by this process, for tests and shutdown to wait on. */
const running = new Set<Promise<void>>();

/** Waits for the commits under way in this process (shutdown, tests). */
export async function settleImports(): Promise<void> {
  while (running.size > 0) await Promise.all([...running]);
}

/**
 * The kinds applied row by row, each through its create service (the pool rules of grants read
 * the grants before them). Stakeholders and register events are written at once.
 */
type OneByOne = Exclude<ImportKind, 'share-events' | 'stakeholders'>;

/**
 * The create service of each kind, run in the import's transaction (no savepoint per row: the
 * first refusal fails the whole import anyway).
 */
const CREATE: Record<
  OneByOne,
  (args: {
    db: Database;
    tx: Transaction;
    actor: Actor;
    companyId: string;
    body: never;
  }) => Promise<{ id: string }>
> = {
  grants: ({ db, tx, actor, companyId, body }) =>
    createGrant({ db, tx, actor, input: { companyId, body: body as GrantCreate } }),
  valuations: ({ db, tx, actor, companyId, body }) =>
    createValuation({ db, tx, actor, input: { companyId, body: body as ValuationCreate } }),
};

/** The rows to create, in the order they are applied: by date (a tie keeps the sheet's order). */
function toApply(kind: ImportKind, built: readonly BuiltRow[]): BuiltRow[] {
  const fresh = built.filter((b) => b.existingId === null);
  return IMPORT_MAPPINGS[kind].dateField
    ? fresh.sort((a, b) => (a.date ?? '').localeCompare(b.date ?? '') || a.row - b.row)
    : fresh;
}

/** A row's refusal by the API's rules as the import reports it: its row, its column. */
function rowError(job: Pick<JobRow, 'mapping'>, row: number, error: AppError): StoredError {
  const [field, fieldText] = Object.entries(error.fieldTexts ?? {})[0] ?? [];
  const column = field ? (job.mapping[field] ?? null) : null;
  return { row, column, text: error.text ?? fieldText ?? msg('imports.commit.failed') };
}

function rowsOf(job: Pick<JobRow, 'cells'>): SheetRow[] {
  // Stored as [row number, ...cells] per row.
  return (job.cells as unknown[][]).map(([row, ...cells]) => ({
    row: row as number,
    cells: cells as Cell[],
  }));
}

async function findJob(db: DbOrTx, actor: Actor, companyId: string, importId: string) {
  await checkCompany(db, actor.organizationId, companyId);
  const [row] = await db
    .select()
    .from(importJob)
    .where(
      and(
        eq(importJob.id, importId),
        eq(importJob.companyId, companyId),
        eq(importJob.organizationId, actor.organizationId),
      ),
    )
    .limit(1);
  if (!row) throw notFound(msg('imports.notFound'));
  return row;
}

/** The job as the API serves it, its messages in `language`. */
function toJob(row: JobRow, language: string, preview: ImportJob['preview'] = []): ImportJob {
  const status = row.status as ImportStatus;
  return {
    id: row.id,
    companyId: row.companyId,
    kind: row.kind as ImportKind,
    status,
    progress: status === 'committed' ? 1 : status === 'running' ? (progress.get(row.id) ?? 0) : 0,
    fileName: row.fileName,
    sheets: row.sheets,
    sheet: row.sheet,
    headers: row.headers,
    rows: row.cells.length,
    mapping: row.mapping,
    preview,
    errors: (row.errors as StoredError[]).map((e) => ({
      row: e.row,
      column: e.column,
      message: renderText(e.text, language),
    })),
    created: row.created,
    skipped: row.skipped,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const stored = (errors: RowError[]): StoredError[] =>
  errors.map((e) => ({ row: e.row, column: e.column, text: e.text }));

/**
 * The dry run: reads the file, maps its columns (the caller's mapping over the guessed one),
 * validates every row and keeps the job for the commit.
 */
export async function createImport({
  db,
  actor,
  input,
}: ServiceArgs<{
  companyId: string;
  kind: ImportKind;
  fileName: string;
  bytes: Uint8Array;
  sheet?: string;
  mapping?: Record<string, string | null>;
  language: string;
}>): Promise<ImportJob> {
  await checkCompany(db, actor.organizationId, input.companyId);
  const sheet = await readSpreadsheet(input.bytes, input.fileName, input.sheet);
  const headers = uniqueHeaders(sheet.headers);
  if (input.mapping) checkMapping(input.kind, headers, input.mapping);
  const mapping = { ...autoMap(input.kind, headers), ...input.mapping };
  const refs = await loadReferences(db, actor.organizationId, input.companyId, input.kind);
  const { built, errors } = buildRows(input.kind, headers, sheet.rows, mapping, refs);
  // The register's rules need every row read: the first row they would refuse is reported
  // here, as the commit would (rows after it are not checked against the register).
  if (input.kind === 'share-events' && errors.length === 0) {
    const rows = toApply(input.kind, built);
    const refused = await firstRefusedEvent(
      db,
      input.companyId,
      rows.map((r) => r.body as ShareEventCreate),
    );
    if (refused) errors.push(rowError({ mapping }, rows[refused.index]!.row, refused.error));
  }
  const skipped = built.filter((b) => b.existingId !== null).length;
  const [row] = await db
    .insert(importJob)
    .values({
      organizationId: actor.organizationId,
      companyId: input.companyId,
      kind: input.kind,
      status: 'validated',
      fileName: input.fileName,
      sheets: sheet.sheets,
      sheet: sheet.sheet,
      headers,
      cells: sheet.rows.map((r) => [r.row, ...r.cells]),
      mapping,
      errors: stored(errors),
      skipped,
      createdBy: actor.userId,
    })
    .returning();
  if (!row) throw new AppError('INTERNAL_ERROR', 'Import was not stored');
  const preview = built.slice(0, PREVIEW_ROWS).map((b) => ({ row: b.row, values: b.body }));
  return toJob(row, input.language, preview);
}

/** Duplicate headers get a number (`Name (2)`) so that a mapping can name each column. */
function uniqueHeaders(headers: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return headers.map((h) => {
    const n = (seen.get(h) ?? 0) + 1;
    seen.set(h, n);
    return n === 1 ? h : `${h} (${n})`;
  });
}

export async function getImport({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string; importId: string; language: string }>): Promise<ImportJob> {
  const row = await findJob(db, actor, input.companyId, input.importId);
  return toJob(row, input.language);
}

/** The kind of an import (its permission depends on it), or 404. */
export async function importKindOf(
  db: DbOrTx,
  actor: Actor,
  companyId: string,
  importId: string,
): Promise<ImportKind> {
  return (await findJob(db, actor, companyId, importId)).kind as ImportKind;
}

/** A failure of the commit, reported by row. */
class CommitFailed extends Error {
  constructor(readonly errors: StoredError[]) {
    super('import commit failed');
  }
}

/**
 * Starts the commit of a validated job without errors (409 otherwise) and answers at once; the
 * rows are applied in the background, in one transaction (all or none).
 */
export async function commitImport({
  db,
  actor,
  input,
  logger,
}: ServiceArgs<{ companyId: string; importId: string; language: string }> & {
  logger?: Logger;
}): Promise<ImportJob> {
  const job = await findJob(db, actor, input.companyId, input.importId);
  if (job.status !== 'validated')
    throw new AppError('CONFLICT', msg('imports.commit.notValidated', { status: job.status }));
  if ((job.errors as unknown[]).length > 0)
    throw new AppError('CONFLICT', msg('imports.commit.hasErrors'));
  // Only one commit wins the job: the update is conditional on its status.
  const [started] = await db
    .update(importJob)
    .set({ status: 'running', updatedAt: systemNow() })
    .where(and(eq(importJob.id, job.id), eq(importJob.status, 'validated')))
    .returning();
  if (!started)
    throw new AppError('CONFLICT', msg('imports.commit.notValidated', { status: 'running' }));
  progress.set(job.id, 0);
  const task = runCommit(db, actor, started)
    .catch((error: unknown) => logger?.error('imports: a commit failed unexpectedly', error))
    .finally(() => {
      progress.delete(job.id);
      running.delete(task);
    });
  running.add(task);
  return toJob(started, input.language);
}

async function runCommit(db: Database, actor: Actor, job: JobRow): Promise<void> {
  const kind = job.kind as ImportKind;
  let created = 0;
  let skipped = 0;
  try {
    await db.transaction(async (tx) => {
      // References are resolved again: the company may have changed since the dry run.
      const refs = await loadReferences(tx, actor.organizationId, job.companyId, kind);
      const { built, errors } = buildRows(kind, job.headers, rowsOf(job), job.mapping, refs);
      if (errors.length > 0) throw new CommitFailed(stored(errors));
      skipped = built.length - built.filter((b) => b.existingId === null).length;
      // In date order (rows without a date, or on the same date, keep the sheet's order).
      const ordered = toApply(kind, built);
      // The rows' keys are written in batches: nothing reads them before the commit ends.
      let keys: (typeof importedRow.$inferInsert)[] = [];
      const flush = async () => {
        // A key whose record was deleted since points at the new one.
        if (keys.length > 0)
          await tx
            .insert(importedRow)
            .values(keys)
            .onConflictDoUpdate({
              target: [importedRow.companyId, importedRow.kind, importedRow.key],
              set: { entityId: sql`excluded.entity_id`, importId: sql`excluded.import_id` },
            });
        keys = [];
      };
      const keep = async (row: BuiltRow, entityId: string) => {
        keys.push({ companyId: job.companyId, kind, key: row.key, entityId, importId: job.id });
        if (keys.length >= KEY_BATCH) await flush();
        created += 1;
      };
      const onProgress = (done: number) => progress.set(job.id, (0.9 * done) / ordered.length);
      if (kind === 'share-events') {
        // The register takes its events at once: one replay, not one per row (decision 025).
        const ids = await createEvents(tx, actor, job, ordered, onProgress);
        for (const [i, row] of ordered.entries()) await keep(row, ids[i]!);
      } else if (kind === 'stakeholders') {
        // No rule involves two stakeholders: written a thousand per statement.
        const ids = await createStakeholders({
          tx,
          actor,
          input: {
            companyId: job.companyId,
            bodies: ordered.map((r) => r.body as StakeholderCreate),
          },
          onProgress,
        });
        for (const [i, row] of ordered.entries()) await keep(row, ids[i]!);
      } else {
        for (const [i, row] of ordered.entries()) {
          await keep(row, await applyRow(db, tx, actor, job, kind, row));
          progress.set(job.id, (i + 1) / ordered.length);
        }
      }
      await flush();
      await tx
        .update(importJob)
        .set({ status: 'committed', created, skipped, updatedAt: systemNow() })
        .where(eq(importJob.id, job.id));
    });
  } catch (error) {
    const errors =
      error instanceof CommitFailed
        ? error.errors
        : [{ row: 1, column: null, text: msg('imports.commit.failed') }];
    await db
      .update(importJob)
      .set({ status: 'failed', errors, updatedAt: systemNow() })
      .where(eq(importJob.id, job.id));
    if (!(error instanceof CommitFailed)) throw error;
  }
}

/** One row through the API's create service; its refusal (a 409, a 400) reported with the row. */
async function applyRow(
  db: Database,
  tx: Transaction,
  actor: Actor,
  job: JobRow,
  kind: OneByOne,
  row: { row: number; body: Record<string, unknown> },
): Promise<string> {
  try {
    const entity = await CREATE[kind]({
      db,
      tx,
      actor,
      companyId: job.companyId,
      body: row.body as never,
    });
    return entity.id;
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    throw new CommitFailed([rowError(job, row.row, error)]);
  }
}

/** The register events of an import, at once; a refused one reported with its row. */
async function createEvents(
  tx: Transaction,
  actor: Actor,
  job: JobRow,
  rows: readonly BuiltRow[],
  onProgress: (done: number) => void,
): Promise<string[]> {
  try {
    return await createShareEvents({
      tx,
      actor,
      input: { companyId: job.companyId, bodies: rows.map((r) => r.body as ShareEventCreate) },
      onProgress,
    });
  } catch (error) {
    if (!(error instanceof RefusedEvent) || error.error.status >= 500) throw error;
    throw new CommitFailed([rowError(job, rows[error.index]!.row, error.error)]);
  }
}

/**
 * At start-up: a job left `running` belongs to a process that stopped mid-commit; its
 * transaction was rolled back, so it failed.
 */
export async function failInterruptedImports(db: Database): Promise<number> {
  const rows = await db
    .update(importJob)
    .set({
      status: 'failed',
      errors: sql`${JSON.stringify([{ row: 1, column: null, text: msg('imports.commit.interrupted') }])}::jsonb`,
      updatedAt: systemNow(),
    })
    .where(eq(importJob.status, 'running'))
    .returning({ id: importJob.id });
  return rows.length;
}
