import { createFileRoute } from '@tanstack/react-router';
import { canReadView } from '../../../contracts/views';
import { meQueryOptions } from '../../features/me/api';
import { upcomingQueryOptions, valuationAlertsQueryOptions } from '../../features/upcoming/api';
import { UpcomingPage } from '../../features/upcoming/upcoming-page';
import { DEFAULT_UPCOMING_DAYS, readUpcomingSearch } from '../../features/upcoming/search';

/**
 * The practice view (issue 5): what falls due across all client companies, and (issue 6) the
 * clients whose valuation needs attention. `?days=` picks the
 * period, `?types=` the kinds shown, `?group=` week or month, `?installments=true` adds the
 * routine installments (issue 12), `?page=` the page. The loader starts the request
 * without waiting (the page shows its controls and a skeleton meanwhile); loader and component
 * are split into a lazy chunk by the router plugin, so the contract's zod schema stays out of the
 * entry bundle (`readUpcomingSearch` is plain code).
 */
export const Route = createFileRoute('/_app/upcoming')({
  validateSearch: readUpcomingSearch,
  loaderDeps: ({ search: { days, installments } }) => ({
    days: days ?? DEFAULT_UPCOMING_DAYS,
    installments: installments === true,
  }),
  loader: async ({ context: { queryClient }, deps }) => {
    // A role without grant:read would be refused: the page says so instead of asking (and
    // leaves the valuations out without valuation:read).
    const me = await queryClient.ensureQueryData(meQueryOptions());
    if (canReadView(me.permissions, 'upcoming'))
      void queryClient.prefetchQuery(upcomingQueryOptions(deps));
    if (canReadView(me.permissions, 'valuations'))
      void queryClient.prefetchQuery(valuationAlertsQueryOptions());
  },
  component: UpcomingRoute,
});

function UpcomingRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <UpcomingPage
      search={search}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
    />
  );
}
