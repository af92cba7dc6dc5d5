import { createFileRoute } from '@tanstack/react-router';
import { can, meQueryOptions } from '../../features/me/api';
import { trashQueryOptions } from '../../features/trash/api';
import { TrashPage } from '../../features/trash/trash-page';

/**
 * The workspace's trash (issue 11, decision 016): owners and admins restore or delete for good.
 * The loader starts the request without waiting (the page shows a skeleton meanwhile); loader and
 * component go to a lazy chunk, keeping the contract's zod schema out of the entry bundle.
 */
export const Route = createFileRoute('/_app/trash')({
  loader: async ({ context: { queryClient } }) => {
    const me = await queryClient.ensureQueryData(meQueryOptions());
    if (can(me, 'trash', 'read')) void queryClient.prefetchQuery(trashQueryOptions());
  },
  component: TrashPage,
});
