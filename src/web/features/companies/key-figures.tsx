import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Users } from 'lucide-react';
import { companySummarySchema, type CompanySummary } from '../../../contracts/equity';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { apiFetch, errorMessage } from '../../lib/api';
import { formatPercent } from '../../lib/format';
import { msg, t } from '../../lib/i18n';
import { useCan, useCanReadView } from '../me/api';
import { companyScopedKey } from './api';
import { formatCount } from './format';

/** `GET /company/{id}/summary`: the overview's key figures (refetched with everything else). */
export function companySummaryQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: companyScopedKey(companyId, 'summary'),
    queryFn: ({ signal }) =>
      apiFetch(`/company/${encodeURIComponent(companyId)}/summary`, {
        signal,
        schema: companySummarySchema,
      }),
  });
}

const FIGURES = [
  { key: 'shareholders', label: msg('companies.figures.shareholders') },
  { key: 'stakeholders', label: msg('companies.figures.stakeholders') },
  { key: 'shareClasses', label: msg('companies.figures.shareClasses') },
  { key: 'plans', label: msg('companies.figures.plans') },
  { key: 'sharesOutstanding', label: msg('companies.figures.sharesOutstanding') },
] as const satisfies readonly { key: keyof CompanySummary; label: string }[];

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="grid content-start gap-1 rounded-md border bg-muted/30 p-3">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums">{value}</dd>
      {hint ? <dd className="text-xs text-muted-foreground">{hint}</dd> : null}
    </div>
  );
}

function poolHint(summary: CompanySummary): string {
  if (summary.poolReserved === 0) return t('companies.figures.noPool');
  return t('companies.figures.poolGranted', {
    granted: formatCount(summary.poolGranted),
    reserved: formatCount(summary.poolReserved),
  });
}

function FiguresSkeleton() {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">{t('companies.figures.loading')}</span>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="grid gap-2 rounded-md border p-3">
            <Skeleton className="h-3 w-20" />
            <Skeleton className="h-6 w-12" />
          </div>
        ))}
      </div>
    </div>
  );
}

/** The "Key figures" card of the overview: counts and the pool's use, from one request. */
export function KeyFigures({ companyId }: { companyId: string }) {
  const canReadSummary = useCanReadView('summary');
  const summary = useQuery({ ...companySummaryQueryOptions(companyId), enabled: canReadSummary });
  const canAddStakeholder = useCan('stakeholder', 'create');
  let content;
  if (!canReadSummary) {
    content = <p className="text-sm text-muted-foreground">{t('companies.figures.notAllowed')}</p>;
  } else if (summary.isPending) {
    content = <FiguresSkeleton />;
  } else if (summary.isError) {
    content = (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(summary.error, t('companies.figures.loadFailed'))}
      </p>
    );
  } else if (summary.data.stakeholders === 0 && summary.data.shareClasses === 0) {
    content = (
      <div className="grid justify-items-start gap-2 text-sm">
        <p className="flex items-center gap-2 text-muted-foreground">
          <Users className="size-4" aria-hidden="true" />
          {t('companies.figures.empty')}
        </p>
        <Link
          to="/companies/$companyId/stakeholders"
          params={{ companyId }}
          className="rounded-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {canAddStakeholder
            ? t('companies.figures.addFirstStakeholders')
            : t('companies.figures.goToStakeholders')}
        </Link>
      </div>
    );
  } else {
    const data = summary.data;
    content = (
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {FIGURES.map(({ key, label }) => (
          <Figure key={key} label={t(label)} value={formatCount(data[key])} />
        ))}
        <Figure
          label={t('companies.figures.poolUsed')}
          value={data.poolUsedPercent === null ? '—' : formatPercent(data.poolUsedPercent)}
          hint={poolHint(data)}
        />
      </dl>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('companies.figures.title')}</CardTitle>
        <CardDescription>{t('companies.figures.description')}</CardDescription>
      </CardHeader>
      <CardContent aria-busy={summary.isFetching || undefined}>{content}</CardContent>
    </Card>
  );
}
