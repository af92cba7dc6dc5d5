import { useQueryErrorResetBoundary, useSuspenseQuery } from '@tanstack/react-query';
import { CatchBoundary, Link } from '@tanstack/react-router';
import { CalendarCheck, Lock, SearchX } from 'lucide-react';
import { Suspense, useRef, useState } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Label } from '../../components/ui/label';
import { Pager } from '../../components/ui/pager';
import { Select } from '../../components/ui/select';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import { errorMessage } from '../../lib/api';
import { t } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import { EmptyState, numberCell, TableSkeleton } from '../cap-table/section';
import { useCanReadView } from '../me/api';
import { pageOf } from '../../lib/paging';
import { formatCount, formatIsoDate } from '../plans/format';
import { upcomingQueryOptions } from './api';
import { UPCOMING_TYPE_LABELS, UPCOMING_TYPE_PLURALS } from './format';
import { countByType, groupByDate } from './group';
import {
  chipTypes,
  DEFAULT_UPCOMING_DAYS,
  groupOf,
  parseTypes,
  typesParam,
  UPCOMING_DAYS,
  UPCOMING_PAGE_SIZE,
  type UpcomingGroup,
  type UpcomingSearch,
  type UpcomingType,
} from './search';
import { ValuationAlertsSection } from './valuation-alerts-section';
import { DeadlineTask, MyOpenTasksSection } from '../tasks/deadline-task';
import { can, meQueryOptions } from '../me/api';
import { useQuery } from '@tanstack/react-query';

type Props = { search: UpcomingSearch; onSearchChange: (next: UpcomingSearch) => void };

function PageHeading() {
  return (
    <div className="grid gap-1">
      <h1 className="text-2xl font-semibold tracking-tight">{t('upcoming.title')}</h1>
      <p className="text-sm text-muted-foreground">{t('upcoming.intro')}</p>
    </div>
  );
}

/** Period and grouping: selects whose values live in the URL. */
function Controls({ search, onSearchChange }: Props) {
  // The box shows the click at once; the URL (and the list) follow when the navigation lands.
  const [installmentsShown, setInstallmentsShown] = useState(search.installments === true);
  const [installmentsInUrl, setInstallmentsInUrl] = useState(search.installments);
  if (installmentsInUrl !== search.installments) {
    setInstallmentsInUrl(search.installments);
    setInstallmentsShown(search.installments === true);
  }
  return (
    <div
      className="flex flex-wrap items-end gap-3"
      role="group"
      aria-label={t('upcoming.controls.label')}
    >
      <div className="grid w-44 gap-1.5">
        <Label htmlFor="upcoming-days">{t('upcoming.controls.days')}</Label>
        <Select
          id="upcoming-days"
          value={search.days ?? DEFAULT_UPCOMING_DAYS}
          onChange={(e) => {
            const days = Number(e.target.value) as (typeof UPCOMING_DAYS)[number];
            onSearchChange({
              ...search,
              days: days === DEFAULT_UPCOMING_DAYS ? undefined : days,
              page: undefined,
            });
          }}
        >
          {UPCOMING_DAYS.map((d) => (
            <option key={d} value={d}>
              {t('upcoming.controls.dayCount', { days: d })}
            </option>
          ))}
        </Select>
      </div>
      <div className="grid w-40 gap-1.5">
        <Label htmlFor="upcoming-group">{t('upcoming.controls.groupBy')}</Label>
        <Select
          id="upcoming-group"
          value={groupOf(search)}
          onChange={(e) =>
            onSearchChange({ ...search, group: e.target.value as UpcomingGroup, page: undefined })
          }
        >
          <option value="week">{t('upcoming.controls.week')}</option>
          <option value="month">{t('upcoming.controls.month')}</option>
        </Select>
      </div>
      <div className="flex h-9 items-center">
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={installmentsShown}
            aria-describedby="upcoming-installments-hint"
            onChange={(e) => {
              setInstallmentsShown(e.target.checked);
              const installments = e.target.checked ? true : undefined;
              // Leaving installments out also leaves out a filter on them.
              const types = installments
                ? search.types
                : typesParam(parseTypes(search.types).filter((x) => x !== 'installment'));
              onSearchChange({ ...search, installments, types, page: undefined });
            }}
          />
          {t('upcoming.installments.toggle')}
        </label>
        <span id="upcoming-installments-hint" className="sr-only">
          {t('upcoming.installments.hint')}
        </span>
      </div>
    </div>
  );
}

