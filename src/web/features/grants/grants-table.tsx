import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Award, SearchX } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Grant } from '../../../contracts/vesting';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  ColumnsMenu,
  DataTable,
  useTableSort,
  type DataColumn,
} from '../../components/ui/data-table';
import { Pager } from '../../components/ui/pager';
import { Truncate } from '../../components/ui/truncate';
import { useColumnChoice } from '../../lib/column-choice';
import { pageOf } from '../../lib/paging';
import { formatCount, formatIsoDate } from '../../lib/format';
import { t } from '../../lib/i18n';
import type { SortState } from '../../lib/sort';
import { matchesQuery } from '../../lib/text-filter';
import { useSessionUserId } from '../auth/use-session-user-id';
import { GrantCheckbox, GrantSelectionBar } from '../documents/grant-selection';
import { Dash, EmptyState } from '../cap-table/section';
import { useCan } from '../me/api';
import {
  GrantValuationBadges,
  grantIntrinsicValue,
  useValuationFlags,
  type ValuationFlags,
} from '../valuations/grant-flags';
import { formatValue } from '../valuations/format';
import { grantsQueryOptions } from './api';
import { formatPrice, statusLabel, statusVariant } from './format';
import { NewGrantButton } from './grant-dialog';
import { GRANT_STATUS_LIST, type GrantSortColumn, type GrantsSearch } from './search';

/** The API lists grants by grant date: the table's order until a header is pressed. */
const DEFAULT_SORT: SortState = { column: 'grantDate', direction: 'ascending' };

type GrantColumn = DataColumn<Grant> & { id: GrantSortColumn };

/** Which grants are ticked for their documents (issue 14); null when the role may not make any. */
type Selection = { has: (id: string) => boolean; toggle: (id: string, on: boolean) => void } | null;

/** The Grants table's columns; the intrinsic value only when the role may read valuations. */
function grantColumns(
  companyId: string,
  flags: ValuationFlags | null,
  selection: Selection,
): GrantColumn[] {
  const columns: GrantColumn[] = [
    {
      id: 'stakeholder',
      header: t('grants.table.stakeholder'),
      cell: (g) => (
        <span className="flex items-center gap-2">
          {selection ? (
            <GrantCheckbox
              grant={g}
              checked={selection.has(g.id)}
              onChange={(on) => selection.toggle(g.id, on)}
            />
          ) : null}
          <Truncate text={g.stakeholderName} interactive className="max-w-28">
            <Link
              to="/companies/$companyId/grants/$grantId"
              params={{ companyId, grantId: g.id }}
              className="rounded-sm text-primary hover:underline"
            >
              {g.stakeholderName}
            </Link>
          </Truncate>
        </span>
      ),
      sort: { kind: 'text', value: (g) => g.stakeholderName },
    },
    {
      id: 'plan',
      header: t('grants.table.plan'),
      optional: true,
      cell: (g) => <Truncate text={g.planName} className="max-w-24" />,
      sort: { kind: 'text', value: (g) => g.planName },
    },
    {
      id: 'quantity',
      header: t('grants.table.quantity'),
      numeric: true,
      cell: (g) => formatCount(g.quantity),
      sort: { kind: 'count', value: (g) => g.quantity },
    },
    {
      id: 'price',
      header: t('grants.table.price'),
      numeric: true,
      optional: true,
      cell: (g) => (g.exercisePrice === null ? <Dash /> : formatPrice(g.exercisePrice, g.currency)),
      sort: { kind: 'decimal', value: (g) => g.exercisePrice },
    },
    {
      id: 'grantDate',
      header: t('grants.table.grantDate'),
      optional: true,
      cell: (g) => <time dateTime={g.grantDate}>{formatIsoDate(g.grantDate)}</time>,
      sort: { kind: 'date', value: (g) => g.grantDate },
    },
    {
      id: 'status',
      header: t('grants.table.status'),
      className: 'whitespace-normal',
      cell: (g) => (
        <div className="flex max-w-36 flex-wrap gap-1">
          <Badge variant={statusVariant(g.status)}>{statusLabel(g.status)}</Badge>
          <GrantValuationBadges grant={g} flags={flags} />
        </div>
      ),
      // In the order of a grant's life (draft, offered, … expired), not alphabetical.
      sort: { kind: 'count', value: (g) => GRANT_STATUS_LIST.indexOf(g.status) },
    },
    {
      id: 'vested',
      header: t('grants.table.vested'),
      numeric: true,
      optional: true,
      cell: (g) => formatCount(g.schedule.vested),
      sort: { kind: 'count', value: (g) => g.schedule.vested },
    },
    {
      id: 'unvested',
      header: t('grants.table.unvested'),
      numeric: true,
      optional: true,
      cell: (g) => formatCount(g.schedule.unvested),
      sort: { kind: 'count', value: (g) => g.schedule.unvested },
    },
    {
      id: 'exercisable',
      header: t('grants.table.exercisable'),
      numeric: true,
      optional: true,
      cell: (g) => formatCount(g.schedule.exercisable),
      sort: { kind: 'count', value: (g) => g.schedule.exercisable },
    },
    {
      id: 'nextInstallment',
      header: t('grants.table.nextInstallment'),
      optional: true,
      cell: ({ schedule: { nextInstallment: next } }) =>
        next ? (
          <>
            <time dateTime={next.date} className="block">
              {formatIsoDate(next.date)}
            </time>
            <span className="text-muted-foreground tabular-nums">{formatCount(next.quantity)}</span>
          </>
        ) : (
          <Dash />
        ),
      sort: { kind: 'date', value: (g) => g.schedule.nextInstallment?.date ?? null },
    },
  ];
  if (flags)
    columns.push({
      id: 'intrinsicValue',
      header: t('grants.table.intrinsicValue'),
      numeric: true,
      optional: true,
      cell: (g) => {
        const value = grantIntrinsicValue(g, flags);
        return value === null ? <Dash /> : formatValue(value, flags.currency);
      },
      sort: { kind: 'decimal', value: (g) => grantIntrinsicValue(g, flags) },
    });
  return columns;
}

