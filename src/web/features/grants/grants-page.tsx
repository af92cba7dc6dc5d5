import { useSuspenseQuery } from '@tanstack/react-query';
import { CatchBoundary, Link } from '@tanstack/react-router';
import { Suspense, useId, useMemo, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Label } from '../../components/ui/label';
import { SearchInput } from '../../components/ui/search-input';
import { Select } from '../../components/ui/select';
import { errorMessage } from '../../lib/api';
import { msg, t } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Section, TableSkeleton } from '../cap-table/section';
import { companyQueryOptions } from '../companies/api';
import { useCan } from '../me/api';
import { formatCount, formatIsoDate, todayIso } from '../plans/format';
import { upcomingQueryOptions } from '../upcoming/api';
import { grantPlansQueryOptions, grantsQueryOptions } from './api';
import { CompanyVestingChart } from './company-vesting-chart';
import { statusLabel } from './format';
import { ExportMenu } from '../exports/export-menu';
import { NewGrantButton } from './grant-dialog';
import { GrantsTable, hasGrantFilters } from './grants-table';
import { firstOf } from './paging';
import { companyOverview, mergeUpcoming, type UpcomingEvent, type UpcomingKind } from './schedule';
import { GRANT_STATUS_LIST, type GrantsSearch } from './search';

/** The window of the tab's upcoming list. */
const UPCOMING_DAYS = 90;

/** Catalog keys of what falls due (the grants' own words, not the practice view's). */
const UPCOMING_LABELS: Record<UpcomingKind, string> = {
  cliff: msg('grants.upcoming.kind.cliff'),
  installment: msg('grants.upcoming.kind.installment'),
  acceptance_deadline: msg('grants.upcoming.kind.acceptanceDeadline'),
  expiry: msg('grants.upcoming.kind.expiry'),
  exercise_deadline: msg('grants.upcoming.kind.exerciseDeadline'),
  milestone_deadline: msg('grants.upcoming.kind.milestoneDeadline'),
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
  const { data } = useSuspenseQuery(
    upcomingQueryOptions({ companyId, days: UPCOMING_DAYS, installments: true }),
  );
  const upcoming = useMemo(() => mergeUpcoming(data.items, milestones), [data, milestones]);
  // Thousands of grants make thousands of entries: the soonest ten, the rest on request.
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  if (upcoming.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        {t('grants.upcoming.none', { days: UPCOMING_DAYS })}
      </p>
    );
  const { shown, toggle } = firstOf(upcoming, expanded);
  return (
    <div className="grid gap-2">
      <ol
        id={listId}
        className="grid max-h-80 gap-2 overflow-y-auto text-sm"
        aria-label={t('grants.upcoming.label')}
      >
        {shown.map((e, i) => (
          <li
            key={`${e.grantId}-${e.kind}-${e.date}-${i}`}
            className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 border-b pb-2 last:border-0"
          >
            <time dateTime={e.date} className="w-24 shrink-0 tabular-nums">
              {formatIsoDate(e.date)}
            </time>
            <span className="font-medium">{t(UPCOMING_LABELS[e.kind])}</span>
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
          {expanded
            ? t('grants.upcoming.showFewer')
            : t('grants.upcoming.showAll', { count: formatCount(upcoming.length) })}
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
        title={t('grants.overview.vesting.title')}
        description={t('grants.overview.vesting.description')}
        resetKey={companyId}
        loadingLabel={t('grants.overview.vesting.loading')}
      >
        {series.dates.length > 1 ? (
          <CompanyVestingChart data={series} today={today} vestedToday={vestedToday} />
        ) : (
          <p className="text-sm text-muted-foreground">{t('grants.overview.vesting.none')}</p>
        )}
      </Section>
      <Section
        id="grants-upcoming"
        title={t('grants.overview.upcoming.title', { days: UPCOMING_DAYS })}
        description={t('grants.overview.upcoming.description')}
        resetKey={companyId}
        loadingLabel={t('grants.overview.upcoming.loading')}
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
    <div
      className="flex flex-wrap items-end gap-3"
      role="search"
      aria-label={t('grants.filters.label')}
    >
      <SearchInput
        id="grants-search"
        className="w-56"
        label={t('tables.search')}
        placeholder={t('grants.table.searchPlaceholder')}
        value={search.q}
        onChange={(q) => onSearchChange({ ...search, q, page: undefined })}
      />
      <div className="grid w-56 gap-1.5">
        <Label htmlFor="grants-plan-filter">{t('grants.filters.plan')}</Label>
        <Select
          id="grants-plan-filter"
          value={search.planId ?? ''}
          onChange={(e) =>
            onSearchChange({ ...search, planId: e.target.value || undefined, page: undefined })
          }
        >
          <option value="">{t('grants.filters.allPlans')}</option>
          {plans.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </Select>
      </div>
      <div className="grid w-48 gap-1.5">
        <Label htmlFor="grants-status-filter">{t('grants.filters.status')}</Label>
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
          <option value="">{t('grants.filters.allStatuses')}</option>
          {GRANT_STATUS_LIST.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </Select>
      </div>
      {hasGrantFilters(search) ? (
        <Button variant="ghost" onClick={() => onSearchChange({ sort: search.sort })}>
          {t('grants.table.clearFilters')}
        </Button>
      ) : null}
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
  useDocumentTitle(t('grants.page.documentTitle', { company: company.companyName }));
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid min-w-0 gap-1">
          <h2 className="text-lg leading-tight font-semibold">{t('grants.page.title')}</h2>
          <p className="text-sm text-muted-foreground">
            {t('grants.page.intro', { company: company.companyName })}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <ExportMenu
            subject="grants"
            resource="grant"
            request={{
              path: `/company/${encodeURIComponent(companyId)}/grants/export`,
              fallbackName: 'grants',
            }}
          />
          {canCreate ? <NewGrantButton companyId={companyId} /> : null}
        </div>
      </div>
      <CatchBoundary
        getResetKey={() => companyId}
        errorComponent={({ error }) => (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(error, t('grants.overview.loadFailed'))}
          </p>
        )}
      >
        <Suspense fallback={<TableSkeleton label={t('grants.overview.loading')} />}>
          <CompanyOverview companyId={companyId} />
        </Suspense>
      </CatchBoundary>
      <Section
        id="grants-list"
        title={t('grants.list.title')}
        resetKey={`${companyId}-${search.planId ?? ''}-${search.status ?? ''}`}
        loadingLabel={t('grants.list.loading')}
        actions={<Filters companyId={companyId} search={search} onSearchChange={onSearchChange} />}
      >
        <GrantsTable companyId={companyId} search={search} onSearchChange={onSearchChange} />
      </Section>
    </div>
  );
}
