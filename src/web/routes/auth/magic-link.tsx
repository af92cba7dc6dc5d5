import { createFileRoute } from '@tanstack/react-router';
import { optionalString } from '../../lib/search-params';
import { redirectIfSignedIn, searchFlag } from '../../features/auth/guards';
import { MagicLinkPage } from '../../features/auth/magic-link-page';
import { signInRedirectPath } from '../../features/auth/redirect-target';
import { t } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';

export const Route = createFileRoute('/auth/magic-link')({
  validateSearch: (
    search: Record<string, unknown>,
  ): { redirect?: string; error?: string; addAccount?: true } => ({
    redirect: optionalString(search.redirect),
    error: optionalString(search.error),
    addAccount: searchFlag(search.addAccount),
  }),
  beforeLoad: ({ context: { queryClient }, search }) =>
    redirectIfSignedIn(queryClient, signInRedirectPath(search.redirect), {
      addAccount: search.addAccount,
    }),
  component: MagicLink,
});

function MagicLink() {
  useDocumentTitle(t('auth.magicLink.title'));
  const { redirect, error, addAccount } = Route.useSearch();
  return (
    <MagicLinkPage
      redirectTo={signInRedirectPath(redirect)}
      redirect={redirect}
      error={error}
      addAccount={addAccount}
    />
  );
}
