import { DataDirLockedError } from './data-dir';
import { openDatabase } from './db/client';
import { EnvError, loadEnv } from './env';
import { createErrorReporter } from './error-reporting/reporter';
import { createLogger } from './logger';

/** `npm start` / `npm run demo`: start the server and shut it down cleanly on SIGINT/SIGTERM. */
async function main() {
  const env = loadEnv();
  const logger = createLogger(env.LOG_LEVEL);
  const started = performance.now();
  // First, so that the SDK's handlers see unhandled errors of the start-up too (SENTRY_DSN only;
  // without it nothing is imported).
  const reporter = await createErrorReporter(env, logger);
  // Cold start: the database opens (PGlite compiles its WASM off the main thread) while the
  // server's modules load.
  const [opened, { startServer }, demo] = await Promise.all([
    openDatabase(env),
    import('./server'),
    env.DEMO === 'on' ? import('./demo/seed') : undefined,
  ]);
  logger.debug(
    `startup: database open and modules loaded at ${Math.round(performance.now() - started)} ms`,
  );
  const server = await startServer({
    env,
    logger,
    opened,
    reporter,
    beforeListen: demo ? (ctx) => demo.seedDemo({ ...ctx, logger }) : undefined,
  });
  const storage =
    server.database.kind === 'pglite' ? `embedded PGlite in ${env.DATA_DIR}` : 'PostgreSQL';
  logger.info(
    `ESOP CRM listening on ${env.APP_URL} (port ${server.port}, ${storage}) in ${Math.round(performance.now() - started)} ms`,
  );
  if (server.outboxUrl) {
    logger.info(
      `Local mode: e-mails are printed here and kept in the outbox — open ${server.outboxUrl} on this machine`,
    );
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received, shutting down…`);
    // In-flight requests get up to 8 s (PGlite serves one query at a time, so a queue under load
    // takes a while); the process is gone within 9.5 s, before Docker's 10 s SIGKILL.
    const force = setTimeout(() => {
      logger.error('Shutdown took longer than 9.5 s; exiting.');
      process.exit(1);
    }, 9500);
    force.unref();
    try {
      await server.close(8000);
      await reporter.flush(1000);
      logger.info('Stopped cleanly.');
      process.exit(0);
    } catch (err) {
      logger.error('Error during shutdown', err);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: unknown) => {
  if (err instanceof EnvError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error('ESOP CRM failed to start:', err);
  }
  process.exit(1);
});
