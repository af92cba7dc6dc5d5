import { describe, expect, it } from 'vitest';
import { isAllowed, type PermissionSet } from './access-control';
import { importableKinds } from './imports';

/** `importableKinds` for a built-in role, or a custom role's permission set. */
const kindsOf = (role: string, custom: Record<string, PermissionSet> = {}) =>
  importableKinds((resource, action) => isAllowed(role, resource, action, custom));

describe('the kinds a role may import (issue 13: the import button follows the role)', () => {
  it.each([
    ['owner', ['stakeholders', 'share-events', 'grants', 'valuations']],
    ['admin', ['stakeholders', 'share-events', 'grants', 'valuations']],
    ['member', ['stakeholders', 'share-events', 'grants', 'valuations']],
    ['guest', []],
  ])('%s: %j', (role, kinds) => {
    expect(kindsOf(role)).toEqual(kinds);
  });

  it('needs read on what the rows name besides create on the kind’s resource', () => {
    const clerk: PermissionSet = { grant: ['create'], stakeholder: ['read'] };
    expect(kindsOf('clerk', { clerk })).toEqual([]);
    expect(kindsOf('clerk', { clerk: { ...clerk, plan: ['read'] } })).toEqual(['grants']);
  });
});
