import { organization } from 'better-auth/plugins';

/**
 * The better-auth plugins. Kept free of database imports: scripts/generate-auth-schema.ts
 * builds the Drizzle auth schema from them.
 */
export function authPlugins() {
  return [
    organization({
      // Workspaces of a law firm (issue 3 adds their screens, teams and custom roles).
      organizationLimit: 20,
      membershipLimit: 500,
    }),
  ];
}
