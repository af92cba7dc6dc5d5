import { createFileRoute } from '@tanstack/react-router';
import { optionalString } from '../../lib/search-params';
import {
  AcceptInvitationPage,
  InvitationSignedOut,
} from '../../features/auth/accept-invitation-page';
import { sessionQueryOptions } from '../../features/auth/session';
import { t } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';

export const Route = createFileRoute('/auth/accept-invitation')({
  // The invitation mail links here (src/server/auth/plugins.ts). `verified` and `error` are set
  // when the verification link of an account created for this invitation leads back here
  // (better-auth appends `error` when the link was bad).
  validateSearch: (
    search: Record<string, unknown>,
  ): { invitationId?: string; verified?: boolean; error?: string } => ({
    invitationId: optionalString(search.invitationId),
    // The router parses `verified=true` into a boolean; a hand-typed link may keep the string.
    verified: search.verified === true || search.verified === 'true' ? true : undefined,
    error: optionalString(search.error),
  }),
  beforeLoad: async ({ context: { queryClient } }) => {
    // Only the invited person, signed in, may see and answer it. Signed out, the page offers to
    // sign in or to create an account, and both come back here.
    const session = await queryClient.ensureQueryData(sessionQueryOptions());
    return { session };
  },
  component: AcceptInvitation,
});

function AcceptInvitation() {
  useDocumentTitle(t('auth.invitation.title'));
  const { invitationId, verified, error } = Route.useSearch();
  const { session } = Route.useRouteContext();
  if (!session) {
    return (
      <InvitationSignedOut
        invitationId={invitationId}
        verified={verified === true}
        verifyError={error}
      />
    );
  }
  return <AcceptInvitationPage invitationId={invitationId} userEmail={session.user.email} />;
}
