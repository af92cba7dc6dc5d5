import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordPage } from '../../features/auth/forgot-password-page';
import { useDocumentTitle } from '../../lib/use-document-title';

export const Route = createFileRoute('/auth/forgot-password')({
  component: ForgotPassword,
});

function ForgotPassword() {
  useDocumentTitle('Forgot password');
  return <ForgotPasswordPage />;
}
