import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, type CSSProperties } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster, toast } from 'sonner';
import { invalidEnvVariables } from './env';
import { clearUserData, setCachedSession, watchSessionUser } from './features/auth/session';
import { metaQueryOptions } from './features/meta/api';
import {
  listenForEarlyErrors,
  reportError,
  setReportingUser,
  startErrorReporting,
} from './lib/error-reporting';
import { createQueryClient } from './lib/query-client';
import { createAppRouter } from './router';
import './styles.css';

const SESSION_EXPIRED_TOAST_ID = 'session-expired';

function start(container: HTMLElement) {
  listenForEarlyErrors();
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
      toast.error('Your session has ended. Please sign in again.', {
        id: SESSION_EXPIRED_TOAST_ID,
      });
      void router
        .navigate({ to: '/auth/sign-in', search: { redirect: location.href } })
        .then(() => clearUserData(queryClient));
    },
  });
  const router = createAppRouter(queryClient);
  watchSessionUser(queryClient, setReportingUser);
  // Error reporting is configured by the server at run time (SENTRY_DSN); the SDK loads only then.
  queryClient
    .fetchQuery(metaQueryOptions())
    .then((meta) => startErrorReporting(meta.errorReporting))
    .catch(() => startErrorReporting(null));

  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster
          position="bottom-right"
          duration={4000}
          visibleToasts={3}
          gap={14}
          richColors
          closeButton
          // sonner's default is already 356px; stated here because the spec fixes it.
          style={{ '--width': '356px' } as CSSProperties}
        />
      </QueryClientProvider>
    </StrictMode>,
  );
}

const container = document.getElementById('root');
if (container) start(container);
