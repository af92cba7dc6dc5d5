import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Loader2, Plus, Table2 } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import type { CapTableResponse } from '../../../contracts/equity';
import { isIsoDate } from '../../../domain/dates';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { DateInput } from '../../components/ui/date-input';
import { Label } from '../../components/ui/label';
import {
  ColumnsMenu,
  DataTable,
  useTableSort,
  type DataColumn,
} from '../../components/ui/data-table';
import { Truncate } from '../../components/ui/truncate';
import { errorMessage } from '../../lib/api';
import { formatCount, formatIsoDate, formatPercent } from '../../lib/format';
import { t } from '../../lib/i18n';
import { useColumnChoice } from '../../lib/column-choice';
import type { SortState } from '../../lib/sort';
import { cn } from '../../lib/utils';
import { useSessionUserId } from '../auth/use-session-user-id';
import { useCan } from '../me/api';
import { capTableQueryOptions } from './api';
import { OwnershipChart } from './ownership-chart';
import { Dash, EmptyState, TableSkeleton } from './section';

/** Pause after the last change of the date before the URL (and the request) follow it. */
const DATE_DEBOUNCE_MS = 300;

/**
 * The "as of" date, typed in the app's language (`DateInput`). A date reads as complete after
 * every digit of the year (0002, 0020, 0202, 2024…): only a plausible date is committed, after a
 * pause.
 */
export function AsOfControl({
  asOf,
  isToday,
  onChange,
  onToday,
}: {
  asOf: string;
  isToday: boolean;
  onChange: (asOf: string) => void;
  onToday: () => void;
}) {
  // DateInput shows a new date from the URL by itself (our update, the back button, "Today").
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  function onInput(value: string) {
    window.clearTimeout(timer.current);
    if (!isIsoDate(value) || value < '1900-01-01' || value === asOf) return;
    timer.current = window.setTimeout(() => onChange(value), DATE_DEBOUNCE_MS);
  }

  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="grid gap-1.5">
        <Label htmlFor="cap-table-as-of">{t('cap-table.asOf.label')}</Label>
        <DateInput
          id="cap-table-as-of"
          className="w-44"
          value={asOf}
          aria-describedby="cap-table-as-of-hint"
          onValueChange={onInput}
        />
      </div>
      <Button variant="outline" onClick={onToday} disabled={isToday}>
        {t('cap-table.asOf.today')}
      </Button>
      <p id="cap-table-as-of-hint" className="sr-only">
        {t('cap-table.asOf.hint')}
      </p>
    </div>
  );
}

