import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { CircleAlert, CircleCheck, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast';
import { PASSWORD_MIN_LENGTH } from '../../../contracts/auth';
import { Button, buttonVariants } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { t } from '../../lib/i18n';
import { authClient } from './auth-client';
import { AuthCard } from './auth-card';
import { newPasswordSchema } from './auth-schemas';
import { authErrorMessage } from './error-messages';

/** Codes that mean the link itself is no good: a new one is needed. */
const LINK_ERRORS = new Set(['INVALID_TOKEN', 'TOKEN_EXPIRED']);

/**
 * Second half of "forgot password": the mailed link lands here with ?token=… (or ?error=… when
 * better-auth already found the token bad). New password twice, then a link to sign in. Every
 * session of the account is ended by the reset (revokeSessionsOnPasswordReset).
 */
export function ResetPasswordPage({
  token,
  error,
}: {
  token: string | undefined;
  error: string | undefined;
}) {
  const [state, setState] = useState<'form' | 'invalid' | 'done'>(
    !token || error ? 'invalid' : 'form',
  );

  if (state === 'invalid' || !token) return <InvalidLink />;
  if (state === 'done') return <PasswordChanged />;
  return (
    <NewPasswordForm
      token={token}
      onInvalid={() => setState('invalid')}
      onDone={() => setState('done')}
    />
  );
}

function NewPasswordForm({
  token,
  onInvalid,
  onDone,
}: {
  token: string;
  onInvalid: () => void;
  onDone: () => void;
}) {
  const form = useForm({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      const { error } = await authClient.resetPassword({ newPassword: password, token });
      if (error) {
        if (error.code && LINK_ERRORS.has(error.code)) {
          onInvalid();
          return;
        }
        if (error.code?.startsWith('PASSWORD_')) {
          form.setError('password', { type: 'server', message: authErrorMessage(error) });
        }
        toast.error(authErrorMessage(error));
        return;
      }
      toast.success(t('auth.reset.changed'));
      onDone();
    } catch {
      toast.error(t('common.requestFailed'));
    }
  });

  return (
    <AuthCard title={t('auth.reset.title')} description={t('auth.reset.description')}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
        <FormField
          label={t('auth.reset.newPassword')}
          description={t('auth.field.passwordHint', { min: PASSWORD_MIN_LENGTH })}
          error={errors.password?.message}
        >
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="new-password"
              aria-required="true"
              {...form.register('password')}
            />
          )}
        </FormField>
        <FormField label={t('auth.reset.repeatPassword')} error={errors.confirmPassword?.message}>
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="new-password"
              aria-required="true"
              {...form.register('confirmPassword')}
            />
          )}
        </FormField>
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {t('auth.reset.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}

function InvalidLink() {
  return (
    <AuthCard title={t('auth.reset.invalid.title')}>
      <div className="grid gap-4 text-sm" role="alert">
        <CircleAlert className="size-8 text-destructive" aria-hidden="true" />
        <p>{t('auth.reset.invalid.text')}</p>
        <Link to="/auth/forgot-password" className={buttonVariants()}>
          {t('auth.reset.invalid.requestNew')}
        </Link>
        <Link
          to="/auth/sign-in"
          className="text-center font-medium text-primary underline-offset-4 hover:underline"
        >
          {t('auth.backToSignIn')}
        </Link>
      </div>
    </AuthCard>
  );
}

function PasswordChanged() {
  return (
    <AuthCard title={t('auth.reset.done.title')}>
      <div className="grid gap-4 text-sm" role="status">
        <CircleCheck className="size-8 text-success" aria-hidden="true" />
        <p>{t('auth.reset.done.text')}</p>
        <Link to="/auth/sign-in" className={buttonVariants()}>
          {t('auth.signIn.submit')}
        </Link>
      </div>
    </AuthCard>
  );
}
