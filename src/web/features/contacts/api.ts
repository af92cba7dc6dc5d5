import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  contactListSchema,
  contactSchema,
  type Contact,
  type ContactCreate,
  type ContactUpdate,
} from '../../../contracts/contacts';
import { apiFetch } from '../../lib/api';
import { companyScopedKey, invalidateCompany, invalidateCompanyLists } from '../companies/api';

/**
 * Queries and writes of a company's contacts (issue 15). Their keys sit under the company: a
 * write refetches the company too (its primary contact) and the company list shows the primary.
 */

const path = (companyId: string) => `/company/${encodeURIComponent(companyId)}/contacts`;
const contactPath = (companyId: string, contactId: string) =>
  `${path(companyId)}/${encodeURIComponent(contactId)}`;

export function contactsQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: companyScopedKey(companyId, 'contacts'),
    queryFn: ({ signal }) => apiFetch(path(companyId), { signal, schema: contactListSchema }),
    select: (data) => data.items,
  });
}

function useInvalidate(companyId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([invalidateCompany(queryClient, companyId), invalidateCompanyLists(queryClient)]);
}

export function useCreateContact(companyId: string) {
  const invalidate = useInvalidate(companyId);
  return useMutation({
    mutationFn: (body: ContactCreate) =>
      apiFetch(path(companyId), { method: 'POST', body, schema: contactSchema }),
    onSuccess: invalidate,
  });
}

export function useUpdateContact(companyId: string) {
  const invalidate = useInvalidate(companyId);
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: ContactUpdate }) =>
      apiFetch(contactPath(companyId, id), {
        method: 'PATCH',
        body: changes,
        schema: contactSchema,
      }),
    onSuccess: invalidate,
  });
}

export function useDeleteContact(companyId: string) {
  const invalidate = useInvalidate(companyId);
  return useMutation({
    mutationFn: (contact: Contact) =>
      apiFetch(contactPath(companyId, contact.id), { method: 'DELETE' }),
    onSettled: invalidate,
  });
}
