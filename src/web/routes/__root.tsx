import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { MailModeBanner } from '../components/mail-mode-banner';
import { NotFound } from '../components/not-found';
import { SiteHeader } from '../components/site-header';
import type { RouterContext } from '../router';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-card px-3 py-2 text-sm focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <MailModeBanner />
      <SiteHeader />
      {/* About 61% of the window on wide screens (golden ratio), full width on phones. */}
      <main id="main" tabIndex={-1} className="mx-auto w-full flex-1 px-4 py-8 lg:w-[61%]">
        <Outlet />
      </main>
    </div>
  );
}
