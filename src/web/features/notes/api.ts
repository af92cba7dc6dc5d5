import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  noteListSchema,
  notePreviewResultSchema,
  noteRevisionListSchema,
  noteSchema,
  type NoteCreate,
  type NoteUpdate,
} from '../../../contracts/notes';
import { apiFetch } from '../../lib/api';
import { companyScopedKey, invalidateCompany } from '../companies/api';

/** Queries and writes of a company's interaction log (issue 15); keys under the company. */

const path = (companyId: string) => `/company/${encodeURIComponent(companyId)}/notes`;
const notePath = (companyId: string, noteId: string) =>
  `${path(companyId)}/${encodeURIComponent(noteId)}`;

export function notesQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: companyScopedKey(companyId, 'notes', 'list'),
    queryFn: ({ signal }) => apiFetch(path(companyId), { signal, schema: noteListSchema }),
    select: (data) => data.items,
  });
}

export function noteRevisionsQueryOptions(companyId: string, noteId: string) {
  return queryOptions({
    queryKey: companyScopedKey(companyId, 'notes', noteId, 'revisions'),
    queryFn: ({ signal }) =>
      apiFetch(`${notePath(companyId, noteId)}/revisions`, {
        signal,
        schema: noteRevisionListSchema,
      }),
    select: (data) => data.items,
  });
}

/** `POST …/notes/preview`: the body as the note will show it (nothing is stored). */
export function previewNote(companyId: string, body: string) {
  return apiFetch(`${path(companyId)}/preview`, {
    method: 'POST',
    body: { body },
    schema: notePreviewResultSchema,
  });
}

export function useCreateNote(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NoteCreate) =>
      apiFetch(path(companyId), { method: 'POST', body, schema: noteSchema }),
    onSuccess: () => invalidateCompany(queryClient, companyId),
  });
}

export function useUpdateNote(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: NoteUpdate }) =>
      apiFetch(notePath(companyId, id), { method: 'PATCH', body: changes, schema: noteSchema }),
    onSuccess: () => invalidateCompany(queryClient, companyId),
  });
}

export function useDeleteNote(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(notePath(companyId, id), { method: 'DELETE' }),
    onSettled: () => invalidateCompany(queryClient, companyId),
  });
}
