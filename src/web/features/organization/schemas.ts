import { z } from 'zod';
import { textCheck } from '../../../contracts/common';

/** Limits of issue 3 (the server does not check them yet: see the report to the lead). */
export const ORGANIZATION_NAME_MAX_LENGTH = 32;
export const ORGANIZATION_SLUG_MAX_LENGTH = 48;
/** Largest side of a workspace logo, in pixels; logos are stored as PNG data URLs. */
export const LOGO_MAX_SIZE_PX = 128;

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const organizationFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Enter a name.')
    .superRefine(textCheck('Name'))
    .max(ORGANIZATION_NAME_MAX_LENGTH, `At most ${ORGANIZATION_NAME_MAX_LENGTH} characters.`),
  slug: z
    .string()
    .trim()
    .min(1, 'Enter a slug.')
    .max(ORGANIZATION_SLUG_MAX_LENGTH, `At most ${ORGANIZATION_SLUG_MAX_LENGTH} characters.`)
    .regex(SLUG_PATTERN, 'Lower-case letters, digits and single hyphens only.'),
  logo: z.string().nullable(),
});
export type OrganizationFormValues = z.infer<typeof organizationFormSchema>;

/** "Van Dijk & Partners" → "van-dijk-partners", within the slug limit. */
export function slugify(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, ORGANIZATION_SLUG_MAX_LENGTH)
    .replace(/-+$/g, '');
}

/** Built-in workspace roles, in the order the role pickers show them. */
export const BUILT_IN_ROLE_NAMES = ['owner', 'admin', 'member', 'guest'] as const;

/** A custom role's name: what better-auth stores in member.role, comma-joined with others. */
export const roleNameSchema = z
  .string()
  .trim()
  .min(1, 'Enter a role name.')
  .max(32, 'At most 32 characters.')
  .regex(/^[a-z0-9][a-z0-9-_]*$/, 'Lower-case letters, digits, "-" and "_" only.')
  .refine(
    (name) => !(BUILT_IN_ROLE_NAMES as readonly string[]).includes(name),
    'This name belongs to a built-in role.',
  );

// Kept out of the route files: a schema built at a route module's top level would land in the
// initial bundle (the router only splits the component).
export const TEAM_NAME_MAX_LENGTH = 32;
export const teamSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Enter a team name.')
    .superRefine(textCheck('Team name'))
    .max(TEAM_NAME_MAX_LENGTH, `At most ${TEAM_NAME_MAX_LENGTH} characters.`),
});
export type TeamNameValues = z.infer<typeof teamSchema>;

export const createKeySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Enter a name.')
    .superRefine(textCheck('Name'))
    .max(32, 'At most 32 characters.'),
  expiry: z.enum(['30', '90', '365', 'never']),
  // resource → actions; the server keeps them within the creator's own (api-key-create.ts).
  permissions: z
    .record(z.string(), z.array(z.string()))
    .refine(
      (permissions) => Object.values(permissions).some((actions) => actions.length > 0),
      'Choose at least one permission.',
    ),
});
export type WorkspaceKeyValues = z.infer<typeof createKeySchema>;
