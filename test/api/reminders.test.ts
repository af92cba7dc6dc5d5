import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { pinClock } from '../../src/server/clock';
import { company, job, user } from '../../src/server/db/schema';
import {
  claimJobs,
  completeJob,
  enqueueJob,
  failJob,
  MAX_JOB_ATTEMPTS,
} from '../../src/server/jobs/queue';
import { runJobTick, type JobDeps } from '../../src/server/jobs/scheduler';
import {
  createTestApp,
  memoryMailer,
  silentLogger,
  TEST_ORIGIN,
  type TestApp,
} from '../support/app';
import { addTask, companyWithCliff, joinWorkspace } from '../support/practice';

// Issue 15, reminders: the daily digest e-mail at each lawyer's time (default 07:30 in
// APP_TIME_ZONE, Europe/Amsterdam here), sent once per day through the job queue, and its
// settings at /api/v1/me/reminders.

type User = Awaited<ReturnType<TestApp['signUp']>>;
let t: TestApp;
let ann: User;
let bob: User;
let carol: User;
let dave: User;
const outbox = memoryMailer();
let deps: JobDeps;
let alpha: { companyId: string; grantId: string };
let secret: { companyId: string; grantId: string };

// Wednesday 1 July 2026; Amsterdam is UTC+2 in summer.
const DAY = '2026-07-01';
const at = (hhmm: string, date = DAY) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return new Date(
    Date.UTC(
      ...((date.split('-').map(Number) as [number, number, number]).map((v, i) =>
        i === 1 ? v - 1 : v,
      ) as [number, number, number]),
      h - 2,
      m,
    ),
  );
};
const tick = (hhmm: string, date = DAY) => {
  pinClock(at(hhmm, date));
  return runJobTick(deps);
};
const mailsTo = (u: User) => outbox.sent.filter((m) => m.to === u.email);

beforeAll(async () => {
  pinClock(at('06:00'));
  t = await createTestApp();
  deps = {
    db: t.db,
    mailer: outbox,
    logger: silentLogger,
    appUrl: TEST_ORIGIN,
    instanceId: 'test-1',
  };
  ann = await t.signUp({ name: 'Ann Advocaat' });
  bob = await joinWorkspace(
    t,
    await t.signUp({ name: 'Bob Jurist' }),
    ann.organizationId,
    'member',
  );
  carol = await t.signUp({ name: 'Carol Counsel' });
  dave = await t.signUp({ name: 'Dave Digestless' });
  await t.db.update(user).set({ locale: 'nl' }).where(eq(user.id, carol.userId));

  alpha = await companyWithCliff(t, ann, {
    name: 'Alpha <B.V.>',
    cliffDate: '2026-07-03',
    responsibleUserId: ann.userId,
  });
  // Next month's cliff: not this week's.
  await companyWithCliff(t, ann, {
    name: 'Later B.V.',
    cliffDate: '2026-08-03',
    responsibleUserId: ann.userId,
  });
  // Bob is responsible, but the company is restricted to others: he does not see it.
  secret = await companyWithCliff(t, ann, {
    name: 'Secret B.V.',
    cliffDate: '2026-07-02',
    responsibleUserId: bob.userId,
  });
  await t.db.update(company).set({ access: 'restricted' }).where(eq(company.id, secret.companyId));

  const org = ann.organizationId;
  await addTask(t, {
    organizationId: org,
    assigneeId: ann.userId,
    title: 'Chase the board minutes',
    dueDate: '2026-06-28',
    companyId: alpha.companyId,
  });
  await addTask(t, {
    organizationId: org,
    assigneeId: ann.userId,
    title: 'Send the grant letters',
    dueDate: '2026-07-03',
    dueTime: '14:00',
  });
  await addTask(t, {
    organizationId: org,
    assigneeId: ann.userId,
    title: 'Plan the AGM',
    dueDate: '2026-08-15',
  });
  await addTask(t, {
    organizationId: org,
    assigneeId: ann.userId,
    title: 'Already done',
    dueDate: '2026-06-29',
    status: 'done',
  });
  await addTask(t, {
    organizationId: org,
    assigneeId: bob.userId,
    title: 'Call the CFO',
    dueDate: '2026-07-02',
    status: 'waiting',
  });
  await addTask(t, {
    organizationId: org,
    assigneeId: bob.userId,
    title: 'Secret task',
    dueDate: '2026-07-02',
    companyId: secret.companyId,
  });
  await addTask(t, {
    organizationId: carol.organizationId,
    assigneeId: carol.userId,
    title: 'Review the option plan',
    dueDate: '2026-07-01',
  });
  await addTask(t, {
    organizationId: dave.organizationId,
    assigneeId: dave.userId,
    title: 'Dave has work',
    dueDate: '2026-07-01',
  });
});
afterAll(async () => {
  pinClock(process.env.TEST_CLOCK ? new Date(process.env.TEST_CLOCK) : undefined);
  await t.close();
});

