import { z } from 'zod';
import { requiredText } from './common';
import { messageParams } from './i18n/issues';

/**
 * Client access (issue 15, ethical walls; decision 029): a client company is open to everyone in
 * its workspace, or restricted to its owners and admins and the members and teams listed.
 */
export const COMPANY_ACCESS = ['everyone', 'restricted'] as const;
export type CompanyAccess = (typeof COMPANY_ACCESS)[number];

/**
 * Roles that administer client access: they see every client company, restricted or not, and
 * alone decide (and see) who else may. Custom roles never do: a wall that a role of the firm's own
 * making could step over would not be one.
 */
export const CLIENT_ACCESS_ADMINS = ['owner', 'admin'] as const;

/** Whether a member holding `roleNames` (comma-separated) administers client access. */
export function administersClientAccess(roleNames: string): boolean {
  return roleNames
    .split(',')
    .map((r) => r.trim())
    .some((r) => (CLIENT_ACCESS_ADMINS as readonly string[]).includes(r));
}

/** The most members, and teams, one company's list holds (a firm's whole team fits easily). */
export const ACCESS_LIST_MAX = 500;

const idList = (field: string, label: string) =>
  z
    .array(requiredText(label, { max: 100 }), { error: `${field} must be a list of ids` })
    .max(ACCESS_LIST_MAX, `${field} holds at most ${ACCESS_LIST_MAX} ids`)
    .default([]);

/** Body of `PUT /api/v1/company/{companyId}/access`. */
export const clientAccessUpdateSchema = z
  .strictObject({
    access: z.enum(COMPANY_ACCESS, { error: 'access must be everyone or restricted' }),
    userIds: idList('userIds', 'Member'),
    teamIds: idList('teamIds', 'Team'),
  })
  .superRefine((body, ctx) => {
    const twice = (field: 'userIds' | 'teamIds', key: string, message: string) => {
      const seen = new Set<string>();
      body[field].forEach((id, index) => {
        if (seen.has(id))
          ctx.addIssue({
            code: 'custom',
            path: [field, index],
            message,
            params: messageParams(key),
          });
        seen.add(id);
      });
    };
    twice('userIds', 'validation.clientAccess.memberTwice', 'A member is named twice');
    twice('teamIds', 'validation.clientAccess.teamTwice', 'A team is named twice');
    if (body.access === 'everyone') {
      // "Everyone" clears the list: a list sent with it would be silently dropped.
      for (const field of ['userIds', 'teamIds'] as const)
        if (body[field].length > 0)
          ctx.addIssue({
            code: 'custom',
            path: [field],
            message: `${field} is only taken when access is restricted`,
            params: messageParams('validation.clientAccess.onlyRestricted'),
          });
    }
  });
export type ClientAccessUpdateInput = z.input<typeof clientAccessUpdateSchema>;
export type ClientAccessUpdate = z.output<typeof clientAccessUpdateSchema>;

/** Why a member can see the company. */
export const ACCESS_REASONS = ['role', 'everyone', 'member', 'team'] as const;
export type AccessReason = (typeof ACCESS_REASONS)[number];

/** One member of the workspace who can see the company, and why. */
export const clientAccessViewerSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  /** Their workspace role(s), comma-separated. */
  role: z.string(),
  /**
   * `role`: an owner or admin, who sees every company; `everyone`: the company is open to the
   * whole workspace; `member`: listed by name; `team`: through the teams in `teams`.
   */
  reasons: z.array(z.enum(ACCESS_REASONS)),
  /** The listed teams through which they see it (names). */
  teams: z.array(z.string()),
});
export type ClientAccessViewer = z.infer<typeof clientAccessViewerSchema>;

/** `GET /api/v1/company/{companyId}/access` (owners and admins). */
export const clientAccessSchema = z.object({
  companyId: z.uuid(),
  access: z.enum(COMPANY_ACCESS),
  /** The members listed by name (restricted only). */
  userIds: z.array(z.string()),
  /** The teams listed (restricted only). */
  teamIds: z.array(z.string()),
  /** Every member of the workspace who can see the company, by name. */
  viewers: z.array(clientAccessViewerSchema),
  /** The workspace's teams, for the picker. */
  teams: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      /** Its members who are members of the workspace. */
      memberIds: z.array(z.string()),
    }),
  ),
  /** The workspace's members, for the picker. */
  members: z.array(
    z.object({ userId: z.string(), name: z.string(), email: z.string(), role: z.string() }),
  ),
});
export type ClientAccess = z.infer<typeof clientAccessSchema>;
