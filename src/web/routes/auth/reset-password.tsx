import { createFileRoute } from '@tanstack/react-router';
import { optionalString } from '../../lib/search-params';
import { ResetPasswordPage } from '../../features/auth/reset-password-page';
import { t } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';

export const Route = createFileRoute('/auth/reset-password')({
  // better-auth redirects here from the mailed link with ?token=…, or ?error=INVALID_TOKEN.
  validateSearch: (search: Record<string, unknown>): { token?: string; error?: string } => ({
    token: optionalString(search.token),
    error: optionalString(search.error),
  }),
  component: ResetPassword,
});

function ResetPassword() {
  useDocumentTitle(t('auth.reset.documentTitle'));
  const { token, error } = Route.useSearch();
  return <ResetPasswordPage token={token} error={error} />;
}
