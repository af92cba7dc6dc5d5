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
  UserPlus,
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
import { deviceSessionsQueryOptions, useSwitchAccount } from '../account/device-sessions';
import { useSignOut } from '../auth/use-sign-out';
import { t } from '../../lib/i18n';
import { organizationsQueryOptions } from './keys';
import { useSwitchWorkspace } from './use-switch-workspace';

/**
 * The header's user menu: account pages, the workspace switcher, the accounts signed in on this
 * browser (switch, add another), administration and sign-out. Loaded lazily by the header
 * (Radix's menu and its positioning library are not in the initial bundle); until then the
 * header shows the same trigger, inert.
 */
export function UserMenu({
  user,
  activeOrganizationId,
}: {
  user: UserMenuUser & { id: string };
  activeOrganizationId: string | null | undefined;
}) {
  const [open, setOpen] = useState(false);
  const organizations = useQuery({ ...organizationsQueryOptions(), enabled: open });
  const accounts = useQuery({ ...deviceSessionsQueryOptions(), enabled: open });
  const { switchWorkspace, pendingId } = useSwitchWorkspace();
  const { switchAccount, pendingToken } = useSwitchAccount();
  const { signOut, isPending: signingOut } = useSignOut();
  // All accounts of this browser, once there is another one to switch to.
  const switchableAccounts = accounts.data?.some((a) => a.user.id !== user.id)
    ? accounts.data
    : null;
  const activeToken = switchableAccounts?.find((a) => a.user.id === user.id)?.session.token ?? '';

  return (
    <DropdownMenu
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        // The first open fetches (enabled); later ones refresh the lists (workspaces come and
        // go, accounts are signed out elsewhere).
        if (next && organizations.data) void organizations.refetch();
        if (next && accounts.data) void accounts.refetch();
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
            {t('workspace.menu.account')}
          </MenuLink>
          <MenuLink to="/account/security" icon={<ShieldCheck aria-hidden="true" />}>
            {t('workspace.menu.security')}
          </MenuLink>
          <MenuLink to="/account/api-keys" icon={<KeyRound aria-hidden="true" />}>
            {t('workspace.menu.apiKeys')}
          </MenuLink>
          <MenuLink to="/account/organizations" icon={<Building2 aria-hidden="true" />}>
            {t('workspace.menu.workspaces')}
          </MenuLink>
          <MenuLink to="/organization/members" icon={<Users aria-hidden="true" />}>
            {t('workspace.menu.workspaceSettings')}
          </MenuLink>
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuLabel>{t('workspace.menu.workspaces')}</DropdownMenuLabel>
        {organizations.isPending ? (
          <DropdownMenuItem disabled>
            <Loader2 className="animate-spin" aria-hidden="true" />
            {t('workspace.menu.loading')}
          </DropdownMenuItem>
        ) : organizations.isError ? (
          <DropdownMenuItem disabled>{t('workspace.menu.loadFailed')}</DropdownMenuItem>
        ) : (
          <DropdownMenuRadioGroup
            value={activeOrganizationId ?? ''}
            onValueChange={(organizationId) => {
              if (organizationId !== activeOrganizationId) void switchWorkspace(organizationId);
            }}
            aria-label={t('workspace.menu.switchWorkspace')}
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
        <DropdownMenuLabel>{t('workspace.menu.accounts')}</DropdownMenuLabel>
        {switchableAccounts ? (
          <DropdownMenuRadioGroup
            value={activeToken}
            onValueChange={(sessionToken) => {
              if (sessionToken !== activeToken) void switchAccount(sessionToken);
            }}
            aria-label={t('workspace.menu.switchAccount')}
          >
            {switchableAccounts.map(({ session, user: account }) => (
              <DropdownMenuRadioItem
                key={session.token}
                value={session.token}
                disabled={pendingToken !== null}
              >
                <span className="grid min-w-0">
                  <span className="truncate">{account.name}</span>
                  <span className="truncate text-xs text-muted-foreground">{account.email}</span>
                </span>
                {pendingToken === session.token ? (
                  <Loader2 className="ml-auto animate-spin" aria-hidden="true" />
                ) : null}
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
        ) : null}
        <DropdownMenuItem asChild>
          {/* addAccount: the sign-in page would otherwise send a signed-in visitor away. */}
          <Link to="/auth/sign-in" search={{ addAccount: true }}>
            <UserPlus aria-hidden="true" />
            {t('workspace.menu.addAccount')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        {isPlatformAdmin(user.role) ? (
          <MenuLink to="/admin/users" icon={<Shield aria-hidden="true" />}>
            {t('workspace.menu.admin')}
          </MenuLink>
        ) : null}
        <DropdownMenuItem disabled={signingOut} onSelect={() => void signOut()}>
          <LogOut aria-hidden="true" />
          {/* better-auth signs every account of this browser out at once. */}
          {switchableAccounts ? t('workspace.menu.signOutAll') : t('workspace.menu.signOut')}
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
