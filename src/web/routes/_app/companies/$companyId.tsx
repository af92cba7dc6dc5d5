import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, notFound, Outlet } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { legalFormLabel } from '../../../../domain/legal-forms';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { companyQueryOptions } from '../../../features/companies/api';
import { CompanyNav } from '../../../features/companies/company-nav';
import { COMPANY_STATUS_LABELS } from '../../../features/companies/fields';
import { isApiError } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** The company page: header and tabs; each tab is a child route. */
export const Route = createFileRoute('/_app/companies/$companyId')({
  loader: async ({ context: { queryClient }, params: { companyId } }) => {
    try {
      await queryClient.ensureQueryData(companyQueryOptions(companyId));
    } catch (error) {
      if (isApiError(error) && error.status === 404) throw notFound();
      throw error;
    }
  },
  notFoundComponent: CompanyNotFound,
  pendingComponent: CompanyPending,
  component: CompanyLayout,
});

export function BackLink() {
  return (
    <Link
      to="/companies"
      className="inline-flex items-center gap-1 justify-self-start rounded-sm text-sm text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to companies
    </Link>
  );
}

function CompanyNotFound() {
  useDocumentTitle('Company not found');
  return (
    <Card className="mx-auto max-w-lg">
      <CardHeader>
        <h1 className="text-xl font-semibold">Company not found</h1>
        <p className="text-sm text-muted-foreground">
          It may have been deleted, or the link is wrong.
        </p>
      </CardHeader>
      <CardContent>
        <BackLink />
      </CardContent>
    </Card>
  );
}

function CompanyPending() {
  return (
    <div role="status" aria-live="polite" className="grid gap-6">
      <span className="sr-only">Loading company…</span>
      <Skeleton className="h-4 w-32" />
      <Skeleton className="h-8 w-1/2" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}

function CompanyLayout() {
  const { companyId } = Route.useParams();
  const { data: company } = useSuspenseQuery(companyQueryOptions(companyId));
  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <BackLink />
        <div className="flex min-w-0 flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold tracking-tight break-words">
            {company.companyName}
          </h1>
          <Badge>{legalFormLabel(company.companyType)}</Badge>
          {company.status === 'active' ? null : (
            <Badge variant="outline">{COMPANY_STATUS_LABELS[company.status]}</Badge>
          )}
        </div>
      </div>
      <CompanyNav companyId={companyId} />
      <Outlet />
    </div>
  );
}
