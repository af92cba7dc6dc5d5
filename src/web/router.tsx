import type { QueryClient } from '@tanstack/react-query';
import { createRouter, lazyRouteComponent } from '@tanstack/react-router';
import { RouteError } from './components/route-error';
import { PagePending } from './components/page-pending';
import { routeTree } from './routeTree.gen';

/** What every route's loader and beforeLoad receive. */
export type RouterContext = { queryClient: QueryClient };

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // TanStack Query owns caching; the router should always ask it (which is cheap when fresh).
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    // Its own chunk, like the routes' not-found pages (decision 005).
    defaultNotFoundComponent: lazyRouteComponent(
      () => import('./components/not-found'),
      'NotFound',
    ),
    defaultErrorComponent: RouteError,
    defaultPendingComponent: PagePending,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
