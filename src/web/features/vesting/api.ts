import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { vestingTemplateSchema, type VestingTemplateCreateInput } from '../../../contracts/vesting';
import { apiFetch } from '../../lib/api';

/**
 * Queries and writes of the workspace's vesting templates (issue 5). Templates belong to the
 * workspace, not to a company: their key sits at the top level. Plans show which template is
 * their default (`planCount`), so a write also refetches the plans' data.
 */

const templateKeys = {
  all: ['vesting-templates'] as const,
};

const templateList = z.object({ items: z.array(vestingTemplateSchema) });
const path = (id: string) => `/vesting-templates/${encodeURIComponent(id)}`;

/** The workspace's templates, sorted by name. */
export function vestingTemplatesQueryOptions() {
  return queryOptions({
    queryKey: templateKeys.all,
    queryFn: ({ signal }) => apiFetch('/vesting-templates', { signal, schema: templateList }),
    select: (data) => [...data.items].sort((a, b) => a.name.localeCompare(b.name)),
  });
}

/** Create (no id) or update (id) a template. */
export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string | undefined; body: VestingTemplateCreateInput }) =>
      apiFetch(id ? path(id) : '/vesting-templates', {
        method: id ? 'PATCH' : 'POST',
        body,
        schema: vestingTemplateSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
}

/** Delete a template; the server answers 409 while a plan uses it as its default. */
export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(path(id), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
}
