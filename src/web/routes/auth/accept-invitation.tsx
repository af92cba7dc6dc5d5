import { createFileRoute, redirect } from '@tanstack/react-router';
import { optionalString } from '../../lib/search-params';
import { AcceptInvitationPage } from '../../features/auth/accept-invitation-page';
import { sessionQueryOptions } from '../../features/auth/session';
import { useDocumentTitle } from '../../lib/use-document-title';

export const Route = createFileRoute('/auth/accept-invitation')({
  // The invitation mail links here (src/server/auth/plugins.ts).
  validateSearch: (search: Record<string, unknown>): { invitationId?: string } => ({
    invitationId: optionalString(search.invitationId),
  }),
  beforeLoad: async ({ context: { queryClient }, location }) => {
    // Only the invited person, signed in, may see and answer it: sign in first, then come back.
    const session = await queryClient.ensureQueryData(sessionQueryOptions());
    if (!session) throw redirect({ to: '/auth/sign-in', search: { redirect: location.href } });
    return { session };
  },
  component: AcceptInvitation,
});

function AcceptInvitation() {
  useDocumentTitle('Invitation');
  const { invitationId } = Route.useSearch();
  const { session } = Route.useRouteContext();
  return <AcceptInvitationPage invitationId={invitationId} userEmail={session.user.email} />;
}
