import { useSuspenseQuery } from '@tanstack/react-query';
import {
  createFileRoute,
  Link,
  notFound,
  Outlet,
  type NotFoundRouteProps,
} from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { NotFoundPage } from '../../../components/not-found';
import { Skeleton } from '../../../components/ui/skeleton';
import { companyQueryOptions } from '../../../features/companies/api';
import { AccessDialog } from '../../../features/companies/access-dialog';
import { RestrictedMark } from '../../../features/companies/restricted-mark';
import { CompanyNav } from '../../../features/companies/company-nav';
import { COMPANY_STATUS_LABELS, legalFormName } from '../../../features/companies/fields';
import { ImportDialog } from '../../../features/imports/import-dialog';
import { OcfExportButton } from '../../../features/ocf/ocf-export-button';
import { OcfImportReport } from '../../../features/ocf/ocf-import-report';
import { isApiError } from '../../../lib/api';
import { t } from '../../../lib/i18n';

/** What the loader's not-found carries: the company itself is missing, not a tab. */
const COMPANY_MISSING = 'company';

/** The company page: header and tabs; each tab is a child route. */
export const Route = createFileRoute('/_app/companies/$companyId')({
  loader: async ({ context: { queryClient }, params: { companyId } }) => {
    try {
      await queryClient.ensureQueryData(companyQueryOptions(companyId));
    } catch (error) {
      if (isApiError(error) && error.status === 404) throw notFound({ data: COMPANY_MISSING });
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
      {t('companies.backToList')}
    </Link>
  );
}

/**
 * The company does not exist (or not in this workspace), or it does and the address names no
 * tab of it: then the page shows inside the company's header and tabs.
 */
function CompanyNotFound({ data }: NotFoundRouteProps) {
  const { companyId } = Route.useParams();
  if (data === COMPANY_MISSING) {
    return (
      <NotFoundPage
        title={t('shell.notFound.company.title')}
        description={t('shell.notFound.deleted')}
        home={{ to: '/companies', label: t('shell.notFound.company.back') }}
      />
    );
  }
  return (
    <NotFoundPage
      level={2}
      title={t('shell.notFound.page.title')}
      description={t('shell.notFound.companyPage.text')}
      home={{
        to: '/companies/$companyId',
        params: { companyId },
        label: t('shell.notFound.companyPage.overview'),
      }}
    />
  );
}

function CompanyPending() {
  return (
    <div role="status" aria-live="polite" className="grid gap-6">
      <span className="sr-only">{t('companies.loading')}</span>
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
          {company.access === 'restricted' ? <RestrictedMark /> : null}
          <Badge>{legalFormName(company.companyType)}</Badge>
          {company.status === 'active' ? null : (
            <Badge variant="outline">{t(COMPANY_STATUS_LABELS[company.status])}</Badge>
          )}
          <div className="ms-auto flex flex-wrap items-center gap-2">
            <AccessDialog companyId={companyId} companyName={company.companyName} />
            <ImportDialog companyId={companyId} />
            <OcfExportButton companyId={companyId} />
          </div>
        </div>
      </div>
      <OcfImportReport companyId={companyId} />
      <CompanyNav companyId={companyId} />
      <Outlet />
    </div>
  );
}
