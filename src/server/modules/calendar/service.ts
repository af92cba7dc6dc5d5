import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type {
  CalendarFeed,
  CalendarFeedCreate,
  CalendarFeedCreated,
} from '../../../contracts/reminders';
import { addDays } from '../../../domain/vesting/dates';
import { timeZone, today, systemNow } from '../../clock';
import type { Database } from '../../db/client';
import { member, organization, user } from '../../db/auth-schema';
import { calendarFeed } from '../../db/schema';
import type { ServiceArgs } from '../../http/context';
import { msg, notFound } from '../../http/errors';
import { mailLanguage } from '../../mail/language';
import { recordAudit, snapshot } from '../audit/service';
import { agendaFor } from '../reminders/agenda';
import { calendarIcs } from './ics';

/**
 * Private calendar feeds (issue 15, decision 031): a URL with a long random token (32 bytes,
 * base64url) that calendar apps fetch without a cookie. Only the token's SHA-256 is stored: the
 * URL is shown once, at creation. A feed belongs to a user in a workspace; revoking it, or the
 * user leaving the workspace, makes its URL answer 404.
 */

/** The feed's path under the app's URL (outside /api/v1: no session, no Origin). */
export const FEED_PATH = '/calendar';
/** The days before today and after it that a feed covers. */
export const FEED_DAYS_BACK = 90;
export const FEED_DAYS_AHEAD = 400;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const feedNotFound = () => notFound(msg('errors.notFound.calendarFeed'));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function createCalendarFeed({
  db,
  actor,
  input,
  appUrl,
}: ServiceArgs<CalendarFeedCreate> & { appUrl: string }): Promise<CalendarFeedCreated> {
  const token = randomBytes(32).toString('base64url');
  const includeInstallments = input.includeInstallments === true;
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(calendarFeed)
      .values({
        organizationId: actor.organizationId,
        userId: actor.userId!,
        tokenHash: hashOf(token),
        includeInstallments,
      })
      .returning({ id: calendarFeed.id });
    await recordAudit(tx, {
      actor,
      action: 'create',
      entityType: 'calendar_feed',
      entityId: row!.id,
      changes: snapshot({ includeInstallments }),
    });
    return row!.id;
  });
  return { id, url: `${appUrl.replace(/\/+$/, '')}${FEED_PATH}/${token}.ics` };
}

/** The caller's live feeds in the active workspace, newest first (never their URLs). */
export async function listCalendarFeeds({ db, actor }: ServiceArgs): Promise<CalendarFeed[]> {
  const rows = await db
    .select()
    .from(calendarFeed)
    .where(
      and(
        eq(calendarFeed.organizationId, actor.organizationId),
        eq(calendarFeed.userId, actor.userId!),
        isNull(calendarFeed.revokedAt),
      ),
    )
    .orderBy(desc(calendarFeed.createdAt), desc(calendarFeed.id));
  return rows.map((r) => ({
    id: r.id,
    includeInstallments: r.includeInstallments,
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
  }));
}

/** Revokes one of the caller's feeds; another's, or one already revoked, is not found. */
export async function revokeCalendarFeed({
  db,
  actor,
  input,
}: ServiceArgs<{ feedId: string }>): Promise<void> {
  if (!UUID.test(input.feedId)) throw feedNotFound();
  await db.transaction(async (tx) => {
    const rows = await tx
      .update(calendarFeed)
      .set({ revokedAt: systemNow() })
      .where(
        and(
          eq(calendarFeed.id, input.feedId),
          eq(calendarFeed.organizationId, actor.organizationId),
          eq(calendarFeed.userId, actor.userId!),
          isNull(calendarFeed.revokedAt),
        ),
      )
      .returning({ id: calendarFeed.id });
    if (rows.length === 0) throw feedNotFound();
    await recordAudit(tx, {
      actor,
      action: 'delete',
      entityType: 'calendar_feed',
      entityId: input.feedId,
      changes: null,
    });
  });
}

/**
 * The ICS text of the feed whose token this is, made for its user as they are now (their role and
 * client access in the workspace); null for an unknown or revoked token, or a user who is no
 * longer a member. Records when the feed was last fetched.
 */
export async function renderCalendarFeed(
  db: Database,
  token: string,
  appUrl: string,
): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [feed] = await db
    .select({
      id: calendarFeed.id,
      organizationId: calendarFeed.organizationId,
      includeInstallments: calendarFeed.includeInstallments,
      userId: user.id,
      userName: user.name,
      locale: user.locale,
      role: member.role,
      workspaceName: organization.name,
    })
    .from(calendarFeed)
    .innerJoin(user, eq(user.id, calendarFeed.userId))
    .innerJoin(
      member,
      and(
        eq(member.userId, calendarFeed.userId),
        eq(member.organizationId, calendarFeed.organizationId),
      ),
    )
    .innerJoin(organization, eq(organization.id, calendarFeed.organizationId))
    .where(and(eq(calendarFeed.tokenHash, hashOf(token)), isNull(calendarFeed.revokedAt)))
    .limit(1);
  if (!feed) return null;
  const day = today();
  const from = addDays(day, -FEED_DAYS_BACK);
  const agenda = await agendaFor(
    db,
    {
      userId: feed.userId,
      userName: feed.userName,
      organizationId: feed.organizationId,
      role: feed.role,
    },
    {
      tasksFrom: from,
      from,
      to: addDays(day, FEED_DAYS_AHEAD),
      installments: feed.includeInstallments,
    },
  );
  // "Last used" for the owner's list: the one write a fetch makes (decision 031).
  await db
    .update(calendarFeed)
    .set({ lastUsedAt: systemNow() })
    .where(eq(calendarFeed.id, feed.id));
  return calendarIcs({
    workspaceName: feed.workspaceName,
    language: mailLanguage(feed.locale),
    appUrl,
    timeZone: timeZone(),
    agenda,
  });
}
