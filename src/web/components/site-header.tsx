import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { LogOut } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { env } from '../env';
import { sessionQueryOptions } from '../features/auth/session';
import { useSignOut } from '../features/auth/use-sign-out';
import { canReadView } from '../../contracts/views';
import { can, meQueryOptions } from '../features/me/api';
import { Button } from './ui/button';
import { UserMenuButton, type UserMenuUser } from './ui/user-menu-button';

// Radix's menu and its positioning library stay out of the initial bundle (decision 005): the
// chunk loads right after the first signed-in render, and the same trigger shows meanwhile.
const UserMenu = lazy(() =>
  import('../features/organization/user-menu').then((m) => ({ default: m.UserMenu })),
);

// Only an impersonating admin ever sees the banner: load it when the session says so.
const ImpersonationBanner = lazy(() =>
  import('../features/admin/impersonation-banner').then((m) => ({
    default: m.ImpersonationBanner,
  })),
);

const navLinkClass =
  'rounded-md px-2 py-1.5 text-sm font-medium whitespace-nowrap sm:px-3 text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground';
const navLinkActive = { className: 'bg-accent !text-accent-foreground' };

/**
 * "Upcoming" (the practice view), for roles that may read grants. Not suspense: the header also
 * renders on pages outside the `_app` layout, before `/me` has loaded; the link appears once it has.
 */
function UpcomingNavLink() {
  const { data: me } = useQuery(meQueryOptions());
  if (!me || !canReadView(me.permissions, 'upcoming')) return null;
  return (
    <Link
      to="/upcoming"
      activeOptions={{ exact: true, includeSearch: false }}
      className={navLinkClass}
      activeProps={navLinkActive}
    >
      Upcoming
    </Link>
  );
}

/** "Trash", for owners and admins (who may restore): see `UpcomingNavLink` for why not suspense. */
function TrashNavLink() {
  const { data: me } = useQuery(meQueryOptions());
  if (!me || !can(me, 'trash', 'read')) return null;
  return (
    <Link
      to="/trash"
      activeOptions={{ exact: true, includeSearch: false }}
      className={navLinkClass}
      activeProps={navLinkActive}
    >
      Trash
    </Link>
  );
}

/** Sticky page header: product name, main navigation and the signed-in user's menu. */
export function SiteHeader() {
  // Not suspense: public pages render the header before (or without) a session.
  const { data: session } = useQuery(sessionQueryOptions());
  // Signs out the active account only: another account of this browser (multi-session) then
  // becomes active. The menu's "Sign out of all accounts" ends them all.
  const { signOutAccount, isPending } = useSignOut();
  const user = session?.user;
  // The admin plugin's field; the small client does not declare it.
  const menuUser: UserMenuUser | null = user
    ? {
        name: user.name,
        email: user.email,
        image: user.image,
        role: (user as { role?: string | null }).role,
      }
    : null;

  return (
    <header className="sticky top-0 z-40 border-b bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/80">
      {(session?.session as { impersonatedBy?: string | null } | undefined)?.impersonatedBy ? (
        <Suspense fallback={null}>
          <ImpersonationBanner />
        </Suspense>
      ) : null}
      <div className="mx-auto flex h-14 w-full items-center gap-2 px-4 sm:gap-4 lg:w-[61%]">
        <Link
          to="/"
          activeOptions={{ exact: true }}
          className="rounded-sm text-base font-semibold tracking-tight whitespace-nowrap"
        >
          {env.appTitle}
        </Link>
        {user && menuUser ? (
          <>
            {/* On phones the links scroll rather than widen the page. */}
            <nav aria-label="Main" className="flex min-w-0 items-center gap-1 overflow-x-auto">
              <Link
                to="/companies"
                // Active on /companies, /companies/create and /companies/<id>, whatever the search.
                activeOptions={{ exact: false, includeSearch: false }}
                className={navLinkClass}
                activeProps={navLinkActive}
              >
                Companies
              </Link>
              <UpcomingNavLink />
              <TrashNavLink />
            </nav>
            <div className="ml-auto flex min-w-0 items-center gap-2">
              <Suspense fallback={<UserMenuButton user={menuUser} aria-disabled="true" />}>
                <UserMenu
                  user={{ ...menuUser, id: user.id }}
                  activeOrganizationId={session?.session.activeOrganizationId}
                />
              </Suspense>
              <Button
                variant="outline"
                size="sm"
                onClick={() => void signOutAccount()}
                disabled={isPending}
                title={`Sign out ${user.email}`}
              >
                <LogOut aria-hidden="true" />
                {/* Icon only on phones; the text stays the button's accessible name. */}
                <span className="sr-only sm:not-sr-only">Sign Out</span>
              </Button>
            </div>
          </>
        ) : null}
      </div>
    </header>
  );
}
