import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { companyQueryOptions } from '../../../../features/companies/api';
import { can, meQueryOptions } from '../../../../features/me/api';
import { notesQueryOptions } from '../../../../features/notes/api';
import { NotesPage } from '../../../../features/notes/notes-page';

/** Company tab "Notes" (issue 15): the interaction log — notes, calls, meetings, e-mails. */
export const Route = createFileRoute('/_app/companies/$companyId/notes')({
  loader: async ({ context: { queryClient }, params: { companyId } }) => {
    const me = await queryClient.ensureQueryData(meQueryOptions());
    // A role without note:read sees no tab; the server would answer 403.
    if (can(me, 'note', 'read')) void queryClient.prefetchQuery(notesQueryOptions(companyId));
  },
  component: CompanyNotes,
});

function CompanyNotes() {
  const { companyId } = Route.useParams();
  const { data: company } = useSuspenseQuery(companyQueryOptions(companyId));
  return <NotesPage companyId={companyId} companyName={company.companyName} />;
}
