import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ToasterHost } from './components/toaster-host';
import { invalidEnvVariables } from './env';
import { clearUserData, setCachedSession, watchSessionUser } from './features/auth/session';
import { metaQueryOptions } from './features/meta/api';
import {
  listenForEarlyErrors,
  reportError,
  setReportingUser,
  startErrorReporting,
} from './lib/error-reporting';
import { activateLanguage, initialLanguage, LanguageBoundary, t } from './lib/i18n';
import { followSavedLanguage } from './lib/saved-language';
import { createQueryClient } from './lib/query-client';
import { toast } from './lib/toast';
import { watchTheme } from './lib/theme';
import { createAppRouter } from './router';
import './styles.css';

const SESSION_EXPIRED_TOAST_ID = 'session-expired';

function start(container: HTMLElement) {
  listenForEarlyErrors();
  watchTheme();
  const root = createRoot(container, {
    // Errors no boundary caught (the router's error screens report their own).
    onUncaughtError: (error, info) => {
      reportError(error);
      console.error(error, info.componentStack);
    },
  });

  if (invalidEnvVariables.length > 0) {
    // env.ts has already named the variables on the console; render nothing that could call out.
    root.render(
      <p style={{ padding: '2rem', fontFamily: 'system-ui' }}>Invalid environment variables</p>,
    );
    return;
  }

  const queryClient = createQueryClient({
    onUnauthorized: () => {
      const location = router.state.location;
      // Deferred: this runs inside the query cache's error notification.
      queueMicrotask(() => setCachedSession(queryClient, null));
      if (location.pathname.startsWith('/auth/')) return;
      toast.error(t('common.session.ended'), {
        id: SESSION_EXPIRED_TOAST_ID,
      });
      void router
        .navigate({ to: '/auth/sign-in', search: { redirect: location.href } })
        .then(() => clearUserData(queryClient));
    },
  });
  const router = createAppRouter(queryClient);
  watchSessionUser(queryClient, setReportingUser);
  followSavedLanguage(queryClient);
  // Error reporting is configured by the server at run time (SENTRY_DSN); the SDK loads only then.
  queryClient
    .fetchQuery(metaQueryOptions())
    .then((meta) => startErrorReporting(meta.errorReporting))
    .catch(() => startErrorReporting(null));

  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <LanguageBoundary>
          <RouterProvider router={router} />
        </LanguageBoundary>
        {/* sonner's toaster (components/toaster.tsx), loaded after the first render. */}
        <ToasterHost />
      </QueryClientProvider>
    </StrictMode>,
  );
}

const container = document.getElementById('root');
// The first render waits for the language's catalog (a few kB): no English flash for a Dutch user.
if (container) {
  activateLanguage(initialLanguage())
    .catch(() => activateLanguage('en'))
    .catch(() => undefined)
    .finally(() => start(container));
}
