import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft, Trash2 } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { toast } from '../../lib/toast';
import type { GrantDetail } from '../../../contracts/vesting';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { ConfirmAction } from '../../components/ui/confirm-action';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import { formatDecimal } from '../../lib/format';
import { activeLanguage, msg, t, Trans } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import { numberCell } from '../cap-table/section';
import { companyQueryOptions } from '../companies/api';
import { useCan } from '../me/api';
import { trashedToast } from '../trash/api';
import { daysBetween } from '../../../domain/vesting/dates';
import { formatCount, formatIsoDate, todayIso } from '../plans/format';
import { reportDeleteError } from '../plans/report-error';
import { formatValue } from '../valuations/format';
import { GrantValuationFigures } from '../valuations/grant-flags';
import type { ChartMarker } from '../../components/time-chart';
import { CumulativeChart } from '../vesting/cumulative-chart';
import { describeTerms, milestonesOf } from '../vesting/terms';
import { chartSpan, InstallmentTable } from '../vesting/vesting-preview';
import { forgetGrant, grantQueryOptions, useDeleteGrant, useRemovePause } from './api';
import { formatPrice, statusLabel, statusVariant } from './format';
import { ExportMenu } from '../exports/export-menu';
import { DocumentsTableBoundary } from '../documents/documents-table';
import { GenerateDocumentButton } from '../documents/generate-dialog';
import { GrantActions } from './grant-actions';
import { EditGrantButton } from './grant-dialog';

/** Catalog keys of why shares were forfeited: `t(FORFEIT_LABELS[reason])`. */
const FORFEIT_LABELS: Record<GrantDetail['forfeitures'][number]['reason'], string> = {
  termination_unvested: msg('grants.forfeit.terminationUnvested'),
  termination_vested: msg('grants.forfeit.terminationVested'),
  milestone_deadline: msg('grants.forfeit.milestoneDeadline'),
  cancellation: msg('grants.forfeit.cancellation'),
};

type Exercise = GrantDetail['exercises'][number];

/**
 * How an exercise was delivered; for a cash settlement, the amount recorded at the FMV valid on
 * the exercise date ("Cash settlement EUR 1,234.56 at FMV 2.40"), or that none was in force.
 */
function deliveredAs(e: Exercise): ReactNode {
  if (e.shareEventId) return t('grants.exercises.shares');
  if (e.receiptId) return t('grants.exercises.receipts');
  const s = e.settlement;
  if (!s)
    return (
      <>
        {t('grants.exercises.cash')}{' '}
        <span className="text-muted-foreground">· {t('grants.exercises.cashNoValuation')}</span>
      </>
    );
  return (
    <>
      <Trans
        id="grants.exercises.cashAt"
        values={{
          // As the grant's other valuation figures show amounts (the Valuations tab's format).
          amount: formatValue(s.amount, s.currency),
          // Per share, in the amount's currency: "2.70" (en), "2,70" (nl).
          fmv: formatDecimal(s.fmvPerShare, { minFraction: 2 }),
        }}
        components={{ num: <span className="tabular-nums" /> }}
      />
      {s.basePrice !== null ? (
        <span className="text-muted-foreground">
          {' · '}
          {t('grants.exercises.basePrice', { price: formatPrice(s.basePrice, s.currency) })}
        </span>
      ) : null}
    </>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 content-start gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words tabular-nums">{children}</dd>
    </div>
  );
}

function Panel({
  id,
  title,
  description,
  actions,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
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
          {actions}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </section>
  );
}

const muted = (text: string) => <span className="text-muted-foreground">{text}</span>;

