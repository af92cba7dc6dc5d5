import { rm } from 'node:fs/promises';
import { dropDatabase } from './global-setup';

const SHUTDOWN_TIMEOUT_MS = 10_000;

/**
 * Stops the app server (SIGTERM; it must shut down cleanly and exit 0), the SMTP server and the
 * mailbox endpoint, and removes the temp DATA_DIR.
 */
export default async function globalTeardown(): Promise<void> {
  const harness = globalThis.__esopE2E;
  if (!harness) return;
  globalThis.__esopE2E = undefined;
  const { server, exited, output, mail, dataDir, database } = harness;

  const problems: string[] = [];
  if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
  const timer = setTimeout(() => {
    problems.push(`did not exit within ${SHUTDOWN_TIMEOUT_MS / 1000} s of SIGTERM (killed)`);
    server.kill('SIGKILL');
  }, SHUTDOWN_TIMEOUT_MS);
  const { code, signal } = await exited;
  clearTimeout(timer);
  if (code !== 0 && problems.length === 0) {
    problems.push(`exited with code ${code}${signal ? ` (signal ${signal})` : ''} instead of 0`);
  }

  await mail.close();
  await rm(dataDir, { recursive: true, force: true });
  if (database) await dropDatabase(database);

  if (problems.length > 0) {
    throw new Error(`The app server ${problems.join('; ')}.\n--- server output ---\n${output()}`);
  }
}
