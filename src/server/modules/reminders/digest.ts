import { and, eq, exists, sql } from 'drizzle-orm';
import { DEFAULT_DIGEST_TIME } from '../../../contracts/reminders';
import { addDays } from '../../../domain/vesting/dates';
import { now, timeOfDayIn, timeZone, today } from '../../clock';
import type { Database } from '../../db/client';
import { member, organization, user } from '../../db/auth-schema';
import { job, userSetting } from '../../db/schema';
import { enqueueJob } from '../../jobs/queue';
import { mailLanguage } from '../../mail/language';
import type { Mailer } from '../../mail/mailer';
import { agendaFor } from './agenda';
import { digestMail, type DigestWorkspace } from './digest-mail';

/**
 * The daily digest e-mail (issue 15, decision 030). Each minute the scheduler enqueues a `digest`
 * job, key `<userId>:<date>`, for every user whose digest time has passed today (in
 * `APP_TIME_ZONE`) and who has none for today yet: a member of a workspace with a verified
 * address and the digest on. The key makes it one run per user and day whatever the number of
 * instances; since every time already passed today qualifies, a run missed while the server was
 * down goes out when it comes back that day, and a day that ended meanwhile is not caught up.
 */
export const DIGEST_JOB = 'digest';

export interface DigestPayload {
  userId: string;
  date: string;
}

/** Enqueues today's digests that are due; the number enqueued. */
export async function enqueueDueDigests(db: Database): Promise<number> {
  const at = now();
  const date = today(at);
  const time = timeOfDayIn(at, timeZone());
  const key = sql`${user.id} || ${`:${date}`}`;
  const due = await db
    .select({ userId: user.id })
    .from(user)
    .leftJoin(userSetting, eq(userSetting.userId, user.id))
    .where(
      and(
        eq(user.emailVerified, true),
        sql`${user.banned} is not true`,
        sql`coalesce(${userSetting.digestEnabled}, true)`,
        sql`coalesce(${userSetting.digestTime}, ${DEFAULT_DIGEST_TIME}) <= ${time}`,
        exists(
          db
            .select({ one: sql`1` })
            .from(member)
            .where(eq(member.userId, user.id)),
        ),
        sql`not exists (select 1 from ${job} where ${job.kind} = ${DIGEST_JOB} and ${job.key} = ${key})`,
      ),
    );
  let enqueued = 0;
  for (const row of due) {
    const payload: DigestPayload = { userId: row.userId, date };
    if (await enqueueJob(db, { kind: DIGEST_JOB, key: `${row.userId}:${date}`, payload }))
      enqueued += 1;
  }
  return enqueued;
}

export type DigestOutcome = 'sent' | 'empty' | 'off' | 'stale';

/**
 * Runs one digest job: builds the user's digest for today and mails it. Nothing is sent for a day
 * that is over (a job left from a day the server was down), when the digest was turned off or the
 * address is no longer verified since it was enqueued, or when there is nothing to report.
 */
export async function sendDigest(
  deps: { db: Database; mailer: Mailer; appUrl: string },
  payload: DigestPayload,
): Promise<DigestOutcome> {
  const { db } = deps;
  const date = today();
  if (payload.date !== date) return 'stale';
  const [person] = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      verified: user.emailVerified,
      locale: user.locale,
      enabled: userSetting.digestEnabled,
    })
    .from(user)
    .leftJoin(userSetting, eq(userSetting.userId, user.id))
    .where(eq(user.id, payload.userId));
  if (!person || !person.verified || person.enabled === false) return 'off';
  const memberships = await db
    .select({ organizationId: member.organizationId, role: member.role, name: organization.name })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(eq(member.userId, person.id))
    .orderBy(organization.name, organization.id);
  const workspaces: DigestWorkspace[] = [];
  for (const m of memberships) {
    const agenda = await agendaFor(
      db,
      { userId: person.id, userName: person.name, organizationId: m.organizationId, role: m.role },
      // "This week": today and the six days after it.
      { tasksFrom: null, from: date, to: addDays(date, 6) },
    );
    if (agenda.tasks.length + agenda.deadlines.length + agenda.valuations.length > 0)
      workspaces.push({ name: m.name, agenda });
  }
  if (workspaces.length === 0) return 'empty';
  await deps.mailer.send(
    digestMail({
      to: person.email,
      name: person.name,
      language: mailLanguage(person.locale),
      date,
      appUrl: deps.appUrl,
      workspaces,
    }),
  );
  return 'sent';
}
