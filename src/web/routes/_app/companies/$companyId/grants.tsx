import { createFileRoute } from '@tanstack/react-router';
import { prefetchGrantsTab } from '../../../../features/grants/api';
import { GrantsPage } from '../../../../features/grants/grants-page';
import { readGrantsSearch } from '../../../../features/grants/search';

/**
 * Company tab "Grants" (issue 5). `?planId=&status=` filter the table (through the API), `?q=`
 * searches it, `?sort=` orders it and `?page=` pages it (in the browser). The loader starts every
 * request without waiting; loader and component are split into a lazy chunk by the router plugin,
 * so the contracts' zod schemas stay out of the entry bundle (`readGrantsSearch` is plain code).
 */
export const Route = createFileRoute('/_app/companies/$companyId/grants')({
  validateSearch: readGrantsSearch,
  loaderDeps: ({ search: { planId, status } }) => ({ planId, status }),
  loader: ({ context: { queryClient }, params: { companyId }, deps }) => {
    prefetchGrantsTab(queryClient, companyId, deps);
  },
  component: GrantsRoute,
});

function GrantsRoute() {
  const { companyId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <GrantsPage
      companyId={companyId}
      search={search}
      // resetScroll: false: a filter or page change keeps the page where it is (the pager brings
      // the table's top into view itself).
      onSearchChange={(next) => void navigate({ search: next, replace: true, resetScroll: false })}
    />
  );
}
