import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { TooltipProvider } from '../components/ui/tooltip';
import { sessionQueryOptions } from '../features/auth/session';
import { meQueryOptions } from '../features/me/api';

/**
 * Pathless layout around every signed-in page. No session: go to sign-in, remembering where the
 * visitor wanted to go (sign-in validates the path before using it). With one, the role's
 * permissions are loaded before any page (and its loader) runs, so pages can hide what the role
 * lacks with `useCan` and skip requests that would be refused.
 */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context: { queryClient }, location }) => {
    const session = await queryClient.ensureQueryData(sessionQueryOptions());
    if (!session) {
      throw redirect({ to: '/auth/sign-in', search: { redirect: location.href } });
    }
    // After the session check: signed out, /me would answer 401 and end a session never begun.
    await queryClient.ensureQueryData(meQueryOptions());
    return { session };
  },
  component: SignedInLayout,
});

function SignedInLayout() {
  // Tooltips are only used on signed-in pages. Mounting the provider here (a lazy chunk), not at
  // the root, keeps Radix Tooltip and its positioning library out of the initial bundle.
  return (
    <TooltipProvider delayDuration={0}>
      <Outlet />
    </TooltipProvider>
  );
}
