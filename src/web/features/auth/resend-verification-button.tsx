import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { Button, type ButtonProps } from '../../components/ui/button';
import { t } from '../../lib/i18n';
import { authClient, VERIFY_CALLBACK_PATH } from './auth-client';
import { authErrorMessage } from './error-messages';

/** Sends a fresh verification link to `email` (the first may be lost, or expired). */
export function ResendVerificationButton({
  email,
  variant = 'outline',
  className,
}: {
  email: string;
  variant?: ButtonProps['variant'];
  className?: string;
}) {
  const [isPending, setIsPending] = useState(false);

  async function resend() {
    setIsPending(true);
    try {
      const { error } = await authClient.sendVerificationEmail({
        email,
        callbackURL: VERIFY_CALLBACK_PATH,
      });
      if (error) toast.error(authErrorMessage(error));
      else toast.success(t('auth.verify.resent', { email }));
    } catch {
      toast.error(t('common.requestFailed'));
    } finally {
      setIsPending(false);
    }
  }

  return (
    <Button
      variant={variant}
      className={className}
      onClick={() => void resend()}
      disabled={isPending}
      aria-busy={isPending || undefined}
    >
      <MailCheck aria-hidden="true" />
      {t('auth.verify.resend')}
    </Button>
  );
}
