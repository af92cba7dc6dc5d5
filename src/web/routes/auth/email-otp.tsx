import { createFileRoute } from '@tanstack/react-router';
import { optionalString } from '../../lib/search-params';
import { EmailOtpPage } from '../../features/auth/email-otp-page';
import { redirectIfSignedIn } from '../../features/auth/guards';
import { signInRedirectPath } from '../../features/auth/redirect-target';
import { useDocumentTitle } from '../../lib/use-document-title';

export const Route = createFileRoute('/auth/email-otp')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({
    redirect: optionalString(search.redirect),
  }),
  beforeLoad: ({ context: { queryClient }, search }) =>
    redirectIfSignedIn(queryClient, signInRedirectPath(search.redirect)),
  component: EmailOtp,
});

function EmailOtp() {
  useDocumentTitle('Sign in with an e-mail code');
  const { redirect } = Route.useSearch();
  return <EmailOtpPage redirectTo={signInRedirectPath(redirect)} redirect={redirect} />;
}
