import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { TooltipProvider } from '../components/ui/tooltip';
import { sessionQueryOptions } from '../features/auth/session';

/**
 * Pathless layout around every signed-in page. No session: go to sign-in, remembering where the
 * visitor wanted to go (sign-in validates the path before using it).
 */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context: { queryClient }, location }) => {
    const session = await queryClient.ensureQueryData(sessionQueryOptions());
    if (!session) {
      throw redirect({ to: '/auth/sign-in', search: { redirect: location.href } });
    }
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
