import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { fullAuthClient } from './auth-client-full';
import { AuthCard } from './auth-card';
import { BackToSignIn } from './auth-links';
import { CheckYourEmail } from './check-your-email';
import { EmailFieldForm } from './email-field-form';
import { authErrorCodeMessage, authErrorMessage } from './error-messages';

/** Where the magic link sends people whose link failed (better-auth adds ?error=CODE). */
const MAGIC_LINK_PATH = '/auth/magic-link';

/**
 * Passwordless sign-in by a link in a mail. Opening the link signs in on the server, which then
 * redirects to `redirectTo` (or to /auth/two-factor?redirect=`redirectTo` when the account has a
 * second factor, src/server/auth/second-factor.ts), or back here with ?error= when the link is
 * bad. Only existing accounts get a link.
 */
export function MagicLinkPage({
  redirectTo,
  redirect,
  error,
  addAccount,
}: {
  redirectTo: string;
  redirect: string | undefined;
  error: string | undefined;
  addAccount?: true | undefined;
}) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [isResending, setIsResending] = useState(false);

  async function send(email: string): Promise<boolean> {
    try {
      const { error: sendError } = await fullAuthClient.signIn.magicLink({
        email,
        callbackURL: redirectTo,
        errorCallbackURL: MAGIC_LINK_PATH,
      });
      if (sendError) {
        toast.error(authErrorMessage(sendError));
        return false;
      }
      setSentTo(email);
      return true;
    } catch {
      toast.error('Request failed');
      return false;
    }
  }

  async function resend(email: string) {
    setIsResending(true);
    if (await send(email)) toast.success(`Sign-in link sent to ${email}`);
    setIsResending(false);
  }

  if (sentTo) {
    return (
      <CheckYourEmail
        email={sentTo}
        action={
          <Button
            variant="outline"
            onClick={() => void resend(sentTo)}
            disabled={isResending}
            aria-busy={isResending || undefined}
          >
            Send the link again
          </Button>
        }
      >
        Click the sign-in link in it within 5 minutes to sign in. The link works once.
      </CheckYourEmail>
    );
  }
  return (
    <AuthCard
      title="Sign in with a magic link"
      description="We will e-mail you a link that signs you in, no password needed."
    >
      <div className="grid gap-6">
        {error ? (
          <p
            role="alert"
            className="rounded-md border border-destructive/30 bg-destructive/10 p-3 text-sm text-destructive"
          >
            {authErrorCodeMessage(error) ?? 'This sign-in link did not work. Request a new one.'}
          </p>
        ) : null}
        <EmailFieldForm
          submitLabel="Send sign-in link"
          onSubmit={async (email) => void (await send(email))}
        />
        <BackToSignIn redirect={redirect} addAccount={addAccount} />
      </div>
    </AuthCard>
  );
}
