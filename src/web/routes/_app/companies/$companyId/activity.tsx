import { useSuspenseQuery } from '@tanstack/react-query';
import { CatchBoundary, createFileRoute } from '@tanstack/react-router';
import { Suspense } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { ActivityList, ActivityListSkeleton } from '../../../../features/companies/activity-list';
import {
  companyActivityQueryOptions,
  companyQueryOptions,
} from '../../../../features/companies/api';
import { can, meQueryOptions } from '../../../../features/me/api';
import { errorMessage } from '../../../../lib/api';
import { t } from '../../../../lib/i18n';
import { useDocumentTitle } from '../../../../lib/use-document-title';

/** Company tab "Activity": every change to the company and its equity structure (audit:read). */
export const Route = createFileRoute('/_app/companies/$companyId/activity')({
  loader: async ({ context: { queryClient }, params: { companyId } }) => {
    const me = await queryClient.ensureQueryData(meQueryOptions());
    // Roles without audit:read see no tab; the server would answer 403.
    if (can(me, 'audit', 'read')) {
      void queryClient.prefetchQuery(companyActivityQueryOptions(companyId));
    }
  },
  component: CompanyActivity,
});

function CompanyActivity() {
  const { companyId } = Route.useParams();
  // Loaded by the company layout around this tab.
  const { data: company } = useSuspenseQuery(companyQueryOptions(companyId));
  useDocumentTitle(t('shell.title.activity', { company: company.companyName }));
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('companies.activity.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        {/* Its own boundaries: a slow or failing activity feed must not take the page down. */}
        <CatchBoundary
          getResetKey={() => companyId}
          errorComponent={({ error }) => (
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(error, t('companies.activity.loadFailed'))}
            </p>
          )}
        >
          <Suspense fallback={<ActivityListSkeleton />}>
            <ActivityList companyId={companyId} />
          </Suspense>
        </CatchBoundary>
      </CardContent>
    </Card>
  );
}
