import { createFileRoute } from '@tanstack/react-router';
import { documentsQueryOptions } from '../../../../features/documents/api';
import { DocumentsPage } from '../../../../features/documents/documents-page';
import { can, meQueryOptions } from '../../../../features/me/api';

/**
 * Company tab "Documents" (issue 14): the documents generated for the company. Loader and
 * component are split into a lazy chunk by the router plugin, so the contracts' zod schemas
 * behind them stay out of the entry bundle.
 */
export const Route = createFileRoute('/_app/companies/$companyId/documents')({
  loader: async ({ context: { queryClient }, params: { companyId } }) => {
    const me = await queryClient.ensureQueryData(meQueryOptions());
    // A role without document:read sees no tab; the server would answer 403.
    if (can(me, 'document', 'read'))
      void queryClient.prefetchQuery(documentsQueryOptions(companyId));
  },
  component: CompanyDocuments,
});

function CompanyDocuments() {
  const { companyId } = Route.useParams();
  return <DocumentsPage companyId={companyId} />;
}
