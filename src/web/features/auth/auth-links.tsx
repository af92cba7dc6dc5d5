import { Link } from '@tanstack/react-router';
import { t } from '../../lib/i18n';

/**
 * "Back to sign in" under the forms of the secondary auth pages, keeping where to go afterwards
 * and whether another account is being added.
 */
export function BackToSignIn({
  redirect,
  addAccount,
}: {
  redirect?: string | undefined;
  addAccount?: true | undefined;
}) {
  return (
    <p className="text-center text-sm text-muted-foreground">
      <Link
        to="/auth/sign-in"
        search={{ redirect, addAccount }}
        className="font-medium text-primary underline-offset-4 hover:underline"
      >
        {t('auth.backToSignIn')}
      </Link>
    </p>
  );
}
