import type { QueryClient } from '@tanstack/react-query';
import type { AuthSession } from '../features/auth/auth-client';
import { loadAuthClient } from '../features/auth/load-auth-client';
import { activateLanguage, activeLanguage, availableLanguages } from './i18n';

/**
 * The account's saved language wins over this browser's when someone signs in (issue 12). An
 * account without one gets the language they are using, so their e-mails arrive in it. Applied
 * once per signed-in user: later session refetches do not undo a switch made meanwhile.
 */
export function followSavedLanguage(queryClient: QueryClient): () => void {
  let appliedFor: string | null = null;
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryKey[0] !== 'auth') return;
    if (event.query.queryKey[1] !== 'session' || event.query.state.status !== 'success') return;
    const session = event.query.state.data as AuthSession | null | undefined;
    const user = session?.user as { id: string; locale?: string | null } | undefined;
    if (!user) {
      appliedFor = null;
      return;
    }
    if (appliedFor === user.id) return;
    appliedFor = user.id;
    const saved = user.locale;
    if (saved && availableLanguages.includes(saved)) {
      if (saved !== activeLanguage()) void activateLanguage(saved);
    } else {
      void loadAuthClient().then((client) => client.updateUser({ locale: activeLanguage() }));
    }
  });
}
