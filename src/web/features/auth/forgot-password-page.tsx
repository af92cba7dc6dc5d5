import { useState } from 'react';
import { toast } from '../../lib/toast';
import { t } from '../../lib/i18n';
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
      toast.error(t('common.requestFailed'));
    }
  }

  if (sentTo) {
    return <CheckYourEmail email={sentTo}>{t('auth.forgot.sentText')}</CheckYourEmail>;
  }
  return (
    <AuthCard title={t('auth.forgot.title')} description={t('auth.forgot.description')}>
      <div className="grid gap-6">
        <EmailFieldForm submitLabel={t('auth.forgot.send')} onSubmit={requestReset} />
        <BackToSignIn />
      </div>
    </AuthCard>
  );
}
