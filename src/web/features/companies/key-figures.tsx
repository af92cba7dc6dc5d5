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
  { key: 'shareholders', label: 'Shareholders' },
  { key: 'stakeholders', label: 'Stakeholders' },
  { key: 'shareClasses', label: 'Share classes' },
  { key: 'plans', label: 'Plans' },
  { key: 'sharesOutstanding', label: 'Shares outstanding' },
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
  if (summary.poolReserved === 0) return 'No pool reserved';
  return `${formatCount(summary.poolGranted)} of ${formatCount(summary.poolReserved)} granted`;
}

function FiguresSkeleton() {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">Loading key figures…</span>
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
    content = (
      <p className="text-sm text-muted-foreground">
        Your role does not include the stakeholders, plans and grants these figures count.
      </p>
    );
  } else if (summary.isPending) {
    content = <FiguresSkeleton />;
  } else if (summary.isError) {
    content = (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(summary.error, 'Key figures could not be loaded.')}
      </p>
    );
  } else if (summary.data.stakeholders === 0 && summary.data.shareClasses === 0) {
    content = (
      <div className="grid justify-items-start gap-2 text-sm">
        <p className="flex items-center gap-2 text-muted-foreground">
          <Users className="size-4" aria-hidden="true" />
          No equity structure yet: no stakeholders, share classes or plans.
        </p>
        <Link
          to="/companies/$companyId/stakeholders"
          params={{ companyId }}
          className="rounded-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {canAddStakeholder ? 'Add the first stakeholders' : 'Go to stakeholders'}
        </Link>
      </div>
    );
  } else {
    const data = summary.data;
    content = (
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {FIGURES.map(({ key, label }) => (
          <Figure key={key} label={label} value={formatCount(data[key])} />
        ))}
        <Figure
          label="Pool used"
          value={data.poolUsedPercent === null ? '—' : `${data.poolUsedPercent}%`}
          hint={poolHint(data)}
        />
      </dl>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>Key figures</CardTitle>
        <CardDescription>The company's equity structure today.</CardDescription>
      </CardHeader>
      <CardContent aria-busy={summary.isFetching || undefined}>{content}</CardContent>
    </Card>
  );
}