describe('reminder settings', () => {
  it('defaults to a digest at 07:30', async () => {
    const res = await t.request('/api/v1/me/reminders', { cookie: ann.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ digestEnabled: true, digestTime: '07:30' });
  });

  it.each([
    [{ digestTime: '7:30' }, 'digestTime'],
    [{ digestTime: '24:00' }, 'digestTime'],
    [{ digestTime: '12:60' }, 'digestTime'],
    [{ digestTime: 730 }, 'digestTime'],
    [{ digestEnabled: 'no' }, 'digestEnabled'],
    [{ digestEnabled: null }, 'digestEnabled'],
  ])('refuses %o naming %s', async (body, field) => {
    const res = await t.request('/api/v1/me/reminders', {
      method: 'PATCH',
      body,
      cookie: ann.cookie,
    });
    expect(res.status).toBe(400);
    const error = (await res.json()).error;
    expect(Object.keys(error.fields)).toEqual([field]);
  });

  it('belongs to a person: a workspace API key gets 403 here and on calendar feeds', async () => {
    const created = await t.request('/api/auth/api-key/create', {
      method: 'POST',
      body: { name: 'workspace key', configId: 'organization', permissions: { company: ['read'] } },
      cookie: ann.cookie,
    });
    expect(created.status).toBe(200);
    const key = ((await created.json()) as { key: string }).key;
    for (const [path, method] of [
      ['/api/v1/me/reminders', 'GET'],
      ['/api/v1/calendar-feeds', 'POST'],
    ] as const) {
      const res = await t.request(path, { method, headers: { 'x-api-key': key } });
      expect(res.status).toBe(403);
      expect((await res.json()).error.message).toMatch(/belong to a person/);
    }
  });

  it('answers 401 without a session', async () => {
    expect((await t.request('/api/v1/me/reminders')).status).toBe(401);
  });

  it('saves a change, and names the field in Dutch too', async () => {
    const res = await t.request('/api/v1/me/reminders', {
      method: 'PATCH',
      body: { digestTime: '09:00' },
      cookie: carol.cookie,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ digestEnabled: true, digestTime: '09:00' });
    const off = await t.request('/api/v1/me/reminders', {
      method: 'PATCH',
      body: { digestEnabled: false },
      cookie: dave.cookie,
    });
    expect(await off.json()).toEqual({ digestEnabled: false, digestTime: '07:30' });
    const dutch = await t.request('/api/v1/me/reminders', {
      method: 'PATCH',
      body: { digestTime: '25:00' },
      cookie: dave.cookie,
      headers: { 'accept-language': 'nl' },
    });
    expect((await dutch.json()).error.fields.digestTime).toMatch(/tijdstip/);
    expect(await (await t.request('/api/v1/me/reminders', { cookie: dave.cookie })).json()).toEqual(
      {
        digestEnabled: false,
        digestTime: '07:30',
      },
    );
  });
});

