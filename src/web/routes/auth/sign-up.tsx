import { createFileRoute, Link } from '@tanstack/react-router';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { AuthCard } from '../../features/auth/auth-card';
import { redirectIfSignedIn } from '../../features/auth/guards';
import { ResendVerificationButton } from '../../features/auth/resend-verification-button';
import { SignUpForm } from '../../features/auth/sign-up-form';
import { DEFAULT_SIGNED_IN_PATH } from '../../lib/safe-redirect';
import { t, Trans } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';

export const Route = createFileRoute('/auth/sign-up')({
  beforeLoad: ({ context: { queryClient } }) =>
    redirectIfSignedIn(queryClient, DEFAULT_SIGNED_IN_PATH),
  component: SignUpPage,
});

function SignUpPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  useDocumentTitle(sentTo ? t('auth.checkEmail.title') : t('auth.signUp.submit'));

  if (sentTo) return <CheckYourEmail email={sentTo} />;
  return (
    <AuthCard title={t('auth.signUp.title')} description={t('auth.signUp.description')}>
      <SignUpForm onSignedUp={setSentTo} />
    </AuthCard>
  );
}

function CheckYourEmail({ email }: { email: string }) {
  return (
    <AuthCard title={t('auth.checkEmail.title')}>
      <div className="grid gap-4 text-sm" role="status">
        <MailCheck className="size-8 text-primary" aria-hidden="true" />
        <p>
          <Trans
            id="auth.signUp.verificationSent"
            values={{ email }}
            components={{ strong: <strong className="break-all" /> }}
          />
        </p>
        <p className="text-muted-foreground">{t('auth.checkEmail.nothingArrivedResend')}</p>
        <ResendVerificationButton email={email} />
        <Link
          to="/auth/sign-in"
          className="text-center font-medium text-primary underline-offset-4 hover:underline"
        >
          {t('auth.signUp.goToSignIn')}
        </Link>
      </div>
    </AuthCard>
  );
}
