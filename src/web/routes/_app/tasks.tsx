import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { meQueryOptions } from '../../features/me/api';
import { tasksQueryOptions } from '../../features/tasks/api';
import { TasksPage } from '../../features/tasks/tasks-page';

/**
 * The Tasks page (issue 15): my tasks and the team's, overdue first. The loader starts the
 * first list (mine, not done) without waiting; the page shows a skeleton meanwhile.
 */
export const Route = createFileRoute('/_app/tasks')({
  // `?task=<id>`: a search result's task, opened in its dialog.
  validateSearch: z.object({ task: z.uuid().optional().catch(undefined) }),
  loader: async ({ context: { queryClient } }) => {
    await queryClient.ensureQueryData(meQueryOptions());
    void queryClient.prefetchQuery(tasksQueryOptions({ assignee: 'me', status: 'open,waiting' }));
  },
  component: TasksPage,
});
