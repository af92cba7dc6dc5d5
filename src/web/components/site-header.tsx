import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { LogOut, Menu, Search } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { env } from '../env';
import { sessionQueryOptions } from '../features/auth/session';
import { useSignOut } from '../features/auth/use-sign-out';
import { t } from '../lib/i18n';
import { cn } from '../lib/utils';
import { LanguageSwitch } from './language-switch';
import { ThemeSwitch } from './theme-switch';
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

const loadNavDrawer = () => import('./nav-drawer');
// The phone's navigation drawer (Radix Dialog) loads when it is first wanted, not up front.
const NavDrawer = lazy(() => loadNavDrawer().then((m) => ({ default: m.NavDrawer })));

const loadSearchPalette = () => import('../features/search/search-palette');
// The search palette (issue 15) loads when it is first wanted: pointed at, focused, or Ctrl/⌘-K.
const SearchPalette = lazy(() => loadSearchPalette().then((m) => ({ default: m.SearchPalette })));

const isMac = () =>
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad|iPod/.test(navigator.platform);

/**
 * The header's search: a button reading "Search… Ctrl K" (⌘K on a Mac) that opens the command
 * palette, which Ctrl-K or ⌘-K also opens from anywhere in the app.
 */
function SearchButton() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const mac = isMac();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setWanted(true);
        setOpen((was) => !was);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className="min-w-0 justify-start gap-2 text-muted-foreground sm:w-56"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-keyshortcuts={mac ? 'Meta+K' : 'Control+K'}
        onPointerEnter={() => void loadSearchPalette()}
        onFocus={() => void loadSearchPalette()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Search aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">{t('search.button')}</span>
        <kbd className="ml-auto hidden rounded border bg-muted px-1.5 font-sans text-xs sm:inline">
          {mac ? '⌘K' : t('search.shortcut')}
        </kbd>
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <SearchPalette open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * The menu button of phones and narrow windows (below `lg`, where the sidebar is hidden): opens
 * the navigation drawer. Its chunk starts loading as soon as the button is pointed at or focused.
 */
function NavMenuButton() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="icon"
        className="-ml-2 lg:hidden"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadNavDrawer()}
        onFocus={() => void loadNavDrawer()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Menu aria-hidden="true" />
        <span className="sr-only">{t('shell.menu.open')}</span>
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <NavDrawer open={open} onOpenChange={setOpen} returnFocusTo={button} />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * Publishes the header's height as `--header-height` for what sticks below it (the sidebar): the
 * impersonation banner makes it taller, and wraps on narrow windows.
 */
function useHeaderHeight() {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const header = ref.current;
    if (!header) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      root.style.setProperty('--header-height', `${header.offsetHeight}px`);
    });
    observer.observe(header);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--header-height');
    };
  }, []);
  return ref;
}

/**
 * Sticky page header: product name and the signed-in user's menu; on phones also the button of
 * the navigation drawer (the sidebar holds the navigation on wider screens).
 */
export function SiteHeader() {
  // Not suspense: public pages render the header before (or without) a session.
  const { data: session } = useQuery(sessionQueryOptions());
  // Signs out the active account only: another account of this browser (multi-session) then
  // becomes active. The menu's "Sign out of all accounts" ends them all.
  const { signOutAccount, isPending } = useSignOut();
  const headerRef = useHeaderHeight();
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
    <header
      ref={headerRef}
      className="sticky top-0 z-40 border-b bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/80"
    >
      {(session?.session as { impersonatedBy?: string | null } | undefined)?.impersonatedBy ? (
        <Suspense fallback={null}>
          <ImpersonationBanner />
        </Suspense>
      ) : null}
      <div className="flex h-14 w-full items-center gap-2 px-4 sm:gap-4 lg:px-6">
        {user ? <NavMenuButton /> : null}
        <Link
          to="/"
          activeOptions={{ exact: true }}
          className="min-w-0 truncate rounded-sm text-base font-semibold tracking-tight"
        >
          {env.appTitle}
        </Link>
        {user && menuUser ? (
          <div className="ml-auto flex min-w-0 items-center gap-2">
            <SearchButton />
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
              title={t('shell.header.signOutTitle', { email: user.email })}
            >
              <LogOut aria-hidden="true" />
              {/* Icon only on phones; the text stays the button's accessible name. */}
              <span className="sr-only sm:not-sr-only">{t('shell.header.signOut')}</span>
            </Button>
          </div>
        ) : null}
        {/* Signed in, phones find them in the navigation drawer: the header has no room left. */}
        <div className={cn('items-center gap-2', user ? 'hidden sm:flex' : 'ml-auto flex')}>
          <LanguageSwitch />
          <ThemeSwitch />
        </div>
      </div>
    </header>
  );
}
