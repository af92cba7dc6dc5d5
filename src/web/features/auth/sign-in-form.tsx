import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { KeyRound, Loader2, Mail, MessageSquareText } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast';
import { signInSchema } from '../../../contracts/auth';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { t, Trans } from '../../lib/i18n';
import { fullAuthClient } from './auth-client-full';
import { authErrorField, authErrorMessage } from './error-messages';
import { ResendVerificationButton } from './resend-verification-button';
import { setCachedSession } from './session';
import { useCompleteSignIn } from './use-complete-sign-in';

const linkClassName = 'font-medium text-primary underline-offset-4 hover:underline';

/**
 * Sign-in with e-mail + password, or a passkey, with links to the other ways in (magic link,
 * e-mail code) and to password recovery. Lands on `redirectTo` (already checked to be
 * same-origin); a second factor, when the account has one, is asked on /auth/two-factor first.
 * With `addAccount` the visitor may already be signed in: the new account joins this browser's
 * accounts (multi-session) and becomes the active one.
 */
export function SignInForm({
  redirectTo,
  addAccount,
}: {
  redirectTo: string;
  addAccount?: true | undefined;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const completeSignIn = useCompleteSignIn();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [isPasskeyPending, setIsPasskeyPending] = useState(false);
  const form = useForm({
    // The same schema the contracts declare, so the client rejects what the server would.
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const isPending = isSubmitting || isPasskeyPending;
  // Only a path we accepted travels on; the default needs no search param.
  const redirectSearch = { redirect: redirectTo, addAccount };

  const onSubmit = form.handleSubmit(async (values) => {
    setUnverifiedEmail(null);
    try {
      const { data, error } = await fullAuthClient.signIn.email({
        email: values.email,
        password: values.password,
      });
      if (error) {
        // Better-auth refuses unverified addresses with 403 EMAIL_NOT_VERIFIED: offer a resend.
        if (error.code === 'EMAIL_NOT_VERIFIED') setUnverifiedEmail(values.email);
        const field = authErrorField(error);
        if (field === 'email' || field === 'password') {
          form.setError(field, { type: 'server', message: authErrorMessage(error) });
        }
        toast.error(authErrorMessage(error));
        return;
      }
      // The password was right, but the account has two-factor on: no session yet, only the
      // short-lived two-factor cookie that /auth/two-factor completes.
      if (data && 'twoFactorRedirect' in data && data.twoFactorRedirect) {
        // The server also dropped the session cookie of whoever was signed in (adding an
        // account): until the second step, nobody is.
        setCachedSession(queryClient, null);
        const methods = (data as { twoFactorMethods?: string[] }).twoFactorMethods;
        await navigate({
          to: '/auth/two-factor',
          search: {
            redirect: redirectTo,
            method: methods && !methods.includes('totp') ? 'otp' : undefined,
          },
        });
        return;
      }
      await completeSignIn(redirectTo);
    } catch {
      toast.error(t('common.requestFailed'));
    }
  });

  async function signInWithPasskey() {
    setIsPasskeyPending(true);
    try {
      const { error } = await fullAuthClient.signIn.passkey();
      if (error) {
        toast.error(authErrorMessage(error));
        return;
      }
      await completeSignIn(redirectTo);
    } catch (error) {
      // The browser's own errors (NotAllowedError when the prompt is dismissed, AbortError).
      toast.error(authErrorMessage(error instanceof Error ? { code: error.name } : null));
    } finally {
      setIsPasskeyPending(false);
    }
  }

  return (
    <div className="grid gap-6">
      {unverifiedEmail ? (
        <div
          role="alert"
          className="grid gap-3 rounded-md border border-warning-foreground/20 bg-warning p-4 text-sm text-warning-foreground"
        >
          <p>
            <Trans
              id="auth.signIn.unverified"
              values={{ email: unverifiedEmail }}
              components={{ strong: <strong /> }}
            />
          </p>
          <ResendVerificationButton email={unverifiedEmail} className="justify-self-start" />
        </div>
      ) : null}

      <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
        <FormField label={t('auth.field.email')} error={errors.email?.message}>
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="username webauthn"
              aria-required="true"
              {...form.register('email')}
            />
          )}
        </FormField>
        <div className="grid gap-1.5">
          <FormField label={t('auth.field.password')} error={errors.password?.message}>
            {(control) => (
              <Input
                {...control}
                type="password"
                autoComplete="current-password"
                aria-required="true"
                {...form.register('password')}
              />
            )}
          </FormField>
          <Link to="/auth/forgot-password" className={`justify-self-end text-sm ${linkClassName}`}>
            {t('auth.signIn.forgotPassword')}
          </Link>
        </div>
        <Button type="submit" disabled={isPending} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {t('auth.signIn.submit')}
        </Button>
      </form>

      <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        {t('auth.signIn.or')}
        <span className="h-px flex-1 bg-border" />
      </div>

      <div className="grid gap-2">
        <Button
          variant="outline"
          onClick={() => void signInWithPasskey()}
          disabled={isPending}
          aria-busy={isPasskeyPending || undefined}
        >
          {isPasskeyPending ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <KeyRound aria-hidden="true" />
          )}
          {t('auth.signIn.passkey')}
        </Button>
        <Button variant="outline" asChild>
          <Link to="/auth/magic-link" search={redirectSearch}>
            <Mail aria-hidden="true" />
            {t('auth.magicLink.title')}
          </Link>
        </Button>
        <Button variant="outline" asChild>
          <Link to="/auth/email-otp" search={redirectSearch}>
            <MessageSquareText aria-hidden="true" />
            {t('auth.emailOtp.title')}
          </Link>
        </Button>
      </div>

      {addAccount ? null : (
        <p className="text-center text-sm text-muted-foreground">
          <Trans
            id="auth.signIn.noAccount"
            components={{ link: <Link to="/auth/sign-up" className={linkClassName} /> }}
          />
        </p>
      )}
    </div>
  );
}
