import { createFileRoute, Link } from '@tanstack/react-router';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { AuthCard } from '../../features/auth/auth-card';
import { redirectIfSignedIn } from '../../features/auth/guards';
import { ResendVerificationButton } from '../../features/auth/resend-verification-button';
import { SignUpForm } from '../../features/auth/sign-up-form';
import { DEFAULT_SIGNED_IN_PATH } from '../../lib/safe-redirect';
import { useDocumentTitle } from '../../lib/use-document-title';

export const Route = createFileRoute('/auth/sign-up')({
  beforeLoad: ({ context: { queryClient } }) =>
    redirectIfSignedIn(queryClient, DEFAULT_SIGNED_IN_PATH),
  component: SignUpPage,
});

function SignUpPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  useDocumentTitle(sentTo ? 'Check your e-mail' : 'Create account');

  if (sentTo) return <CheckYourEmail email={sentTo} />;
  return (
    <AuthCard title="Create your account" description="Start your free trial of ESOP CRM.">
      <SignUpForm onSignedUp={setSentTo} />
    </AuthCard>
  );
}

function CheckYourEmail({ email }: { email: string }) {
  return (
    <AuthCard title="Check your e-mail">
      <div className="grid gap-4 text-sm" role="status">
        <MailCheck className="size-8 text-primary" aria-hidden="true" />
        <p>
          We sent a verification link to <strong className="break-all">{email}</strong>. Click the
          link to verify your address, then sign in.
        </p>
        <p className="text-muted-foreground">
          Nothing arrived? Check your spam folder or send it again.
        </p>
        <ResendVerificationButton email={email} />
        <Link
          to="/auth/sign-in"
          className="text-center font-medium text-primary underline-offset-4 hover:underline"
        >
          Go to sign in
        </Link>
      </div>
    </AuthCard>
  );
}