/** The cap table of the chosen date: holders, pools, totals, and the ownership chart. */
export function CapTableView({
  companyId,
  asOf,
  sort,
  onSortChange,
  onAddShareClass,
  onIssueShares,
}: {
  companyId: string;
  asOf: string;
  /** The table's order from the URL (`?sort=`). */
  sort: string | undefined;
  onSortChange: (sort: string | undefined) => void;
  onAddShareClass: () => void;
  onIssueShares: () => void;
}) {
  // Another date keeps the previous table on screen (marked busy) until its figures arrive.
  const query = useQuery({
    ...capTableQueryOptions(companyId, asOf),
    placeholderData: keepPreviousData,
  });
  const canCreate = useCan('company', 'create');

  if (query.isPending) return <TableSkeleton label={t('cap-table.capTable.loading')} rows={4} />;
  if (query.isError && !query.data) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(query.error, t('cap-table.capTable.loadFailed'))}
      </p>
    );
  }
  const table = query.data;
  const isUpdating = query.isPlaceholderData;

  if (table.rows.length === 0 && table.pools.length === 0) {
    return table.shareClasses.length === 0 ? (
      <EmptyState
        icon={Table2}
        title={t('cap-table.capTable.empty.title')}
        action={
          canCreate ? (
            <Button onClick={onAddShareClass}>
              <Plus aria-hidden="true" />
              {t('cap-table.addShareClassFirst')}
            </Button>
          ) : null
        }
      >
        {t('cap-table.capTable.empty.text')}
      </EmptyState>
    ) : (
      <EmptyState
        icon={Table2}
        title={t('cap-table.capTable.emptyOn.title', { date: formatIsoDate(table.asOf) })}
        action={
          canCreate ? (
            <Button onClick={onIssueShares}>
              <Plus aria-hidden="true" />
              {t('cap-table.register.action.issue')}
            </Button>
          ) : null
        }
      >
        {t('cap-table.capTable.emptyOn.text')}
      </EmptyState>
    );
  }

  return (
    <div className="grid grid-cols-1 gap-8" aria-busy={isUpdating || undefined}>
      <p role="status" className={cn('text-sm text-muted-foreground', !isUpdating && 'sr-only')}>
        {isUpdating ? (
          <>
            <Loader2 className="mr-1 inline size-4 animate-spin" aria-hidden="true" />
            {t('cap-table.capTable.updating', { date: formatIsoDate(asOf) })}
          </>
        ) : (
          t('cap-table.capTable.status', { date: formatIsoDate(table.asOf) })
        )}
      </p>
      <div className="grid grid-cols-1 gap-2">
        <CapTableTable table={table} sortParam={sort} onSortChange={onSortChange} />
        <p id="cap-table-note" className="text-xs text-muted-foreground">
          {t('cap-table.capTable.note')}
        </p>
      </div>
      {table.totals.fullyDiluted > 0 ? (
        <OwnershipChart
          groups={table.groups}
          fullyDiluted={table.totals.fullyDiluted}
          asOf={table.asOf}
        />
      ) : null}
    </div>
  );
}

/** The sort column of a share class's holdings (`?sort=-class-<id>`). */
function shareClassColumn(shareClassId: string): string {
  return `class-${shareClassId}`;
}

/** A row of the cap table: a holder, or a plan's unallocated pool (listed after the holders). */
type CapRow =
  | { kind: 'holder'; holder: CapTableResponse['rows'][number] }
  | { kind: 'pool'; pool: CapTableResponse['pools'][number] };

/** The API lists holders by fully diluted, largest first: the order until a header is pressed. */
const DEFAULT_SORT: SortState = { column: 'fullyDiluted', direction: 'descending' };

const OPTIONAL_COLUMNS = ['awardsVested', 'awardsUnvested'];

