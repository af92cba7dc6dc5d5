import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { FileText, Scale } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import type { Valuation, ValuationMetrics } from '../../../contracts/valuation';
import { VALUATION_STATUSES, type ValuationStatus } from '../../../domain/valuation';
import { Badge } from '../../components/ui/badge';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import {
  ColumnsMenu,
  DataTable,
  useTableSort,
  type DataColumn,
} from '../../components/ui/data-table';
import { Truncate } from '../../components/ui/truncate';
import { useColumnChoice } from '../../lib/column-choice';
import { formatCount, formatIsoDate } from '../../lib/format';
import { t } from '../../lib/i18n';
import type { SortState } from '../../lib/sort';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSessionUserId } from '../auth/use-session-user-id';
import { EmptyState, numberCell, RowHeader, Section } from '../cap-table/section';
import { companyQueryOptions } from '../companies/api';
import { useCan } from '../me/api';
import { todayIso } from '../plans/format';
import { reportUrl, valuationMetricsQueryOptions, valuationsQueryOptions } from './api';
import {
  formatChangePercent,
  formatValue,
  METHOD_LABELS,
  PURPOSE_LABELS,
  STATUS_HINTS,
  STATUS_LABELS,
  statusVariant,
} from './format';
import type { ValuationSortColumn, ValuationsSearch } from './search';
import { ValuationChart } from './valuation-chart';
import { DeleteValuationButton, EditValuationButton, NewValuationButton } from './valuation-dialog';
import { GenerateDocumentButton } from '../documents/generate-dialog';

