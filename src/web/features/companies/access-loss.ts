import type { ClientAccess } from '../../../contracts/client-access';

/**
 * The members who see the company now and would not once `next` is saved (owners and admins
 * always see it): the confirmation names them.
 */
export function losingAccess(
  current: ClientAccess,
  next: { access: 'everyone' | 'restricted'; userIds: string[]; teamIds: string[] },
): ClientAccess['viewers'] {
  if (next.access === 'everyone') return [];
  const keeps = new Set(next.userIds);
  for (const team of current.teams)
    if (next.teamIds.includes(team.id)) for (const id of team.memberIds) keeps.add(id);
  // With "everyone", every member is a viewer (reason `everyone` or `role`).
  return current.viewers.filter((v) => !v.reasons.includes('role') && !keeps.has(v.userId));
}
