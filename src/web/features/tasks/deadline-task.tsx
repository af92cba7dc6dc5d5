import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ListChecks, Loader2, Plus } from 'lucide-react';
import type { TaskFromDeadline } from '../../../contracts/tasks';
import { Button } from '../../components/ui/button';
import { ApiError, errorMessage } from '../../lib/api';
import { t } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { EmptyState, Section } from '../cap-table/section';
import { can, meQueryOptions } from '../me/api';
import { tasksQueryOptions, useTaskFromDeadline } from './api';
import { CompleteBox, DueCell } from './tasks-page';

/**
 * A deadline's task on the practice view (issue 15): a link to it when it exists, else a button
 * that makes it (for roles that may create tasks). `label` names the deadline for screen readers.
 */
export function DeadlineTask({
  taskId,
  deadline,
  label,
}: {
  taskId: string | null;
  deadline: TaskFromDeadline;
  label: string;
}) {
  const { data: me } = useQuery(meQueryOptions());
  const create = useTaskFromDeadline();
  if (taskId)
    return (
      <Link
        to="/tasks"
        className="inline-flex items-center gap-1 rounded-sm text-sm text-primary underline-offset-4 hover:underline"
        aria-label={t('tasks.deadline.openOne', { what: label })}
      >
        <ListChecks className="size-4" aria-hidden="true" />
        {t('tasks.deadline.open')}
      </Link>
    );
  if (!me || !can(me, 'task', 'create')) return null;
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={create.isPending}
      aria-label={t('tasks.deadline.createOne', { what: label })}
      onClick={() =>
        create.mutate(deadline, {
          onSuccess: () => toast.success(t('tasks.toast.created')),
          onError: (error) =>
            // Made meanwhile (another tab, a colleague): the list refetches and shows its link.
            error instanceof ApiError && error.status === 409
              ? toast.info(t('tasks.deadline.exists'))
              : toast.error(errorMessage(error, t('tasks.toast.saveFailed'))),
        })
      }
    >
      {create.isPending ? (
        <Loader2 className="animate-spin" aria-hidden="true" />
      ) : (
        <Plus aria-hidden="true" />
      )}
      {t('tasks.deadline.create')}
    </Button>
  );
}

function MyOpenTasksList() {
  const { data } = useSuspenseQuery(tasksQueryOptions({ assignee: 'me', status: 'open,waiting' }));
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const items = data.items.slice(0, 8);
  if (items.length === 0)
    return (
      <EmptyState icon={ListChecks} title={t('tasks.mine.emptyTitle')}>
        {t('tasks.mine.emptyText')}
      </EmptyState>
    );
  return (
    <ul className="grid gap-2" aria-label={t('tasks.mine.title')}>
      {items.map((task) => (
        <li key={task.id} className="flex items-start gap-3 text-sm">
          <span className="pt-0.5">
            <CompleteBox task={task} disabled={!can(me, 'task', 'update')} />
          </span>
          <span className="grid min-w-0 gap-0.5">
            <span className="truncate font-medium">{task.title}</span>
            <span className="text-xs text-muted-foreground">
              <DueCell task={task} />
              {task.companyName ? ` · ${task.companyName}` : ''}
            </span>
          </span>
        </li>
      ))}
      {data.items.length > items.length ? (
        <li>
          <Link to="/tasks" className="text-sm text-primary underline-offset-4 hover:underline">
            {t('tasks.mine.all', { count: data.items.length })}
          </Link>
        </li>
      ) : null}
    </ul>
  );
}

/** The practice view's "My open tasks" (issue 15), next to the deadlines. */
export function MyOpenTasksSection() {
  return (
    <Section
      id="my-open-tasks"
      title={t('tasks.mine.title')}
      description={t('tasks.mine.description')}
      resetKey="my-open-tasks"
      loadingLabel={t('tasks.loading')}
    >
      <MyOpenTasksList />
    </Section>
  );
}