describe('daily digest', () => {
  it('sends nothing at 07:29', async () => {
    await tick('07:29');
    expect(outbox.sent).toEqual([]);
  });

  it('sends one e-mail per lawyer at 07:30 with their tasks and deadlines', async () => {
    await tick('07:30');
    expect(outbox.sent.map((m) => m.to).sort()).toEqual([ann.email, bob.email].sort());
    const [mail] = mailsTo(ann);
    expect(mail!.subject).toBe('Your ESOP CRM digest for 1 July 2026');
    const text = mail!.text;
    expect(text).toContain('Your overdue tasks');
    expect(text).toContain('Chase the board minutes');
    expect(text).toContain('Your tasks due this week');
    expect(text).toContain('Send the grant letters');
    expect(text).toContain('14:00');
    expect(text).toContain('Cliff · Alpha <B.V.> · Eve Employee, Phantom Plan');
    expect(text).toContain(`${TEST_ORIGIN}/companies/${alpha.companyId}/grants/${alpha.grantId}`);
    expect(text).toContain(`${TEST_ORIGIN}/account/settings`);
    for (const absent of ['Plan the AGM', 'Already done', 'Later B.V.', 'Call the CFO'])
      expect(text).not.toContain(absent);
    // Overdue before this week's, in the text as in the HTML.
    expect(text.indexOf('Chase the board minutes')).toBeLessThan(
      text.indexOf('Send the grant letters'),
    );
    expect(mail!.html).toContain('Alpha &lt;B.V.&gt;');
    expect(mail!.html).not.toContain('Alpha <B.V.>');

    const bobs = mailsTo(bob)[0]!.text;
    expect(bobs).toContain('Call the CFO');
    // The restricted company and its task are left out.
    expect(bobs).not.toContain('Secret');
  });

  it('sends nothing more at the next tick', async () => {
    await tick('07:31');
    await tick('08:15');
    expect(outbox.sent).toHaveLength(2);
  });

  it('sends a later time later, in the lawyer’s language, and never a digest turned off', async () => {
    await tick('08:59');
    expect(mailsTo(carol)).toHaveLength(0);
    await tick('09:00');
    const [mail] = mailsTo(carol);
    expect(mail!.subject).toBe('Uw ESOP CRM-overzicht van 1 juli 2026');
    expect(mail!.text).toContain('Review the option plan');
    expect(mail!.text).toContain('Uw taken die deze week moeten zijn afgerond');
    expect(mailsTo(dave)).toHaveLength(0);
    expect(outbox.sent).toHaveLength(3);
  });

  it('sends a run missed while the server was down when it comes back that day', async () => {
    await t.request('/api/v1/me/reminders', {
      method: 'PATCH',
      body: { digestEnabled: true, digestTime: '10:00' },
      cookie: dave.cookie,
    });
    // Down from 09:30 to 15:00.
    await tick('15:00');
    expect(mailsTo(dave)).toHaveLength(1);
  });

  it('does not catch up a day that ended while the server was down', async () => {
    // Carol moves to the evening; the server is down from 19:00 until the next morning.
    await t.request('/api/v1/me/reminders', {
      method: 'PATCH',
      body: { digestTime: '20:00' },
      cookie: carol.cookie,
    });
    await tick('19:00');
    const before = outbox.sent.length;
    // A run enqueued yesterday that never ran (the server stopped in between) is dropped too.
    await enqueueJob(t.db, {
      kind: 'digest',
      key: `${bob.userId}:${DAY}-stale`,
      payload: { userId: bob.userId, date: DAY },
    });
    await tick('07:00', '2026-07-02');
    expect(outbox.sent.length).toBe(before);
    const rows = await t.db
      .select({ status: job.status })
      .from(job)
      .where(and(eq(job.kind, 'digest'), eq(job.key, `${carol.userId}:${DAY}`)));
    expect(rows).toEqual([{ status: 'done' }]);
    const next = await t.db
      .select({ key: job.key })
      .from(job)
      .where(eq(job.key, `${carol.userId}:2026-07-02`));
    expect(next).toEqual([]);
  });
});

describe('job queue', () => {
  it('enqueues a key once, and takes a running job over when its lease ran out', async () => {
    pinClock(at('12:00', '2026-07-03'));
    expect(await enqueueJob(t.db, { kind: 'test', key: 'lease', payload: {} })).toBe(true);
    expect(await enqueueJob(t.db, { kind: 'test', key: 'lease', payload: {} })).toBe(false);
    const [first] = await claimJobs(t.db, { instanceId: 'a', leaseMs: 60_000 });
    expect(first).toMatchObject({ key: 'lease', status: 'running', attempts: 1, lockedBy: 'a' });
    // Within the lease nobody else takes it.
    expect(await claimJobs(t.db, { instanceId: 'b' })).toEqual([]);
    // Instance a stopped; two minutes later b takes it over, and a's late completion is ignored.
    pinClock(at('12:02', '2026-07-03'));
    const [again] = await claimJobs(t.db, { instanceId: 'b' });
    expect(again).toMatchObject({ id: first!.id, attempts: 2, lockedBy: 'b' });
    await completeJob(t.db, first!);
    const [row] = await t.db.select().from(job).where(eq(job.id, first!.id));
    expect(row!.status).toBe('running');
    await completeJob(t.db, again!);
    const [done] = await t.db.select().from(job).where(eq(job.id, first!.id));
    expect(done!.status).toBe('done');
  });

  it('retries a failed job later, and gives up after the last attempt', async () => {
    pinClock(at('13:00', '2026-07-03'));
    await enqueueJob(t.db, { kind: 'test', key: 'fails', payload: {} });
    for (let attempt = 1; attempt <= MAX_JOB_ATTEMPTS; attempt += 1) {
      const claimed = await claimJobs(t.db, { instanceId: 'a' });
      expect(claimed.map((c) => [c.key, c.attempts])).toEqual([['fails', attempt]]);
      const outcome = await failJob(t.db, claimed[0]!, new Error(`boom ${attempt}`));
      expect(outcome).toBe(attempt === MAX_JOB_ATTEMPTS ? 'failed' : 'retry');
      // Not before its delay.
      expect(await claimJobs(t.db, { instanceId: 'a' })).toEqual([]);
      pinClock(new Date(at('13:00', '2026-07-03').getTime() + attempt * 2 * 60 * 60 * 1000));
    }
    const [row] = await t.db.select().from(job).where(eq(job.key, 'fails'));
    expect(row).toMatchObject({
      status: 'failed',
      attempts: MAX_JOB_ATTEMPTS,
      lastError: 'boom 5',
    });
    expect(await claimJobs(t.db, { instanceId: 'a' })).toEqual([]);
  });
});
