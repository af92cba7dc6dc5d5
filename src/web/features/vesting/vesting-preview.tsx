import { useDeferredValue, useMemo } from 'react';
import type { VestingTermsInput } from '../../../contracts/vesting';
import { addMonths } from '../../../domain/vesting/dates';
import type { Installment, VestingEvents, VestingPolicy } from '../../../domain/vesting/types';
import { useOverflow } from '../../lib/use-overflow';
import { cn } from '../../lib/utils';
import { formatCount, formatIsoDate } from '../../lib/format';
import { msg, t } from '../../lib/i18n';
import { previewVesting } from './compute';
import type { ChartMarker } from '../../components/time-chart';
import { CumulativeChart } from './cumulative-chart';
import { milestonesOf } from './terms';

const SOURCE_LABELS: Record<Installment['source'], string> = {
  time: msg('vesting.source.time'),
  cliff: msg('vesting.source.cliff'),
  milestone: msg('vesting.source.milestone'),
  acceleration: msg('vesting.source.acceleration'),
};

/** "Cliff", "Milestone: Series A closed". */
export function installmentLabel(
  installment: Pick<Installment, 'source' | 'milestoneId'>,
  milestoneNames: ReadonlyMap<string, string>,
): string {
  if (installment.source === 'milestone' && installment.milestoneId)
    return t('vesting.source.milestoneNamed', {
      name: milestoneNames.get(installment.milestoneId) ?? installment.milestoneId,
    });
  return t(SOURCE_LABELS[installment.source]);
}

