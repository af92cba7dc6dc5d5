import { createFileRoute, Link } from '@tanstack/react-router';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { optionalString } from '../../lib/search-params';
import { buttonVariants } from '../../components/ui/button';
import { AuthCard } from '../../features/auth/auth-card';
import { useDocumentTitle } from '../../lib/use-document-title';

export const Route = createFileRoute('/auth/callback')({
  // better-auth redirects here after /verify-email, adding ?error=CODE when the token is bad.
  validateSearch: (search: Record<string, unknown>): { error?: string } => ({
    error: optionalString(search.error),
  }),
  component: VerifyCallbackPage,
});

const failures: Record<string, { title: string; text: string }> = {
  INVALID_TOKEN: {
    title: 'This verification link is not valid',
    text: 'The link is broken or has already been used. Sign in to request a new verification e-mail.',
  },
  TOKEN_EXPIRED: {
    title: 'This verification link has expired',
    text: 'Verification links are valid for a limited time. Sign in to request a new verification e-mail.',
  },
};

const genericFailure = {
  title: 'Your e-mail address could not be verified',
  text: 'Something went wrong with this verification link. Sign in to request a new verification e-mail.',
};

function VerifyCallbackPage() {
  const { error } = Route.useSearch();
  useDocumentTitle('E-mail verification');
  const failure = error ? (failures[error] ?? genericFailure) : null;

  return (
    <AuthCard title={failure ? failure.title : 'Your e-mail address is verified'}>
      <div className="grid gap-4 text-sm" role={failure ? 'alert' : 'status'}>
        {failure ? (
          <CircleAlert className="size-8 text-destructive" aria-hidden="true" />
        ) : (
          <CircleCheck className="size-8 text-success" aria-hidden="true" />
        )}
        <p>{failure ? failure.text : 'Thank you. You can now sign in to ESOP CRM.'}</p>
        <Link to="/auth/sign-in" className={buttonVariants()}>
          Sign in
        </Link>
      </div>
    </AuthCard>
  );
}
