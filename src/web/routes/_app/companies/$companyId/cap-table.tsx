import { createFileRoute } from '@tanstack/react-router';
import { prefetchCapTableTab } from '../../../../features/cap-table/api';
import { CapTablePage } from '../../../../features/cap-table/cap-table-page';
import { todayIso } from '../../../../features/cap-table/format';
import { readCapTableSearch } from '../../../../features/cap-table/search';

/**
 * Company tab "Cap table" (issue 4). `?asOf=YYYY-MM-DD` picks the date (default today);
 * `?sort=` orders the cap table and `?registerSort=` the shareholders' register. The loader
 * starts every request of the tab without waiting: each section shows its own skeleton.
 */
export const Route = createFileRoute('/_app/companies/$companyId/cap-table')({
  validateSearch: readCapTableSearch,
  loaderDeps: ({ search: { asOf } }) => ({ asOf }),
  loader: ({ context: { queryClient }, params: { companyId }, deps }) => {
    prefetchCapTableTab(queryClient, companyId, deps.asOf ?? todayIso());
  },
  component: CapTableRoute,
});

function CapTableRoute() {
  const { companyId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const today = todayIso();
  const asOf = search.asOf ?? today;
  return (
    <CapTablePage
      companyId={companyId}
      asOf={asOf}
      isToday={asOf === today}
      onAsOfChange={(next) =>
        void navigate({ search: (prev) => ({ ...prev, asOf: next ?? undefined }), replace: true })
      }
      search={search}
      // resetScroll: false: a new order keeps the page where it is.
      onSortChange={(next) =>
        void navigate({
          search: (prev) => ({ ...prev, ...next }),
          replace: true,
          resetScroll: false,
        })
      }
    />
  );
}
