import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { t, Trans } from '../../lib/i18n';
import { fullAuthClient } from './auth-client-full';
import { AuthCard } from './auth-card';
import { BackToSignIn } from './auth-links';
import { sixDigitCodeSchema } from './auth-schemas';
import { CodeField } from './code-field';
import { EmailFieldForm } from './email-field-form';
import { authErrorField, authErrorMessage } from './error-messages';
import { setCachedSession } from './session';
import { useCompleteSignIn } from './use-complete-sign-in';

/** Sign-in with a 6-digit code sent by e-mail: first the address, then the code. */
export function EmailOtpPage({
  redirectTo,
  redirect,
  addAccount,
}: {
  redirectTo: string;
  redirect: string | undefined;
  addAccount?: true | undefined;
}) {
  const [email, setEmail] = useState<string | null>(null);

  async function sendCode(address: string): Promise<boolean> {
    try {
      const { error } = await fullAuthClient.emailOtp.sendVerificationOtp({
        email: address,
        type: 'sign-in',
      });
      if (error) {
        toast.error(authErrorMessage(error));
        return false;
      }
      setEmail(address);
      return true;
    } catch {
      toast.error(t('common.requestFailed'));
      return false;
    }
  }

  if (email) {
    return (
      <CodeStep
        email={email}
        redirectTo={redirectTo}
        redirect={redirect}
        addAccount={addAccount}
        onResend={async () => {
          if (await sendCode(email)) toast.success(t('auth.emailOtp.resent', { email }));
        }}
        onChangeEmail={() => setEmail(null)}
      />
    );
  }
  return (
    <AuthCard title={t('auth.emailOtp.title')} description={t('auth.emailOtp.description')}>
      <div className="grid gap-6">
        <EmailFieldForm
          submitLabel={t('auth.emailOtp.send')}
          onSubmit={async (address) => void (await sendCode(address))}
        />
        <BackToSignIn redirect={redirect} addAccount={addAccount} />
      </div>
    </AuthCard>
  );
}

function CodeStep({
  email,
  redirectTo,
  redirect,
  addAccount,
  onResend,
  onChangeEmail,
}: {
  email: string;
  redirectTo: string;
  redirect: string | undefined;
  addAccount: true | undefined;
  onResend: () => Promise<void>;
  onChangeEmail: () => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const completeSignIn = useCompleteSignIn();
  const [isResending, setIsResending] = useState(false);
  const form = useForm({ resolver: zodResolver(sixDigitCodeSchema), defaultValues: { code: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      const { data, error } = await fullAuthClient.signIn.emailOtp({ email, otp: code });
      if (error) {
        if (authErrorField(error) === 'code') {
          form.setError('code', { type: 'server', message: authErrorMessage(error) });
        }
        toast.error(authErrorMessage(error));
        return;
      }
      // With two-factor on, the code is only the first step (src/server/auth/second-factor.ts).
      const answer = data as { twoFactorRedirect?: boolean; twoFactorMethods?: string[] } | null;
      if (answer?.twoFactorRedirect) {
        // The server also dropped the session cookie of whoever was signed in (adding an
        // account): until the second step, nobody is.
        setCachedSession(queryClient, null);
        const methods = answer.twoFactorMethods;
        await navigate({
          to: '/auth/two-factor',
          search: { redirect, method: methods && !methods.includes('totp') ? 'otp' : undefined },
        });
        return;
      }
      await completeSignIn(redirectTo);
    } catch {
      toast.error(t('common.requestFailed'));
    }
  });

  async function resend() {
    setIsResending(true);
    await onResend();
    setIsResending(false);
  }

  return (
    <AuthCard
      title={t('auth.emailOtp.codeTitle')}
      description={
        <Trans
          id="auth.emailOtp.codeDescription"
          values={{ email }}
          components={{ strong: <strong className="break-all" /> }}
        />
      }
    >
      <div className="grid gap-6">
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
          <CodeField
            label={t('auth.field.code')}
            error={errors.code?.message}
            registration={form.register('code')}
          />
          <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
            {isSubmitting ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {t('auth.signIn.submit')}
          </Button>
        </form>
        <div className="flex flex-wrap justify-center gap-2">
          <Button
            variant="ghost"
            size="sm"
            onClick={() => void resend()}
            disabled={isResending}
            aria-busy={isResending || undefined}
          >
            {t('auth.code.sendNew')}
          </Button>
          <Button variant="ghost" size="sm" onClick={onChangeEmail}>
            {t('auth.emailOtp.otherAddress')}
          </Button>
        </div>
        <BackToSignIn redirect={redirect} addAccount={addAccount} />
      </div>
    </AuthCard>
  );
}
