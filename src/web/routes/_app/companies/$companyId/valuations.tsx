import { createFileRoute } from '@tanstack/react-router';
import { prefetchValuationsTab } from '../../../../features/valuations/api';
import { readValuationsSearch } from '../../../../features/valuations/search';
import { ValuationsPage } from '../../../../features/valuations/valuations-page';

/**
 * Company tab "Valuations" (issue 6): the current valuation, its metrics, the FMV chart and the
 * history (`?sort=` orders it). Loader and component are split into a lazy chunk by the router plugin, so the
 * contracts' zod schemas behind them stay out of the initial bundle.
 */
export const Route = createFileRoute('/_app/companies/$companyId/valuations')({
  validateSearch: readValuationsSearch,
  loader: ({ context: { queryClient }, params: { companyId } }) => {
    // Every request starts at once; each section shows its own skeleton until it lands.
    prefetchValuationsTab(queryClient, companyId);
  },
  component: CompanyValuations,
});

function CompanyValuations() {
  const { companyId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ValuationsPage
      companyId={companyId}
      search={search}
      // resetScroll: false: a new order keeps the page where it is.
      onSearchChange={(next) => void navigate({ search: next, replace: true, resetScroll: false })}
    />
  );
}
