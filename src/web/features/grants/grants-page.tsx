import { useSuspenseQuery } from '@tanstack/react-query';
import { CatchBoundary, Link } from '@tanstack/react-router';
import { Award, ChevronLeft, ChevronRight, SearchX } from 'lucide-react';
import { Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Grant } from '../../../contracts/vesting';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Label } from '../../components/ui/label';
import { Select } from '../../components/ui/select';
import {
  Table,
  TableBody,
  TableHead,
  TableHeader,
  TableRow,
  TableCell,
} from '../../components/ui/table';
import { useDocumentTitle } from '../../lib/use-document-title';
import {
  Dash,
  EmptyState,
  numberCell,
  RowHeader,
  Section,
  TableSkeleton,
} from '../cap-table/section';
import { errorMessage } from '../../lib/api';
import { companyQueryOptions } from '../companies/api';
import { useCan } from '../me/api';
import { upcomingQueryOptions } from '../upcoming/api';
import { UPCOMING_TYPE_LABELS } from '../upcoming/format';
import { formatCount, formatIsoDate, todayIso } from '../plans/format';
import { grantPlansQueryOptions, grantsQueryOptions } from './api';
import { CompanyVestingChart } from './company-vesting-chart';
import { formatPrice, GRANT_STATUS_LABELS, statusVariant } from './format';
import { NewGrantButton } from './grant-dialog';
import { companyOverview, mergeUpcoming, type UpcomingEvent, type UpcomingKind } from './schedule';
import { firstOf, pageOf } from './paging';
import { GRANT_STATUS_LIST, type GrantsSearch } from './search';
import {
  GrantValuationBadges,
  grantIntrinsicValue,
  useValuationFlags,
  type ValuationFlags,
} from '../valuations/grant-flags';
import { formatAmount } from '../valuations/format';

/** The window of the tab's upcoming list. */
const UPCOMING_DAYS = 90;

const UPCOMING_LABELS: Record<UpcomingKind, string> = {
  ...UPCOMING_TYPE_LABELS,
  milestone_deadline: 'Milestone deadline',
};

/**
 * The next 90 days: the server's list (`GET /upcoming?companyId=`, change of control applied)
 * with the deadlines of milestones not yet achieved, read from the grants' terms.
 */
function UpcomingList({
  companyId,
  milestones,
}: {
  companyId: string;
  milestones: readonly UpcomingEvent[];
}) {
  const { data } = useSuspenseQuery(upcomingQueryOptions({ companyId, days: UPCOMING_DAYS }));
  const upcoming = useMemo(() => mergeUpcoming(data.items, milestones), [data, milestones]);
  // Thousands of grants make thousands of entries: the soonest ten, the rest on request.
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  if (upcoming.length === 0)
    return (
      <p className="text-sm text-muted-foreground">Nothing due in the next {UPCOMING_DAYS} days.</p>
    );
  const { shown, toggle } = firstOf(upcoming, expanded);
  return (
    <div className="grid gap-2">
      <ol
        id={listId}
        className="grid max-h-80 gap-2 overflow-y-auto text-sm"
        aria-label="Upcoming events"
      >
        {shown.map((e, i) => (
          <li
            key={`${e.grantId}-${e.kind}-${e.date}-${i}`}
            className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 border-b pb-2 last:border-0"
          >
            <time dateTime={e.date} className="w-24 shrink-0 tabular-nums">
              {formatIsoDate(e.date)}
            </time>
            <span className="font-medium">{UPCOMING_LABELS[e.kind]}</span>
            <Link
              to="/companies/$companyId/grants/$grantId"
              params={{ companyId, grantId: e.grantId }}
              className="rounded-sm text-primary hover:underline"
            >
              {e.stakeholderName}
            </Link>
            <span className="text-muted-foreground">
              {e.planName}
              {e.detail ? ` · ${e.detail}` : ''}
              {e.quantity !== null ? ` · ${formatCount(e.quantity)}` : ''}
            </span>
          </li>
        ))}
      </ol>
      {toggle ? (
        <Button
          variant="ghost"
          size="sm"
          className="justify-self-start"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((v) => !v)}
        >
          {expanded ? 'Show fewer' : `Show all ${formatCount(upcoming.length)}`}
        </Button>
      ) : null}
    </div>
  );
}

