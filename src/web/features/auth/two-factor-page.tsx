import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { Loader2, Send } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast';
import { z } from 'zod';
import { Button } from '../../components/ui/button';
import { t } from '../../lib/i18n';
import { fullAuthClient } from './auth-client-full';
import { AuthCard } from './auth-card';
import { sixDigitCodeSchema } from './auth-schemas';
import { CodeField } from './code-field';
import { authErrorField, authErrorMessage } from './error-messages';
import { SecondFactorExpired } from './second-factor-expired';
import { TrustDeviceField } from './trust-device-field';
import { useCompleteSignIn } from './use-complete-sign-in';

const codeFormSchema = sixDigitCodeSchema.extend({ trustDevice: z.boolean() });

type Step = 'totp' | 'send-otp' | 'otp' | 'expired';

/**
 * Second step of signing in when the account has two-factor on: a code from the authenticator
 * app (TOTP), or a one-time code sent by e-mail or SMS (the user's `twoFactorChannel`), or a
 * backup code on /auth/recover-account. `method` 'otp' means the account has no authenticator app.
 */
export function TwoFactorPage({
  redirectTo,
  redirect,
  method,
}: {
  redirectTo: string;
  redirect: string | undefined;
  method: 'totp' | 'otp' | undefined;
}) {
  const completeSignIn = useCompleteSignIn();
  const [step, setStep] = useState<Step>(method === 'otp' ? 'send-otp' : 'totp');
  const [isSending, setIsSending] = useState(false);
  const form = useForm({
    resolver: zodResolver(codeFormSchema),
    defaultValues: { code: '', trustDevice: false },
  });
  const { errors, isSubmitting } = form.formState;

  async function sendCode() {
    setIsSending(true);
    try {
      const { error } = await fullAuthClient.twoFactor.sendOtp();
      if (error) {
        if (error.code === 'INVALID_TWO_FACTOR_COOKIE') setStep('expired');
        else toast.error(authErrorMessage(error));
        return;
      }
      form.reset({ code: '', trustDevice: form.getValues('trustDevice') });
      setStep('otp');
      toast.success(t('auth.twoFactor.codeSent'));
    } catch {
      toast.error(t('common.requestFailed'));
    } finally {
      setIsSending(false);
    }
  }

  const onSubmit = form.handleSubmit(async ({ code, trustDevice }) => {
    try {
      const { error } =
        step === 'otp'
          ? await fullAuthClient.twoFactor.verifyOtp({ code, trustDevice })
          : await fullAuthClient.twoFactor.verifyTotp({ code, trustDevice });
      if (error) {
        if (error.code === 'INVALID_TWO_FACTOR_COOKIE') {
          setStep('expired');
          return;
        }
        if (authErrorField(error) === 'code') {
          form.setError('code', { type: 'server', message: authErrorMessage(error) });
        }
        toast.error(authErrorMessage(error));
        return;
      }
      await completeSignIn(redirectTo);
    } catch {
      toast.error(t('common.requestFailed'));
    }
  });

  if (step === 'expired') return <SecondFactorExpired redirect={redirect} />;

  const recoverLink = (
    <Link
      to="/auth/recover-account"
      search={{ redirect }}
      className="font-medium text-primary underline-offset-4 hover:underline"
    >
      {t('auth.recover.title')}
    </Link>
  );

  if (step === 'send-otp') {
    return (
      <AuthCard title={t('auth.twoFactor.title')} description={t('auth.twoFactor.sendDescription')}>
        <div className="grid gap-6">
          <Button
            onClick={() => void sendCode()}
            disabled={isSending}
            aria-busy={isSending || undefined}
          >
            {isSending ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : (
              <Send aria-hidden="true" />
            )}
            {t('auth.twoFactor.sendMeACode')}
          </Button>
          {method !== 'otp' ? (
            <Button variant="ghost" size="sm" onClick={() => setStep('totp')}>
              {t('auth.twoFactor.useApp')}
            </Button>
          ) : null}
          <p className="text-center text-sm text-muted-foreground">
            {t('auth.twoFactor.lostAccess')} {recoverLink}
          </p>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('auth.twoFactor.title')}
      description={
        step === 'totp' ? t('auth.twoFactor.totpDescription') : t('auth.twoFactor.otpDescription')
      }
    >
      <div className="grid gap-6">
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
          <CodeField
            label={step === 'totp' ? t('auth.twoFactor.appCode') : t('auth.field.code')}
            error={errors.code?.message}
            registration={form.register('code')}
          />
          <TrustDeviceField registration={form.register('trustDevice')} />
          <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
            {isSubmitting ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {t('auth.twoFactor.verify')}
          </Button>
        </form>
        <div className="grid justify-items-center gap-2 text-sm">
          <Button
            variant="ghost"
            size="sm"
            onClick={() => void sendCode()}
            disabled={isSending}
            aria-busy={isSending || undefined}
          >
            {step === 'totp' ? t('auth.twoFactor.sendInstead') : t('auth.code.sendNew')}
          </Button>
          {step === 'otp' && method !== 'otp' ? (
            <Button variant="ghost" size="sm" onClick={() => setStep('totp')}>
              {t('auth.twoFactor.useApp')}
            </Button>
          ) : null}
          <p className="text-muted-foreground">
            {t('auth.twoFactor.lostAccess')} {recoverLink}
          </p>
        </div>
      </div>
    </AuthCard>
  );
}
