import { useQuery } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet, useMatch } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { SiteHeader } from '../components/site-header';
import { metaQueryOptions } from '../features/meta/api';
import { t } from '../lib/i18n';
import type { RouterContext } from '../router';

// The sidebar's links (and their permission checks) load with the first signed-in page, not in
// the initial bundle, which the public pages share (decision 005).
const AppNav = lazy(() => import('../components/app-nav').then((m) => ({ default: m.AppNav })));

const MailModeBanner = lazy(() =>
  import('../components/mail-mode-banner').then((m) => ({ default: m.MailModeBanner })),
);

/** The local-mode banner, when the server keeps mail in its outbox. */
function MailModeNotice() {
  // Not suspense: the banner is a hint and must never hold up or break the page.
  const { data } = useQuery(metaQueryOptions());
  if (data?.mail.mode !== 'outbox') return null;
  return (
    <Suspense fallback={null}>
      <MailModeBanner outboxPath={data.mail.outboxPath} />
    </Suspense>
  );
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // Unknown addresses get the router's default not-found page (router.tsx), in a chunk of its own.
  component: RootLayout,
});

function RootLayout() {
  // The signed-in pages (the `_app` layout) get the application shell: navigation in a sidebar
  // from `lg` up (the header's menu below it) and the whole width for their tables. The public
  // pages (landing, sign-in…) keep a centred column. Decided here, not in `_app`, so that its
  // pending and error screens sit in the shell too.
  const inShell = useMatch({ from: '/_app', shouldThrow: false }) !== undefined;
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-card px-3 py-2 text-sm focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        {t('shell.skipToContent')}
      </a>
      <MailModeNotice />
      <SiteHeader />
      {inShell ? (
        <div className="flex flex-1">
          {/* 13 rem: at 1440 px the content keeps more than 1,150 px for the wide tables. */}
          <div className="hidden w-52 shrink-0 border-r bg-card/50 lg:block">
            <div className="sticky top-[var(--header-height,3.5rem)] max-h-[calc(100dvh-var(--header-height,3.5rem))] overflow-y-auto p-3">
              <Suspense fallback={null}>
                <AppNav />
              </Suspense>
            </div>
          </div>
          <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 lg:px-6">
            <Outlet />
          </main>
        </div>
      ) : (
        // About 61% of the window on wide screens (golden ratio), full width on phones.
        <main id="main" tabIndex={-1} className="mx-auto w-full flex-1 px-4 py-8 lg:w-[61%]">
          <Outlet />
        </main>
      )}
    </div>
  );
}