/** Chart and upcoming list over all of the company's grants (not the filtered table). */
function CompanyOverview({ companyId }: { companyId: string }) {
  const { data: list } = useSuspenseQuery(grantsQueryOptions(companyId));
  const { data: plans } = useSuspenseQuery(grantPlansQueryOptions(companyId));
  const today = todayIso();
  // The engine gets what the server gives it, the list's change of control included: the chart
  // agrees with the server's figures without asking for any grant's detail.
  const { series, milestones, vestedToday } = useMemo(
    () => companyOverview(list, plans, today, UPCOMING_DAYS),
    [list, plans, today],
  );

  if (list.items.length === 0) return null;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <Section
        id="grants-vesting"
        title="Vesting over time"
        description="Vested shares of all grants, by plan, computed from each grant's terms, leaves of absence, termination and the company's change of control."
        resetKey={companyId}
        loadingLabel="Loading the chart…"
      >
        {series.dates.length > 1 ? (
          <CompanyVestingChart data={series} today={today} vestedToday={vestedToday} />
        ) : (
          <p className="text-sm text-muted-foreground">No grant vests yet.</p>
        )}
      </Section>
      <Section
        id="grants-upcoming"
        title={`Next ${UPCOMING_DAYS} days`}
        description="Installments, cliffs, milestone and acceptance deadlines, expiries and exercise deadlines."
        resetKey={companyId}
        loadingLabel="Loading upcoming events…"
      >
        <UpcomingList companyId={companyId} milestones={milestones} />
      </Section>
    </div>
  );
}

