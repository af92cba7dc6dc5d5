import { useState } from 'react';
import { toast } from 'sonner';
import { authClient } from './auth-client';
import { AuthCard } from './auth-card';
import { BackToSignIn } from './auth-links';
import { CheckYourEmail } from './check-your-email';
import { EmailFieldForm } from './email-field-form';
import { authErrorMessage } from './error-messages';

/** Page where the link in the reset mail lands (better-auth adds ?token= or ?error=). */
export const RESET_PASSWORD_PATH = '/auth/reset-password';

/**
 * Asks for a password-reset mail. The answer is the same whether or not an account exists for
 * the address (better-auth does not tell), so the page cannot be used to probe for accounts.
 */
export function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function requestReset(email: string) {
    try {
      const { error } = await authClient.requestPasswordReset({
        email,
        redirectTo: RESET_PASSWORD_PATH,
      });
      if (error) toast.error(authErrorMessage(error));
      else setSentTo(email);
    } catch {
      toast.error('Request failed');
    }
  }

  if (sentTo) {
    return (
      <CheckYourEmail email={sentTo}>
        If an account exists for this address, the e-mail contains a link to choose a new password.
        The link is valid for one hour.
      </CheckYourEmail>
    );
  }
  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter the e-mail address of your account and we will send you a link to choose a new password."
    >
      <div className="grid gap-6">
        <EmailFieldForm submitLabel="Send reset link" onSubmit={requestReset} />
        <BackToSignIn />
      </div>
    </AuthCard>
  );
}
