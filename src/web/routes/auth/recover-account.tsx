import { createFileRoute } from '@tanstack/react-router';
import { optionalString } from '../../lib/search-params';
import { redirectIfSignedIn } from '../../features/auth/guards';
import { RecoverAccountPage } from '../../features/auth/recover-account-page';
import { signInRedirectPath } from '../../features/auth/redirect-target';
import { t } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';

export const Route = createFileRoute('/auth/recover-account')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({
    redirect: optionalString(search.redirect),
  }),
  beforeLoad: ({ context: { queryClient }, search }) =>
    redirectIfSignedIn(queryClient, signInRedirectPath(search.redirect)),
  component: RecoverAccount,
});

function RecoverAccount() {
  useDocumentTitle(t('auth.recover.title'));
  const { redirect } = Route.useSearch();
  return <RecoverAccountPage redirectTo={signInRedirectPath(redirect)} redirect={redirect} />;
}
