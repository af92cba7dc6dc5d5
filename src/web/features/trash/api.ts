import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import {
  companyContentsSchema,
  trashItemSchema,
  trashListResponseSchema,
  type TrashItem,
  type TrashKind,
} from '../../../contracts/trash';
import { apiFetch, errorMessage } from '../../lib/api';
import { t } from '../../lib/i18n';
import { companyScopedKey } from '../companies/api';

// The key hierarchy lives here only; components get keys through the *QueryOptions helpers.
const trashKeys = {
  all: ['trash'] as const,
  contents: (companyId: string) => companyScopedKey(companyId, 'contents'),
};

/** The workspace's trash (owners and admins). */
export function trashQueryOptions() {
  return queryOptions({
    queryKey: trashKeys.all,
    queryFn: ({ signal }) => apiFetch('/trash', { signal, schema: trashListResponseSchema }),
  });
}

/** What a company takes with it to the trash (the delete dialog's list). */
export function companyContentsQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: trashKeys.contents(companyId),
    queryFn: ({ signal }) =>
      apiFetch(`/company/${encodeURIComponent(companyId)}/contents`, {
        signal,
        schema: companyContentsSchema,
      }),
  });
}

const itemPath = (kind: TrashKind, id: string) =>
  `/trash/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`;

/**
 * After a restore or a purge: every cached list may have changed (a company, or a stakeholder
 * with their grants, came back or went for good), so everything is refetched when next shown.
 */
async function refreshAfter(queryClient: QueryClient) {
  await queryClient.invalidateQueries();
}

export async function restoreTrashItem(
  queryClient: QueryClient,
  kind: TrashKind,
  id: string,
): Promise<TrashItem> {
  const item = await apiFetch(`${itemPath(kind, id)}/restore`, {
    method: 'POST',
    schema: trashItemSchema,
  });
  await refreshAfter(queryClient);
  return item;
}

export function useRestoreTrashItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: TrashKind; id: string }) =>
      restoreTrashItem(queryClient, kind, id),
  });
}

export function usePurgeTrashItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: TrashKind; id: string }) =>
      apiFetch(itemPath(kind, id), { method: 'DELETE' }),
    onSuccess: () => refreshAfter(queryClient),
  });
}

/**
 * The toast after a move to the trash: it names what moved and, for those who may restore
 * (owners and admins), offers Undo.
 */
export function trashedToast(
  queryClient: QueryClient,
  args: { kind: TrashKind; id: string; message: string; canRestore: boolean },
) {
  toast.success(args.message, {
    description: args.canRestore ? t('trash.toast.restorable') : undefined,
    action: args.canRestore
      ? {
          label: t('trash.toast.undo'),
          onClick: () => {
            restoreTrashItem(queryClient, args.kind, args.id).then(
              (item) => toast.success(t('trash.toast.restored', { name: item.name })),
              (error: unknown) => toast.error(errorMessage(error, t('trash.restore.failed'))),
            );
          },
        }
      : undefined,
  });
}
