import { useSuspenseQuery } from '@tanstack/react-query';
import { CatchBoundary, Link, useNavigate } from '@tanstack/react-router';
import { Suspense, type ReactNode } from 'react';
import type { Plan } from '../../../contracts/equity';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api';
import { formatIsoDate } from '../../lib/format';
import { t } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import { companyQueryOptions } from '../companies/api';
import { useCan } from '../me/api';
import { vestingTemplatesQueryOptions } from '../vesting/api';
import { planQueryOptions, shareClassesQueryOptions, staksQueryOptions } from './api';
import { DeletePlanButton } from './delete-plan-button';
import { EditPlanButton } from './plan-dialog';
import { CashSettledBadge, planRefs } from './plans-list';
import { BackToPlans } from './plan-placeholders';
import { PoolFigures } from './pool-figures';
import { AddAdjustmentButton, PoolHistory, PoolHistorySkeleton } from './pool-section';
import {
  describeAcceleration,
  describeLeaverRule,
  FORFEITED_LABELS,
  months,
  PLAN_TYPE_HELP,
  PLAN_TYPE_NAMES,
} from './terms';

function Term({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 content-start gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

const muted = (text: string) => <span className="text-muted-foreground">{text}</span>;

/** Everything the plan says, in words (the share class and STAK by name). */
function PlanTerms({ companyId, plan }: { companyId: string; plan: Plan }) {
  const { data: shareClasses } = useSuspenseQuery(shareClassesQueryOptions(companyId));
  const { data: staks } = useSuspenseQuery(staksQueryOptions(companyId));
  const refs = planRefs(plan, shareClasses, staks);
  return (
    <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
      <Term label={t('plans.detail.planType')}>
        {t(PLAN_TYPE_NAMES[plan.planType])}
        <span className="block text-xs text-muted-foreground">
          {t(PLAN_TYPE_HELP[plan.planType])}
        </span>
      </Term>
      <Term label={t('plans.detail.shareClass')}>
        {refs.shareClass ??
          muted(plan.cashSettled ? t('plans.detail.noneCashSettled') : t('plans.none'))}
      </Term>
      {plan.planType === 'receipt_options' ? (
        <Term label={t('plans.detail.stak')}>{refs.stak ?? muted(t('plans.notRecorded'))}</Term>
      ) : null}
      <Term label={t('plans.detail.currency')}>{plan.currency}</Term>
      <Term label={t('plans.detail.boardApproval')}>
        {plan.boardApprovalDate
          ? formatIsoDate(plan.boardApprovalDate)
          : muted(t('plans.notRecorded'))}
      </Term>
      <Term label={t('plans.detail.shareholderApproval')}>
        {plan.shareholderApprovalDate
          ? formatIsoDate(plan.shareholderApprovalDate)
          : muted(t('plans.notRecorded'))}
      </Term>
      <Term label={t('plans.detail.exerciseWindow')}>
        {plan.exerciseWindowMonths === null
          ? muted(t('plans.detail.notSet'))
          : months(plan.exerciseWindowMonths)}
      </Term>
      <Term label={t('plans.detail.goodLeaver')}>{describeLeaverRule(plan.leaverPolicy.good)}</Term>
      <Term label={t('plans.detail.badLeaver')}>{describeLeaverRule(plan.leaverPolicy.bad)}</Term>
      <Term label={t('plans.detail.acceleration')}>{describeAcceleration(plan.acceleration)}</Term>
      <Term label={t('plans.detail.forfeited')}>{t(FORFEITED_LABELS[plan.forfeitedTo])}</Term>
      <Term label={t('plans.detail.defaultTerms')}>
        <DefaultTemplate templateId={plan.defaultVestingTemplateId} />
      </Term>
      {plan.notes ? (
        <div className="grid min-w-0 content-start gap-0.5 sm:col-span-2">
          <dt className="text-xs font-medium text-muted-foreground">{t('plans.detail.notes')}</dt>
          <dd className="text-sm break-words whitespace-pre-line">{plan.notes}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/**
 * The plan's default vesting template by name, or "None"; both link to the workspace's templates.
 * Its own boundaries: the templates load separately, and a failure there must not hide the terms.
 */
function DefaultTemplate({ templateId }: { templateId: string | null }) {
  const link = (text: string) => (
    <Link to="/vesting-templates" className="rounded-sm text-primary hover:underline">
      {text}
    </Link>
  );
  if (!templateId)
    return (
      <>
        {muted(t('plans.none'))}
        <span className="block text-xs">{link(t('plans.page.templates'))}</span>
      </>
    );
  return (
    <CatchBoundary
      getResetKey={() => templateId}
      errorComponent={() => muted(t('plans.detail.templateFailed'))}
    >
      <Suspense fallback={<Skeleton className="h-5 w-40" />}>
        <TemplateName templateId={templateId} link={link} />
      </Suspense>
    </CatchBoundary>
  );
}

function TemplateName({
  templateId,
  link,
}: {
  templateId: string;
  link: (text: string) => ReactNode;
}) {
  const { data: templates } = useSuspenseQuery(vestingTemplatesQueryOptions());
  const template = templates.find((candidate) => candidate.id === templateId);
  return template ? link(template.name) : muted(t('plans.detail.templateGone'));
}

function TermsSkeleton() {
  return (
    <div role="status" aria-live="polite" className="grid gap-4 sm:grid-cols-2">
      <span className="sr-only">{t('plans.detail.termsLoading')}</span>
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} className="h-9" />
      ))}
    </div>
  );
}

/** A card of the page with its own error boundary: a failing part must not take the page. */
function Panel({
  id,
  title,
  description,
  actions,
  resetKey,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  resetKey: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`}>
      <Card>
        <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid min-w-0 gap-1.5">
            <h3 id={`${id}-heading`} className="text-lg leading-tight font-semibold">
              {title}
            </h3>
            {description ? <CardDescription>{description}</CardDescription> : null}
          </div>
          {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
        </CardHeader>
        <CardContent>
          <CatchBoundary
            getResetKey={() => resetKey}
            errorComponent={({ error }) => (
              <p role="alert" className="text-sm text-destructive">
                {errorMessage(error, t('plans.detail.partFailed'))}
              </p>
            )}
          >
            {children}
          </CatchBoundary>
        </CardContent>
      </Card>
    </section>
  );
}

/**
 * One plan: its pool today and its history (size approved, adjustments, reserved today) with
 * the adjustments' add/edit/delete, and its terms, with edit and delete of the plan.
 */
export function PlanDetail({ companyId, planId }: { companyId: string; planId: string }) {
  const { data: plan } = useSuspenseQuery(planQueryOptions(companyId, planId));
  const { data: company } = useSuspenseQuery(companyQueryOptions(companyId));
  const navigate = useNavigate();
  const canCreate = useCan('plan', 'create');
  const canUpdate = useCan('plan', 'update');
  const canDelete = useCan('plan', 'delete');
  useDocumentTitle(t('plans.detail.title', { plan: plan.name, company: company.companyName }));

  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <BackToPlans companyId={companyId} />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid min-w-0 gap-2">
            <h2 className="text-xl font-semibold tracking-tight break-words">{plan.name}</h2>
            <div className="flex flex-wrap gap-1.5">
              <Badge>{t(PLAN_TYPE_NAMES[plan.planType])}</Badge>
              {plan.cashSettled ? <CashSettledBadge /> : null}
            </div>
          </div>
          {canUpdate || canDelete ? (
            <div className="flex shrink-0 flex-wrap gap-2">
              {canUpdate ? <EditPlanButton companyId={companyId} plan={plan} /> : null}
              {canDelete ? (
                <DeletePlanButton
                  companyId={companyId}
                  plan={plan}
                  beforeForget={() =>
                    navigate({ to: '/companies/$companyId/plans', params: { companyId } })
                  }
                />
              ) : null}
            </div>
          ) : null}
        </div>
      </div>

      <Panel
        id="plan-pool"
        title={t('plans.detail.pool')}
        description={plan.cashSettled ? t('plans.detail.poolCash') : t('plans.detail.poolShares')}
        actions={canCreate ? <AddAdjustmentButton companyId={companyId} plan={plan} /> : null}
        resetKey={planId}
      >
        <div className="grid gap-6">
          <PoolFigures plan={plan} className="max-w-xl" />
          <Suspense fallback={<PoolHistorySkeleton />}>
            <PoolHistory companyId={companyId} plan={plan} />
          </Suspense>
        </div>
      </Panel>

      <Panel id="plan-terms" title={t('plans.detail.terms')} resetKey={planId}>
        <Suspense fallback={<TermsSkeleton />}>
          <PlanTerms companyId={companyId} plan={plan} />
        </Suspense>
      </Panel>
    </div>
  );
}
