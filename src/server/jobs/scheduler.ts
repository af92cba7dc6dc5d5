import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import {
  DIGEST_JOB,
  enqueueDueDigests,
  sendDigest,
  type DigestPayload,
} from '../modules/reminders/digest';
import { claimJobs, completeJob, failJob, type JobRow } from './queue';

/** How often the scheduler looks for work (digest times are minutes). */
export const JOB_TICK_MS = 60 * 1000;

export interface JobDeps {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  /** The app's base URL (links in mails). */
  appUrl: string;
  /** This instance's name in `job.locked_by`. */
  instanceId: string;
}

type Handler = (deps: JobDeps, job: JobRow) => Promise<void>;

/** What each kind of job does. */
const HANDLERS: Record<string, Handler> = {
  [DIGEST_JOB]: async (deps, job) => {
    const outcome = await sendDigest(deps, job.payload as DigestPayload);
    deps.logger.debug(`jobs: digest ${job.key}: ${outcome}`);
  },
};

/**
 * One tick of the scheduler: enqueues the digests that are due, then runs due jobs until there
 * are none left (or `shouldStop`). Runs one job at a time; a failure is recorded on the job
 * (retried later) and does not stop the others. The number of jobs run.
 */
export async function runJobTick(
  deps: JobDeps,
  shouldStop: () => boolean = () => false,
): Promise<number> {
  await enqueueDueDigests(deps.db);
  let ran = 0;
  while (!shouldStop()) {
    const claimed = await claimJobs(deps.db, { instanceId: deps.instanceId, limit: 5 });
    if (claimed.length === 0) break;
    for (const job of claimed) {
      // Claimed but not started: its lease runs out and another tick (or instance) takes it.
      if (shouldStop()) break;
      const handler = HANDLERS[job.kind];
      try {
        if (!handler) throw new Error(`no handler for jobs of kind "${job.kind}"`);
        await handler(deps, job);
        await completeJob(deps.db, job);
      } catch (err) {
        const outcome = await failJob(deps.db, job, err);
        deps.logger.error(
          `jobs: ${job.kind} ${job.key} failed (attempt ${job.attempts}); ${outcome === 'retry' ? 'it will be retried' : 'given up'}`,
          err,
        );
      }
      ran += 1;
    }
  }
  return ran;
}

export interface JobScheduler {
  /** The tick made at start; tests wait for it. */
  firstRun: Promise<number>;
  /** Stops the schedule and waits for the job in progress to finish. */
  stop(): Promise<void>;
}

/**
 * The job scheduler (decision 030): a timer in the server process, like the trash purge, over
 * the `job` table. Ticks never overlap within a process; several processes on one PostgreSQL
 * share the jobs through the queue's claims.
 */
export function startJobScheduler(
  options: Omit<JobDeps, 'instanceId'> & { intervalMs?: number; instanceId?: string },
): JobScheduler {
  const deps: JobDeps = { ...options, instanceId: options.instanceId ?? randomUUID() };
  let stopped = false;
  let running: Promise<number> | null = null;
  const tick = (): Promise<number> => {
    if (running) return running;
    running = runJobTick(deps, () => stopped)
      .catch((err: unknown) => {
        deps.logger.error(
          'jobs: the scheduler tick failed; it will try again at the next one',
          err,
        );
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const firstRun = tick();
  const timer = setInterval(() => void tick(), options.intervalMs ?? JOB_TICK_MS);
  // The schedule alone never keeps the process alive.
  timer.unref();
  return {
    firstRun,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
