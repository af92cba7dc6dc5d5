import { z } from 'zod';
import { textCheck } from '../../../contracts/common';
import { t } from '../../lib/i18n';

/** Limits of issue 3 (the server does not check them yet: see the report to the lead). */
export const ORGANIZATION_NAME_MAX_LENGTH = 32;
export const ORGANIZATION_SLUG_MAX_LENGTH = 48;
/** Largest side of a workspace logo, in pixels; logos are stored as PNG data URLs. */
export const LOGO_MAX_SIZE_PX = 128;

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The workspace form's schema. Built when a form mounts, not at load: its messages are read in
 * the app's language (decision 018).
 */
export function organizationFormSchema() {
  return z.object({
    name: z
      .string()
      .trim()
      .min(1, t('workspace.form.name.required'))
      .superRefine(textCheck(t('workspace.form.name')))
      .max(
        ORGANIZATION_NAME_MAX_LENGTH,
        t('workspace.form.tooLong', { max: ORGANIZATION_NAME_MAX_LENGTH }),
      ),
    slug: z
      .string()
      .trim()
      .min(1, t('workspace.form.slug.required'))
      .max(
        ORGANIZATION_SLUG_MAX_LENGTH,
        t('workspace.form.tooLong', { max: ORGANIZATION_SLUG_MAX_LENGTH }),
      )
      .regex(SLUG_PATTERN, t('workspace.form.slug.pattern')),
    logo: z.string().nullable(),
  });
}
export type OrganizationFormValues = z.infer<ReturnType<typeof organizationFormSchema>>;

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
export function roleNameSchema() {
  return z
    .string()
    .trim()
    .min(1, t('workspace.roles.form.name.required'))
    .max(32, t('workspace.form.tooLong', { max: 32 }))
    .regex(/^[a-z0-9][a-z0-9-_]*$/, t('workspace.roles.form.name.pattern'))
    .refine(
      (name) => !(BUILT_IN_ROLE_NAMES as readonly string[]).includes(name),
      t('workspace.roles.form.name.builtIn'),
    );
}

// Kept out of the route files: a schema built at a route module's top level would land in the
// initial bundle (the router only splits the component).
export const TEAM_NAME_MAX_LENGTH = 32;
export function teamSchema() {
  return z.object({
    name: z
      .string()
      .trim()
      .min(1, t('workspace.teams.form.name.required'))
      .superRefine(textCheck(t('workspace.teams.form.name')))
      .max(TEAM_NAME_MAX_LENGTH, t('workspace.form.tooLong', { max: TEAM_NAME_MAX_LENGTH })),
  });
}
export type TeamNameValues = z.infer<ReturnType<typeof teamSchema>>;

export function createKeySchema() {
  return z.object({
    name: z
      .string()
      .trim()
      .min(1, t('workspace.form.name.required'))
      .superRefine(textCheck(t('workspace.apiKeys.form.name')))
      .max(32, t('workspace.form.tooLong', { max: 32 })),
    expiry: z.enum(['30', '90', '365', 'never']),
    // resource → actions; the server keeps them within the creator's own (api-key-create.ts).
    permissions: z
      .record(z.string(), z.array(z.string()))
      .refine(
        (permissions) => Object.values(permissions).some((actions) => actions.length > 0),
        t('workspace.permissions.required'),
      ),
  });
}
export type WorkspaceKeyValues = z.infer<ReturnType<typeof createKeySchema>>;
