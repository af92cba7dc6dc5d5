import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Loader2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast';
import { PASSWORD_MIN_LENGTH, signUpSchema } from '../../../contracts/auth';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { activeLanguage, availableLanguages, t, Trans } from '../../lib/i18n';
import { DEFAULT_SIGNED_IN_PATH } from '../../lib/safe-redirect';
import { authClient, VERIFY_CALLBACK_PATH } from './auth-client';
import { authErrorField, authErrorMessage } from './error-messages';
import { clearUserData, setCachedSession } from './session';

/**
 * Account creation. On success the parent shows "Check your e-mail" for `email`. The
 * verification link leads to `callbackURL`, and "Sign in" keeps `signInRedirect`: an invitation
 * opened without an account comes back to itself (features/auth/accept-invitation-page.tsx).
 */
export function SignUpForm({
  onSignedUp,
  callbackURL = VERIFY_CALLBACK_PATH,
  signInRedirect,
}: {
  onSignedUp: (email: string) => void;
  callbackURL?: string;
  signInRedirect?: string;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm({
    resolver: zodResolver(signUpSchema),
    defaultValues: { name: '', email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { data, error } = await authClient.signUp.email({
        name: values.name,
        email: values.email,
        password: values.password,
        callbackURL,
        // The new account starts in the language of this page (its verification e-mail too).
        ...(availableLanguages.includes(activeLanguage()) ? { locale: activeLanguage() } : {}),
      });
      if (error) {
        const field = authErrorField(error);
        if (field && field !== 'code')
          form.setError(field, { type: 'server', message: authErrorMessage(error) });
        toast.error(authErrorMessage(error));
        return;
      }
      // Only when the server does not require verification does sign-up also sign in.
      if (data?.token) {
        const session = await authClient.getSession();
        clearUserData(queryClient);
        setCachedSession(queryClient, session.data ?? null);
        await navigate({ to: DEFAULT_SIGNED_IN_PATH });
        return;
      }
      onSignedUp(values.email);
    } catch {
      toast.error(t('common.requestFailed'));
    }
  });

  return (
    <div className="grid gap-6">
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
        <FormField label={t('auth.field.name')} error={errors.name?.message}>
          {(control) => (
            <Input
              {...control}
              autoComplete="name"
              aria-required="true"
              {...form.register('name')}
            />
          )}
        </FormField>
        <FormField label={t('auth.field.email')} error={errors.email?.message}>
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="email"
              aria-required="true"
              {...form.register('email')}
            />
          )}
        </FormField>
        <FormField
          label={t('auth.field.password')}
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
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {t('auth.signUp.submit')}
        </Button>
      </form>

      <p className="text-center text-sm text-muted-foreground">
        <Trans
          id="auth.signUp.haveAccount"
          components={{
            link: (
              <Link
                to="/auth/sign-in"
                search={signInRedirect ? { redirect: signInRedirect } : {}}
                className="font-medium text-primary underline-offset-4 hover:underline"
              />
            ),
          }}
        />
      </p>
    </div>
  );
}
