import { createAccessControl } from 'better-auth/plugins/access';
import { defaultStatements } from 'better-auth/plugins/organization/access';

/**
 * The one access-control module (issue 3): what each workspace role may do, used by the
 * better-auth organization plugin, by the server on every /api/v1 route and by the UI to hide
 * or disable actions.
 */
export const BUSINESS_RESOURCES = [
  'company',
  'stakeholder',
  'plan',
  'grant',
  'valuation',
  'document',
  // The practice's daily work (issue 15): contacts and notes of a company, the workspace's tasks.
  'contact',
  'note',
  'task',
  'audit',
  // The workspace's trash (decision 016): read lists it, update restores, delete purges now.
  'trash',
] as const;
export type BusinessResource = (typeof BUSINESS_RESOURCES)[number];

export const BUSINESS_ACTIONS = ['create', 'read', 'update', 'delete', 'export'] as const;
export type BusinessAction = (typeof BUSINESS_ACTIONS)[number];

const allActions = [...BUSINESS_ACTIONS];
const businessStatements = Object.fromEntries(
  BUSINESS_RESOURCES.map((resource) => [resource, allActions]),
) as { [R in BusinessResource]: typeof allActions };

/**
 * Workspace-owned API keys (the api-key plugin checks `apiKey` through the organization's access
 * control): owners and admins manage them, as they manage members.
 */
const apiKeyStatements = { apiKey: ['create', 'read', 'update', 'delete'] } as const;

/** Every resource and its actions: better-auth's organization statements plus business data. */
export const statements = {
  ...defaultStatements,
  ...apiKeyStatements,
  ...businessStatements,
} as const;
export const ac = createAccessControl(statements);

type BusinessGrant = { [R in BusinessResource]?: BusinessAction[] };

function business(pick: (resource: BusinessResource) => BusinessAction[]): BusinessGrant {
  const grant: BusinessGrant = {};
  for (const resource of BUSINESS_RESOURCES) {
    const actions = pick(resource);
    if (actions.length > 0) grant[resource] = actions;
  }
  return grant;
}

const allBusiness = business(() => allActions);
/** Resources only owners and admins reach: the audit log and the trash (decision 016). */
const OWNER_ADMIN_ONLY: readonly BusinessResource[] = ['audit', 'trash'];
/** The daily work members also delete: their contacts, notes (to the activity list) and tasks. */
const MEMBER_DELETES: readonly BusinessResource[] = ['contact', 'note', 'task'];
// member: everything but delete (except the daily work's), and nothing of the audit log or the
// trash.
const memberBusiness = business((r) =>
  OWNER_ADMIN_ONLY.includes(r)
    ? []
    : MEMBER_DELETES.includes(r)
      ? allActions
      : allActions.filter((a) => a !== 'delete'),
);
// guest: read only (the audit log and the trash stay with members' betters too).
const guestBusiness = business((r) => (OWNER_ADMIN_ONLY.includes(r) ? [] : ['read']));

/** Workspace roles. Organization permissions are exactly the seed's (issue 3). */
export const roles = {
  owner: ac.newRole({
    organization: ['update', 'delete'],
    member: ['create', 'update', 'delete'],
    invitation: ['create', 'cancel'],
    team: ['create', 'update', 'delete'],
    ac: ['create', 'read', 'update', 'delete'],
    apiKey: ['create', 'read', 'update', 'delete'],
    ...allBusiness,
  }),
  admin: ac.newRole({
    organization: ['update'],
    member: ['create', 'update', 'delete'],
    invitation: ['create', 'cancel'],
    team: ['create', 'update', 'delete'],
    ac: ['create', 'read', 'update', 'delete'],
    apiKey: ['create', 'read', 'update', 'delete'],
    ...allBusiness,
  }),
  member: ac.newRole({ ac: ['read'], ...memberBusiness }),
  guest: ac.newRole({ ...guestBusiness }),
};
export type BuiltInRole = keyof typeof roles;
export const BUILT_IN_ROLES = Object.keys(roles) as BuiltInRole[];

/** A permission set as stored for custom roles: resource → actions. */
export type PermissionSet = Partial<Record<string, readonly string[]>>;

/** The built-in statements of a role name, or undefined for a custom role. */
export function builtInPermissions(role: string): PermissionSet | undefined {
  return (roles as unknown as Record<string, { statements: PermissionSet } | undefined>)[role]
    ?.statements;
}

/**
 * Whether a member holding `roleNames` (comma-separated in better-auth's member.role) may do
 * `action` on `resource`: allowed if any role grants it. Custom roles' permission sets are passed
 * in by the caller (they live in the database).
 */
export function isAllowed(
  roleNames: string,
  resource: string,
  action: string,
  customRoles: Readonly<Record<string, PermissionSet>> = {},
): boolean {
  return splitRoles(roleNames).some((role) => {
    const set = builtInPermissions(role) ?? customRoles[role];
    return set?.[resource]?.includes(action) ?? false;
  });
}

// Client access (issue 15, decision 029): who administers it lives with its contract, which the
// SPA loads without better-auth's access control.
export { administersClientAccess, CLIENT_ACCESS_ADMINS } from './client-access';

/** `"admin, team-lead"` → `["admin", "team-lead"]`. */
export function splitRoles(roleNames: string): string[] {
  return roleNames
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
}

/** Business permissions of a member, for the UI to hide what the role lacks. */
export function businessPermissions(
  roleNames: string,
  customRoles: Readonly<Record<string, PermissionSet>> = {},
): Record<BusinessResource, BusinessAction[]> {
  const result = {} as Record<BusinessResource, BusinessAction[]>;
  for (const resource of BUSINESS_RESOURCES) {
    result[resource] = BUSINESS_ACTIONS.filter((action) =>
      isAllowed(roleNames, resource, action, customRoles),
    );
  }
  return result;
}
