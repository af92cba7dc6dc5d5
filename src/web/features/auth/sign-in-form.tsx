import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { signInSchema } from '../../../contracts/auth';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { authClient } from './auth-client';
import { authErrorField, authErrorMessage } from './error-messages';
import { ResendVerificationButton } from './resend-verification-button';
import { clearUserData, setCachedSession } from './session';

/** E-mail + password sign-in; lands on `redirectTo` (already checked to be same-origin). */
export function SignInForm({ redirectTo }: { redirectTo: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const form = useForm({
    // The same schema the contracts declare, so the client rejects what the server would.
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setUnverifiedEmail(null);
    try {
      const { error } = await authClient.signIn.email({
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
      const session = await authClient.getSession();
      clearUserData(queryClient);
      setCachedSession(queryClient, session.data ?? null);
      await navigate({ href: redirectTo, replace: true });
    } catch {
      toast.error('Request failed');
    }
  });

  return (
    <div className="grid gap-6">
      {unverifiedEmail ? (
        <div
          role="alert"
          className="grid gap-3 rounded-md border border-warning-foreground/20 bg-warning p-4 text-sm text-warning-foreground"
        >
          <p>
            Your e-mail address is not verified yet. Click the link in the verification e-mail we
            sent to <strong>{unverifiedEmail}</strong>, then sign in.
          </p>
          <ResendVerificationButton email={unverifiedEmail} className="justify-self-start" />
        </div>
      ) : null}

      <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
        <FormField label="Email" error={errors.email?.message}>
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="username"
              aria-required="true"
              {...form.register('email')}
            />
          )}
        </FormField>
        <FormField label="Password" error={errors.password?.message}>
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
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          Sign in
        </Button>
      </form>

      <p className="text-center text-sm text-muted-foreground">
        No account yet?{' '}
        <Link
          to="/auth/sign-up"
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          Create an account
        </Link>
      </p>
    </div>
  );
}
