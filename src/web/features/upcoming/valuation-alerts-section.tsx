import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CircleCheck } from 'lucide-react';
import type { ValuationAlertKind } from '../../../contracts/valuation';
import { Badge } from '../../components/ui/badge';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import { EmptyState, Section } from '../cap-table/section';
import { formatIsoDate } from '../../lib/format';
import { t } from '../../lib/i18n';
import { valuationAlertsQueryOptions } from './api';
import { alertDetail, VALUATION_ALERT_LABELS } from './valuation-alerts';
import { DeadlineTask } from '../tasks/deadline-task';

const kindVariant = (k: ValuationAlertKind) =>
  k === 'expiring' ? ('secondary' as const) : ('destructive' as const);

/** Columns shown from the `sm` breakpoint; on phones the company cell carries status and detail. */
const wide = 'hidden sm:table-cell';

const dash = <span className="text-muted-foreground">—</span>;

function ValuationAlertsTable() {
  const { data } = useSuspenseQuery(valuationAlertsQueryOptions());
  if (data.items.length === 0)
    return (
      <EmptyState icon={CircleCheck} title={t('upcoming.alerts.empty.title')}>
        {t('upcoming.alerts.empty.text')}
      </EmptyState>
    );
  return (
    <Table aria-label={t('upcoming.alerts.label')}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>{t('upcoming.column.company')}</TableHead>
          <TableHead className={`w-32 ${wide}`}>{t('upcoming.alerts.status')}</TableHead>
          <TableHead className={`w-32 ${wide}`}>{t('upcoming.alerts.effective')}</TableHead>
          <TableHead className={`w-32 ${wide}`}>{t('upcoming.alerts.validUntil')}</TableHead>
          <TableHead className={wide}>{t('upcoming.alerts.details')}</TableHead>
          <TableHead className="w-36">{t('tasks.deadline.column')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {data.items.map((a) => (
          <TableRow key={a.companyId}>
            <TableCell className="max-w-[16rem]">
              <Link
                to="/companies/$companyId/valuations"
                params={{ companyId: a.companyId }}
                className="block truncate rounded-sm font-medium text-primary underline-offset-4 hover:underline"
              >
                {a.companyName}
              </Link>
              {/* Phones: the status and what it means under the name, instead of columns. */}
              <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 sm:hidden">
                <Badge variant={kindVariant(a.kind)}>{t(VALUATION_ALERT_LABELS[a.kind])}</Badge>
                <span className="text-xs text-muted-foreground">{alertDetail(a)}</span>
              </div>
            </TableCell>
            <TableCell className={wide}>
              <Badge variant={kindVariant(a.kind)}>{t(VALUATION_ALERT_LABELS[a.kind])}</Badge>
            </TableCell>
            <TableCell className={`whitespace-nowrap tabular-nums ${wide}`}>
              {a.effectiveDate ? (
                <time dateTime={a.effectiveDate}>{formatIsoDate(a.effectiveDate)}</time>
              ) : (
                dash
              )}
            </TableCell>
            <TableCell className={`whitespace-nowrap tabular-nums ${wide}`}>
              {a.validUntil ? (
                <time dateTime={a.validUntil}>{formatIsoDate(a.validUntil)}</time>
              ) : (
                dash
              )}
            </TableCell>
            <TableCell className={`text-muted-foreground ${wide}`}>{alertDetail(a)}</TableCell>
            <TableCell>
              <DeadlineTask
                taskId={a.taskId}
                deadline={{ type: 'valuation', companyId: a.companyId }}
                label={`${t(VALUATION_ALERT_LABELS[a.kind])} ${a.companyName}`}
              />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * The practice view's valuations (issue 6): client companies whose FMV needs attention, most
 * urgent first, each linking to the company's Valuations tab. Its own loading and error
 * boundaries: a slow or failing list leaves the grants' list alone.
 */
export function ValuationAlertsSection() {
  return (
    <Section
      id="valuation-alerts"
      title={t('upcoming.alerts.title')}
      description={t('upcoming.alerts.description')}
      resetKey="valuation-alerts"
      loadingLabel={t('upcoming.alerts.loading')}
    >
      <ValuationAlertsTable />
    </Section>
  );
}