/** A status badge whose text reads "Status: Current (in force)" to screen readers. */
export function ValuationStatusBadge({ status }: { status: ValuationStatus }) {
  return (
    <Badge variant={statusVariant(status)} title={t(STATUS_HINTS[status])}>
      <span className="sr-only">{t('valuations.badge.status')} </span>
      {t(STATUS_LABELS[status])}
      <span className="sr-only"> ({t(STATUS_HINTS[status])})</span>
    </Badge>
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

/** An empty cell: a dash on screen, "none" for screen readers. */
function Dash() {
  return (
    <>
      <span aria-hidden="true" className="text-muted-foreground">
        —
      </span>
      <span className="sr-only">{t('valuations.history.none')}</span>
    </>
  );
}

const muted = (text: string) => <span className="text-muted-foreground">{text}</span>;

function CurrentValuation({ companyId }: { companyId: string }) {
  const { data: metrics } = useSuspenseQuery(valuationMetricsQueryOptions(companyId));
  const canCreate = useCan('valuation', 'create');
  const v = metrics.current;
  if (!v)
    return (
      <EmptyState
        icon={Scale}
        title={t('valuations.current.empty.title')}
        action={
          canCreate ? (
            <NewValuationButton
              companyId={companyId}
              label={t('valuations.current.empty.action')}
            />
          ) : undefined
        }
      >
        {t('valuations.current.empty.text')}
      </EmptyState>
    );
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        <ValuationStatusBadge status={v.status} />
        <span>
          {t(PURPOSE_LABELS[v.purpose])} · {t(METHOD_LABELS[v.method])}
          {v.provider ? ` · ${v.provider}` : ''}
        </span>
      </div>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-4 sm:grid-cols-3">
        <Figure label={t('valuations.figure.fmvPerShare')}>
          <span className="text-base font-semibold">{formatValue(v.fmvPerShare, v.currency)}</span>
        </Figure>
        <Figure label={t('valuations.figure.pricePerShare')}>
          {formatValue(v.pricePerShare, v.currency)}
        </Figure>
        <Figure label={t('valuations.figure.equityValue')}>
          {formatValue(v.equityValue, v.currency)}
        </Figure>
        <Figure label={t('valuations.figure.effective')}>{formatIsoDate(v.effectiveDate)}</Figure>
        <Figure label={t('valuations.figure.validUntil')}>{formatIsoDate(v.validUntil)}</Figure>
        <Figure label={t('valuations.figure.fullyDilutedShares')}>
          {formatCount(v.fullyDilutedShares)}
          {v.fullyDilutedSharesDerived ? (
            <span className="block text-xs text-muted-foreground">
              {t('valuations.figure.fromCapTable')}
            </span>
          ) : null}
        </Figure>
      </dl>
    </div>
  );
}

function GrantLink({
  companyId,
  grantId,
  children,
}: {
  companyId: string;
  grantId: string;
  children: ReactNode;
}) {
  return (
    <Link
      to="/companies/$companyId/grants/$grantId"
      params={{ companyId, grantId }}
      className="rounded-sm text-primary hover:underline"
    >
      {children}
    </Link>
  );
}

function BelowFmvList({ companyId, metrics }: { companyId: string; metrics: ValuationMetrics }) {
  const currency = metrics.currency ?? 'EUR';
  if (metrics.pricedBelowFmv.count === 0)
    return <p className="text-sm text-muted-foreground">{t('valuations.belowFmv.none')}</p>;
  return (
    <Table aria-label={t('valuations.belowFmv.title')}>
      <TableHeader>
        <TableRow>
          <TableHead>{t('valuations.belowFmv.stakeholder')}</TableHead>
          <TableHead>{t('valuations.belowFmv.plan')}</TableHead>
          <TableHead>{t('valuations.belowFmv.grantDate')}</TableHead>
          <TableHead className="text-right">{t('valuations.belowFmv.quantity')}</TableHead>
          <TableHead className="text-right">{t('valuations.belowFmv.exercisePrice')}</TableHead>
          <TableHead className="text-right">{t('valuations.belowFmv.fmvThen')}</TableHead>
          <TableHead className="text-right">{t('valuations.belowFmv.shortfall')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {metrics.pricedBelowFmv.items.map((g) => (
          <TableRow key={g.grantId}>
            <RowHeader>
              <GrantLink companyId={companyId} grantId={g.grantId}>
                {g.stakeholderName}
              </GrantLink>
            </RowHeader>
            <TableCell>{g.planName}</TableCell>
            <TableCell>{formatIsoDate(g.grantDate)}</TableCell>
            <TableCell className={numberCell}>{formatCount(g.quantity)}</TableCell>
            <TableCell className={numberCell}>{formatValue(g.exercisePrice, currency)}</TableCell>
            <TableCell className={numberCell}>{formatValue(g.fmvPerShare, currency)}</TableCell>
            <TableCell className={numberCell}>
              {formatValue(g.shortfallPerShare, currency)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Metrics({ companyId }: { companyId: string }) {
  const { data: m } = useSuspenseQuery(valuationMetricsQueryOptions(companyId));
  const currency = m.currency ?? 'EUR';
  return (
    <div className="grid gap-6">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-4 sm:grid-cols-4">
        <Figure label={t('valuations.metrics.cagr')}>
          {m.fmvCagr ? (
            <>
              {t('valuations.metrics.cagrPerYear', {
                percent: formatChangePercent(m.fmvCagr.percent),
              })}
              <span className="block text-xs text-muted-foreground">
                {t('valuations.metrics.cagrSince', { date: formatIsoDate(m.fmvCagr.fromDate) })}
              </span>
            </>
          ) : (
            muted(t('valuations.metrics.cagrNeedsTwo'))
          )}
        </Figure>
        <Figure label={t('valuations.metrics.intrinsicVested')}>
          {m.intrinsicValue
            ? formatValue(m.intrinsicValue.vested, currency)
            : muted(t('valuations.metrics.none'))}
        </Figure>
        <Figure label={t('valuations.metrics.intrinsicUnvested')}>
          {m.intrinsicValue
            ? formatValue(m.intrinsicValue.unvested, currency)
            : muted(t('valuations.metrics.none'))}
        </Figure>
        <Figure label={t('valuations.metrics.outstandingGrants')}>
          {formatCount(m.outstandingGrants)}
        </Figure>
        <Figure label={t('valuations.metrics.underwaterGrants')}>
          {formatCount(m.underwater.count)}
        </Figure>
        <Figure label={t('valuations.metrics.belowFmvCount')}>
          {formatCount(m.pricedBelowFmv.count)}
        </Figure>
        <Figure label={t('valuations.metrics.unallocatedPool')}>
          {t('valuations.metrics.poolShares', { count: m.unallocatedPool.shares })}
          {m.unallocatedPool.value !== null ? (
            <span className="block text-xs text-muted-foreground">
              {t('valuations.metrics.poolWorth', {
                value: formatValue(m.unallocatedPool.value, currency),
              })}
            </span>
          ) : null}
        </Figure>
      </dl>
      {m.underwater.count > 0 ? (
        <div className="grid gap-2">
          <h3 className="text-sm font-semibold">{t('valuations.metrics.underwaterGrants')}</h3>
          <p className="text-sm text-muted-foreground">{t('valuations.underwater.text')}</p>
          <ul className="grid gap-1 text-sm">
            {m.underwater.items.map((g) => (
              <li key={g.grantId}>
                <GrantLink companyId={companyId} grantId={g.grantId}>
                  {g.stakeholderName}
                </GrantLink>{' '}
                <span className="text-muted-foreground">
                  {t('valuations.underwater.item', {
                    plan: g.planName,
                    quantity: formatCount(g.outstanding),
                    price: formatValue(g.exercisePrice, currency),
                  })}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="grid gap-2">
        <h3 className="text-sm font-semibold">{t('valuations.belowFmv.title')}</h3>
        <p className="text-sm text-muted-foreground">{t('valuations.belowFmv.text')}</p>
        <BelowFmvList companyId={companyId} metrics={m} />
      </div>
    </div>
  );
}

/** Newest first: the history's order until a header is pressed. */
const DEFAULT_SORT: SortState = { column: 'date', direction: 'descending' };

const OPTIONAL_COLUMNS = [
  'purpose',
  'method',
  'provider',
  'equityValue',
  'pricePerShare',
  'change',
  'report',
] as const;

type HistoryColumn = DataColumn<Valuation> & { id: ValuationSortColumn | 'report' | 'actions' };

function historyColumns(
  companyId: string,
  canUpdate: boolean,
  canDelete: boolean,
  canReport: boolean,
): HistoryColumn[] {
  const columns: HistoryColumn[] = [
    {
      id: 'date',
      header: t('valuations.history.date'),
      cell: (v) => <time dateTime={v.effectiveDate}>{formatIsoDate(v.effectiveDate)}</time>,
      sort: { kind: 'date', value: (v) => v.effectiveDate },
    },
    {
      id: 'purpose',
      header: t('valuations.history.purpose'),
      optional: true,
      cell: (v) => t(PURPOSE_LABELS[v.purpose]),
      sort: { kind: 'text', value: (v) => t(PURPOSE_LABELS[v.purpose]) },
    },
    {
      id: 'method',
      header: t('valuations.history.method'),
      optional: true,
      cell: (v) => <Truncate text={t(METHOD_LABELS[v.method])} className="max-w-24" />,
      sort: { kind: 'text', value: (v) => t(METHOD_LABELS[v.method]) },
    },
    {
      id: 'provider',
      header: t('valuations.history.provider'),
      optional: true,
      cell: (v) => (v.provider ? <Truncate text={v.provider} className="max-w-24" /> : <Dash />),
      sort: { kind: 'text', value: (v) => v.provider },
    },
    {
      id: 'equityValue',
      header: t('valuations.history.equityValue'),
      numeric: true,
      optional: true,
      cell: (v) => formatValue(v.equityValue, v.currency),
      sort: { kind: 'decimal', value: (v) => v.equityValue },
    },
    {
      id: 'pricePerShare',
      header: t('valuations.history.pricePerShare'),
      numeric: true,
      optional: true,
      cell: (v) => formatValue(v.pricePerShare, v.currency),
      sort: { kind: 'decimal', value: (v) => v.pricePerShare },
    },
    {
      id: 'fmv',
      header: t('valuations.history.fmv'),
      numeric: true,
      cell: (v) => formatValue(v.fmvPerShare, v.currency),
      sort: { kind: 'decimal', value: (v) => v.fmvPerShare },
    },
    {
      id: 'change',
      header: t('valuations.history.change'),
      numeric: true,
      optional: true,
      cell: (v) => {
        const change = v.change?.pricePerShare.percent;
        return (
          <>
            {v.change ? formatChangePercent(v.change.fmvPerShare.percent) : <Dash />}
            {change !== undefined && change !== null && v.change ? (
              <span className="sr-only">
                {t('valuations.history.priceChange', { change: formatChangePercent(change) })}
              </span>
            ) : null}
          </>
        );
      },
      sort: { kind: 'decimal', value: (v) => v.change?.fmvPerShare.percent ?? null },
    },
    {
      id: 'status',
      header: t('valuations.history.status'),
      cell: (v) => <ValuationStatusBadge status={v.status} />,
      sort: { kind: 'count', value: (v) => VALUATION_STATUSES.indexOf(v.status) },
    },
    {
      id: 'report',
      header: t('valuations.history.report'),
      optional: true,
      cell: (v) =>
        v.report ? (
          <a
            href={reportUrl(companyId, v.id)}
            download={v.report.filename}
            className="inline-flex items-center gap-1 rounded-sm text-primary hover:underline"
          >
            <FileText className="size-4" aria-hidden="true" />
            {t('valuations.history.pdf')}
            <span className="sr-only">
              {' '}
              {t('valuations.history.reportOf', { date: formatIsoDate(v.effectiveDate) })}
            </span>
          </a>
        ) : (
          <Dash />
        ),
    },
  ];
  if (canUpdate || canDelete || canReport)
    columns.push({
      id: 'actions',
      header: t('tables.actions'),
      headerHidden: true,
      className: 'w-0 py-0.5 text-right',
      cell: (v) => (
        <div className="flex justify-end gap-1">
          {canUpdate ? <EditValuationButton companyId={companyId} valuation={v} /> : null}
          {canReport ? (
            // The cap table as of the valuation's date, for the valuation's file (issue 14).
            <GenerateDocumentButton
              companyId={companyId}
              target={{ kind: 'cap_table_report', asOf: v.effectiveDate }}
              label={t('documents.valuation.report')}
              aria-label={t('documents.valuation.reportFor', {
                date: formatIsoDate(v.effectiveDate),
              })}
              variant="ghost"
              iconOnly
            />
          ) : null}
          {canDelete ? <DeleteValuationButton companyId={companyId} valuation={v} /> : null}
        </div>
      ),
    });
  return columns;
}

function History({
  companyId,
  sortParam,
  onSortChange,
}: {
  companyId: string;
  sortParam: string | undefined;
  onSortChange: (sort: string | undefined) => void;
}) {
  const { data } = useSuspenseQuery(valuationsQueryOptions(companyId));
  const canUpdate = useCan('valuation', 'update');
  const canDelete = useCan('valuation', 'delete');
  const canCreate = useCan('valuation', 'create');
  const canReport = useCan('document', 'create');
  const columns = useMemo(
    () => historyColumns(companyId, canUpdate, canDelete, canReport),
    [companyId, canUpdate, canDelete, canReport],
  );
  const choice = useColumnChoice(useSessionUserId(), 'valuations', OPTIONAL_COLUMNS);
  // The API's order (oldest first) drives the changes; newest first reads best.
  const newestFirst = useMemo(() => [...data.items].reverse(), [data]);
  const { rows, sort, paramAfterClick } = useTableSort(
    newestFirst,
    columns,
    sortParam,
    DEFAULT_SORT,
  );
  if (data.items.length === 0)
    return (
      <EmptyState
        icon={Scale}
        title={t('valuations.history.empty.title')}
        action={canCreate ? <NewValuationButton companyId={companyId} /> : undefined}
      >
        {t('valuations.history.empty.text')}
      </EmptyState>
    );
  return (
    <div className="grid gap-2">
      <div className="flex justify-end">
        <ColumnsMenu
          label={t('valuations.history.label')}
          columns={columns}
          hidden={choice.hidden}
          onVisibleChange={choice.setVisible}
          onShowAll={choice.showAll}
        />
      </div>
      <DataTable
        label={t('valuations.history.label')}
        columns={columns}
        rows={rows}
        rowKey={(v) => v.id}
        sort={sort}
        onSort={(column) => onSortChange(paramAfterClick(column))}
        hidden={choice.hidden}
      />
    </div>
  );
}

function Chart({ companyId }: { companyId: string }) {
  const { data } = useSuspenseQuery(valuationsQueryOptions(companyId));
  if (data.items.length === 0)
    return <p className="text-sm text-muted-foreground">{t('valuations.chart.empty')}</p>;
  return <ValuationChart items={data.items} today={data.asOf || todayIso()} />;
}

/** The Valuations tab: the current valuation, its metrics, the chart and the history. */
export function ValuationsPage({
  companyId,
  search,
  onSearchChange,
}: {
  companyId: string;
  search: ValuationsSearch;
  onSearchChange: (next: ValuationsSearch) => void;
}) {
  const { data: company } = useSuspenseQuery(companyQueryOptions(companyId));
  const canCreate = useCan('valuation', 'create');
  useDocumentTitle(t('valuations.documentTitle', { company: company.companyName }));
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid min-w-0 gap-1">
          <h2 className="text-lg leading-tight font-semibold">{t('valuations.title')}</h2>
          <p className="text-sm text-muted-foreground">
            {t('valuations.intro', { company: company.companyName })}
          </p>
        </div>
        {canCreate ? (
          <div className="shrink-0">
            <NewValuationButton companyId={companyId} />
          </div>
        ) : null}
      </div>
      <Section
        id="valuation-current"
        title={t('valuations.current.title')}
        resetKey={companyId}
        loadingLabel={t('valuations.current.loading')}
      >
        <CurrentValuation companyId={companyId} />
      </Section>
      <Section
        id="valuation-metrics"
        title={t('valuations.metrics.title')}
        description={t('valuations.metrics.description')}
        resetKey={companyId}
        loadingLabel={t('valuations.metrics.loading')}
      >
        <Metrics companyId={companyId} />
      </Section>
      <Section
        id="valuation-chart"
        title={t('valuations.chart.title')}
        description={t('valuations.chart.description')}
        resetKey={companyId}
        loadingLabel={t('valuations.chart.loading')}
      >
        <Chart companyId={companyId} />
      </Section>
      <Section
        id="valuation-history"
        title={t('valuations.history.title')}
        resetKey={companyId}
        loadingLabel={t('valuations.history.loading')}
      >
        <History
          companyId={companyId}
          sortParam={search.sort}
          onSortChange={(sort) => onSearchChange({ ...search, sort })}
        />
      </Section>
    </div>
  );
}