function DeleteGrantButton({ companyId, grant }: { companyId: string; grant: GrantDetail }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = useDeleteGrant(companyId);
  const canRestore = useCan('trash', 'update');
  return (
    <ConfirmAction
      trigger={
        <Button variant="outline">
          <Trash2 aria-hidden="true" />
          {t('grants.delete')}
        </Button>
      }
      title={t('grants.delete.title')}
      description={t('grants.delete.description')}
      confirmLabel={t('grants.delete.confirm')}
      onConfirm={async () => {
        try {
          await remove.mutateAsync(grant.id);
        } catch (error) {
          reportDeleteError(error, t('grants.delete.failed'));
          throw error;
        }
        trashedToast(queryClient, {
          kind: 'grant',
          id: grant.id,
          message: t('grants.delete.done', { name: grant.stakeholderName }),
          canRestore,
        });
        await navigate({ to: '/companies/$companyId/grants', params: { companyId } });
        await forgetGrant(queryClient, companyId, grant.id);
      }}
    />
  );
}

function RemovePauseButton({
  companyId,
  grantId,
  pause,
}: {
  companyId: string;
  grantId: string;
  pause: { start: string; end: string };
}) {
  const remove = useRemovePause(companyId, grantId);
  const span = { from: formatIsoDate(pause.start), to: formatIsoDate(pause.end) };
  return (
    <ConfirmAction
      trigger={
        <Button variant="ghost" size="sm" aria-label={t('grants.leave.remove.label', span)}>
          <Trash2 aria-hidden="true" />
          {t('grants.leave.remove')}
        </Button>
      }
      title={t('grants.leave.remove.title')}
      description={t('grants.leave.remove.description', span)}
      confirmLabel={t('grants.leave.remove.confirm')}
      onConfirm={async () => {
        try {
          await remove.mutateAsync(pause.start);
        } catch (error) {
          reportDeleteError(error, t('grants.leave.remove.failed'));
          throw error;
        }
        toast.success(t('grants.leave.remove.done'));
      }}
    />
  );
}

