import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button, type ButtonProps } from '../../components/ui/button';
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
      else toast.success(`Verification e-mail sent to ${email}`);
    } catch {
      toast.error('Request failed');
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
      Resend verification e-mail
    </Button>
  );
}
