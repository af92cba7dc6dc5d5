import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft, Trash2 } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { toast } from 'sonner';
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
import { useDocumentTitle } from '../../lib/use-document-title';
import { numberCell } from '../cap-table/section';
import { companyQueryOptions } from '../companies/api';
import { useCan } from '../me/api';
import { trashedToast } from '../trash/api';
import { daysBetween } from '../../../domain/vesting/dates';
import { formatCount, formatIsoDate, todayIso } from '../plans/format';
import { reportDeleteError } from '../plans/report-error';
import { formatAmount } from '../valuations/format';
import { GrantValuationFigures } from '../valuations/grant-flags';
import { CumulativeChart, type ChartMarker } from '../vesting/cumulative-chart';
import { describeTerms, milestonesOf } from '../vesting/terms';
import { chartSpan, InstallmentTable } from '../vesting/vesting-preview';
import { forgetGrant, grantQueryOptions, useDeleteGrant, useRemovePause } from './api';
import { formatPrice, GRANT_STATUS_LABELS, statusVariant } from './format';
import { GrantActions } from './grant-actions';
import { EditGrantButton } from './grant-dialog';

const FORFEIT_LABELS: Record<GrantDetail['forfeitures'][number]['reason'], string> = {
  termination_unvested: 'Unvested, forfeited on termination',
  termination_vested: 'Vested, forfeited on termination',
  milestone_deadline: 'Milestone deadline passed',
  cancellation: 'Cancelled',
};

type Exercise = GrantDetail['exercises'][number];

/**
 * How an exercise was delivered; for a cash settlement, the amount recorded at the FMV valid on
 * the exercise date ("Cash settlement EUR 1,234.56 at FMV 2.40"), or that none was in force.
 */
