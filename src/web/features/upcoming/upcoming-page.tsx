import { useQueryErrorResetBoundary, useSuspenseQuery } from '@tanstack/react-query';
import { CatchBoundary, Link } from '@tanstack/react-router';
import { CalendarCheck, Lock, SearchX } from 'lucide-react';
import { Suspense } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Label } from '../../components/ui/label';
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
import { useDocumentTitle } from '../../lib/use-document-title';
import { EmptyState, numberCell, TableSkeleton } from '../cap-table/section';
import { useCanReadView } from '../me/api';
import { formatCount, formatIsoDate } from '../plans/format';
import { upcomingQueryOptions } from './api';
import { UPCOMING_TYPE_LABELS, UPCOMING_TYPE_PLURALS } from './format';
import { countByType, groupByDate } from './group';
import {
  DEFAULT_UPCOMING_DAYS,
  groupOf,
  parseTypes,
  typesParam,
  UPCOMING_DAYS,
  UPCOMING_TYPE_LIST,
  type UpcomingGroup,
  type UpcomingSearch,
  type UpcomingType,
} from './search';
import { ValuationAlertsSection } from './valuation-alerts-section';

type Props = { search: UpcomingSearch; onSearchChange: (next: UpcomingSearch) => void };

function PageHeading() {
  return (
    <div className="grid gap-1">
      <h1 className="text-2xl font-semibold tracking-tight">Upcoming</h1>
      <p className="text-sm text-muted-foreground">
        Valuations that need attention, then cliffs, installments, acceptance deadlines, expiries
        and exercise deadlines across your client companies, soonest first.
      </p>
    </div>
  );
}

/** Period and grouping: selects whose values live in the URL. */
function Controls({ search, onSearchChange }: Props) {
  return (
    <div className="flex flex-wrap items-end gap-3" role="group" aria-label="Period">
      <div className="grid w-44 gap-1.5">
        <Label htmlFor="upcoming-days">Show the next</Label>
        <Select
          id="upcoming-days"
          value={search.days ?? DEFAULT_UPCOMING_DAYS}
          onChange={(e) => {
            const days = Number(e.target.value) as (typeof UPCOMING_DAYS)[number];
            onSearchChange({ ...search, days: days === DEFAULT_UPCOMING_DAYS ? undefined : days });
          }}
        >
          {UPCOMING_DAYS.map((d) => (
            <option key={d} value={d}>
              {d} days
            </option>
          ))}
        </Select>
      </div>
      <div className="grid w-40 gap-1.5">
        <Label htmlFor="upcoming-group">Group by</Label>
        <Select
          id="upcoming-group"
          value={groupOf(search)}
          onChange={(e) => onSearchChange({ ...search, group: e.target.value as UpcomingGroup })}
        >
          <option value="week">Week</option>
          <option value="month">Month</option>
        </Select>
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
  const toggle = (t: UpcomingType) =>
    onSearchChange({
      ...search,
      types: typesParam(selected.includes(t) ? selected.filter((x) => x !== t) : [...selected, t]),
    });
  const chip = 'rounded-full';
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label="Filter by type">
      <Button
        size="sm"
        className={chip}
        variant={selected.length === 0 ? 'default' : 'outline'}
        aria-pressed={selected.length === 0}
        onClick={() => onSearchChange({ ...search, types: undefined })}
      >
        All
      </Button>
      {UPCOMING_TYPE_LIST.map((t) => {
        const pressed = selected.includes(t);
        return (
          <Button
            key={t}
            size="sm"
            className={chip}
            variant={pressed ? 'default' : 'outline'}
            aria-pressed={pressed}
            onClick={() => toggle(t)}
          >
            {UPCOMING_TYPE_PLURALS[t]}
            <span className="tabular-nums opacity-70">{formatCount(counts.get(t) ?? 0)}</span>
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
  const { data } = useSuspenseQuery(upcomingQueryOptions({ days }));
  const selected = parseTypes(search.types);
  const items =
    selected.length === 0 ? data.items : data.items.filter((i) => selected.includes(i.type));
  const groups = groupByDate(items, groupOf(search));
  const period = `${formatIsoDate(data.from)} to ${formatIsoDate(data.to)}`;

  return (
    <div className="grid gap-4 max-lg:grid-cols-1">
      <TypeChips search={search} onSearchChange={onSearchChange} counts={countByType(data.items)} />
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {items.length === 1 ? '1 item' : `${formatCount(items.length)} items`} from {period}
      </p>
      {data.items.length === 0 ? (
        <EmptyState icon={CalendarCheck} title={`Nothing due in the next ${days} days`}>
          No cliff, installment, acceptance deadline, expiry or exercise deadline falls between{' '}
          {period}.
        </EmptyState>
      ) : items.length === 0 ? (
        <EmptyState
          icon={SearchX}
          title="Nothing of these types in this period"
          action={
            <Button
              variant="outline"
              onClick={() => onSearchChange({ ...search, types: undefined })}
            >
              Show all types
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
                    <TableHead className="w-32">Date</TableHead>
                    <TableHead className="w-44">What</TableHead>
                    <TableHead>Company</TableHead>
                    <TableHead>Stakeholder</TableHead>
                    <TableHead>Plan</TableHead>
                    <TableHead className="text-right">Quantity</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {g.items.map((i, n) => (
                    <TableRow key={`${i.grantId}-${i.type}-${i.date}-${n}`}>
                      <TableCell className="tabular-nums">
                        <time dateTime={i.date}>{formatIsoDate(i.date)}</time>
                      </TableCell>
                      <TableCell>
                        <Badge variant={typeVariant(i.type)}>{UPCOMING_TYPE_LABELS[i.type]}</Badge>
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
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Card>
          </section>
        ))
      )}
    </div>
  );
}

/** While the list loads: the chips' row and a table's worth of placeholder rows. */
export function UpcomingListSkeleton() {
  return <TableSkeleton label="Loading what is due…" rows={6} />;
}

/** The first load failed: say why, and offer to try again. */
function UpcomingError({ error, reset }: { error: unknown; reset: () => void }) {
  return (
    <div
      role="alert"
      className="grid justify-items-start gap-3 rounded-lg border border-destructive/40 p-4"
    >
      <p className="text-sm text-destructive">
        {errorMessage(error, 'The upcoming events could not be loaded.')}
      </p>
      <Button variant="outline" size="sm" onClick={reset}>
        Try again
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
  useDocumentTitle('Upcoming');
  const canRead = useCanReadView('upcoming');
  const canReadValuations = useCanReadView('valuations');
  const { reset } = useQueryErrorResetBoundary();
  const valuations = canReadValuations ? <ValuationAlertsSection /> : null;
  if (!canRead)
    return (
      <div className="grid gap-6 max-lg:grid-cols-1">
        <PageHeading />
        {valuations}
        <Card>
          <CardContent className="py-6">
            <EmptyState icon={Lock} title="Your role cannot see grants">
              Ask a workspace admin for a role that includes reading grants.
            </EmptyState>
          </CardContent>
        </Card>
      </div>
    );
  return (
    <div className="grid gap-6 max-lg:grid-cols-1">
      <PageHeading />
      {valuations}
      <Controls search={search} onSearchChange={onSearchChange} />
      <CatchBoundary
        getResetKey={() => String(search.days ?? DEFAULT_UPCOMING_DAYS)}
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
