import { useState } from 'react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { t } from '../../lib/i18n';
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
      toast.error(t('common.requestFailed'));
      return false;
    }
  }

  async function resend(email: string) {
    setIsResending(true);
    if (await send(email)) toast.success(t('auth.magicLink.resent', { email }));
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
            {t('auth.magicLink.sendAgain')}
          </Button>
        }
      >
        {t('auth.magicLink.sentText')}
      </CheckYourEmail>
    );
  }
  return (
    <AuthCard title={t('auth.magicLink.title')} description={t('auth.magicLink.description')}>
      <div className="grid gap-6">
        {error ? (
          <p
            role="alert"
            className="rounded-md border border-destructive/30 bg-destructive/10 p-3 text-sm text-destructive"
          >
            {authErrorCodeMessage(error) ?? t('auth.magicLink.failed')}
          </p>
        ) : null}
        <EmailFieldForm
          submitLabel={t('auth.magicLink.send')}
          onSubmit={async (email) => void (await send(email))}
        />
        <BackToSignIn redirect={redirect} addAccount={addAccount} />
      </div>
    </AuthCard>
  );
}
