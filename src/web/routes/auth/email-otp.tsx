import { createFileRoute } from '@tanstack/react-router';
import { optionalString } from '../../lib/search-params';
import { EmailOtpPage } from '../../features/auth/email-otp-page';
import { redirectIfSignedIn, searchFlag } from '../../features/auth/guards';
import { signInRedirectPath } from '../../features/auth/redirect-target';
import { t } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';

export const Route = createFileRoute('/auth/email-otp')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string; addAccount?: true } => ({
    redirect: optionalString(search.redirect),
    addAccount: searchFlag(search.addAccount),
  }),
  beforeLoad: ({ context: { queryClient }, search }) =>
    redirectIfSignedIn(queryClient, signInRedirectPath(search.redirect), {
      addAccount: search.addAccount,
    }),
  component: EmailOtp,
});

function EmailOtp() {
  useDocumentTitle(t('auth.emailOtp.title'));
  const { redirect, addAccount } = Route.useSearch();
  return (
    <EmailOtpPage
      redirectTo={signInRedirectPath(redirect)}
      redirect={redirect}
      addAccount={addAccount}
    />
  );
}
