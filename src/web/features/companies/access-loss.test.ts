import { describe, expect, it } from 'vitest';
import type { ClientAccess } from '../../../contracts/client-access';
import { losingAccess } from './access-loss';

const viewer = (
  userId: string,
  role: string,
  reasons: ClientAccess['viewers'][number]['reasons'],
) => ({
  userId,
  name: userId,
  email: `${userId}@example.com`,
  role,
  reasons,
  teams: [],
});

const open: ClientAccess = {
  companyId: '00000000-0000-4000-8000-000000000000',
  access: 'everyone',
  userIds: [],
  teamIds: [],
  viewers: [
    viewer('olivia', 'owner', ['role', 'everyone']),
    viewer('lisa', 'member', ['everyone']),
    viewer('tom', 'member', ['everyone']),
    viewer('gina', 'guest', ['everyone']),
  ],
  teams: [{ id: 'corporate', name: 'Corporate', memberIds: ['tom'] }],
  members: [],
};

describe('losingAccess', () => {
  it('names who sees the company now and would not: not owners and admins, not those kept by name or team', () => {
    const lost = losingAccess(open, {
      access: 'restricted',
      userIds: ['lisa'],
      teamIds: ['corporate'],
    });
    expect(lost.map((v) => v.userId)).toEqual(['gina']);
  });

  it('nobody loses access when it opens to everyone', () => {
    expect(losingAccess(open, { access: 'everyone', userIds: [], teamIds: [] })).toEqual([]);
  });
});
