import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast';
import { z } from 'zod';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { t } from '../../lib/i18n';
import { fullAuthClient } from './auth-client-full';
import { AuthCard } from './auth-card';
import { backupCodeSchema } from './auth-schemas';
import { authErrorField, authErrorMessage } from './error-messages';
import { SecondFactorExpired } from './second-factor-expired';
import { TrustDeviceField } from './trust-device-field';
import { useCompleteSignIn } from './use-complete-sign-in';

const formSchema = backupCodeSchema.extend({ trustDevice: z.boolean() });

/** Second step of signing in with one of the backup codes given when two-factor was set up. */
export function RecoverAccountPage({
  redirectTo,
  redirect,
}: {
  redirectTo: string;
  redirect: string | undefined;
}) {
  const completeSignIn = useCompleteSignIn();
  const [expired, setExpired] = useState(false);
  const form = useForm({
    resolver: zodResolver(formSchema),
    defaultValues: { code: '', trustDevice: false },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ code, trustDevice }) => {
    try {
      const { error } = await fullAuthClient.twoFactor.verifyBackupCode({ code, trustDevice });
      if (error) {
        if (error.code === 'INVALID_TWO_FACTOR_COOKIE') {
          setExpired(true);
          return;
        }
        if (authErrorField(error) === 'code') {
          form.setError('code', { type: 'server', message: authErrorMessage(error) });
        }
        toast.error(authErrorMessage(error));
        return;
      }
      toast.success(t('auth.recover.signedIn'));
      await completeSignIn(redirectTo);
    } catch {
      toast.error(t('common.requestFailed'));
    }
  });

  if (expired) return <SecondFactorExpired redirect={redirect} />;
  return (
    <AuthCard title={t('auth.recover.title')} description={t('auth.recover.description')}>
      <div className="grid gap-6">
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
          <FormField label={t('auth.recover.code')} error={errors.code?.message}>
            {(control) => (
              <Input
                {...control}
                autoComplete="one-time-code"
                autoCapitalize="off"
                spellCheck={false}
                aria-required="true"
                className="font-mono"
                {...form.register('code')}
              />
            )}
          </FormField>
          <TrustDeviceField registration={form.register('trustDevice')} />
          <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
            {isSubmitting ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {t('auth.twoFactor.verify')}
          </Button>
        </form>
        <p className="text-center text-sm text-muted-foreground">
          <Link
            to="/auth/two-factor"
            search={{ redirect }}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('auth.recover.useCode')}
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}
