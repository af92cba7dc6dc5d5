import { createFileRoute } from '@tanstack/react-router';
import { prefetchPlansTab } from '../../../../features/plans/api';
import { PlansPage } from '../../../../features/plans/plans-page';

/**
 * Company tab "Plans" (issue 4): the equity plans and their pools. Loader and component are
 * split into a lazy chunk by the router plugin, so the contracts' zod schemas behind them stay
 * out of the initial bundle.
 */
export const Route = createFileRoute('/_app/companies/$companyId/plans')({
  loader: ({ context: { queryClient }, params: { companyId } }) => {
    // Every request starts at once; the page shows skeletons until each lands.
    prefetchPlansTab(queryClient, companyId);
  },
  component: CompanyPlans,
});

function CompanyPlans() {
  const { companyId } = Route.useParams();
  return <PlansPage companyId={companyId} />;
}
