import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { pinClock } from '../../src/server/clock';
import { openPostgres, type DatabaseHandle } from '../../src/server/db/client';
import { job } from '../../src/server/db/schema';
import { runJobTick } from '../../src/server/jobs/scheduler';
import type { Mailer, MailMessage } from '../../src/server/mail/mailer';
import { createTestApp, silentLogger, TEST_ORIGIN, type TestApp } from '../support/app';
import { addTask } from '../support/practice';

// Issue 15: two app instances on one PostgreSQL send each digest once. Two schedulers, each with
// its own connection pool on the same database, tick at the same time, again and again (the
// api-postgres project only: it needs TEST_DATABASE_URL).

const adminUrl = process.env.TEST_DATABASE_URL!;
const name = `esop_digest_${randomBytes(5).toString('hex')}`;
const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
let t: TestApp;
let instances: DatabaseHandle[] = [];

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A mailer slow enough that the two instances' ticks overlap. */
function slowMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    mode: 'smtp',
    sent,
    async send(message) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      sent.push(message);
    },
    async close() {},
  };
}

beforeAll(async () => {
  await admin(`CREATE DATABASE ${name}`);
  const database = await openPostgres(url, { max: 4 });
  await database.migrate();
  t = await createTestApp({ database });
  instances = [await openPostgres(url, { max: 4 }), await openPostgres(url, { max: 4 })];
}, 60_000);
afterAll(async () => {
  pinClock(process.env.TEST_CLOCK ? new Date(process.env.TEST_CLOCK) : undefined);
  for (const handle of instances) await handle.close();
  await t?.close();
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

describe('two instances on one PostgreSQL', () => {
  it('send each lawyer’s digest once', async () => {
    const lawyers = [];
    for (let i = 0; i < 16; i += 1) {
      const lawyer = await t.signUp({ name: `Lawyer ${i}` });
      await addTask(t, {
        organizationId: lawyer.organizationId,
        assigneeId: lawyer.userId,
        title: `Task of lawyer ${i}`,
        dueDate: '2026-07-01',
      });
      lawyers.push(lawyer);
    }
    // 1 July 2026, 07:30 in Amsterdam.
    pinClock(new Date('2026-07-01T05:30:00Z'));
    const mailers = instances.map(() => slowMailer());
    const deps = instances.map((handle, i) => ({
      db: handle.db,
      mailer: mailers[i]!,
      logger: silentLogger,
      appUrl: TEST_ORIGIN,
      instanceId: `instance-${i}`,
    }));
    for (let round = 0; round < 3; round += 1)
      await Promise.all(deps.flatMap((d) => [runJobTick(d), runJobTick(d)]));

    const sent = mailers.flatMap((m) => m.sent);
    // Both took a share of the work (a claim takes five; sending one takes 20 ms).
    expect(mailers.every((m) => m.sent.length > 0)).toBe(true);
    expect(sent.map((m) => m.to).sort()).toEqual(lawyers.map((l) => l.email).sort());
    for (const lawyer of lawyers)
      expect(sent.find((m) => m.to === lawyer.email)!.text).toContain(
        `Task of lawyer ${lawyers.indexOf(lawyer)}`,
      );
    const rows = await t.db.select().from(job).where(eq(job.kind, 'digest'));
    expect(rows).toHaveLength(lawyers.length);
    expect(rows.every((r) => r.status === 'done' && r.attempts === 1)).toBe(true);
  });
});
