import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { Building2, Loader2, Plus, Search, SearchX } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { companiesInfiniteQueryOptions } from '../../../features/companies/api';
import { CompaniesTable } from '../../../features/companies/companies-table';
import { CompaniesTableSkeleton } from '../../../features/companies/companies-table-skeleton';
import {
  companiesSearchSchema,
  DEFAULT_COMPANY_SORT,
  DEFAULT_SORT_ORDER,
  type CompaniesSearch,
} from '../../../features/companies/search';
import { useCan } from '../../../features/me/api';
import { OcfImportButton } from '../../../features/ocf/ocf-import-button';
import { msg, t } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';

export const Route = createFileRoute('/_app/companies/')({
  validateSearch: companiesSearchSchema,
  loaderDeps: ({ search: { q, sort, order } }) => ({ q, sort, order }),
  loader: ({ context: { queryClient }, deps }) =>
    queryClient.ensureInfiniteQueryData(companiesInfiniteQueryOptions(deps)),
  pendingComponent: CompaniesPending,
  component: CompaniesPage,
});

/** Debounce for search-as-you-type: one request per pause, not per keystroke. */
const SEARCH_DEBOUNCE_MS = 300;

const SORT_OPTIONS = [
  { value: 'name-asc', label: msg('companies.list.sort.nameAsc') },
  { value: 'name-desc', label: msg('companies.list.sort.nameDesc') },
  { value: 'createdAt-desc', label: msg('companies.list.sort.newest') },
  { value: 'createdAt-asc', label: msg('companies.list.sort.oldest') },
] as const;

function sortValue(search: CompaniesSearch): string {
  return `${search.sort ?? DEFAULT_COMPANY_SORT}-${search.order ?? DEFAULT_SORT_ORDER}`;
}

function PageHeading({ action }: { action?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t('companies.list.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('companies.list.description')}</p>
      </div>
      {action}
    </div>
  );
}

function NewCompanyButton() {
  return (
    <Button asChild>
      <Link to="/companies/create">
        <Plus aria-hidden="true" />
        {t('companies.new')}
      </Link>
    </Button>
  );
}

function CompanyActions() {
  return (
    <div className="flex flex-wrap gap-2">
      <OcfImportButton />
      <NewCompanyButton />
    </div>
  );
}

function CompaniesPending() {
  const canCreate = useCan('company', 'create');
  return (
    <div className="grid gap-6">
      <PageHeading action={canCreate ? <Skeleton className="h-9 w-36" /> : null} />
      <Skeleton className="h-9 w-full" />
      <CompaniesTableSkeleton />
    </div>
  );
}

function CompaniesPage() {
  useDocumentTitle(t('companies.list.title'));
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { data, fetchNextPage, hasNextPage, isFetchingNextPage } = useSuspenseInfiniteQuery(
    companiesInfiniteQueryOptions(search),
  );
  const companies = data.pages.flatMap((page) => page.items);
  const total = data.pages[0]?.total ?? 0;
  const canCreate = useCan('company', 'create');

  // The search text updates on every keystroke; the URL (and the request) only after a pause.
  const [text, setText] = useState(search.q ?? '');
  const [lastQ, setLastQ] = useState(search.q);
  if (search.q !== lastQ) {
    // The URL changed (our own update, back button, "Clear search"): show what it says.
    setLastQ(search.q);
    if ((search.q ?? '') !== text.trim()) setText(search.q ?? '');
  }
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  function updateSearch(next: Partial<CompaniesSearch>) {
    void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true });
  }

  function onSearchInput(value: string) {
    setText(value);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(
      () => updateSearch({ q: value.trim() || undefined }),
      SEARCH_DEBOUNCE_MS,
    );
  }

  function clearSearch() {
    window.clearTimeout(timer.current);
    setText('');
    updateSearch({ q: undefined });
  }

  const noCompaniesAtAll = total === 0 && !search.q;
  if (noCompaniesAtAll) {
    return (
      <div className="grid gap-6">
        <PageHeading />
        <Card>
          <CardContent className="grid justify-items-center gap-3 py-12 text-center">
            <Building2 className="size-10 text-muted-foreground" aria-hidden="true" />
            <h2 className="text-lg font-semibold">{t('companies.list.empty.title')}</h2>
            <p className="max-w-sm text-sm text-muted-foreground">
              {canCreate ? t('companies.list.empty.canCreate') : t('companies.list.empty.readOnly')}
            </p>
            {canCreate ? <CompanyActions /> : null}
          </CardContent>
        </Card>
      </div>
    );
  }

  return (
    <div className="grid gap-6">
      <PageHeading action={canCreate ? <CompanyActions /> : null} />

      <div role="search" className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="grid flex-1 gap-1.5">
          <Label htmlFor="company-search">{t('companies.list.search')}</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id="company-search"
              type="search"
              placeholder={t('companies.list.search.placeholder')}
              className="pl-9"
              value={text}
              onChange={(e) => onSearchInput(e.target.value)}
              autoComplete="off"
            />
          </div>
        </div>
        <div className="grid gap-1.5 sm:w-48">
          <Label htmlFor="company-sort">{t('companies.list.sort')}</Label>
          <Select
            id="company-sort"
            value={sortValue(search)}
            onChange={(e) => {
              const [sort, order] = e.target.value.split('-') as [
                NonNullable<CompaniesSearch['sort']>,
                NonNullable<CompaniesSearch['order']>,
              ];
              updateSearch({ sort, order });
            }}
          >
            {SORT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {t(option.label)}
              </option>
            ))}
          </Select>
        </div>
      </div>

      {companies.length === 0 ? (
        <Card>
          <CardContent className="grid justify-items-center gap-3 py-12 text-center">
            <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
            <h2 className="text-lg font-semibold">
              {t('companies.list.noMatch.title', { q: search.q ?? '' })}
            </h2>
            <p className="text-sm text-muted-foreground">{t('companies.list.noMatch.hint')}</p>
            <Button variant="outline" onClick={clearSearch}>
              {t('companies.list.clearSearch')}
            </Button>
          </CardContent>
        </Card>
      ) : (
        <div className="grid gap-3">
          <CompaniesTable companies={companies} />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {t('companies.list.showing', { shown: companies.length, total })}
            </p>
            {hasNextPage ? (
              <Button
                variant="outline"
                onClick={() => void fetchNextPage()}
                disabled={isFetchingNextPage}
                aria-busy={isFetchingNextPage || undefined}
              >
                {isFetchingNextPage ? (
                  <Loader2 className="animate-spin" aria-hidden="true" />
                ) : null}
                {t('companies.list.loadMore')}
              </Button>
            ) : null}
          </div>
        </div>
      )}
    </div>
  );
}
