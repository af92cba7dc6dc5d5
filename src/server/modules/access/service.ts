import { systemNow } from '../../clock';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { administersClientAccess } from '../../../contracts/access-control';
import type {
  AccessReason,
  ClientAccess,
  ClientAccessUpdate,
  ClientAccessViewer,
  CompanyAccess,
} from '../../../contracts/client-access';
import type { DbOrTx } from '../../db/client';
import { concurrently } from '../../db/concurrently';
import { company, companyAccess, member, team, teamMember, user } from '../../db/schema';
import type { Actor, ServiceArgs } from '../../http/context';
import { AppError, msg, notFound, validationError, type Text } from '../../http/errors';
import { recordAudit, type Changes } from '../audit/service';
import { seesEveryCompany, viewerOf } from './visibility';

/**
 * Who may see a client company (issue 15, ethical walls; decision 029), as owners and admins read
 * and set it. Only they do: they administer access (and see every company anyway). A workspace
 * API key, made by one of them (decision 017), does too.
 */

const ENTITY = 'company_access';

/**
 * 403 unless the caller administers client access (owner, admin, workspace key). The routes check
 * it first (`guarded(…, { administers: true })`); the services again, whoever calls them.
 */
export function assertAdministersAccess(actor: Actor): void {
  if (!seesEveryCompany(viewerOf(actor)))
    throw new AppError('FORBIDDEN', msg('errors.clientAccess.adminsOnly'));
}

/** The company's row (not in the trash) of the caller's workspace, or 404. */
async function companyRow(db: DbOrTx, organizationId: string, companyId: string, lock = false) {
  const query = db
    .select({ id: company.id, access: company.access })
    .from(company)
    .where(
      and(
        eq(company.id, companyId),
        eq(company.organizationId, organizationId),
        isNull(company.deletedAt),
      ),
    );
  const rows = lock ? await query.for('update') : await query;
  if (!rows[0]) throw notFound(msg('errors.notFound.company'));
  return {
    id: rows[0].id,
    access: (rows[0].access === 'restricted' ? 'restricted' : 'everyone') as CompanyAccess,
  };
}

/** The company's setting and list, the workspace's members and teams, and who can see it. */
async function describe(
  db: DbOrTx,
  organizationId: string,
  companyId: string,
): Promise<ClientAccess> {
  const { access } = await companyRow(db, organizationId, companyId);
  const [listed, members, teams, teamMembers] = await concurrently(db, [
    () =>
      db
        .select({ userId: companyAccess.userId, teamId: companyAccess.teamId })
        .from(companyAccess)
        .where(eq(companyAccess.companyId, companyId)),
    () =>
      db
        .select({ userId: member.userId, name: user.name, email: user.email, role: member.role })
        .from(member)
        .innerJoin(user, eq(user.id, member.userId))
        .where(eq(member.organizationId, organizationId))
        .orderBy(asc(user.name), asc(user.email)),
    () =>
      db
        .select({ id: team.id, name: team.name })
        .from(team)
        .where(eq(team.organizationId, organizationId))
        .orderBy(asc(team.name)),
    () =>
      db
        .select({ teamId: teamMember.teamId, userId: teamMember.userId })
        .from(teamMember)
        .innerJoin(team, eq(team.id, teamMember.teamId))
        .where(eq(team.organizationId, organizationId)),
  ]);
  const restricted = access === 'restricted';
  const memberIds = new Set(members.map((m) => m.userId));
  // Someone listed who has left the workspace keeps their row (it counts again if they are
  // invited back) but is not shown: the list is of members, and saving it back must pass.
  const userIds = restricted
    ? listed.flatMap((r) => (r.userId && memberIds.has(r.userId) ? [r.userId] : []))
    : [];
  const teamIds = restricted ? listed.flatMap((r) => (r.teamId ? [r.teamId] : [])) : [];
  const teamName = new Map(teams.map((t) => [t.id, t.name]));
  const teamsOf = new Map<string, string[]>();
  const membersOf = new Map<string, string[]>();
  for (const tm of teamMembers) {
    // A team keeps its rows of someone who left the workspace: they count for nothing.
    if (!memberIds.has(tm.userId)) continue;
    membersOf.set(tm.teamId, [...(membersOf.get(tm.teamId) ?? []), tm.userId]);
    if (!teamIds.includes(tm.teamId)) continue;
    teamsOf.set(tm.userId, [...(teamsOf.get(tm.userId) ?? []), teamName.get(tm.teamId) ?? '']);
  }
  const viewers: ClientAccessViewer[] = [];
  for (const m of members) {
    const reasons: AccessReason[] = [];
    if (administersClientAccess(m.role)) reasons.push('role');
    if (!restricted) reasons.push('everyone');
    if (userIds.includes(m.userId)) reasons.push('member');
    const via = (teamsOf.get(m.userId) ?? []).sort((a, b) => a.localeCompare(b));
    if (via.length > 0) reasons.push('team');
    if (reasons.length > 0) viewers.push({ ...m, reasons, teams: via });
  }
  return {
    companyId,
    access,
    userIds,
    teamIds,
    viewers,
    teams: teams.map((t) => ({ ...t, memberIds: membersOf.get(t.id) ?? [] })),
    members,
  };
}

