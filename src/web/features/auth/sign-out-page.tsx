import { Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { t } from '../../lib/i18n';
import { AuthCard } from './auth-card';
import { useSignOut } from './use-sign-out';

/**
 * Signing out as a page (a link, a bookmark, the end of another flow): signs out on arrival and
 * goes to sign-in with the "Signed out successfully" toast; offers a retry when that fails.
 */
export function SignOutPage() {
  const { signOut } = useSignOut();
  const [failed, setFailed] = useState(false);
  // Once per visit, even when React runs effects twice in development.
  const started = useRef(false);

  async function run() {
    setFailed(false);
    if (!(await signOut())) setFailed(true);
  }

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void run();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once on arrival
  }, []);

  if (failed) {
    return (
      <AuthCard title={t('auth.signOut.failed.title')}>
        <div className="grid gap-4 text-sm" role="alert">
          <p>{t('auth.signOut.failed.text')}</p>
          <Button onClick={() => void run()}>{t('auth.signOut.tryAgain')}</Button>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('auth.signOut.title')}>
      <p className="flex items-center gap-2 text-sm" role="status">
        <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        {t('auth.signOut.pending')}
      </p>
    </AuthCard>
  );
}
