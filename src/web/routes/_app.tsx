import { createFileRoute, Link, Outlet, redirect } from '@tanstack/react-router';
import { Building2 } from 'lucide-react';
import { TooltipProvider } from '../components/ui/tooltip';
import { sessionQueryOptions } from '../features/auth/session';
import { hasWorkspace, meQueryOptions } from '../features/me/api';
import { Trans } from '../lib/i18n';

/**
 * Pages that work without an active workspace: the account pages (where one is created or
 * chosen) and platform administration.
 */
const WORKSPACE_FREE_PREFIXES = ['/account', '/admin'];

function needsWorkspace(pathname: string): boolean {
  return !WORKSPACE_FREE_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/**
 * Pathless layout around every signed-in page. No session: go to sign-in, remembering where the
 * visitor wanted to go (sign-in validates the path before using it). With one, the role's
 * permissions are loaded before any page (and its loader) runs, so pages can hide what the role
 * lacks with `useCan` and skip requests that would be refused. A user without a workspace (they
 * left or deleted their last one) is sent to /account/organizations, where they can create one
 * or switch to one they were invited to, instead of meeting a 403 on every page.
 */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context: { queryClient }, location }) => {
    const session = await queryClient.ensureQueryData(sessionQueryOptions());
    if (!session) {
      throw redirect({ to: '/auth/sign-in', search: { redirect: location.href } });
    }
    // After the session check: signed out, /me would answer 401 and end a session never begun.
    const me = await queryClient.ensureQueryData(meQueryOptions());
    const inWorkspace = hasWorkspace(me);
    if (!inWorkspace && needsWorkspace(location.pathname)) {
      throw redirect({ to: '/account/organizations', replace: true });
    }
    return { session, inWorkspace };
  },
  component: SignedInLayout,
});

function SignedInLayout() {
  // Tooltips are only used on signed-in pages. Mounting the provider here (a lazy chunk), not at
  // the root, keeps Radix Tooltip and its positioning library out of the initial bundle.
  return (
    <TooltipProvider delayDuration={0}>
      <NoWorkspaceNotice />
      <Outlet />
    </TooltipProvider>
  );
}

/** Says why the user landed on the account pages when they have no workspace. */
function NoWorkspaceNotice() {
  // From the guard, which runs on every navigation: a query observer mounted here would miss
  // `/me` being removed and fetched again when the workspace changes.
  const inWorkspace = Route.useRouteContext({ select: (context) => context.inWorkspace });
  if (inWorkspace) return null;
  return (
    <div
      role="status"
      className="mb-6 flex items-start gap-3 rounded-md border border-warning-foreground/20 bg-warning p-3 text-sm text-warning-foreground"
    >
      <Building2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>
        <Trans
          id="workspace.noWorkspace.notice"
          components={{
            link: (
              <Link
                to="/account/organizations"
                className="font-medium underline underline-offset-4"
              />
            ),
          }}
        />
      </p>
    </div>
  );
}
