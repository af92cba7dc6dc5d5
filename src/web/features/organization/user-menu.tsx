import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  Building2,
  KeyRound,
  Loader2,
  LogOut,
  Settings,
  Shield,
  ShieldCheck,
  Users,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import {
  isPlatformAdmin,
  UserMenuButton,
  type UserMenuUser,
} from '../../components/ui/user-menu-button';
import { useSignOut } from '../auth/use-sign-out';
import { organizationsQueryOptions } from './keys';
import { useSwitchWorkspace } from './use-switch-workspace';

/**
 * The header's user menu: account pages, the workspace switcher, administration and sign-out.
 * Loaded lazily by the header (Radix's menu and its positioning library are not in the initial
 * bundle); until then the header shows the same trigger, inert.
 */
export function UserMenu({
  user,
  activeOrganizationId,
}: {
  user: UserMenuUser;
  activeOrganizationId: string | null | undefined;
}) {
  const [open, setOpen] = useState(false);
  const organizations = useQuery({ ...organizationsQueryOptions(), enabled: open });
  const { switchWorkspace, pendingId } = useSwitchWorkspace();
  const { signOut, isPending: signingOut } = useSignOut();

  return (
    <DropdownMenu
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        // The first open fetches (enabled); later ones refresh the list (workspaces come and go).
        if (next && organizations.data) void organizations.refetch();
      }}
    >
      <DropdownMenuTrigger asChild>
        <UserMenuButton user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="grid gap-0.5 font-normal">
          <span className="truncate text-sm font-medium text-foreground">{user.name}</span>
          <span className="truncate">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          <MenuLink to="/account/settings" icon={<Settings aria-hidden="true" />}>
            Account
          </MenuLink>
          <MenuLink to="/account/security" icon={<ShieldCheck aria-hidden="true" />}>
            Security
          </MenuLink>
          <MenuLink to="/account/api-keys" icon={<KeyRound aria-hidden="true" />}>
            API keys
          </MenuLink>
          <MenuLink to="/account/organizations" icon={<Building2 aria-hidden="true" />}>
            Organizations
          </MenuLink>
          <MenuLink to="/organization/members" icon={<Users aria-hidden="true" />}>
            Workspace settings
          </MenuLink>
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuLabel>Workspaces</DropdownMenuLabel>
        {organizations.isPending ? (
          <DropdownMenuItem disabled>
            <Loader2 className="animate-spin" aria-hidden="true" />
            Loading workspaces…
          </DropdownMenuItem>
        ) : organizations.isError ? (
          <DropdownMenuItem disabled>Workspaces could not be loaded</DropdownMenuItem>
        ) : (
          <DropdownMenuRadioGroup
            value={activeOrganizationId ?? ''}
            onValueChange={(organizationId) => {
              if (organizationId !== activeOrganizationId) void switchWorkspace(organizationId);
            }}
            aria-label="Switch workspace"
          >
            {(organizations.data ?? []).map((organization) => (
              <DropdownMenuRadioItem
                key={organization.id}
                value={organization.id}
                disabled={pendingId !== null}
              >
                <span className="truncate">{organization.name}</span>
                {pendingId === organization.id ? (
                  <Loader2 className="ml-auto animate-spin" aria-hidden="true" />
                ) : null}
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
        )}
        <DropdownMenuSeparator />
        {isPlatformAdmin(user.role) ? (
          <MenuLink to="/admin/users" icon={<Shield aria-hidden="true" />}>
            Admin
          </MenuLink>
        ) : null}
        <DropdownMenuItem disabled={signingOut} onSelect={() => void signOut()}>
          <LogOut aria-hidden="true" />
          Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function MenuLink({
  to,
  icon,
  children,
}: {
  to:
    | '/account/settings'
    | '/account/security'
    | '/account/api-keys'
    | '/account/organizations'
    | '/organization/members'
    | '/admin/users';
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <DropdownMenuItem asChild>
      <Link to={to}>
        {icon}
        {children}
      </Link>
    </DropdownMenuItem>
  );
}