const OPTIONAL_COLUMNS = [
  'plan',
  'price',
  'grantDate',
  'vested',
  'unvested',
  'exercisable',
  'nextInstallment',
  'intrinsicValue',
] as const satisfies readonly GrantSortColumn[];

export function hasGrantFilters(search: GrantsSearch): boolean {
  return Boolean(search.planId || search.status || search.q);
}

/**
 * The company's grants, filtered by the URL (plan and status by the API, the search text here),
 * sorted by any column and paged 50 at a time, with the columns each user chose.
 */
export function GrantsTable({
  companyId,
  search,
  onSearchChange,
}: {
  companyId: string;
  search: GrantsSearch;
  onSearchChange: (next: GrantsSearch) => void;
}) {
  const {
    data: { items },
  } = useSuspenseQuery(grantsQueryOptions(companyId, search));
  const canCreate = useCan('grant', 'create');
  const canMakeDocuments = useCan('document', 'create');
  // One metrics request for the whole table: flags and intrinsic value by grant id.
  const flags = useValuationFlags(companyId);
  // Ticked grants, for their grant letters and a board resolution (issue 14).
  const [ticked, setTicked] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = useCallback(
    (id: string, on: boolean) =>
      setTicked((current) => {
        const next = new Set(current);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );
  const selection = useMemo<Selection>(
    () => (canMakeDocuments ? { has: (id) => ticked.has(id), toggle } : null),
    [canMakeDocuments, ticked, toggle],
  );
  const columns = useMemo(
    () => grantColumns(companyId, flags, selection),
    [companyId, flags, selection],
  );
  const choice = useColumnChoice(useSessionUserId(), 'grants', OPTIONAL_COLUMNS);
  const found = useMemo(() => {
    const q = search.q ?? '';
    return q ? items.filter((g) => matchesQuery([g.stakeholderName, g.planName], q)) : items;
  }, [items, search.q]);
  const { rows, sort, paramAfterClick } = useTableSort(found, columns, search.sort, DEFAULT_SORT);
  const top = useRef<HTMLDivElement>(null);
  const paging = pageOf(search.page, rows.length);
  // After "Previous"/"Next" (under the table), the new page's first rows come into view once the
  // router has moved to the new URL (which keeps the scroll: filters must not jump to the top).
  const scrollOnPage = useRef(false);
  useEffect(() => {
    if (!scrollOnPage.current) return;
    const frame = requestAnimationFrame(() => {
      scrollOnPage.current = false;
      top.current?.scrollIntoView({ block: 'start' });
    });
    return () => cancelAnimationFrame(frame);
  }, [paging.page]);

  if (rows.length === 0)
    return hasGrantFilters(search) ? (
      <EmptyState
        icon={SearchX}
        title={t('grants.table.noMatch')}
        action={
          <Button variant="outline" onClick={() => onSearchChange({ sort: search.sort })}>
            {t('grants.table.clearFilters')}
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={Award}
        title={t('grants.table.empty')}
        action={
          canCreate ? (
            <NewGrantButton companyId={companyId} label={t('grants.table.firstGrant')} />
          ) : undefined
        }
      >
        {t('grants.table.empty.body')}
      </EmptyState>
    );
  const onPage = (page: number) => {
    scrollOnPage.current = true;
    onSearchChange({ ...search, page: page > 1 ? page : undefined });
  };
  const shown = rows.slice(paging.from, paging.to);
  // Only grants still in the list count: a filter or a deletion may have taken some away.
  const selected = rows
    .filter((g) => ticked.has(g.id))
    .map((g) => ({ id: g.id, stakeholderId: g.stakeholderId }));
  const selectPage = (on: boolean) =>
    setTicked((current) => {
      const next = new Set(current);
      for (const g of shown) {
        if (on) next.add(g.id);
        else next.delete(g.id);
      }
      return next;
    });
  return (
    <div ref={top} className="grid scroll-mt-20 gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {selection ? (
          <GrantSelectionBar
            companyId={companyId}
            selected={selected}
            pageIds={shown.map((g) => g.id)}
            onSelectPage={selectPage}
            onClear={() => setTicked(new Set())}
          />
        ) : (
          <span />
        )}
        <ColumnsMenu
          label={t('grants.table.label')}
          columns={columns}
          hidden={choice.hidden}
          onVisibleChange={choice.setVisible}
          onShowAll={choice.showAll}
        />
      </div>
      <DataTable
        label={t('grants.table.label')}
        columns={columns}
        rows={shown}
        rowKey={(g) => g.id}
        sort={sort}
        onSort={(column) =>
          onSearchChange({ ...search, sort: paramAfterClick(column), page: undefined })
        }
        hidden={choice.hidden}
      />
      <Pager label={t('grants.table.pages')} {...paging} total={rows.length} onPage={onPage} />
    </div>
  );
}
