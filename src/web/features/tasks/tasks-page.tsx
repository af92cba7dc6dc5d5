import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { ListTodo, Pencil, Plus, SearchX, Trash2 } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { TASK_STATUSES, type Task } from '../../../contracts/tasks';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmAction } from '../../components/ui/confirm-action';
import { Label } from '../../components/ui/label';
import { Select } from '../../components/ui/select';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import { errorMessage } from '../../lib/api';
import { formatIsoDate } from '../../lib/format';
import { t } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { cn } from '../../lib/utils';
import { EmptyState, TableSkeleton } from '../cap-table/section';
import { workspaceMembersQueryOptions } from '../companies/members';
import { can, meQueryOptions } from '../me/api';
import {
  taskCompaniesQueryOptions,
  taskQueryOptions,
  tasksQueryOptions,
  useBulkTasks,
  useDeleteTask,
  useSaveTask,
  type TaskFilters,
} from './api';
import { TASK_PRIORITY_LABELS, TASK_STATUS_LABELS } from './labels';
import { TaskDialog } from './task-dialog';

type Scope = 'mine' | 'team';
const DUE_CHOICES = ['', 'overdue', 'today', 'week', 'none'] as const;
const DUE_LABELS: Record<(typeof DUE_CHOICES)[number], string> = {
  '': 'tasks.filter.dueAny',
  overdue: 'tasks.filter.dueOverdue',
  today: 'tasks.filter.dueToday',
  week: 'tasks.filter.dueWeek',
  none: 'tasks.filter.dueNone',
};
/** The status filter's choices: the open work (default), each status, or all. */
const STATUS_CHOICES = ['open,waiting', ...TASK_STATUSES, ''] as const;
const statusChoiceLabel = (s: (typeof STATUS_CHOICES)[number]) =>
  s === 'open,waiting'
    ? t('tasks.filter.statusNotDone')
    : s === ''
      ? t('tasks.filter.statusAny')
      : t(TASK_STATUS_LABELS[s]);

/** When a task is due: its date (and time), marked when overdue. */
export function DueCell({ task }: { task: Task }) {
  if (!task.dueDate) return <span className="text-muted-foreground">—</span>;
  return (
    <span className={cn('whitespace-nowrap tabular-nums', task.overdue && 'text-destructive')}>
      <time dateTime={task.dueDate}>{formatIsoDate(task.dueDate)}</time>
      {task.dueTime ? ` ${task.dueTime}` : ''}
      {task.overdue ? (
        <Badge variant="destructive" className="ml-2">
          {t('tasks.overdue')}
        </Badge>
      ) : null}
    </span>
  );
}

/** Marks a task done (or open again) with one click. */
export function CompleteBox({ task, disabled }: { task: Task; disabled?: boolean }) {
  const save = useSaveTask();
  const done = task.status === 'done';
  // The box shows the click at once; the list follows when the server has answered.
  const [shown, setShown] = useState<boolean | null>(null);
  return (
    <input
      type="checkbox"
      className="size-4 accent-primary"
      checked={shown ?? done}
      disabled={disabled || save.isPending}
      aria-label={
        done
          ? t('tasks.action.reopenOne', { title: task.title })
          : t('tasks.action.completeOne', { title: task.title })
      }
      onChange={() => {
        setShown(!done);
        save.mutate(
          { taskId: task.id, body: { status: done ? 'open' : 'done' } },
          {
            onSuccess: () =>
              toast.success(done ? t('tasks.toast.reopened') : t('tasks.toast.completed')),
            onError: (error) => toast.error(errorMessage(error, t('tasks.toast.saveFailed'))),
            onSettled: () => setShown(null),
          },
        );
      }}
    />
  );
}