/** The installment list as a table; rows on or before `asOf` are marked vested. */
export function InstallmentTable({
  caption,
  installments,
  asOf,
  milestoneNames,
  className,
}: {
  caption: string;
  installments: readonly Installment[];
  asOf: string;
  milestoneNames: ReadonlyMap<string, string>;
  className?: string;
}) {
  const [ref, overflow] = useOverflow<HTMLDivElement>(installments);
  const scrolls = overflow.x || overflow.y;
  return (
    // While it scrolls, the box is a named region and a tab stop, so the keyboard can scroll it
    // (axe: scrollable-region-focusable; issue 12).
    <div
      ref={ref}
      role={scrolls ? 'region' : undefined}
      aria-label={scrolls ? t('tables.scrollable', { table: caption }) : undefined}
      tabIndex={scrolls ? 0 : undefined}
      className={cn(
        'overflow-auto rounded-lg border bg-card focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        className,
      )}
    >
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-muted">
          <tr className="border-b">
            <th scope="col" className="h-9 px-3 text-left font-medium text-muted-foreground">
              {t('vesting.installments.date')}
            </th>
            <th scope="col" className="h-9 px-3 text-left font-medium text-muted-foreground">
              {t('vesting.installments.kind')}
            </th>
            <th scope="col" className="h-9 px-3 text-right font-medium text-muted-foreground">
              {t('vesting.installments.shares')}
            </th>
            <th scope="col" className="h-9 px-3 text-right font-medium text-muted-foreground">
              {t('vesting.installments.cumulative')}
            </th>
          </tr>
        </thead>
        <tbody>
          {installments.map((i, index) => {
            const past = i.date <= asOf;
            return (
              <tr
                key={`${i.date}-${i.source}-${index}`}
                className={cn('border-b last:border-0', past ? 'bg-muted/40' : undefined)}
              >
                <td className="px-3 py-1.5 whitespace-nowrap">
                  <time dateTime={i.date}>{formatIsoDate(i.date)}</time>
                  {past ? (
                    <span className="sr-only">{t('vesting.installments.vested')}</span>
                  ) : null}
                </td>
                <td className="px-3 py-1.5">{installmentLabel(i, milestoneNames)}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">{formatCount(i.quantity)}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">{formatCount(i.cumulative)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The chart's span: vesting start to the last installment (at least a year, and today). */
export function chartSpan(start: string, installments: readonly { date: string }[]) {
  const last = installments.at(-1)?.date ?? start;
  const minEnd = addMonths(start, 12);
  const to = last > minEnd ? last : minEnd;
  return { from: start, to };
}

/**
 * Live preview of terms on a quantity (the grant form, the template editor): the schedule the
 * server will store, computed in the browser by the same engine. Recomputed on a deferred copy
 * of the input, so typing stays smooth on long schedules.
 */
export function VestingPreview({
  quantity,
  vestingStartDate,
  terms,
  asOf,
  events,
  policy,
  title = t('vesting.preview.title'),
}: {
  quantity: unknown;
  vestingStartDate: unknown;
  terms: VestingTermsInput;
  asOf: string;
  events?: VestingEvents;
  policy?: VestingPolicy;
  title?: string;
}) {
  const deferred = useDeferredValue({ quantity, vestingStartDate, terms, asOf, events, policy });
  const outcome = useMemo(
    () =>
      previewVesting({
        quantity: deferred.quantity,
        vestingStartDate: deferred.vestingStartDate,
        terms: deferred.terms,
        asOf: deferred.asOf,
        ...(deferred.events ? { events: deferred.events } : {}),
        ...(deferred.policy ? { policy: deferred.policy } : {}),
      }),
    [deferred],
  );
  const milestoneNames = useMemo(
    () => new Map(milestonesOf(deferred.terms).map((m) => [m.id, m.name || m.id])),
    [deferred.terms],
  );

  if (!outcome.ok) {
    return (
      <section aria-label={title} className="grid gap-2 rounded-lg border border-dashed p-4">
        <h3 className="text-sm font-semibold">{title}</h3>
        <p className="text-sm text-muted-foreground" role="status">
          {t('vesting.preview.incomplete', {
            problem: outcome.path
              ? t('vesting.preview.problemAt', { path: outcome.path, message: outcome.message })
              : outcome.message,
          })}
        </p>
      </section>
    );
  }
  const { result } = outcome;
  const start = String(deferred.vestingStartDate);
  const cliff = result.installments.find((i) => i.source === 'cliff');
  const last = result.installments.at(-1);
  const markers: ChartMarker[] = [];
  if (cliff)
    markers.push({ date: cliff.date, label: t('vesting.preview.marker.cliff'), tone: 'cliff' });
  const span = chartSpan(start, result.installments);
  if (asOf >= span.from && asOf <= span.to)
    markers.push({ date: asOf, label: t('vesting.preview.marker.today'), tone: 'today' });

  return (
    <section aria-label={title} className="grid gap-3 rounded-lg border p-4">
      <h3 className="text-sm font-semibold">{title}</h3>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <div className="grid gap-0.5">
          <dt className="text-xs text-muted-foreground">{t('vesting.preview.installments')}</dt>
          <dd className="tabular-nums">{formatCount(result.installments.length)}</dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-xs text-muted-foreground">{t('vesting.preview.atCliff')}</dt>
          <dd className="tabular-nums">
            {cliff
              ? t('vesting.preview.atCliff.value', {
                  quantity: formatCount(cliff.quantity),
                  date: formatIsoDate(cliff.date),
                })
              : t('vesting.preview.noCliff')}
          </dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-xs text-muted-foreground">{t('vesting.preview.fullyVested')}</dt>
          <dd className="tabular-nums">
            {last && last.cumulative === result.quantity
              ? formatIsoDate(last.date)
              : result.pending.length > 0
                ? t('vesting.preview.onMilestones')
                : '—'}
          </dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-xs text-muted-foreground">{t('vesting.preview.vestedToday')}</dt>
          <dd className="tabular-nums">{formatCount(result.vested)}</dd>
        </div>
      </dl>
      {result.pending.length > 0 ? (
        <p className="text-xs text-muted-foreground">
          {t('vesting.preview.pending', {
            list: result.pending
              .map((p) =>
                t('vesting.preview.pendingItem', {
                  name: milestoneNames.get(p.milestoneId) ?? p.milestoneId,
                  quantity: formatCount(p.quantity),
                }),
              )
              .join(', '),
          })}
        </p>
      ) : null}
      <CumulativeChart
        title={t('vesting.preview.chartTitle', { quantity: formatCount(result.quantity) })}
        quantity={result.quantity}
        installments={result.installments}
        from={span.from}
        to={span.to}
        markers={markers}
      />
      {result.installments.length > 0 ? (
        <InstallmentTable
          caption={t('vesting.preview.tableCaption', { title })}
          installments={result.installments}
          asOf={asOf}
          milestoneNames={milestoneNames}
          className="max-h-64"
        />
      ) : null}
    </section>
  );
}
