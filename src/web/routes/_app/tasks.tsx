import { createFileRoute } from '@tanstack/react-router';
import { meQueryOptions } from '../../features/me/api';
import { tasksQueryOptions } from '../../features/tasks/api';
import { TasksPage } from '../../features/tasks/tasks-page';

/**
 * The Tasks page (issue 15): my tasks and the team's, overdue first. The loader starts the
 * first list (mine, not done) without waiting; the page shows a skeleton meanwhile.
 */
export const Route = createFileRoute('/_app/tasks')({
  loader: async ({ context: { queryClient } }) => {
    await queryClient.ensureQueryData(meQueryOptions());
    void queryClient.prefetchQuery(tasksQueryOptions({ assignee: 'me', status: 'open,waiting' }));
  },
  component: TasksPage,
});
