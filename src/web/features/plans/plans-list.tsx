import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ChevronRight, Layers } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Plan, ShareClass, Stakeholder } from '../../../contracts/equity';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent, CardFooter, CardHeader } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useCan } from '../me/api';
import { plansQueryOptions, shareClassesQueryOptions, staksQueryOptions } from './api';
import { DeletePlanButton } from './delete-plan-button';
import { formatIsoDate } from '../../lib/format';
import { t } from '../../lib/i18n';
import { PLAN_TYPE_NAMES } from './terms';
import { EditPlanButton, NewPlanButton } from './plan-dialog';
import { PoolFigures } from './pool-figures';

/** Placeholder cards while the plans load; announced once by its status role. */
export function PlansListSkeleton() {
  return (
    <div role="status" aria-live="polite" className="grid gap-4 lg:grid-cols-2">
      <span className="sr-only">{t('plans.list.loading')}</span>
      {[0, 1].map((i) => (
        <div key={i} className="grid gap-4 rounded-lg border bg-card p-6">
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-4 w-1/3" />
          <div className="grid grid-cols-3 gap-2">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
          <Skeleton className="h-2 w-full" />
        </div>
      ))}
    </div>
  );
}

/** "Cash-settled" next to a plan that never creates shares (phantom, SAR, virtual). */
export function CashSettledBadge() {
  return (
    <Badge variant="outline" title={t('plans.cashSettled.title')}>
      {t('plans.cashSettled')}
    </Badge>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 content-start gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

function NotSet() {
  return <span className="text-muted-foreground">{t('plans.notRecorded')}</span>;
}

/** Names of the plan's share class and STAK, for display ("Unknown" should never show). */
export function planRefs(
  plan: Plan,
  shareClasses: readonly ShareClass[],
  staks: readonly Stakeholder[],
) {
  const shareClass = plan.shareClassId
    ? (shareClasses.find((c) => c.id === plan.shareClassId)?.name ?? t('plans.unknownClass'))
    : null;
  const stak = plan.stakStakeholderId
    ? (staks.find((s) => s.id === plan.stakStakeholderId)?.name ?? t('plans.unknownStak'))
    : null;
  return { shareClass, stak };
}

function PlanCard({
  companyId,
  plan,
  shareClasses,
  staks,
  canUpdate,
  canDelete,
}: {
  companyId: string;
  plan: Plan;
  shareClasses: readonly ShareClass[];
  staks: readonly Stakeholder[];
  canUpdate: boolean;
  canDelete: boolean;
}) {
  const headingId = `plan-${plan.id}-heading`;
  const refs = planRefs(plan, shareClasses, staks);
  return (
    <li>
      <Card className="flex h-full flex-col" aria-labelledby={headingId} role="article">
        <CardHeader className="gap-2 pb-4">
          <h3 id={headingId} className="text-base leading-tight font-semibold break-words">
            <Link
              to="/companies/$companyId/plans/$planId"
              params={{ companyId, planId: plan.id }}
              className="rounded-sm hover:underline"
            >
              {plan.name}
            </Link>
          </h3>
          <div className="flex flex-wrap gap-1.5">
            <Badge>{t(PLAN_TYPE_NAMES[plan.planType])}</Badge>
            {plan.cashSettled ? <CashSettledBadge /> : null}
          </div>
        </CardHeader>
        <CardContent className="grid flex-1 content-start gap-5">
          <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3">
            <Detail label={t('plans.detail.shareClass')}>
              {refs.shareClass ?? <span className="text-muted-foreground">{t('plans.none')}</span>}
            </Detail>
            {plan.planType === 'receipt_options' ? (
              <Detail label={t('plans.detail.stak')}>{refs.stak ?? <NotSet />}</Detail>
            ) : null}
            <Detail label={t('plans.detail.currency')}>{plan.currency}</Detail>
            <Detail label={t('plans.detail.boardApproval')}>
              {plan.boardApprovalDate ? formatIsoDate(plan.boardApprovalDate) : <NotSet />}
            </Detail>
            <Detail label={t('plans.detail.shareholderApproval')}>
              {plan.shareholderApprovalDate ? (
                formatIsoDate(plan.shareholderApprovalDate)
              ) : (
                <NotSet />
              )}
            </Detail>
          </dl>
          <PoolFigures plan={plan} />
        </CardContent>
        <CardFooter className="flex-wrap justify-between gap-2">
          <Link
            to="/companies/$companyId/plans/$planId"
            params={{ companyId, planId: plan.id }}
            className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline"
            aria-label={t('plans.list.poolAndTermsOf', { name: plan.name })}
          >
            {t('plans.list.poolAndTerms')}
            <ChevronRight className="size-4" aria-hidden="true" />
          </Link>
          <div className="flex flex-wrap gap-2">
            {canUpdate ? (
              <EditPlanButton
                companyId={companyId}
                plan={plan}
                size="sm"
                accessibleName={t('plans.editNamed', { name: plan.name })}
              />
            ) : null}
            {canDelete ? (
              <DeletePlanButton
                companyId={companyId}
                plan={plan}
                size="sm"
                accessibleName={t('plans.deleteNamed', { name: plan.name })}
              />
            ) : null}
          </div>
        </CardFooter>
      </Card>
    </li>
  );
}

/** No plans yet: what a plan is, what is missing, and the way to create one. */
function EmptyPlans({
  companyId,
  hasShareClass,
  canCreate,
}: {
  companyId: string;
  hasShareClass: boolean;
  canCreate: boolean;
}) {
  return (
    <div className="grid justify-items-center gap-3 rounded-lg border border-dashed px-4 py-10 text-center">
      <Layers className="size-8 text-muted-foreground" aria-hidden="true" />
      <h3 className="text-base font-semibold">{t('plans.empty.title')}</h3>
      <p className="max-w-md text-sm text-muted-foreground">{t('plans.empty.text')}</p>
      {hasShareClass ? null : (
        <p className="max-w-md text-sm text-muted-foreground">{t('plans.empty.noShareClass')}</p>
      )}
      {canCreate ? (
        <NewPlanButton companyId={companyId} label={t('plans.empty.createFirst')} />
      ) : null}
    </div>
  );
}

/** The company's plans as cards, with today's pool figures. */
export function PlansList({ companyId }: { companyId: string }) {
  const { data: plans } = useSuspenseQuery(plansQueryOptions(companyId));
  const { data: shareClasses } = useSuspenseQuery(shareClassesQueryOptions(companyId));
  const { data: staks } = useSuspenseQuery(staksQueryOptions(companyId));
  const canCreate = useCan('plan', 'create');
  const canUpdate = useCan('plan', 'update');
  const canDelete = useCan('plan', 'delete');

  if (plans.length === 0) {
    return (
      <EmptyPlans
        companyId={companyId}
        hasShareClass={shareClasses.length > 0}
        canCreate={canCreate}
      />
    );
  }
  return (
    <ul aria-label={t('plans.list.label')} className="grid gap-4 lg:grid-cols-2">
      {plans.map((plan) => (
        <PlanCard
          key={plan.id}
          companyId={companyId}
          plan={plan}
          shareClasses={shareClasses}
          staks={staks}
          canUpdate={canUpdate}
          canDelete={canDelete}
        />
      ))}
    </ul>
  );
}
