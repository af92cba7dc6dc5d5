import { useSuspenseQuery } from '@tanstack/react-query';
import { CatchBoundary, Link } from '@tanstack/react-router';
import { Suspense } from 'react';
import { errorMessage } from '../../lib/api';
import { t } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import { companyQueryOptions } from '../companies/api';
import { useCan } from '../me/api';
import { NewPlanButton } from './plan-dialog';
import { PlansList, PlansListSkeleton } from './plans-list';

/** The Plans tab: the company's equity plans with their pools, and "New plan". */
export function PlansPage({ companyId }: { companyId: string }) {
  const { data: company } = useSuspenseQuery(companyQueryOptions(companyId));
  const canCreate = useCan('plan', 'create');
  useDocumentTitle(t('plans.page.title', { company: company.companyName }));
  return (
    <section aria-labelledby="plans-heading" className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid min-w-0 gap-1">
          <h2 id="plans-heading" className="text-lg leading-tight font-semibold">
            {t('plans.page.heading')}
          </h2>
          <p className="text-sm text-muted-foreground">
            {t('plans.page.intro', { company: company.companyName })}{' '}
            <Link
              to="/vesting-templates"
              className="text-primary underline-offset-4 hover:underline"
            >
              {t('plans.page.templates')}
            </Link>
          </p>
        </div>
        {canCreate ? (
          <div className="shrink-0">
            <NewPlanButton companyId={companyId} />
          </div>
        ) : null}
      </div>
      {/* Its own boundaries: the header (and "New plan") stays usable while the list loads or fails. */}
      <CatchBoundary
        getResetKey={() => companyId}
        errorComponent={({ error }) => (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(error, t('plans.page.loadFailed'))}
          </p>
        )}
      >
        <Suspense fallback={<PlansListSkeleton />}>
          <PlansList companyId={companyId} />
        </Suspense>
      </CatchBoundary>
    </section>
  );
}
