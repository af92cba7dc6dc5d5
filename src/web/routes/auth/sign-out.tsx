import { createFileRoute } from '@tanstack/react-router';
import { SignOutPage } from '../../features/auth/sign-out-page';
import { t } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';

export const Route = createFileRoute('/auth/sign-out')({
  component: SignOut,
});

function SignOut() {
  useDocumentTitle(t('auth.signOut.documentTitle'));
  return <SignOutPage />;
}
