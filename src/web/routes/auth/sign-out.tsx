import { createFileRoute } from '@tanstack/react-router';
import { SignOutPage } from '../../features/auth/sign-out-page';
import { useDocumentTitle } from '../../lib/use-document-title';

export const Route = createFileRoute('/auth/sign-out')({
  component: SignOut,
});

function SignOut() {
  useDocumentTitle('Sign out');
  return <SignOutPage />;
}
