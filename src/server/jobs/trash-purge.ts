import type { Database } from '../db/client';
import type { Logger } from '../logger';
import { purgeExpired } from '../modules/trash/service';

/** How often a running server purges the trash (it also does at start). */
export const TRASH_PURGE_INTERVAL_MS = 60 * 60 * 1000;

export interface TrashPurgeJob {
  /** The run made at start (the number of items purged); tests wait for it. */
  firstRun: Promise<number>;
  /** Stops the schedule, lets the run in progress finish its current item, and waits for it. */
  stop(): Promise<void>;
}

/**
 * The trash purge job (decision 016): a timer in the server process, on the same database, not
 * a queue (pg-boss does not run on PGlite). Runs never overlap within a process, and several
 * processes on one PostgreSQL share the work item by item (`FOR UPDATE SKIP LOCKED` in
 * `purgeExpired`). A failed run is logged and retried at the next tick.
 */
export function startTrashPurge({
  db,
  logger,
  intervalMs = TRASH_PURGE_INTERVAL_MS,
}: {
  db: Database;
  logger: Logger;
  intervalMs?: number;
}): TrashPurgeJob {
  const abort = new AbortController();
  let running: Promise<number> | null = null;

  const run = (): Promise<number> => {
    if (running) return running;
    running = purgeExpired(db, { signal: abort.signal })
      .then((purged) => {
        if (purged > 0) logger.info(`trash: purged ${purged} item(s) deleted over 30 days ago`);
        return purged;
      })
      .catch((err: unknown) => {
        logger.error('trash: the purge job failed; it will try again at the next run', err);
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  const firstRun = run();
  const timer = setInterval(() => void run(), intervalMs);
  // The schedule alone never keeps the process alive.
  timer.unref();

  return {
    firstRun,
    async stop() {
      clearInterval(timer);
      abort.abort();
      await running;
    },
  };
}
