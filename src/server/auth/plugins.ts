import { organization } from 'better-auth/plugins';
import { ac, roles } from '../../contracts/access-control';

/**
 * The better-auth plugins. Kept free of database imports: scripts/generate-auth-schema.ts
 * builds the Drizzle auth schema from them.
 */
export function authPlugins() {
  return [
    organization({
      // Workspaces of a law firm, with our roles (contracts/access-control.ts), teams and custom
      // roles (dynamic access control).
      ac,
      roles,
      teams: { enabled: true },
      dynamicAccessControl: { enabled: true },
      organizationLimit: 20,
      membershipLimit: 500,
    }),
  ];
}
