import { createFileRoute } from '@tanstack/react-router';
import { optionalString } from '../../lib/search-params';
import { AuthCard } from '../../features/auth/auth-card';
import { redirectIfSignedIn } from '../../features/auth/guards';
import { SignInForm } from '../../features/auth/sign-in-form';
import { signInRedirectPath } from '../../features/auth/redirect-target';
import { useDocumentTitle } from '../../lib/use-document-title';

export const Route = createFileRoute('/auth/sign-in')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({
    redirect: optionalString(search.redirect),
  }),
  beforeLoad: ({ context: { queryClient }, search }) =>
    redirectIfSignedIn(queryClient, signInRedirectPath(search.redirect)),
  component: SignInPage,
});

function SignInPage() {
  useDocumentTitle('Sign in');
  const { redirect } = Route.useSearch();
  return (
    <AuthCard title="Sign in" description="Welcome back. Sign in to your workspace.">
      <SignInForm redirectTo={signInRedirectPath(redirect)} />
    </AuthCard>
  );
}
