import { createFileRoute } from '@tanstack/react-router';
import { optionalEnum, optionalString } from '../../lib/search-params';
import { redirectIfSignedIn } from '../../features/auth/guards';
import { signInRedirectPath } from '../../features/auth/redirect-target';
import { TwoFactorPage } from '../../features/auth/two-factor-page';
import { t } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';

export const Route = createFileRoute('/auth/two-factor')({
  validateSearch: (
    search: Record<string, unknown>,
  ): { redirect?: string; method?: 'totp' | 'otp' } => ({
    redirect: optionalString(search.redirect),
    method: optionalEnum(search.method, ['totp', 'otp'] as const),
  }),
  beforeLoad: ({ context: { queryClient }, search }) =>
    redirectIfSignedIn(queryClient, signInRedirectPath(search.redirect)),
  component: TwoFactor,
});

function TwoFactor() {
  useDocumentTitle(t('auth.twoFactor.title'));
  const { redirect, method } = Route.useSearch();
  return (
    <TwoFactorPage redirectTo={signInRedirectPath(redirect)} redirect={redirect} method={method} />
  );
}
