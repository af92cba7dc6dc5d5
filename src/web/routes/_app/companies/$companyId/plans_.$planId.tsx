import { createFileRoute, notFound } from '@tanstack/react-router';
import { NotFoundPage } from '../../../../components/not-found';
import {
  planQueryOptions,
  poolAdjustmentsQueryOptions,
  shareClassesQueryOptions,
  staksQueryOptions,
} from '../../../../features/plans/api';
import { PlanDetail } from '../../../../features/plans/plan-detail';
import { PlanDetailSkeleton } from '../../../../features/plans/plan-placeholders';
import { isApiError } from '../../../../lib/api';
import { t } from '../../../../lib/i18n';

/**
 * One plan of the Plans tab: its pool and history (with pool adjustments) and its terms. Not
 * nested in the list's route (`plans_`), so the list does not render around it; the tab stays
 * active because its link matches the path's beginning.
 */
export const Route = createFileRoute('/_app/companies/$companyId/plans_/$planId')({
  loader: async ({ context: { queryClient }, params: { companyId, planId } }) => {
    void queryClient.prefetchQuery(poolAdjustmentsQueryOptions(companyId, planId));
    void queryClient.prefetchQuery(shareClassesQueryOptions(companyId));
    void queryClient.prefetchQuery(staksQueryOptions(companyId));
    try {
      await queryClient.ensureQueryData(planQueryOptions(companyId, planId));
    } catch (error) {
      if (isApiError(error) && error.status === 404) throw notFound();
      throw error;
    }
  },
  pendingComponent: PlanDetailSkeleton,
  notFoundComponent: PlanNotFoundPage,
  component: PlanPage,
});

function PlanPage() {
  const { companyId, planId } = Route.useParams();
  return <PlanDetail companyId={companyId} planId={planId} />;
}

/** The plan does not exist (deleted, or a wrong link). */
function PlanNotFoundPage() {
  const { companyId } = Route.useParams();
  return (
    <NotFoundPage
      level={2}
      title={t('plans.notFound.title')}
      description={t('plans.notFound.text')}
      home={{ to: '/companies/$companyId/plans', params: { companyId }, label: t('plans.back') }}
    />
  );
}
