import { Link } from '@tanstack/react-router';
import { CircleAlert } from 'lucide-react';
import { buttonVariants } from '../../components/ui/button';
import { t } from '../../lib/i18n';
import { AuthCard } from './auth-card';

/**
 * The second-factor step lives in a 10-minute cookie set by the first step; without it (expired,
 * or the page opened directly) the visitor has to start again.
 */
export function SecondFactorExpired({ redirect }: { redirect: string | undefined }) {
  return (
    <AuthCard title={t('auth.secondFactorExpired.title')}>
      <div className="grid gap-4 text-sm" role="alert">
        <CircleAlert className="size-8 text-destructive" aria-hidden="true" />
        <p>{t('auth.secondFactorExpired.text')}</p>
        <Link to="/auth/sign-in" search={redirect ? { redirect } : {}} className={buttonVariants()}>
          {t('auth.secondFactorExpired.signInAgain')}
        </Link>
      </div>
    </AuthCard>
  );
}
