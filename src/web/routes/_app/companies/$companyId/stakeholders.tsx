import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { companyQueryOptions } from '../../../../features/companies/api';
import { stakeholdersQueryOptions } from '../../../../features/stakeholders/api';
import { readStakeholdersSearch } from '../../../../features/stakeholders/search';
import { StakeholdersPage } from '../../../../features/stakeholders/stakeholders-page';
import { t } from '../../../../lib/i18n';
import { useDocumentTitle } from '../../../../lib/use-document-title';

/**
 * Company tab "Stakeholders" (issue 4). `?q=&relationship=&status=` search and filter the list
 * (through the API); `?sort=&page=` order and page it in the browser.
 * The loader starts the request without waiting: the tab shows its own skeleton.
 */
export const Route = createFileRoute('/_app/companies/$companyId/stakeholders')({
  validateSearch: readStakeholdersSearch,
  loaderDeps: ({ search: { q, relationship, status } }) => ({ q, relationship, status }),
  loader: ({ context: { queryClient }, params: { companyId }, deps }) => {
    void queryClient.prefetchQuery(stakeholdersQueryOptions(companyId, deps));
  },
  component: StakeholdersRoute,
});

function StakeholdersRoute() {
  const { companyId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { data: company } = useSuspenseQuery(companyQueryOptions(companyId));
  useDocumentTitle(t('stakeholders.documentTitle', { company: company.companyName }));
  return (
    <StakeholdersPage
      companyId={companyId}
      companyCountry={company.country}
      search={search}
      onSearchChange={(next) =>
        void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true })
      }
    />
  );
}