/** One grant: figures, schedule timeline, actions, forfeitures and exercises. */
export function GrantPage({ companyId, grantId }: { companyId: string; grantId: string }) {
  const { data: grant } = useSuspenseQuery(grantQueryOptions(companyId, grantId));
  const { data: company } = useSuspenseQuery(companyQueryOptions(companyId));
  const canUpdate = useCan('grant', 'update');
  const canDelete = useCan('grant', 'delete');
  const canSeeActivity = useCan('audit', 'read');
  const canReadDocuments = useCan('document', 'read');
  const canCreateDocuments = useCan('document', 'create');
  useDocumentTitle(
    t('grants.detail.documentTitle', { name: grant.stakeholderName, company: company.companyName }),
  );
  const today = todayIso();
  const { schedule } = grant;
  const milestoneNames = useMemo(
    () => new Map(milestonesOf(grant.terms).map((m) => [m.id, m.name])),
    [grant.terms],
  );

  const markers: ChartMarker[] = [];
  const cliff = grant.installments.find((i) => i.source === 'cliff');
  if (cliff) markers.push({ date: cliff.date, label: t('grants.marker.cliff'), tone: 'cliff' });
  for (const a of grant.installments.filter((i) => i.source === 'acceleration'))
    markers.push({ date: a.date, label: t('grants.marker.acceleration'), tone: 'event' });
  for (const p of grant.pauses)
    markers.push({ date: p.start, label: t('grants.marker.leave'), tone: 'event' });
  if (grant.termination)
    markers.push({
      date: grant.termination.date,
      label: t('grants.marker.termination'),
      tone: 'event',
    });
  if (grant.cancelledDate)
    markers.push({ date: grant.cancelledDate, label: t('grants.marker.cancelled'), tone: 'event' });
  if (schedule.exerciseDeadline)
    markers.push({
      date: schedule.exerciseDeadline,
      label: t('grants.marker.exerciseDeadline'),
      tone: 'deadline',
    });
  const span = chartSpan(grant.vestingStartDate, grant.installments);
  const to = [span.to, schedule.exerciseDeadline ?? '', grant.termination?.date ?? '']
    .filter(Boolean)
    .sort()
    .at(-1)!;
  if (today >= span.from && today <= to)
    markers.push({ date: today, label: t('grants.marker.today'), tone: 'today' });

  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <Link
          to="/companies/$companyId/grants"
          params={{ companyId }}
          className="inline-flex items-center gap-1 justify-self-start rounded-sm text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t('grants.detail.back')}
        </Link>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid min-w-0 gap-2">
            <h2 className="text-xl font-semibold tracking-tight break-words">
              {t('grants.detail.heading', {
                quantity: formatCount(grant.quantity),
                name: grant.stakeholderName,
              })}
            </h2>
            <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              <Badge variant={statusVariant(grant.status)}>{statusLabel(grant.status)}</Badge>
              <span>{grant.planName}</span>
              <span aria-hidden="true">·</span>
              <span>{describeTerms(grant.terms)}</span>
            </div>
          </div>
          <div className="flex shrink-0 flex-wrap gap-2">
            {canUpdate ? <EditGrantButton companyId={companyId} grant={grant} /> : null}
            {canDelete ? <DeleteGrantButton companyId={companyId} grant={grant} /> : null}
          </div>
        </div>
      </div>

      <Panel id="grant-figures" title={t('grants.detail.today')}>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-4 sm:grid-cols-3 lg:grid-cols-6">
          <Figure label={t('grants.figure.quantity')}>{formatCount(grant.quantity)}</Figure>
          <Figure label={t('grants.figure.vested')}>{formatCount(schedule.vested)}</Figure>
          <Figure label={t('grants.figure.unvested')}>{formatCount(schedule.unvested)}</Figure>
          <Figure label={t('grants.figure.exercised')}>{formatCount(schedule.exercised)}</Figure>
          <Figure label={t('grants.figure.forfeited')}>{formatCount(schedule.forfeited)}</Figure>
          <Figure label={t('grants.figure.exercisable')}>
            {formatCount(schedule.exercisable)}
          </Figure>
          <Figure label={t('grants.figure.nextInstallment')}>
            {schedule.nextInstallment
              ? t('grants.figure.nextInstallment.value', {
                  quantity: formatCount(schedule.nextInstallment.quantity),
                  date: formatIsoDate(schedule.nextInstallment.date),
                })
              : muted(t('grants.figure.none'))}
          </Figure>
          <Figure label={t('grants.figure.exerciseDeadline')}>
            {schedule.exerciseDeadline
              ? formatIsoDate(schedule.exerciseDeadline)
              : muted(t('grants.figure.none'))}
          </Figure>
          <Figure label={t('grants.figure.price')}>
            {grant.exercisePrice === null
              ? muted(t('grants.figure.none'))
              : formatPrice(grant.exercisePrice, grant.currency)}
          </Figure>
          <Figure label={t('grants.figure.grantDate')}>{formatIsoDate(grant.grantDate)}</Figure>
          <Figure label={t('grants.figure.vestingStart')}>
            {formatIsoDate(grant.vestingStartDate)}
          </Figure>
          <Figure label={t('grants.figure.expiry')}>
            {grant.expiryDate ? formatIsoDate(grant.expiryDate) : muted(t('grants.figure.none'))}
          </Figure>
          {grant.offerDate ? (
            <Figure label={t('grants.figure.offered')}>{formatIsoDate(grant.offerDate)}</Figure>
          ) : null}
          {grant.acceptanceDeadline ? (
            <Figure label={t('grants.figure.acceptBy')}>
              {formatIsoDate(grant.acceptanceDeadline)}
            </Figure>
          ) : null}
          {grant.offerDate || grant.acceptanceDate ? (
            <Figure label={t('grants.figure.accepted')}>
              {grant.acceptanceDate
                ? formatIsoDate(grant.acceptanceDate)
                : muted(t('grants.figure.notYet'))}
            </Figure>
          ) : null}
          {grant.taxAtExercise ? (
            <Figure label={t('grants.figure.taxAtExercise')}>
              {grant.taxElectionDate
                ? t('grants.figure.electedOn', { date: formatIsoDate(grant.taxElectionDate) })
                : t('grants.figure.elected')}
            </Figure>
          ) : null}
          {grant.termination ? (
            <Figure label={t('grants.figure.termination')}>
              {grant.termination.leaverType === 'good'
                ? t('grants.figure.goodLeaver', { date: formatIsoDate(grant.termination.date) })
                : t('grants.figure.badLeaver', { date: formatIsoDate(grant.termination.date) })}
              {grant.termination.reason ? (
                <span className="block text-xs text-muted-foreground">
                  {grant.termination.reason}
                </span>
              ) : null}
            </Figure>
          ) : null}
        </dl>
        <div className="mt-4">
          <GrantValuationFigures companyId={companyId} grant={grant} />
        </div>
      </Panel>

      {canUpdate ? (
        <Panel
          id="grant-actions"
          title={t('grants.actions.title')}
          description={t('grants.actions.description')}
        >
          <GrantActions companyId={companyId} grant={grant} />
        </Panel>
      ) : null}

      <Panel
        id="grant-schedule"
        title={t('grants.schedule.title')}
        description={t('grants.schedule.description')}
        actions={
          <ExportMenu
            subject="schedule"
            resource="grant"
            request={{
              path: `/company/${encodeURIComponent(companyId)}/grants/${encodeURIComponent(grant.id)}/schedule/export`,
              fallbackName: 'vesting-schedule',
            }}
          />
        }
      >
        <div className="grid gap-4">
          <CumulativeChart
            title={t('grants.schedule.chartTitle', { name: grant.stakeholderName })}
            quantity={grant.quantity}
            installments={grant.installments}
            from={span.from}
            to={to}
            markers={markers}
          />
          {schedule.pending.length > 0 ? (
            <p className="text-sm text-muted-foreground">
              {t('grants.schedule.pending', {
                list: new Intl.ListFormat(activeLanguage(), { type: 'conjunction' }).format(
                  schedule.pending.map((p) =>
                    t('grants.schedule.pendingItem', {
                      name: milestoneNames.get(p.milestoneId) ?? p.milestoneId,
                      quantity: formatCount(p.quantity),
                    }),
                  ),
                ),
              })}
            </p>
          ) : null}
          {grant.installments.length > 0 ? (
            <InstallmentTable
              caption={t('grants.schedule.installmentsCaption', { name: grant.stakeholderName })}
              installments={grant.installments}
              asOf={today}
              milestoneNames={milestoneNames}
              className="max-h-96"
            />
          ) : (
            <p className="text-sm text-muted-foreground">{t('grants.schedule.noInstallments')}</p>
          )}
          {grant.pauses.length > 0 ? (
            <div className="grid gap-2">
              <h4 className="text-sm font-semibold">{t('grants.leaves.title')}</h4>
              <Table aria-label={t('grants.leaves.title')}>
                <TableHeader>
                  <TableRow>
                    <TableHead>{t('grants.leaves.from')}</TableHead>
                    <TableHead>{t('grants.leaves.resumes')}</TableHead>
                    <TableHead className="text-right">{t('grants.leaves.days')}</TableHead>
                    {canUpdate ? (
                      <TableHead className="text-right">
                        <span className="sr-only">{t('common.actions')}</span>
                      </TableHead>
                    ) : null}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {grant.pauses.map((p) => (
                    <TableRow key={`${p.start}-${p.end}`}>
                      <TableCell>{formatIsoDate(p.start)}</TableCell>
                      <TableCell>{formatIsoDate(p.end)}</TableCell>
                      <TableCell className={numberCell}>
                        {formatCount(daysBetween(p.start, p.end))}
                      </TableCell>
                      {canUpdate ? (
                        <TableCell className="text-right">
                          <RemovePauseButton companyId={companyId} grantId={grant.id} pause={p} />
                        </TableCell>
                      ) : null}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          ) : null}
          {grant.forfeitures.length > 0 ? (
            <div className="grid gap-2">
              <h4 className="text-sm font-semibold">{t('grants.forfeitures.title')}</h4>
              <Table aria-label={t('grants.forfeitures.title')}>
                <TableHeader>
                  <TableRow>
                    <TableHead>{t('grants.forfeitures.date')}</TableHead>
                    <TableHead>{t('grants.forfeitures.what')}</TableHead>
                    <TableHead className="text-right">{t('grants.forfeitures.shares')}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {grant.forfeitures.map((f, i) => (
                    <TableRow key={`${f.date}-${f.reason}-${i}`}>
                      <TableCell>{formatIsoDate(f.date)}</TableCell>
                      <TableCell>
                        {t(FORFEIT_LABELS[f.reason])}
                        {f.milestoneId
                          ? ` (${milestoneNames.get(f.milestoneId) ?? f.milestoneId})`
                          : ''}
                      </TableCell>
                      <TableCell className={numberCell}>{formatCount(f.quantity)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          ) : null}
        </div>
      </Panel>

      <Panel id="grant-exercises" title={t('grants.exercises.title')}>
        {grant.exercises.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('grants.exercises.none')}</p>
        ) : (
          <Table aria-label={t('grants.exercises.title')}>
            <TableHeader>
              <TableRow>
                <TableHead>{t('grants.exercises.date')}</TableHead>
                <TableHead className="text-right">{t('grants.exercises.quantity')}</TableHead>
                <TableHead>{t('grants.exercises.deliveredAs')}</TableHead>
                {canCreateDocuments ? (
                  <TableHead className="text-right">
                    <span className="sr-only">{t('documents.exercise.column')}</span>
                  </TableHead>
                ) : null}
              </TableRow>
            </TableHeader>
            <TableBody>
              {grant.exercises.map((e) => (
                <TableRow key={e.id}>
                  <TableCell>{formatIsoDate(e.date)}</TableCell>
                  <TableCell className={numberCell}>{formatCount(e.quantity)}</TableCell>
                  <TableCell>{deliveredAs(e)}</TableCell>
                  {canCreateDocuments ? (
                    <TableCell className="text-right">
                      <GenerateDocumentButton
                        companyId={companyId}
                        target={{
                          kind: 'exercise_notice',
                          exerciseId: e.id,
                          stakeholderId: grant.stakeholderId,
                        }}
                        label={t('documents.exercise.notice')}
                        aria-label={t('documents.exercise.noticeFor', {
                          date: formatIsoDate(e.date),
                        })}
                        size="sm"
                        variant="ghost"
                      />
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Panel>

      {canReadDocuments ? (
        <Panel
          id="grant-documents"
          title={t('documents.grant.title')}
          description={t('documents.grant.description')}
          actions={
            <GenerateDocumentButton
              companyId={companyId}
              target={{
                kind: 'grant_letter',
                grantIds: [grant.id],
                stakeholderId: grant.stakeholderId,
              }}
              label={t('documents.grant.generateLetter')}
            />
          }
        >
          <DocumentsTableBoundary
            companyId={companyId}
            filter={{ grantId: grant.id }}
            label={t('documents.grant.tableLabel', { name: grant.stakeholderName })}
            empty={{ title: t('documents.grant.empty'), text: t('documents.grant.emptyText') }}
          />
        </Panel>
      ) : null}

      {canSeeActivity ? (
        <p className="text-sm text-muted-foreground">
          <Trans
            id="grants.detail.activity"
            components={{
              link: (
                <Link
                  to="/companies/$companyId/activity"
                  params={{ companyId }}
                  className="rounded-sm text-primary hover:underline"
                />
              ),
            }}
          />
        </p>
      ) : null}
    </div>
  );
}
