import { msg, t } from '../../lib/i18n';

/** The built-in roles' names as people read them; custom roles are shown as they were named. */
const BUILT_IN_ROLE_LABELS: Record<string, string> = {
  owner: msg('workspace.role.owner'),
  admin: msg('workspace.role.admin'),
  member: msg('workspace.role.member'),
  guest: msg('workspace.role.guest'),
};

/** "eigenaar" for `owner` in Dutch; a custom role's own name. */
export function roleLabel(role: string): string {
  return Object.hasOwn(BUILT_IN_ROLE_LABELS, role) ? t(BUILT_IN_ROLE_LABELS[role]!) : role;
}
