import { createFileRoute, notFound } from '@tanstack/react-router';
import { NotFoundPage } from '../../../../components/not-found';
import { Skeleton } from '../../../../components/ui/skeleton';
import { grantQueryOptions, prefetchGrantForm } from '../../../../features/grants/api';
import { GrantPage } from '../../../../features/grants/grant-page';
import { isApiError } from '../../../../lib/api';
import { t } from '../../../../lib/i18n';

/**
 * One grant (issue 5). Not nested in the list's route (`grants_`), so the list does not render
 * around it; the Grants tab stays active because its link matches the path's beginning.
 */
export const Route = createFileRoute('/_app/companies/$companyId/grants_/$grantId')({
  loader: async ({ context: { queryClient }, params: { companyId, grantId } }) => {
    prefetchGrantForm(queryClient, companyId);
    try {
      await queryClient.ensureQueryData(grantQueryOptions(companyId, grantId));
    } catch (error) {
      if (isApiError(error) && error.status === 404) throw notFound();
      throw error;
    }
  },
  pendingComponent: GrantPending,
  notFoundComponent: GrantNotFound,
  component: GrantRoute,
});

function GrantRoute() {
  const { companyId, grantId } = Route.useParams();
  return <GrantPage companyId={companyId} grantId={grantId} />;
}

function GrantPending() {
  return (
    <div role="status" aria-live="polite" className="grid gap-4">
      <span className="sr-only">{t('grants.detail.loading')}</span>
      <Skeleton className="h-8 w-1/2" />
      <Skeleton className="h-32 w-full" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}

function GrantNotFound() {
  const { companyId } = Route.useParams();
  return (
    <NotFoundPage
      level={2}
      title={t('shell.notFound.grant.title')}
      description={t('shell.notFound.deleted')}
      home={{
        to: '/companies/$companyId/grants',
        params: { companyId },
        label: t('shell.notFound.grant.back'),
      }}
    />
  );
}
