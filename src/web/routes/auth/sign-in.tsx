import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { AuthCard } from '../../features/auth/auth-card';
import { redirectIfSignedIn } from '../../features/auth/guards';
import { SignInForm } from '../../features/auth/sign-in-form';
import { safeRedirectPath } from '../../lib/safe-redirect';
import { useDocumentTitle } from '../../lib/use-document-title';

export const Route = createFileRoute('/auth/sign-in')({
  validateSearch: z.object({
    /** Page to return to after signing in; checked by safeRedirectPath before use. */
    redirect: z.catch(z.optional(z.string()), undefined),
  }),
  beforeLoad: ({ context: { queryClient }, search }) =>
    redirectIfSignedIn(queryClient, safeRedirectPath(search.redirect)),
  component: SignInPage,
});

function SignInPage() {
  useDocumentTitle('Sign in');
  const { redirect } = Route.useSearch();
  return (
    <AuthCard title="Sign in" description="Welcome back. Sign in to your workspace.">
      <SignInForm redirectTo={safeRedirectPath(redirect)} />
    </AuthCard>
  );
}