/** Toggle chips, one per type, with how many of each fall in the period. "All" clears them. */
function TypeChips({
  search,
  onSearchChange,
  counts,
}: Props & { counts: ReadonlyMap<UpcomingType, number> }) {
  const selected = parseTypes(search.types);
  const toggle = (type: UpcomingType) =>
    onSearchChange({
      ...search,
      types: typesParam(
        selected.includes(type) ? selected.filter((x) => x !== type) : [...selected, type],
      ),
      page: undefined,
    });
  const chip = 'rounded-full';
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label={t('upcoming.types.label')}>
      <Button
        size="sm"
        className={chip}
        variant={selected.length === 0 ? 'default' : 'outline'}
        aria-pressed={selected.length === 0}
        onClick={() => onSearchChange({ ...search, types: undefined, page: undefined })}
      >
        {t('upcoming.types.all')}
      </Button>
      {chipTypes(search).map((type) => {
        const pressed = selected.includes(type);
        return (
          <Button
            key={type}
            size="sm"
            className={chip}
            variant={pressed ? 'default' : 'outline'}
            aria-pressed={pressed}
            onClick={() => toggle(type)}
          >
            {t(UPCOMING_TYPE_PLURALS[type])}
            <span className="tabular-nums opacity-70">{formatCount(counts.get(type) ?? 0)}</span>
          </Button>
        );
      })}
    </div>
  );
}

const typeVariant = (t: UpcomingType) =>
  t === 'acceptance_deadline' || t === 'exercise_deadline' || t === 'expiry'
    ? ('destructive' as const)
    : t === 'cliff'
      ? ('default' as const)
      : ('secondary' as const);