function capTableColumns(table: CapTableResponse): DataColumn<CapRow>[] {
  const holderOnly =
    (value: (h: Extract<CapRow, { kind: 'holder' }>['holder']) => number | string) =>
    (row: CapRow) => (row.kind === 'holder' ? value(row.holder) : null);
  const awardsVested = table.rows.reduce((s, r) => s + r.awardsVested, 0);
  const awardsUnvested = table.rows.reduce((s, r) => s + r.awardsUnvested, 0);
  return [
    {
      id: 'holder',
      header: t('cap-table.table.holder'),
      cell: (row) =>
        row.kind === 'holder' ? (
          <>
            <Truncate text={row.holder.name} className="max-w-56" />
            {row.holder.heldForPlans > 0 ? (
              <Truncate
                text={t('cap-table.table.heldForPlans', {
                  count: formatCount(row.holder.heldForPlans),
                })}
                className="max-w-56 text-xs font-normal text-muted-foreground"
              />
            ) : null}
          </>
        ) : (
          <div className="flex items-center gap-2 font-normal">
            <Truncate
              text={t('cap-table.table.pool', { name: row.pool.name })}
              className="max-w-56 italic"
            />
            {row.pool.cashSettled ? (
              <Badge variant="outline">
                {t('cap-table.table.cashSettled', { count: formatCount(row.pool.available) })}
              </Badge>
            ) : null}
          </div>
        ),
      sort: { kind: 'text', value: holderOnly((h) => h.name) },
      footer: t('cap-table.table.total'),
    },
    ...table.shareClasses.map((c): DataColumn<CapRow> => ({
      id: shareClassColumn(c.id),
      header:
        c.classType === 'preferred' ? t('cap-table.table.preferred', { name: c.name }) : c.name,
      numeric: true,
      className: 'max-w-40 whitespace-normal',
      cell: (row) =>
        row.kind === 'holder' && row.holder.shares[c.id] ? (
          formatCount(row.holder.shares[c.id]!)
        ) : (
          <Dash />
        ),
      sort: { kind: 'count', value: holderOnly((h) => h.shares[c.id] ?? 0) },
      footer: formatCount(table.totals.sharesByClass[c.id] ?? 0),
    })),
    {
      id: 'awardsVested',
      header: t('cap-table.table.awardsVested'),
      numeric: true,
      optional: true,
      cell: (row) => (row.kind === 'holder' ? formatCount(row.holder.awardsVested) : <Dash />),
      sort: { kind: 'count', value: holderOnly((h) => h.awardsVested) },
      footer: formatCount(awardsVested),
    },
    {
      id: 'awardsUnvested',
      header: t('cap-table.table.awardsUnvested'),
      numeric: true,
      optional: true,
      cell: (row) => (row.kind === 'holder' ? formatCount(row.holder.awardsUnvested) : <Dash />),
      sort: { kind: 'count', value: holderOnly((h) => h.awardsUnvested) },
      footer: formatCount(awardsUnvested),
    },
    {
      id: 'fullyDiluted',
      header: t('cap-table.table.fullyDiluted'),
      numeric: true,
      cell: (row) => (
        <span className="font-medium">
          {row.kind === 'holder' ? (
            formatCount(row.holder.fullyDiluted)
          ) : row.pool.cashSettled ? (
            <Dash />
          ) : (
            formatCount(row.pool.available)
          )}
        </span>
      ),
      sort: { kind: 'count', value: holderOnly((h) => h.fullyDiluted) },
      footer: formatCount(table.totals.fullyDiluted),
    },
    {
      id: 'fullyDilutedPercent',
      header: t('cap-table.table.fullyDilutedPercent'),
      numeric: true,
      cell: (row) =>
        row.kind === 'holder' ? (
          formatPercent(row.holder.fullyDilutedPercent, { minFraction: 4 })
        ) : row.pool.cashSettled ? (
          <Dash />
        ) : (
          formatPercent(row.pool.fullyDilutedPercent, { minFraction: 4 })
        ),
      sort: { kind: 'decimal', value: holderOnly((h) => h.fullyDilutedPercent) },
      footer:
        table.totals.fullyDiluted > 0 ? formatPercent('100.0000', { minFraction: 4 }) : <Dash />,
    },
  ];
}

function CapTableTable({
  table,
  sortParam,
  onSortChange,
}: {
  table: CapTableResponse;
  sortParam: string | undefined;
  onSortChange: (sort: string | undefined) => void;
}) {
  const columns = useMemo(() => capTableColumns(table), [table]);
  const choice = useColumnChoice(useSessionUserId(), 'cap-table', OPTIONAL_COLUMNS);
  // Holders in the order asked for; the pools stay after them, the totals at the foot.
  const holders = useMemo(
    () => table.rows.map((holder): CapRow => ({ kind: 'holder', holder })),
    [table],
  );
  const { rows, sort, paramAfterClick } = useTableSort(holders, columns, sortParam, DEFAULT_SORT);
  const pools = useMemo(() => table.pools.map((pool): CapRow => ({ kind: 'pool', pool })), [table]);
  return (
    <div className="grid gap-2">
      <div className="flex justify-end">
        <ColumnsMenu
          label={t('cap-table.table.label')}
          columns={columns}
          hidden={choice.hidden}
          onVisibleChange={choice.setVisible}
          onShowAll={choice.showAll}
        />
      </div>
      <DataTable
        label={t('cap-table.table.label')}
        aria-describedby="cap-table-note"
        columns={columns}
        rows={[...rows, ...pools]}
        rowKey={(row) => (row.kind === 'holder' ? row.holder.stakeholderId : row.pool.planId)}
        rowTone={(row) => (row.kind === 'pool' ? 'muted' : undefined)}
        sort={sort}
        onSort={(column) => onSortChange(paramAfterClick(column))}
        hidden={choice.hidden}
      />
    </div>
  );
}