function Filters({
  companyId,
  search,
  onSearchChange,
}: {
  companyId: string;
  search: GrantsSearch;
  onSearchChange: (next: GrantsSearch) => void;
}) {
  const { data: plans } = useSuspenseQuery(grantPlansQueryOptions(companyId));
  return (
    <div className="flex flex-wrap items-end gap-3" role="group" aria-label="Filter grants">
      <div className="grid w-56 gap-1.5">
        <Label htmlFor="grants-plan-filter">Plan</Label>
        <Select
          id="grants-plan-filter"
          value={search.planId ?? ''}
          onChange={(e) =>
            onSearchChange({ ...search, planId: e.target.value || undefined, page: undefined })
          }
        >
          <option value="">All plans</option>
          {plans.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </Select>
      </div>
      <div className="grid w-48 gap-1.5">
        <Label htmlFor="grants-status-filter">Status</Label>
        <Select
          id="grants-status-filter"
          value={search.status ?? ''}
          onChange={(e) =>
            onSearchChange({
              ...search,
              status: (e.target.value || undefined) as GrantsSearch['status'],
              page: undefined,
            })
          }
        >
          <option value="">All statuses</option>
          {GRANT_STATUS_LIST.map((s) => (
            <option key={s} value={s}>
              {GRANT_STATUS_LABELS[s]}
            </option>
          ))}
        </Select>
      </div>
      {search.planId || search.status ? (
        <Button variant="ghost" onClick={() => onSearchChange({})}>
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}

function GrantRow({
  companyId,
  grant,
  flags,
}: {
  companyId: string;
  grant: Grant;
  flags: ValuationFlags | null;
}) {
  const { schedule } = grant;
  const value = grantIntrinsicValue(grant, flags);
  return (
    <TableRow>
      <RowHeader>
        <Link
          to="/companies/$companyId/grants/$grantId"
          params={{ companyId, grantId: grant.id }}
          className="rounded-sm text-primary hover:underline"
        >
          {grant.stakeholderName}
        </Link>
      </RowHeader>
      <TableCell>{grant.planName}</TableCell>
      <TableCell className={numberCell}>{formatCount(grant.quantity)}</TableCell>
      <TableCell className={numberCell}>
        {grant.exercisePrice === null ? <Dash /> : formatPrice(grant.exercisePrice, grant.currency)}
      </TableCell>
      <TableCell>{formatIsoDate(grant.grantDate)}</TableCell>
      <TableCell>
        <div className="flex flex-wrap gap-1">
          <Badge variant={statusVariant(grant.status)}>{GRANT_STATUS_LABELS[grant.status]}</Badge>
          <GrantValuationBadges grant={grant} flags={flags} />
        </div>
      </TableCell>
      <TableCell className={numberCell}>{formatCount(schedule.vested)}</TableCell>
      <TableCell className={numberCell}>{formatCount(schedule.unvested)}</TableCell>
      <TableCell className={numberCell}>{formatCount(schedule.exercisable)}</TableCell>
      <TableCell>
        {schedule.nextInstallment ? (
          <>
            {formatIsoDate(schedule.nextInstallment.date)}{' '}
            <span className="text-muted-foreground tabular-nums">
              ({formatCount(schedule.nextInstallment.quantity)})
            </span>
          </>
        ) : (
          <Dash />
        )}
      </TableCell>
      {flags ? (
        <TableCell className={numberCell}>
          {value === null ? <Dash /> : formatAmount(value, flags.currency)}
        </TableCell>
      ) : null}
    </TableRow>
  );
}

/** "Showing 51–100 of 5,000" and the previous/next buttons under the table. */
function Pager({
  from,
  to,
  total,
  page,
  pageCount,
  onPage,
}: ReturnType<typeof pageOf> & { total: number; onPage: (page: number) => void }) {
  const first = page <= 1;
  const last = page >= pageCount;
  return (
    <nav aria-label="Grants pages" className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Showing {formatCount(from + 1)}–{formatCount(to)} of {formatCount(total)}
      </p>
      {pageCount > 1 ? (
        <div className="flex items-center gap-2">
          {/* aria-disabled, not disabled: a button that was just used keeps the focus. */}
          <Button
            variant="outline"
            size="sm"
            aria-disabled={first || undefined}
            onClick={() => (first ? undefined : onPage(page - 1))}
          >
            <ChevronLeft aria-hidden="true" />
            Previous<span className="sr-only"> page</span>
          </Button>
          <span className="text-sm text-muted-foreground tabular-nums">
            Page {formatCount(page)} of {formatCount(pageCount)}
          </span>
          <Button
            variant="outline"
            size="sm"
            aria-disabled={last || undefined}
            onClick={() => (last ? undefined : onPage(page + 1))}
          >
            Next<span className="sr-only"> page</span>
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      ) : null}
    </nav>
  );
}

function GrantsTable({
  companyId,
  search,
  onSearchChange,
}: {
  companyId: string;
  search: GrantsSearch;
  onSearchChange: (next: GrantsSearch) => void;
}) {
  const {
    data: { items: grants },
  } = useSuspenseQuery(grantsQueryOptions(companyId, search));
  const canCreate = useCan('grant', 'create');
  // One metrics request for the whole table: flags and intrinsic value by grant id.
  const flags = useValuationFlags(companyId);
  const top = useRef<HTMLDivElement>(null);
  const paging = pageOf(search.page, grants.length);
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
  const filtered = Boolean(search.planId || search.status);
  if (grants.length === 0)
    return filtered ? (
      <EmptyState icon={SearchX} title="No grants match these filters" />
    ) : (
      <EmptyState
        icon={Award}
        title="No grants yet"
        action={
          canCreate ? (
            <NewGrantButton companyId={companyId} label="Make the first grant" />
          ) : undefined
        }
      >
        A grant gives a stakeholder options or awards under a plan, with vesting terms.
      </EmptyState>
    );
  const onPage = (page: number) => {
    scrollOnPage.current = true;
    onSearchChange({ ...search, page: page > 1 ? page : undefined });
  };
  return (
    <div ref={top} className="grid scroll-mt-20 gap-3">
      <Table aria-label="Grants">
        <TableHeader>
          <TableRow>
            <TableHead>Stakeholder</TableHead>
            <TableHead>Plan</TableHead>
            <TableHead className="text-right">Quantity</TableHead>
            <TableHead className="text-right">Price</TableHead>
            <TableHead>Grant date</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="text-right">Vested</TableHead>
            <TableHead className="text-right">Unvested</TableHead>
            <TableHead className="text-right">Exercisable</TableHead>
            <TableHead>Next installment</TableHead>
            {flags ? <TableHead className="text-right">Intrinsic value</TableHead> : null}
          </TableRow>
        </TableHeader>
        <TableBody>
          {grants.slice(paging.from, paging.to).map((g) => (
            <GrantRow key={g.id} companyId={companyId} grant={g} flags={flags} />
          ))}
        </TableBody>
      </Table>
      <Pager {...paging} total={grants.length} onPage={onPage} />
    </div>
  );
}

/** The Grants tab: overview chart, the next 90 days, and the filtered table of grants. */
export function GrantsPage({
  companyId,
  search,
  onSearchChange,
}: {
  companyId: string;
  search: GrantsSearch;
  onSearchChange: (next: GrantsSearch) => void;
}) {
  const { data: company } = useSuspenseQuery(companyQueryOptions(companyId));
  const canCreate = useCan('grant', 'create');
  useDocumentTitle(`Grants · ${company.companyName}`);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid min-w-0 gap-1">
          <h2 className="text-lg leading-tight font-semibold">Grants</h2>
          <p className="text-sm text-muted-foreground">
            Options and awards granted by {company.companyName}, with today&apos;s vesting.
          </p>
        </div>
        {canCreate ? (
          <div className="shrink-0">
            <NewGrantButton companyId={companyId} />
          </div>
        ) : null}
      </div>
      <CatchBoundary
        getResetKey={() => companyId}
        errorComponent={({ error }) => (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(error, 'The vesting overview could not be loaded.')}
          </p>
        )}
      >
        <Suspense fallback={<TableSkeleton label="Loading the vesting overview…" />}>
          <CompanyOverview companyId={companyId} />
        </Suspense>
      </CatchBoundary>
      <Section
        id="grants-list"
        title="All grants"
        resetKey={`${companyId}-${search.planId ?? ''}-${search.status ?? ''}`}
        loadingLabel="Loading grants…"
        actions={<Filters companyId={companyId} search={search} onSearchChange={onSearchChange} />}
      >
        <GrantsTable companyId={companyId} search={search} onSearchChange={onSearchChange} />
      </Section>
    </div>
  );
}