function TaskRows({ filters, canWrite }: { filters: TaskFilters; canWrite: boolean }) {
  const { data } = useSuspenseQuery(tasksQueryOptions(filters));
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const members = useQuery(workspaceMembersQueryOptions(me.organizationId));
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [reassignTo, setReassignTo] = useState('');
  const bulk = useBulkTasks();
  const remove = useDeleteTask();
  const visible = new Set(data.items.map((i) => i.id));
  const chosen = [...selected].filter((id) => visible.has(id));
  const all = data.items.length > 0 && chosen.length === data.items.length;
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const runBulk = (action: 'complete' | 'reassign') =>
    bulk.mutate(
      action === 'complete'
        ? { ids: chosen, action }
        : { ids: chosen, action, assigneeId: reassignTo || null },
      {
        onSuccess: (result) => {
          setSelected(new Set());
          toast.success(
            action === 'complete'
              ? t('tasks.toast.bulkCompleted', { count: result.items.length })
              : t('tasks.toast.bulkReassigned', { count: result.items.length }),
          );
        },
        onError: (error) => toast.error(errorMessage(error, t('tasks.toast.saveFailed'))),
      },
    );

  if (data.items.length === 0)
    return (
      <EmptyState
        icon={filters.due || filters.companyId ? SearchX : ListTodo}
        title={t('tasks.empty.title')}
      >
        {t('tasks.empty.text')}
      </EmptyState>
    );
  return (
    <div className="grid gap-3">
      {canWrite ? (
        <div
          role="group"
          aria-label={t('tasks.bulk.label')}
          className="flex flex-wrap items-end gap-2"
        >
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {t('tasks.bulk.selected', { count: chosen.length })}
          </p>
          <Button
            size="sm"
            variant="outline"
            disabled={chosen.length === 0 || bulk.isPending}
            onClick={() => runBulk('complete')}
          >
            {t('tasks.bulk.complete')}
          </Button>
          <div className="grid gap-1">
            <Label htmlFor="tasks-reassign" className="sr-only">
              {t('tasks.bulk.reassignTo')}
            </Label>
            <Select
              id="tasks-reassign"
              className="h-8 w-48"
              value={reassignTo}
              onChange={(e) => setReassignTo(e.target.value)}
            >
              <option value="">{t('tasks.assignee.nobody')}</option>
              {(members.data ?? []).map((m) => (
                <option key={m.userId} value={m.userId}>
                  {m.name}
                </option>
              ))}
            </Select>
          </div>
          <Button
            size="sm"
            variant="outline"
            disabled={chosen.length === 0 || bulk.isPending}
            onClick={() => runBulk('reassign')}
          >
            {t('tasks.bulk.reassign')}
          </Button>
        </div>
      ) : null}
      <Card className="py-0">
        <Table aria-label={t('tasks.table.label')}>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              {canWrite ? (
                <TableHead className="w-10">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    checked={all}
                    aria-label={t('tasks.bulk.selectAll')}
                    onChange={() =>
                      setSelected(all ? new Set() : new Set(data.items.map((i) => i.id)))
                    }
                  />
                </TableHead>
              ) : null}
              <TableHead className="w-10">{t('tasks.column.done')}</TableHead>
              <TableHead>{t('tasks.column.task')}</TableHead>
              <TableHead className="w-44">{t('tasks.column.due')}</TableHead>
              <TableHead className="hidden md:table-cell">{t('tasks.column.company')}</TableHead>
              <TableHead className="hidden md:table-cell">{t('tasks.column.assignee')}</TableHead>
              <TableHead className="hidden sm:table-cell">{t('tasks.column.priority')}</TableHead>
              {canWrite ? (
                <TableHead className="w-24 text-right">{t('tasks.column.actions')}</TableHead>
              ) : null}
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.items.map((task) => (
              <TableRow
                key={task.id}
                data-overdue={task.overdue || undefined}
                className={cn(task.overdue && 'bg-destructive/5')}
              >
                {canWrite ? (
                  <TableCell>
                    <input
                      type="checkbox"
                      className="size-4 accent-primary"
                      checked={selected.has(task.id)}
                      aria-label={t('tasks.bulk.selectOne', { title: task.title })}
                      onChange={() => toggle(task.id)}
                    />
                  </TableCell>
                ) : null}
                <TableCell>
                  <CompleteBox task={task} disabled={!canWrite} />
                </TableCell>
                <TableCell className="max-w-[22rem]">
                  <span
                    className={cn(
                      'block truncate font-medium',
                      task.status === 'done' && 'text-muted-foreground line-through',
                    )}
                  >
                    {task.title}
                  </span>
                  {task.grantStakeholderName ? (
                    <span className="block truncate text-xs text-muted-foreground">
                      {task.grantStakeholderName} · {task.grantPlanName}
                    </span>
                  ) : null}
                  {task.status === 'waiting' ? (
                    <Badge variant="outline" className="mt-1">
                      {t(TASK_STATUS_LABELS.waiting)}
                    </Badge>
                  ) : null}
                </TableCell>
                <TableCell>
                  <DueCell task={task} />
                </TableCell>
                <TableCell className="hidden max-w-[14rem] truncate md:table-cell">
                  {task.companyId ? (
                    <Link
                      to="/companies/$companyId"
                      params={{ companyId: task.companyId }}
                      className="rounded-sm text-primary underline-offset-4 hover:underline"
                    >
                      {task.companyName}
                    </Link>
                  ) : (
                    <span className="text-muted-foreground">—</span>
                  )}
                </TableCell>
                <TableCell className="hidden md:table-cell">
                  {task.assigneeName ?? (
                    <span className="text-muted-foreground">{t('tasks.assignee.nobody')}</span>
                  )}
                </TableCell>
                <TableCell className="hidden sm:table-cell">
                  <Badge variant={task.priority === 'high' ? 'default' : 'secondary'}>
                    {t(TASK_PRIORITY_LABELS[task.priority])}
                  </Badge>
                </TableCell>
                {canWrite ? (
                  <TableCell className="text-right whitespace-nowrap">
                    <TaskDialog
                      task={task}
                      trigger={
                        <Button
                          size="icon"
                          variant="ghost"
                          aria-label={t('tasks.action.editOne', { title: task.title })}
                        >
                          <Pencil aria-hidden="true" />
                        </Button>
                      }
                    />
                    <ConfirmAction
                      trigger={
                        <Button
                          size="icon"
                          variant="ghost"
                          aria-label={t('tasks.action.deleteOne', { title: task.title })}
                        >
                          <Trash2 aria-hidden="true" />
                        </Button>
                      }
                      title={t('tasks.delete.title')}
                      description={t('tasks.delete.text', { title: task.title })}
                      confirmLabel={t('tasks.delete.confirm')}
                      onConfirm={async () => {
                        try {
                          await remove.mutateAsync(task.id);
                          toast.success(t('tasks.toast.deleted'));
                        } catch (error) {
                          toast.error(errorMessage(error, t('tasks.toast.deleteFailed')));
                          throw error;
                        }
                      }}
                    />
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Card>
    </div>
  );
}

function Filters({
  filters,
  onChange,
}: {
  filters: Required<Pick<TaskFilters, 'status' | 'due' | 'companyId'>>;
  onChange: (next: Partial<TaskFilters>) => void;
}) {
  const companies = useQuery(taskCompaniesQueryOptions());
  return (
    <div
      role="group"
      aria-label={t('tasks.filter.label')}
      className="flex flex-wrap items-end gap-3"
    >
      <div className="grid w-44 gap-1.5">
        <Label htmlFor="tasks-status">{t('tasks.filter.status')}</Label>
        <Select
          id="tasks-status"
          value={filters.status}
          onChange={(e) => onChange({ status: e.target.value })}
        >
          {STATUS_CHOICES.map((s) => (
            <option key={s} value={s}>
              {statusChoiceLabel(s)}
            </option>
          ))}
        </Select>
      </div>
      <div className="grid w-44 gap-1.5">
        <Label htmlFor="tasks-due">{t('tasks.filter.due')}</Label>
        <Select
          id="tasks-due"
          value={filters.due}
          onChange={(e) => onChange({ due: e.target.value })}
        >
          {DUE_CHOICES.map((d) => (
            <option key={d} value={d}>
              {t(DUE_LABELS[d])}
            </option>
          ))}
        </Select>
      </div>
      <div className="grid w-56 gap-1.5">
        <Label htmlFor="tasks-company">{t('tasks.filter.company')}</Label>
        <Select
          id="tasks-company"
          value={filters.companyId}
          onChange={(e) => onChange({ companyId: e.target.value })}
        >
          <option value="">{t('tasks.filter.companyAny')}</option>
          {(companies.data?.items ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.companyName}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}

/**
 * The Tasks page (issue 15): my tasks or the team's, overdue first (marked), filtered by status,
 * due date and company; rows selected for a bulk complete or reassign; a task completed with its
 * checkbox, edited in a dialog, deleted after a confirmation.
 */
/** The task a search result opens (`?task=<id>`), in its dialog; closing it clears the URL. */
function OpenedTask({ taskId, canWrite }: { taskId: string; canWrite: boolean }) {
  const navigate = useNavigate();
  const { data: task, isError } = useQuery(taskQueryOptions(taskId));
  const close = () => void navigate({ to: '/tasks', search: {}, replace: true });
  useEffect(() => {
    if (isError) {
      toast.error(t('tasks.openFailed'));
      close();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isError]);
  if (!task || !canWrite) return null;
  return <TaskDialog task={task} defaultOpen onClose={close} />;
}

export function TasksPage() {
  useDocumentTitle(t('tasks.title'));
  const { task: openTaskId } = useSearch({ from: '/_app/tasks' });
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const canWrite = can(me, 'task', 'update');
  const [scope, setScope] = useState<Scope>('mine');
  const [filters, setFilters] = useState({ status: 'open,waiting', due: '', companyId: '' });
  const query: TaskFilters = {
    ...(scope === 'mine' ? { assignee: 'me' } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.due ? { due: filters.due } : {}),
    ...(filters.companyId ? { companyId: filters.companyId } : {}),
  };
  return (
    <div className="grid gap-6 max-lg:grid-cols-1">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{t('tasks.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('tasks.intro')}</p>
        </div>
        {can(me, 'task', 'create') ? (
          <TaskDialog
            trigger={
              <Button>
                <Plus aria-hidden="true" />
                {t('tasks.action.new')}
              </Button>
            }
          />
        ) : null}
      </div>
      <div role="group" aria-label={t('tasks.scope.label')} className="flex gap-2">
        {(['mine', 'team'] as const).map((s) => (
          <Button
            key={s}
            size="sm"
            className="rounded-full"
            variant={scope === s ? 'default' : 'outline'}
            aria-pressed={scope === s}
            onClick={() => setScope(s)}
          >
            {s === 'mine' ? t('tasks.scope.mine') : t('tasks.scope.team')}
          </Button>
        ))}
      </div>
      {openTaskId ? <OpenedTask key={openTaskId} taskId={openTaskId} canWrite={canWrite} /> : null}
      <Filters filters={filters} onChange={(next) => setFilters((f) => ({ ...f, ...next }))} />
      <Suspense fallback={<TableSkeleton label={t('tasks.loading')} rows={5} />}>
        <TaskRows filters={query} canWrite={canWrite} />
      </Suspense>
    </div>
  );
}
