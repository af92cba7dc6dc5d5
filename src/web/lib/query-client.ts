import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from './toast';
import { ApiError, errorMessage } from './api';

type QueryClientHooks = {
  /** Any API call answered 401: the session is gone (expired, signed out elsewhere). */
  onUnauthorized: () => void;
};

function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** Shared TanStack Query client: one retry policy and one place that reacts to 401. */
export function createQueryClient({ onUnauthorized }: QueryClientHooks): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isUnauthorized(error)) return onUnauthorized();
        // A first load that fails is shown by the route's error component; a failed background
        // refetch or "Load more" would otherwise fail silently, so it gets a toast.
        if (query.state.data !== undefined) toast.error(errorMessage(error));
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        if (isUnauthorized(error)) onUnauthorized();
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        // 4xx answers (404, 401, validation) will not change on retry; network blips might.
        retry: (failureCount, error) =>
          error instanceof ApiError && error.status >= 400 && error.status < 500
            ? false
            : failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}
