import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { CircleCheck } from 'lucide-react';
import { optionalString } from '../../lib/search-params';
import { AuthCard } from '../../features/auth/auth-card';
import { redirectIfSignedIn, searchFlag } from '../../features/auth/guards';
import { sessionQueryOptions } from '../../features/auth/session';
import { SignInForm } from '../../features/auth/sign-in-form';
import { signInRedirectPath } from '../../features/auth/redirect-target';
import { t, Trans } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';

export const Route = createFileRoute('/auth/sign-in')({
  validateSearch: (
    search: Record<string, unknown>,
  ): { redirect?: string; addAccount?: true; accountDeleted?: true } => ({
    redirect: optionalString(search.redirect),
    // "Add another account" (header menu): sign in to a second account, staying in the first.
    addAccount: searchFlag(search.addAccount),
    // Where the account-deletion link of the confirmation mail lands.
    accountDeleted: searchFlag(search.accountDeleted),
  }),
  beforeLoad: ({ context: { queryClient }, search }) =>
    redirectIfSignedIn(queryClient, signInRedirectPath(search.redirect), {
      addAccount: search.addAccount,
    }),
  component: SignInPage,
});

function SignInPage() {
  const { redirect, addAccount, accountDeleted } = Route.useSearch();
  const { data: session } = useQuery(sessionQueryOptions());
  // Adding an account only means something to someone who is signed in already.
  const signedInAs = addAccount ? session?.user.email : undefined;
  const title = signedInAs ? t('auth.signIn.addAccount.title') : t('auth.signIn.submit');
  useDocumentTitle(title);
  return (
    <AuthCard
      title={title}
      description={
        signedInAs ? (
          <Trans
            id="auth.signIn.addAccount.description"
            values={{ email: signedInAs }}
            components={{ strong: <strong className="break-all" /> }}
          />
        ) : (
          t('auth.signIn.description')
        )
      }
    >
      <div className="grid gap-6">
        {accountDeleted ? (
          <p
            role="status"
            className="flex items-start gap-2 rounded-md border bg-muted/50 p-3 text-sm"
          >
            <CircleCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
            {t('auth.signIn.accountDeleted')}
          </p>
        ) : null}
        <SignInForm redirectTo={signInRedirectPath(redirect)} addAccount={addAccount} />
      </div>
    </AuthCard>
  );
}
