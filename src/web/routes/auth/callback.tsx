import { createFileRoute, Link } from '@tanstack/react-router';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { optionalString } from '../../lib/search-params';
import { buttonVariants } from '../../components/ui/button';
import { AuthCard } from '../../features/auth/auth-card';
import { msg, t } from '../../lib/i18n';
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
    title: msg('auth.verify.invalid.title'),
    text: msg('auth.verify.invalid.text'),
  },
  TOKEN_EXPIRED: {
    title: msg('auth.verify.expired.title'),
    text: msg('auth.verify.expired.text'),
  },
};

const genericFailure = {
  title: msg('auth.verify.failed.title'),
  text: msg('auth.verify.failed.text'),
};

function VerifyCallbackPage() {
  const { error } = Route.useSearch();
  useDocumentTitle(t('auth.verify.documentTitle'));
  const failure = error
    ? Object.hasOwn(failures, error)
      ? failures[error]!
      : genericFailure
    : null;

  return (
    <AuthCard title={failure ? t(failure.title) : t('auth.verify.done.title')}>
      <div className="grid gap-4 text-sm" role={failure ? 'alert' : 'status'}>
        {failure ? (
          <CircleAlert className="size-8 text-destructive" aria-hidden="true" />
        ) : (
          <CircleCheck className="size-8 text-success" aria-hidden="true" />
        )}
        <p>{failure ? t(failure.text) : t('auth.verify.done.text')}</p>
        <Link to="/auth/sign-in" className={buttonVariants()}>
          {t('auth.signIn.submit')}
        </Link>
      </div>
    </AuthCard>
  );
}