/** `GET …/company/{companyId}/access`: owners and admins only. */
export async function getClientAccess({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string }>): Promise<ClientAccess> {
  assertAdministersAccess(actor);
  return describe(db, actor.organizationId, input.companyId);
}

/**
 * `PUT …/company/{companyId}/access`: sets the company to everyone (its list cleared) or to the
 * members and teams named, which must be the workspace's (400 naming `userIds.N` / `teamIds.N`).
 * One transaction with its audit row; nothing is recorded when nothing changes.
 */
export async function setClientAccess({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string; body: ClientAccessUpdate }>): Promise<ClientAccess> {
  assertAdministersAccess(actor);
  const org = actor.organizationId;
  const { access, userIds, teamIds } = input.body;
  return db.transaction(async (tx) => {
    const before = await companyRow(tx, org, input.companyId, true);
    const [members, teams] = await concurrently(tx, [
      () =>
        userIds.length === 0
          ? Promise.resolve([])
          : tx
              .select({ userId: member.userId, name: user.name })
              .from(member)
              .innerJoin(user, eq(user.id, member.userId))
              .where(and(eq(member.organizationId, org), inArray(member.userId, userIds))),
      () =>
        teamIds.length === 0
          ? Promise.resolve([])
          : tx
              .select({ id: team.id, name: team.name })
              .from(team)
              .where(and(eq(team.organizationId, org), inArray(team.id, teamIds))),
    ]);
    const memberName = new Map(members.map((m) => [m.userId, m.name]));
    const teamName = new Map(teams.map((t) => [t.id, t.name]));
    const problems: Record<string, Text> = {};
    userIds.forEach((id, i) => {
      if (!memberName.has(id)) problems[`userIds.${i}`] = msg('errors.clientAccess.notMember');
    });
    teamIds.forEach((id, i) => {
      if (!teamName.has(id)) problems[`teamIds.${i}`] = msg('errors.clientAccess.notTeam');
    });
    if (Object.keys(problems).length > 0) throw validationError(problems);

    const old = await tx
      .select({
        userId: companyAccess.userId,
        teamId: companyAccess.teamId,
        name: user.name,
        team: team.name,
      })
      .from(companyAccess)
      .leftJoin(user, eq(user.id, companyAccess.userId))
      .leftJoin(team, eq(team.id, companyAccess.teamId))
      .where(eq(companyAccess.companyId, before.id));
    const names = (list: (string | null)[]) =>
      list.filter((n): n is string => n !== null).sort((a, b) => a.localeCompare(b));
    const fromMembers = names(old.map((r) => (r.userId ? (r.name ?? '') : null)));
    const fromTeams = names(old.map((r) => (r.teamId ? (r.team ?? '') : null)));
    const toMembers = names(userIds.map((id) => memberName.get(id) ?? ''));
    const toTeams = names(teamIds.map((id) => teamName.get(id) ?? ''));

    await tx.delete(companyAccess).where(eq(companyAccess.companyId, before.id));
    if (access === 'restricted') {
      const rows = [
        ...userIds.map((userId) => ({ userId, teamId: null })),
        ...teamIds.map((teamId) => ({ userId: null, teamId })),
      ];
      if (rows.length > 0)
        await tx
          .insert(companyAccess)
          .values(rows.map((r) => ({ ...r, organizationId: org, companyId: before.id })));
    }
    if (before.access !== access)
      await tx
        .update(company)
        .set({ access, updatedAt: systemNow() })
        .where(eq(company.id, before.id));

    const changes: Changes = {};
    if (before.access !== access) changes.access = { from: before.access, to: access };
    if (JSON.stringify(fromMembers) !== JSON.stringify(toMembers))
      changes.members = { from: fromMembers, to: toMembers };
    if (JSON.stringify(fromTeams) !== JSON.stringify(toTeams))
      changes.teams = { from: fromTeams, to: toTeams };
    if (Object.keys(changes).length > 0)
      await recordAudit(tx, {
        actor,
        action: 'update',
        entityType: ENTITY,
        entityId: before.id,
        companyId: before.id,
        changes,
      });
    return describe(tx, org, before.id);
  });
}
