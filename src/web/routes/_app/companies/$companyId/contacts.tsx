import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { companyQueryOptions } from '../../../../features/companies/api';
import { contactsQueryOptions } from '../../../../features/contacts/api';
import { ContactsPage } from '../../../../features/contacts/contacts-page';
import { can, meQueryOptions } from '../../../../features/me/api';

/** Company tab "Contacts" (issue 15): the people the firm deals with at the company. */
export const Route = createFileRoute('/_app/companies/$companyId/contacts')({
  loader: async ({ context: { queryClient }, params: { companyId } }) => {
    const me = await queryClient.ensureQueryData(meQueryOptions());
    // A role without contact:read sees no tab; the server would answer 403.
    if (can(me, 'contact', 'read')) void queryClient.prefetchQuery(contactsQueryOptions(companyId));
  },
  component: CompanyContacts,
});

function CompanyContacts() {
  const { companyId } = Route.useParams();
  // Loaded by the company layout around this tab.
  const { data: company } = useSuspenseQuery(companyQueryOptions(companyId));
  return <ContactsPage companyId={companyId} companyName={company.companyName} />;
}