function deliveredAs(e: Exercise): ReactNode {
  if (e.shareEventId) return 'Shares issued (register)';
  if (e.receiptId) return 'Depositary receipts';
  const s = e.settlement;
  if (!s)
    return (
      <>
        Cash settlement{' '}
        <span className="text-muted-foreground">
          · No valuation in force on that date — amount not recorded
        </span>
      </>
    );
  // The FMV per share without the currency (it is the amount's): "2.40", "2.0736".
  const fmv = formatAmount(s.fmvPerShare, s.currency).slice(s.currency.length + 1);
  return (
    <>
      Cash settlement <span className="tabular-nums">{formatAmount(s.amount, s.currency)}</span> at
      FMV <span className="tabular-nums">{fmv}</span>
      {s.basePrice !== null ? (
        <span className="text-muted-foreground">
          {' '}
          · base price {formatPrice(s.basePrice, s.currency)}
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
          Delete
        </Button>
      }
      title="Move this grant to the trash?"
      description="Use this for a grant recorded by mistake; record a cancellation or a termination otherwise. Owners and admins can restore it from the trash for 30 days. A grant with exercises cannot be deleted."
      confirmLabel="Move to trash"
      onConfirm={async () => {
        try {
          await remove.mutateAsync(grant.id);
        } catch (error) {
          reportDeleteError(error, 'Deleting the grant failed');
          throw error;
        }
        trashedToast(queryClient, {
          kind: 'grant',
          id: grant.id,
          message: `Grant to ${grant.stakeholderName} moved to the trash`,
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
  const span = `${formatIsoDate(pause.start)} – ${formatIsoDate(pause.end)}`;
  return (
    <ConfirmAction
      trigger={
        <Button variant="ghost" size="sm" aria-label={`Remove the leave of absence ${span}`}>
          <Trash2 aria-hidden="true" />
          Remove
        </Button>
      }
      title="Remove this leave of absence?"
      description={`The installments it moved (${span}) return to their dates. The activity log keeps a record.`}
      confirmLabel="Remove leave"
      onConfirm={async () => {
        try {
          await remove.mutateAsync(pause.start);
        } catch (error) {
          reportDeleteError(error, 'Removing the leave of absence failed');
          throw error;
        }
        toast.success('Leave of absence removed');
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
  useDocumentTitle(`Grant to ${grant.stakeholderName} · ${company.companyName}`);
  const today = todayIso();
  const { schedule } = grant;
  const milestoneNames = useMemo(
    () => new Map(milestonesOf(grant.terms).map((m) => [m.id, m.name])),
    [grant.terms],
  );

  const markers: ChartMarker[] = [];
  const cliff = grant.installments.find((i) => i.source === 'cliff');
  if (cliff) markers.push({ date: cliff.date, label: 'Cliff', tone: 'cliff' });
  for (const a of grant.installments.filter((i) => i.source === 'acceleration'))
    markers.push({ date: a.date, label: 'Acceleration', tone: 'event' });
  for (const p of grant.pauses) markers.push({ date: p.start, label: 'Leave', tone: 'event' });
  if (grant.termination)
    markers.push({ date: grant.termination.date, label: 'Termination', tone: 'event' });
  if (grant.cancelledDate)
    markers.push({ date: grant.cancelledDate, label: 'Cancelled', tone: 'event' });
  if (schedule.exerciseDeadline)
    markers.push({ date: schedule.exerciseDeadline, label: 'Exercise deadline', tone: 'deadline' });
  const span = chartSpan(grant.vestingStartDate, grant.installments);
  const to = [span.to, schedule.exerciseDeadline ?? '', grant.termination?.date ?? '']
    .filter(Boolean)
    .sort()
    .at(-1)!;
  if (today >= span.from && today <= to)
    markers.push({ date: today, label: 'Today', tone: 'today' });

  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <Link
          to="/companies/$companyId/grants"
          params={{ companyId }}
          className="inline-flex items-center gap-1 justify-self-start rounded-sm text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          All grants
        </Link>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid min-w-0 gap-2">
            <h2 className="text-xl font-semibold tracking-tight break-words">
              {formatCount(grant.quantity)} to {grant.stakeholderName}
            </h2>
            <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              <Badge variant={statusVariant(grant.status)}>
                {GRANT_STATUS_LABELS[grant.status]}
              </Badge>
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

      <Panel id="grant-figures" title="Today">
        <dl className="grid grid-cols-2 gap-x-6 gap-y-4 sm:grid-cols-3 lg:grid-cols-6">
          <Figure label="Quantity">{formatCount(grant.quantity)}</Figure>
          <Figure label="Vested">{formatCount(schedule.vested)}</Figure>
          <Figure label="Unvested">{formatCount(schedule.unvested)}</Figure>
          <Figure label="Exercised">{formatCount(schedule.exercised)}</Figure>
          <Figure label="Forfeited">{formatCount(schedule.forfeited)}</Figure>
          <Figure label="Exercisable">{formatCount(schedule.exercisable)}</Figure>
          <Figure label="Next installment">
            {schedule.nextInstallment
              ? `${formatCount(schedule.nextInstallment.quantity)} on ${formatIsoDate(schedule.nextInstallment.date)}`
              : muted('None')}
          </Figure>
          <Figure label="Exercise deadline">
            {schedule.exerciseDeadline ? formatIsoDate(schedule.exerciseDeadline) : muted('None')}
          </Figure>
          <Figure label="Price">
            {grant.exercisePrice === null
              ? muted('None')
              : formatPrice(grant.exercisePrice, grant.currency)}
          </Figure>
          <Figure label="Grant date">{formatIsoDate(grant.grantDate)}</Figure>
          <Figure label="Vesting start">{formatIsoDate(grant.vestingStartDate)}</Figure>
          <Figure label="Expiry">
            {grant.expiryDate ? formatIsoDate(grant.expiryDate) : muted('None')}
          </Figure>
          {grant.offerDate ? (
            <Figure label="Offered">{formatIsoDate(grant.offerDate)}</Figure>
          ) : null}
          {grant.acceptanceDeadline ? (
            <Figure label="Accept by">{formatIsoDate(grant.acceptanceDeadline)}</Figure>
          ) : null}
          {grant.offerDate || grant.acceptanceDate ? (
            <Figure label="Accepted">
              {grant.acceptanceDate ? formatIsoDate(grant.acceptanceDate) : muted('Not yet')}
            </Figure>
          ) : null}
          {grant.taxAtExercise ? (
            <Figure label="Taxed at exercise">
              Elected {grant.taxElectionDate ? formatIsoDate(grant.taxElectionDate) : ''}
            </Figure>
          ) : null}
          {grant.termination ? (
            <Figure label="Termination">
              {`${grant.termination.leaverType === 'good' ? 'Good' : 'Bad'} leaver, ${formatIsoDate(grant.termination.date)}`}
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
          title="Actions"
          description="Each action is recorded in the company's activity log."
        >
          <GrantActions companyId={companyId} grant={grant} />
        </Panel>
      ) : null}

      <Panel
        id="grant-schedule"
        title="Schedule"
        description="Installments as stored by the server: past ones shaded, with the cliff, leaves of absence, termination and deadlines marked. A leave moves the installments from its first day on by its length."
      >
        <div className="grid gap-4">
          <CumulativeChart
            title={`Cumulative vesting of the grant to ${grant.stakeholderName}`}
            quantity={grant.quantity}
            installments={grant.installments}
            from={span.from}
            to={to}
            markers={markers}
          />
          {schedule.pending.length > 0 ? (
            <p className="text-sm text-muted-foreground">
              Pending milestones:{' '}
              {schedule.pending
                .map(
                  (p) =>
                    `${milestoneNames.get(p.milestoneId) ?? p.milestoneId} (${formatCount(p.quantity)})`,
                )
                .join(', ')}
            </p>
          ) : null}
          {grant.installments.length > 0 ? (
            <InstallmentTable
              caption={`Installments of the grant to ${grant.stakeholderName}`}
              installments={grant.installments}
              asOf={today}
              milestoneNames={milestoneNames}
              className="max-h-96"
            />
          ) : (
            <p className="text-sm text-muted-foreground">No installments.</p>
          )}
          {grant.pauses.length > 0 ? (
            <div className="grid gap-2">
              <h4 className="text-sm font-semibold">Leaves of absence</h4>
              <Table aria-label="Leaves of absence">
                <TableHeader>
                  <TableRow>
                    <TableHead>From</TableHead>
                    <TableHead>Vesting resumes</TableHead>
                    <TableHead className="text-right">Days paused</TableHead>
                    {canUpdate ? (
                      <TableHead className="text-right">
                        <span className="sr-only">Actions</span>
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
              <h4 className="text-sm font-semibold">Forfeitures</h4>
              <Table aria-label="Forfeitures">
                <TableHeader>
                  <TableRow>
                    <TableHead>Date</TableHead>
                    <TableHead>What</TableHead>
                    <TableHead className="text-right">Shares</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {grant.forfeitures.map((f, i) => (
                    <TableRow key={`${f.date}-${f.reason}-${i}`}>
                      <TableCell>{formatIsoDate(f.date)}</TableCell>
                      <TableCell>
                        {FORFEIT_LABELS[f.reason]}
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

      <Panel id="grant-exercises" title="Exercises">
        {grant.exercises.length === 0 ? (
          <p className="text-sm text-muted-foreground">No exercises yet.</p>
        ) : (
          <Table aria-label="Exercises">
            <TableHeader>
              <TableRow>
                <TableHead>Date</TableHead>
                <TableHead className="text-right">Quantity</TableHead>
                <TableHead>Delivered as</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {grant.exercises.map((e) => (
                <TableRow key={e.id}>
                  <TableCell>{formatIsoDate(e.date)}</TableCell>
                  <TableCell className={numberCell}>{formatCount(e.quantity)}</TableCell>
                  <TableCell>{deliveredAs(e)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Panel>

      {canSeeActivity ? (
        <p className="text-sm text-muted-foreground">
          Every change to this grant is in the company&apos;s{' '}
          <Link
            to="/companies/$companyId/activity"
            params={{ companyId }}
            className="rounded-sm text-primary hover:underline"
          >
            activity log
          </Link>
          .
        </p>
      ) : null}
    </div>
  );
}
