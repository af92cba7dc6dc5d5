import { and, eq, inArray, lte, lt, or, sql } from 'drizzle-orm';
import { now } from '../clock';
import type { DbOrTx } from '../db/client';
import { job } from '../db/schema';

/**
 * The job queue (issue 15, decision 030): rows of the `job` table, the same SQL on PGlite and
 * PostgreSQL. A run is enqueued under a key unique per kind (`insert … on conflict do nothing`),
 * so however many instances enqueue it, it exists once; an instance claims due jobs with
 * `FOR UPDATE SKIP LOCKED`, so two instances never take the same one; a claim is a lease, and a
 * running job whose lease ran out (its instance stopped) is claimed again. Times are the business
 * clock's (`now()`), which test rigs pin.
 */

export type JobRow = typeof job.$inferSelect;

/** How long a claimed job is its instance's before another may take it over. */
export const JOB_LEASE_MS = 5 * 60 * 1000;
/** Attempts before a job is given up (`failed`). */
export const MAX_JOB_ATTEMPTS = 5;

/** The wait before attempt `attempts + 1`: 1, 2, 4, 8… minutes, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60 * 1000;
}

/**
 * Enqueues a run of `kind` under `key` (due at `runAt`, default now); false when a run with that
 * key exists already, whatever its status: a key names one run, once.
 */
export async function enqueueJob(
  db: DbOrTx,
  input: { kind: string; key: string; payload: unknown; runAt?: Date },
): Promise<boolean> {
  const rows = await db
    .insert(job)
    .values({
      kind: input.kind,
      key: input.key,
      payload: input.payload,
      runAt: input.runAt ?? now(),
    })
    .onConflictDoNothing({ target: [job.kind, job.key] })
    .returning({ id: job.id });
  return rows.length > 0;
}

/**
 * Claims up to `limit` due jobs for `instanceId`: pending ones whose time has come and running
 * ones whose lease ran out, oldest first. One statement: the rows are locked as they are chosen
 * (`SKIP LOCKED` passes over those another instance is claiming), marked running with a lease,
 * and their attempts counted.
 */
export async function claimJobs(
  db: DbOrTx,
  input: { instanceId: string; limit?: number; leaseMs?: number },
): Promise<JobRow[]> {
  const at = now();
  const due = db
    .select({ id: job.id })
    .from(job)
    .where(
      or(
        and(eq(job.status, 'pending'), lte(job.runAt, at)),
        and(eq(job.status, 'running'), lt(job.lockedUntil, at)),
      ),
    )
    .orderBy(job.runAt, job.id)
    .limit(input.limit ?? 10)
    .for('update', { skipLocked: true });
  return db
    .update(job)
    .set({
      status: 'running',
      attempts: sql`${job.attempts} + 1`,
      lockedUntil: new Date(at.getTime() + (input.leaseMs ?? JOB_LEASE_MS)),
      lockedBy: input.instanceId,
    })
    .where(inArray(job.id, due))
    .returning();
}

/** Marks a claimed job done (only while it is still this instance's). */
export async function completeJob(db: DbOrTx, claimed: JobRow): Promise<void> {
  await db
    .update(job)
    .set({ status: 'done', finishedAt: now(), lockedUntil: null, lastError: null })
    .where(mine(claimed));
}

/**
 * Records a failed attempt: the job waits (`retryDelayMs`) and runs again, until it has had
 * `maxAttempts`; then it is `failed` for good.
 */
export async function failJob(
  db: DbOrTx,
  claimed: JobRow,
  error: unknown,
  maxAttempts = MAX_JOB_ATTEMPTS,
): Promise<'retry' | 'failed'> {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
  const giveUp = claimed.attempts >= maxAttempts;
  await db
    .update(job)
    .set(
      giveUp
        ? { status: 'failed', finishedAt: now(), lockedUntil: null, lastError: message }
        : {
            status: 'pending',
            runAt: new Date(now().getTime() + retryDelayMs(claimed.attempts)),
            lockedUntil: null,
            lockedBy: null,
            lastError: message,
          },
    )
    .where(mine(claimed));
  return giveUp ? 'failed' : 'retry';
}

const mine = (claimed: JobRow) =>
  and(
    eq(job.id, claimed.id),
    eq(job.status, 'running'),
    eq(job.lockedBy, claimed.lockedBy ?? ''),
    eq(job.attempts, claimed.attempts),
  );