function UpcomingList({ search, onSearchChange }: Props) {
  const days = search.days ?? DEFAULT_UPCOMING_DAYS;
  const installments = search.installments === true;
  const { data } = useSuspenseQuery(upcomingQueryOptions({ days, installments }));
  const selected = parseTypes(search.types);
  const items =
    selected.length === 0 ? data.items : data.items.filter((i) => selected.includes(i.type));
  // Paginated like the grants table; each page groups its own rows by week or month.
  const paging = pageOf(search.page, items.length, UPCOMING_PAGE_SIZE);
  const groups = groupByDate(items.slice(paging.from, paging.to), groupOf(search));
  const from = formatIsoDate(data.from);
  const to = formatIsoDate(data.to);
  const top = useRef<HTMLDivElement>(null);
  const onPage = (page: number) => {
    onSearchChange({ ...search, page: page > 1 ? page : undefined });
    requestAnimationFrame(() => top.current?.scrollIntoView({ block: 'start' }));
  };

  return (
    <div ref={top} className="grid scroll-mt-20 gap-4 max-lg:grid-cols-1">
      <TypeChips search={search} onSearchChange={onSearchChange} counts={countByType(data.items)} />
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {t('upcoming.summary', { count: items.length, from, to })}
      </p>
      {data.items.length === 0 ? (
        <EmptyState icon={CalendarCheck} title={t('upcoming.empty.title', { days })}>
          {installments
            ? t('upcoming.empty.withInstallments', { from, to })
            : t('upcoming.empty.withoutInstallments', { from, to })}
        </EmptyState>
      ) : items.length === 0 ? (
        <EmptyState
          icon={SearchX}
          title={t('upcoming.empty.filtered')}
          action={
            <Button
              variant="outline"
              onClick={() => onSearchChange({ ...search, types: undefined })}
            >
              {t('upcoming.types.showAll')}
            </Button>
          }
        />
      ) : (
        groups.map((g) => (
          <section
            key={g.key}
            aria-labelledby={`upcoming-${g.key}`}
            className="grid gap-2 max-lg:grid-cols-1"
          >
            <h2 id={`upcoming-${g.key}`} className="text-base font-semibold">
              {g.label}
            </h2>
            <Card className="py-0">
              <Table aria-label={g.label}>
                <TableHeader>
                  <TableRow className="hover:bg-transparent">
                    <TableHead className="w-32">{t('upcoming.column.date')}</TableHead>
                    <TableHead className="w-44">{t('upcoming.column.what')}</TableHead>
                    <TableHead>{t('upcoming.column.company')}</TableHead>
                    <TableHead>{t('upcoming.column.stakeholder')}</TableHead>
                    <TableHead>{t('upcoming.column.plan')}</TableHead>
                    <TableHead className="text-right">{t('upcoming.column.quantity')}</TableHead>
                    <TableHead className="w-36">{t('tasks.deadline.column')}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {g.items.map((i, n) => (
                    <TableRow key={`${i.grantId}-${i.type}-${i.date}-${n}`}>
                      <TableCell className="tabular-nums">
                        <time dateTime={i.date}>{formatIsoDate(i.date)}</time>
                      </TableCell>
                      <TableCell>
                        <Badge variant={typeVariant(i.type)}>
                          {t(UPCOMING_TYPE_LABELS[i.type])}
                        </Badge>
                      </TableCell>
                      <TableCell className="max-w-[16rem] truncate">
                        <Link
                          to="/companies/$companyId"
                          params={{ companyId: i.companyId }}
                          className="rounded-sm text-primary underline-offset-4 hover:underline"
                        >
                          {i.companyName}
                        </Link>
                      </TableCell>
                      <TableCell className="max-w-[16rem] truncate">
                        <Link
                          to="/companies/$companyId/grants/$grantId"
                          params={{ companyId: i.companyId, grantId: i.grantId }}
                          className="rounded-sm font-medium text-primary underline-offset-4 hover:underline"
                        >
                          {i.stakeholderName}
                        </Link>
                      </TableCell>
                      <TableCell className="max-w-[14rem] truncate">{i.planName}</TableCell>
                      <TableCell className={numberCell}>
                        {i.quantity === null ? (
                          <span className="text-muted-foreground">—</span>
                        ) : (
                          formatCount(i.quantity)
                        )}
                      </TableCell>
                      <TableCell>
                        {i.type === 'installment' ? null : (
                          <DeadlineTask
                            taskId={i.taskId}
                            deadline={{ type: i.type, grantId: i.grantId, date: i.date }}
                            label={`${t(UPCOMING_TYPE_LABELS[i.type])} ${i.stakeholderName} ${formatIsoDate(i.date)}`}
                          />
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Card>
          </section>
        ))
      )}
      {items.length > 0 ? (
        <Pager label={t('upcoming.pager.label')} {...paging} total={items.length} onPage={onPage} />
      ) : null}
    </div>
  );
}

/** While the list loads: the chips' row and a table's worth of placeholder rows. */
export function UpcomingListSkeleton() {
  return <TableSkeleton label={t('upcoming.loading')} rows={6} />;
}

/** The first load failed: say why, and offer to try again. */
function UpcomingError({ error, reset }: { error: unknown; reset: () => void }) {
  return (
    <div
      role="alert"
      className="grid justify-items-start gap-3 rounded-lg border border-destructive/40 p-4"
    >
      <p className="text-sm text-destructive">{errorMessage(error, t('upcoming.error'))}</p>
      <Button variant="outline" size="sm" onClick={reset}>
        {t('upcoming.tryAgain')}
      </Button>
    </div>
  );
}

/**
 * The practice view (issue 5): everything due across the workspace's client companies in the
 * next 30 to 365 days, grouped by week or month, filtered by type; period, grouping and types
 * live in the URL. Each row links to its company and its grant. Above it, the clients whose
 * valuation needs attention (issue 6), for roles that may read valuations. Below `lg` the
 * grids are one column no wider than the screen (`max-lg:grid-cols-1`): wide tables scroll inside
 * their own wrapper instead of widening the page.
 */
export function UpcomingPage({ search, onSearchChange }: Props) {
  useDocumentTitle(t('upcoming.title'));
  const canRead = useCanReadView('upcoming');
  const canReadValuations = useCanReadView('valuations');
  const { reset } = useQueryErrorResetBoundary();
  const valuations = canReadValuations ? <ValuationAlertsSection /> : null;
  const { data: me } = useQuery(meQueryOptions());
  // Issue 15: the caller's open tasks next to the deadlines, for roles that read tasks.
  const tasks = me && can(me, 'task', 'read') ? <MyOpenTasksSection /> : null;
  if (!canRead)
    return (
      <div className="grid gap-6 max-lg:grid-cols-1">
        <PageHeading />
        {tasks}
        {valuations}
        <Card>
          <CardContent className="py-6">
            <EmptyState icon={Lock} title={t('upcoming.locked.title')}>
              {t('upcoming.locked.text')}
            </EmptyState>
          </CardContent>
        </Card>
      </div>
    );
  return (
    <div className="grid gap-6 max-lg:grid-cols-1">
      <PageHeading />
      {tasks}
      {valuations}
      <Controls search={search} onSearchChange={onSearchChange} />
      <CatchBoundary
        getResetKey={() => `${search.days ?? DEFAULT_UPCOMING_DAYS} ${search.installments ?? ''}`}
        errorComponent={({ error, reset: retry }) => (
          <UpcomingError
            error={error}
            reset={() => {
              reset();
              retry();
            }}
          />
        )}
      >
        <Suspense fallback={<UpcomingListSkeleton />}>
          <UpcomingList search={search} onSearchChange={onSearchChange} />
        </Suspense>
      </CatchBoundary>
    </div>
  );
}
