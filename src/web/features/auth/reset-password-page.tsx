import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { CircleAlert, CircleCheck, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { PASSWORD_MIN_LENGTH } from '../../../contracts/auth';
import { Button, buttonVariants } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
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
      toast.success('Password changed');
      onDone();
    } catch {
      toast.error('Request failed');
    }
  });

  return (
    <AuthCard title="Choose a new password" description="Enter your new password twice.">
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
        <FormField
          label="New password"
          description={`At least ${PASSWORD_MIN_LENGTH} characters.`}
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
        <FormField label="Repeat new password" error={errors.confirmPassword?.message}>
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
          Change password
        </Button>
      </form>
    </AuthCard>
  );
}

function InvalidLink() {
  return (
    <AuthCard title="This reset link is not valid">
      <div className="grid gap-4 text-sm" role="alert">
        <CircleAlert className="size-8 text-destructive" aria-hidden="true" />
        <p>
          The link has expired or has already been used. Reset links are valid for one hour and work
          once. Request a new one.
        </p>
        <Link to="/auth/forgot-password" className={buttonVariants()}>
          Request a new link
        </Link>
        <Link
          to="/auth/sign-in"
          className="text-center font-medium text-primary underline-offset-4 hover:underline"
        >
          Back to sign in
        </Link>
      </div>
    </AuthCard>
  );
}

function PasswordChanged() {
  return (
    <AuthCard title="Your password has been changed">
      <div className="grid gap-4 text-sm" role="status">
        <CircleCheck className="size-8 text-success" aria-hidden="true" />
        <p>You can now sign in with your new password. Other devices have been signed out.</p>
        <Link to="/auth/sign-in" className={buttonVariants()}>
          Sign in
        </Link>
      </div>
    </AuthCard>
  );
}
